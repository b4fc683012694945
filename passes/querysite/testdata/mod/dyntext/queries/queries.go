// Package queries keeps the service's query templates in a map, looked up
// by name from other packages (the jaeger-ydb-store layout).
package queries

import "fmt"

type queryInfo struct {
	table string
	query string
}

var byName = map[string]queryInfo{
	"insert-part": {"partitions", "UPSERT INTO `%s` (part_date, part_num) VALUES ($d, $n)"},
	"active":      {"partitions", "SELECT part_date FROM `%s` WHERE is_active = true"},
}

// Build renders the named query under prefix. Its text summary (an entry
// of unknown key) is a hole, never the union of both entries; callers in
// other packages passing a constant name get that entry through the
// ydbLookupText fact.
func Build(prefix, name string) string {
	if i, ok := byName[name]; ok {
		return fmt.Sprintf(i.query, prefix+i.table)
	}
	panic("no query " + name)
}

// Name names a query of the partitions table.
type Name int

// The query names.
const (
	Active Name = iota
	Drop
)

var (
	activeParts = "SELECT part_num FROM `%s` WHERE is_active = true"
	named       = map[Name]queryInfo{
		Active: {"partitions", activeParts},
		Drop:   {"partitions", "DELETE FROM `%s`"},
	}
)

// BuildNamed is Build keyed by typed integer constants, with entries held
// in package vars (the jaeger-ydb-store schema package layout).
func BuildNamed(prefix string, n Name) string {
	if i, ok := named[n]; ok {
		return fmt.Sprintf(i.query, prefix+i.table)
	}
	panic("no query")
}
