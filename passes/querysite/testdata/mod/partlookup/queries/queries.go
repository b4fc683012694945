// Package queries keeps the index queries of a span store in a table keyed
// by query name; each runs against one daily partition of its index table.
package queries

import (
	"fmt"
	"strings"
)

const (
	byTag = `DECLARE $hash AS Uint64;
DECLARE $limit AS Uint64;
SELECT trace_ids FROM ` + "`%s`" + `
WHERE idx_hash = $hash AND rev_start_time <= $ts
LIMIT $limit`

	byTagAndOp = `DECLARE $hash AS Uint64;
DECLARE $op_hash AS Uint64;
SELECT trace_ids FROM ` + "`%s`" + `
WHERE idx_hash = $hash AND rev_start_time <= $ts AND op_hash = $op_hash`

	byService = `DECLARE $hash AS Uint64;
SELECT trace_ids FROM ` + "`%s`" + `
WHERE rev_start_time <= $ts`
)

type queryInfo struct {
	table string
	query string
}

var byName = map[string]queryInfo{
	"by-tag":        {"idx_tag", byTag},
	"by-tag-and-op": {"idx_tag", byTagAndOp},
	"by-service":    {"idx_service", byService},
}

// Partition names one daily partition of the index tables.
type Partition struct {
	Date string
	Num  int
}

// Suffix is the partition's table-name suffix.
func (p Partition) Suffix() string { return fmt.Sprintf("%s_%d", p.Date, p.Num) }

// BuildPartitionQuery renders the named query for one partition's table.
func BuildPartitionQuery(name, folder string, p Partition) string {
	if i, ok := byName[name]; ok {
		b := new(strings.Builder)
		b.WriteString(folder + "/" + i.table)
		b.WriteString("_")
		b.WriteString(p.Suffix())
		return fmt.Sprintf(i.query, b.String())
	}
	panic("query not found: " + name)
}
