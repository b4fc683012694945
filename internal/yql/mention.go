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

// statementStarts are the keywords a literal starts with when it is the
// first piece of a statement put together from pieces ("SELECT " + cols +
// " FROM " + table): upper case, followed by a space, as a builder writes
// them.
var statementStarts = []string{"SELECT ", "UPSERT INTO ", "INSERT INTO ", "REPLACE INTO ", "UPDATE ", "DELETE FROM ", "DECLARE $"}

// StartsStatement reports whether the Go string literal lit, as written
// (quotes included), starts with a statement keyword after its quote and
// any white space: the first piece of a query a builder assembles. A
// package whose literals do is summarised for its importers
// (passes/querysite) and loaded from source (cmd/ydblint/internal/load).
func StartsStatement(lit string) bool {
	s := strings.TrimLeft(lit, "`\"")
	s = strings.TrimLeft(s, " \t\r\n")
	s = strings.TrimPrefix(s, `\n`)
	s = strings.TrimLeft(s, " \t")
	for _, k := range statementStarts {
		if strings.HasPrefix(s, k) {
			return true
		}
	}
	return false
}

// MayStartStatement reports whether src (a file's bytes) holds a statement
// keyword StartsStatement looks for: the cheap test before a file's
// literals are scanned.
func MayStartStatement(src string) bool {
	for _, k := range statementStarts {
		if strings.Contains(src, k) {
			return true
		}
	}
	return false
}
