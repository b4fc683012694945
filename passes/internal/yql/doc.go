// Package yql is ydblint's YQL front end: an exact lexer and a recursive-descent
// parser for the subset of YQL that decides how a statement touches a table's
// primary key.
//
// It knows YQL tokens, statements and expressions, each with the byte offsets it
// was parsed from, and nothing about Go, schemas or rules. Anything it does not
// understand becomes an opaque node (OpaqueStmt, OpaqueExpr, OpaqueSource,
// OpaqueAction) from which no rule may draw a conclusion. It never panics,
// bounds recursion depth and input size, and reports positioned errors.
package yql
