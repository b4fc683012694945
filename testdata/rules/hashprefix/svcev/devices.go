package svcev

import (
	"context"
	"hash/crc32"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

// Device is one reporting device.
type Device struct {
	Name string
	Seen time.Time
}

// DeviceRepo stores devices sharded by a CRC of their name.
type DeviceRepo struct {
	db    *ydb.Driver
	table string
}

// NewDeviceRepo returns a repository over db.
func NewDeviceRepo(db *ydb.Driver) *DeviceRepo { return &DeviceRepo{db: db, table: "devices"} }

func shardOf(name string) uint32 { return crc32.ChecksumIEEE([]byte(name)) }

// Store writes a batch; its rows are the evidence that shard holds a hash
// of name.
func (r *DeviceRepo) Store(ctx context.Context, batch []Device) error {
	rows := make([]types.Value, 0, len(batch))
	for _, d := range batch {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("shard", types.Uint32Value(shardOf(d.Name))),
			types.StructFieldValue("name", types.TextValue(d.Name)),
			types.StructFieldValue("seen", types.TimestampValueFromTime(d.Seen)),
		))
	}
	return r.db.Table().BulkUpsert(ctx, r.table, table.BulkUpsertDataRows(types.ListValue(rows...)))
}

// StoreDefault puts every row in shard 0.
func (r *DeviceRepo) StoreDefault(ctx context.Context, batch []Device) error {
	var rows []types.Value
	for _, d := range batch {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("shard", types.Uint32Value(0)), // want `BulkUpsert row writes a constant to hash-prefix column shard of devices\b.*table devices`
			types.StructFieldValue("name", types.TextValue(d.Name)),
			types.StructFieldValue("seen", types.TimestampValueFromTime(d.Seen)),
		))
	}
	return r.db.Table().BulkUpsert(ctx, r.table, table.BulkUpsertDataRows(types.ListValue(rows...)))
}

// Seen reads by name only.
func (r *DeviceRepo) Seen(ctx context.Context, name string) (query.Row, error) {
	return r.db.Query().QueryRow(ctx, `DECLARE $name AS Utf8;
SELECT seen FROM devices WHERE name = $name;`, // want `SELECT binds name but not the hash-prefix column shard of devices\b.*table devices`
		query.WithParameters(ydb.ParamsBuilder().Param("$name").Text(name).Build()))
}

// SeenKeyed is the correct twin of Seen.
func (r *DeviceRepo) SeenKeyed(ctx context.Context, name string) (query.Row, error) {
	return r.db.Query().QueryRow(ctx, `DECLARE $shard AS Uint32; DECLARE $name AS Utf8;
SELECT seen FROM devices WHERE shard = $shard AND name = $name;`,
		query.WithParameters(ydb.ParamsBuilder().
			Param("$shard").Uint32(shardOf(name)).
			Param("$name").Text(name).Build()))
}
