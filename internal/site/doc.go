// Package site is the model of a query site: a place where Go code hands
// YQL text, parameters, rows or a table definition to ydb-go-sdk or
// database/sql. It holds data and the operations on it, and no analysis.
//
// The path of a query site through ydblint, by package:
//
//   - passes/querysite finds the sites of a package over SSA and returns a
//     *site.Result: each Site with its recovered Texts (YQL with holes for
//     what Go cannot compute, and Segments mapping every byte back to Go
//     source), its parameter bindings and values, rows and table options.
//   - passes/schemafact builds the schema catalogue from migrations, Go DDL
//     and the sites' own DDL, keying holes by the Go value that fills them
//     (Text.Keyed, Text.KeyPath) so the same value names the same table.
//   - internal/siteplan parses a site's texts (internal/yql) and plans
//     their statements against the catalogue (internal/keyplan): schemafact
//     to find hash-prefix evidence, passes/queryplan once for all rules.
//   - the rules (passes/nullkey, hashprefix, …) read queryplan's plans and
//     report at Go positions mapped back through Text.PosRange; a suggested
//     fix edits only bytes Text.ExactRange maps one to one.
package site
