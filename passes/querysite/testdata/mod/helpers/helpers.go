// want package:`ydbEval\(\(\*example.com/app/helpers.Client\).AddQueryPrefix, example.com/app/helpers.SelectFrom\)`

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
func SelectFrom(table string) string { // want SelectFrom:`ydbText\(SELECT \* FROM \{0\} WHERE id = \$id\)`
	return "SELECT * FROM " + table + " WHERE id = $id"
}

// Client names the folder its tables are in, as temporal-over-ydb's
// conn.Client: every query is prefixed with a PRAGMA formatted from its
// fields.
type Client struct {
	Database, Folder string
}

func (c *Client) queryPrefix(tablePath string) string { // want queryPrefix:`ydbText\(PRAGMA TablePathPrefix\("\{0\}"\);\n\)`
	return fmt.Sprintf("PRAGMA TablePathPrefix(\"%s\");\n", tablePath)
}

// AddQueryPrefix's summary is the evaluator's (the recognisers leave the
// formatted prefix a hole): the PRAGMA with the client's fields, then the
// query.
func (c *Client) AddQueryPrefix(query string) string { // want AddQueryPrefix:`ydbText\(PRAGMA TablePathPrefix\("\{\?\}/\{\?\}"\);\n\{0\}\)`
	return c.queryPrefix(fmt.Sprintf("%s/%s", c.Database, c.Folder)) + query
}
