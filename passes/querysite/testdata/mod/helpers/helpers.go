// want package:`ydbEval\(example.com/app/helpers.SelectFrom\)`

// Package helpers builds query text (package A of the A→B→C chain).
package helpers

import "hash/crc64"

var table = crc64.MakeTable(crc64.ECMA)

// Shard hashes a user name into the hash-prefix column.
func Shard(user string) uint64 { // want Shard:`ydbHash\(hash/crc64.Checksum,arg=0\)`
	return crc64.Checksum([]byte(user), table)
}

// SelectFrom returns the text of a keyed read from table.
func SelectFrom(table string) string { // want SelectFrom:`ydbText\(SELECT \* FROM \{0\} WHERE id = \$id\)`
	return "SELECT * FROM " + table + " WHERE id = $id"
}
