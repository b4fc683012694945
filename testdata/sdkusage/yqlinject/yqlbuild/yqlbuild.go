// Package yqlbuild builds the catalogue's query texts for the repository
// in another package.
package yqlbuild

import "fmt"

// ByTitle formats a read of a table by title: the table path is a path,
// the title a value.
func ByTitle(table, title string) string {
	return fmt.Sprintf("SELECT id, title FROM `%s` WHERE title = '%s';", table, title)
}

// ByTitleParam is ByTitle's correct twin: the title is a parameter.
func ByTitleParam(table string) string {
	return fmt.Sprintf("DECLARE $title AS Utf8; SELECT id, title FROM `%s` WHERE title = $title;", table)
}
