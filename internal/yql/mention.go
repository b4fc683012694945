package yql

import "strings"

// statementPairs are keyword pairs that start a YQL statement. A Go string
// holding one is query text worth following even in a package that does
// not reach the SDK (a package of query-text helpers); both keywords of a
// pair must appear, in upper case, so that prose ("update the select box",
// "select on … from …") does not count.
var statementPairs = [][2]string{
	{"SELECT ", " FROM "}, {"UPDATE ", " SET "}, {"INSERT INTO", ""}, {"UPSERT INTO", ""},
	{"REPLACE INTO", ""}, {"DELETE FROM", ""}, {"CREATE TABLE", ""}, {"ALTER TABLE", ""}, {"DECLARE $", ""},
}

// HasStatementPair reports whether s holds both keywords of a statement
// pair. passes/querysite asks it of string literals to decide whether a
// package is summarised, and ydblint's package loader
// (cmd/ydblint/internal/load) asks it of raw files, to load such a package
// from source.
func HasStatementPair(s string) bool {
	for _, p := range statementPairs {
		if strings.Contains(s, p[0]) && strings.Contains(s, p[1]) {
			return true
		}
	}
	return false
}
