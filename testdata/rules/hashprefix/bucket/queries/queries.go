// Package queries holds the index reads, picked by name.
package queries

const (
	byTag = `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM tag_index WHERE tag_hash = $hash AND ts >= $from`

	byTagRecent = `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM tag_index WHERE ts >= $from`

	byService = `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM service_index WHERE svc_hash = $hash AND ts >= $from`

	byServiceRecent = `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM service_index WHERE ts >= $from`

	byOperation = `DECLARE $hash AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM operation_index WHERE op_hash = $hash AND ts >= $from`

	byOperationRecent = `DECLARE $from AS Int64;
SELECT trace_id FROM operation_index WHERE ts >= $from`

	byTenant = `DECLARE $bucket AS Uint64; DECLARE $from AS Int64;
SELECT trace_id FROM tenant_index WHERE tenant_bucket = $bucket AND ts >= $from`

	byTenantRecent = `DECLARE $from AS Int64;
SELECT trace_id FROM tenant_index WHERE ts >= $from`
)

var byName = map[string]string{
	"by-tag":              byTag,
	"by-tag-recent":       byTagRecent,
	"by-service":          byService,
	"by-service-recent":   byServiceRecent,
	"by-operation":        byOperation,
	"by-operation-recent": byOperationRecent,
	"by-tenant":           byTenant,
	"by-tenant-recent":    byTenantRecent,
}

// Get returns the statement of a name.
func Get(name string) string { return byName[name] }
