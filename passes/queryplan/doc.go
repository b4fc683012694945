// Package queryplan defines ydblint's queryplan analyzer, the layer between
// the fact analyzers and the rules.
//
// # Analyzer queryplan
//
// queryplan: parse and plan every recovered query text once for all rules
//
// queryplan reads the query sites found by querysite (internal/site) and
// the schema found by schemafact, and plans every text variant through
// internal/siteplan: parsed with the YQL front end (reusing schemafact's
// parse of the same text), each table reference resolved against the
// catalogue, and the key planner asked how every DML statement reads and
// writes its tables. The rules read its *Result and only phrase what it
// holds, at Go positions the site's Text maps back; -explain reads the
// same plans. No text is planned twice however many rules run.
//
// Table references are resolved the way the database would: the text's own
// PRAGMA TablePathPrefix first, then a prefix the driver adds
// (ydb.WithTablePathPrefix), then a unique suffix match in the catalogue. A
// table named through a hole (a Go value ydblint cannot compute) is known
// only when the hole has a stable key, the same key a DDL statement used,
// so `fmt.Sprintf("SELECT … FROM %s", d.table)` finds the table created by
// `fmt.Sprintf("CREATE TABLE %s …", d.table)`. Anything else is unknown, and
// every rule stays silent on it.
//
// A BulkUpsert, ReadRows or StreamReadTable whose table path is one of
// several (site.TableArg.Alternatives: a writer's table field set
// by a constructor called once per table) is a KeyedChoice when every
// alternative names a known row table, never a KeyedSite: nothing says
// which row goes to which table, so the rules report a row only for a
// fault that holds under every table (EveryTable), and say so ("every
// table the path may name"). Row alternatives from the implementations of
// an interface method (Row.Impl) are judged one by one, each naming the
// implementation its fields come from (RowOrigin).
//
// Go-side parameter values become the planner's parameter facts
// (siteplan.ParamOracle): the YDB type and whether it is Optional, certain
// NULLs, hashes of another bound value, and clock-derived values.
//
// Having seen the package's query sites, queryplan records in the
// package's shared state (internal/pkgstate) whether the package uses YDB
// at all: only such packages get package-wide messages.
package queryplan
