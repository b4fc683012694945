// want package:`ydbEval\(\(\*example.com/app/helpers.Client\).AddQueryPrefix, example.com/app/helpers.Build, example.com/app/helpers.SelectFrom\)`

// Package helpers builds query text (package A of the A→B→C chain).
package helpers

import (
	"fmt"
	"hash/crc64"
)

var table = crc64.MakeTable(crc64.ECMA)

// Shard hashes a user name into the hash-prefix column.
func Shard(user string) uint64 { // want Shard:`ydbHash\(hash/crc64.Checksum,arg=0\)`
	return crc64.Checksum([]byte(user), table)
}

// SelectFrom returns the text of a keyed read from table.
func SelectFrom(table string) string {
	return "SELECT * FROM " + table + " WHERE id = $id"
}

// Client names the folder its tables are in, as temporal-over-ydb's
// conn.Client: every query is prefixed with a PRAGMA formatted from its
// fields.
type Client struct {
	Database, Folder string
}

func (c *Client) queryPrefix(tablePath string) string {
	return fmt.Sprintf("PRAGMA TablePathPrefix(\"%s\");\n", tablePath)
}

// AddQueryPrefix's summary is the evaluator's (the recognisers leave the
// formatted prefix a hole): the PRAGMA with the client's fields, then the
// query.
func (c *Client) AddQueryPrefix(query string) string {
	return c.queryPrefix(fmt.Sprintf("%s/%s", c.Database, c.Folder)) + query
}

// QueryName picks a statement of queries, jaeger-ydb-store's shape: a
// package table of (table, text) indexed by an int constant. Build has no
// text summary: the evaluator's is every entry (its lookup is not
// conditioned on an int key), and each caller would get them all; a
// caller's constant picks its one entry where it calls Build.
type QueryName int

const (
	ListParts QueryName = iota
	InsertPart
	DeleteAllParts
)

type queryInfo struct {
	table string
	query string
}

var (
	listParts  = "SELECT part_date, part_num FROM `%s`"
	insertPart = "UPSERT INTO `%s` SELECT * FROM AS_TABLE($rows)"

	queries = map[QueryName]queryInfo{
		ListParts:      {"partitions", listParts},
		InsertPart:     {"partitions", insertPart},
		DeleteAllParts: {"partitions", "DELETE FROM `%s`"},
	}
)

func Build(folder string, name QueryName) string {
	if i, ok := queries[name]; ok {
		return fmt.Sprintf(i.query, folder+"/"+i.table)
	}
	panic("query not found")
}
