// Package querysite is ydblint's fact analyzer for query sites: every place
// where Go code hands YQL text, parameters, rows or a table definition to
// ydb-go-sdk or database/sql, directly or through wrappers.
package querysite
