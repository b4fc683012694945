// Package truncation defines ydblint's truncation analyzer.
//
// # Analyzer truncation
//
// truncation: report table-service reads cut at 1000 rows and options that hide the cut
//
// The table service answers a data query (table.Session.Execute,
// TransactionActor.Execute, Statement.Execute, and database/sql in
// table-service mode) with result sets of at most 1000 rows by default and
// marks a longer one truncated. The SDK turns the mark into an error: since
// v3.36.0 res.Err() and the scanner fail with `truncated result`
// (CHANGELOG v3.36.0 "Changed behavior on result.Err() on truncated
// result"), worded `more than 1000 rows: truncated result` since v3.42.9
// (SDK commit cd1c42208; internal/table/scanner/scanner.go
// valueScanner.Err: fmt.Errorf("more than %d rows: %w", …,
// result.ErrTruncated); table/result/errors.go: ErrTruncated =
// errors.New("truncated result"), exported for errors.Is since v3.49.1).
// Before v3.36.0 the rows past the cut were dropped without an error. The SDK's own test
// tests/integration/table_truncated_err_test.go shows both behaviours, for
// Session.Execute and for database/sql with ydb.WithQueryService(false).
//
// Two options change this. ydb.WithIgnoreTruncated() (options.go, since
// v3.36.0; internal/table/config/config.go) and the per-call
// options.WithIgnoreTruncated() (table/options/options.go, since v3.49.1)
// make the truncated result look complete: the missing rows vanish
// silently. ydb.WithExecuteDataQueryOverQueryClient(true) (options.go,
// since v3.99.0: "execute queries from legacy table service client through
// table.Session.Execute using internal query client API without limitation
// of 1000 rows in response") lifts the cap. database/sql runs over the
// query service by default since v3.130.0 (CHANGELOG: "Changed default for
// database/sql driver from TABLE service to QUERY service"); before, and
// with ydb.WithQueryService(false) (sql.go), it runs data queries through
// the table service (internal/xsql/xtable/conn.go: c.session.Execute).
//
// # Category ignore-truncated
//
// ydb.WithIgnoreTruncated() or options.WithIgnoreTruncated(): silent data
// loss. Reported by default.
//
//	db, err := ydb.Open(ctx, dsn, ydb.WithIgnoreTruncated()) // bad: listings past 1000 rows come back short
//
//	_, res, err := s.Execute(ctx, readTx, "SELECT id, title FROM products;", nil,
//		options.WithIgnoreTruncated()) // bad
//
//	_, res, err := s.Execute(ctx, readTx,
//		"DECLARE $after AS Uint64; SELECT id, title FROM products WHERE id > $after ORDER BY id LIMIT 500;",
//		table.NewQueryParameters(table.ValueParam("$after", types.Uint64Value(after)))) // good: paged
//
// # Category unbounded-read
//
// With -strict only: a SELECT through a capped entry point that is not
// proven to return at most 1000 rows. Whether a listing ever grows past
// 1000 rows is a property of the data, so this is a review list, not a
// certain bug:
//
//	_, res, err := s.Execute(ctx, readTx, "SELECT id, title FROM products WHERE shop_id = $shop;", params) // bad (-strict)
//
// A SELECT is bounded when it has a LIMIT of at most 1000 written as a
// literal, a named expression bound to one, or a parameter the Go code
// visibly clamps before binding it: a constant, `min(n, 100)`,
// `if n > 100 { n = 100 }`, an early return or error on `n > 100` (also
// in a switch), a small integer type; followed through conversions,
// variables captured by the closure that binds it (the stores that reach
// the closure, narrowed by the conditions on the way), and parameters of
// unexported functions and methods (when no interface of the package names
// the method and the function is never used as a value) from every call
// in the package. When querysite could not decode the call's bindings, the
// table.ValueParam / ParamsBuilder bindings of that parameter in the
// functions that make the call are used, all of which must be bounded.
// A SELECT is also bounded when the key planner proves a point read with
// every key column pinned to one value (`=` or IS NULL); when `=` pins
// every column of a GLOBAL UNIQUE index the catalogue knows (from a
// migration's `INDEX idx GLOBAL UNIQUE SYNC ON (email)` or CreateTable's
// options.WithIndexType(options.GlobalUniqueIndex()), SDK v3.125.4 and
// later), read through `VIEW idx` or not — without VIEW YDB may read
// another way, but the constraint still holds one row per value; when
// every column of the primary key or of such an index is pinned to a
// finite set of values in every OR branch (`=`, IN lists, `IN $ids`,
// `IN ($ids)` with $ids a List), at most the sum over the branches of the
// product of the sets' sizes (keyplan's Access.PointKeys). An `IN $ids`
// set is as large as the Go slice the list is built from, bound with
// types.ListValue(vals...) (table.ValueParam, sql.Named, a helper of the
// package that returns the ListValue) or a
// ParamsBuilder().Param("$ids").BeginList() list (Add().T(v) per element,
// AddItems(vals...), in one chain or in loops: `for _, id := range ids {
// list = list.Add().Uint64(id) }` adds len(ids) elements, a list made
// inside a loop is a new list each time round); the slice's length, and
// the trips of such a loop, are proven by the walk that proves LIMIT
// clamps: a slice literal or array, make([]T, n), ids[:n] with n bounded
// (`ids[:min(len(ids), 100)]`), a page `ids[start:min(start+100,
// len(ids))]` or a chunk of `for chunk := range slices.Chunk(ids, 100)`, `if len(ids) > 100 { ids = ids[:100] }` or an early return
// on `len(ids) > 100`, a loop that appends a bounded number of elements
// per iteration over a bounded slice or up to a bounded count (`for i :=
// 0; i < 10; i++`, `for i := range 5`), captured variables and parameters
// of unexported functions every caller of which passes a bounded slice. A
// list ranged from a map or a channel, one passed to a function while it
// is filled, or built from a slice nothing bounds, stays reported. A read of one table is bounded by the rows
// the table can hold when every write of it in the module gives every
// primary-key column a constant (a migration's `UPSERT INTO currencies
// (code, name) VALUES ("USD", …), ("EUR", …)`, a Go text `UPSERT INTO
// currencies (code, name) VALUES ("USD", $name)`): the sum of the rows
// those writes list. UPDATE and DELETE add no rows. The module's schema
// files (.sql, .yql) and the string literals of all its Go files (tests
// included; a + of literals read as one) are scanned once per module, the
// same way under go vet, golangci-lint and the standalone driver, none
// with -hermetic; a table nothing in the module writes is not claimed
// (another program fills it), and nothing is claimed in a module with a
// write the scan cannot place or count: a row write in a text that does
// not parse or names its table at run time (`"UPSERT INTO " + t`,
// fmt.Sprintf), a PRAGMA TablePathPrefix before a write, a BulkUpsert,
// CopyTable or RenameTables call whose table is not a string literal, an
// ORM or query-builder import, a go:embed of anything but .sql/.yql files,
// CREATE TABLE … AS SELECT, RENAME TO, a transfer or async replication. A
// read is also bounded when it is a
// global aggregate (aggregates without GROUP BY) or has no FROM; when it
// reads a bounded subquery. A UNION is bounded by the sum of its members.
// A filtered read of a table the catalogue does not know may be a point
// read and stays silent. A query text kept in a constant shared by several
// calls is reported at the constant, once per call, naming the call.
//
// # Not reported
//
// ignore-truncated is not reported in a function that reads Truncated() or
// compares with result.ErrTruncated (it handles the cut); on an Execute
// whose every SELECT is proven to return at most 1000 rows (as
// unbounded-read proves it); when any Go file of the module may pass true
// to ydb.WithExecuteDataQueryOverQueryClient (no cap), or the module's Go
// files could not all be read.
//
// unbounded-read is silent on a statement that fullscan reports (a read
// of every partition, FULL or with -strict DEPENDS; hashprefix for a
// hash-prefix table read without its hash): a read past 1000 rows is then
// a consequence of the scan, and one finding per statement is enough. Once
// the read uses its key, the row bound is checked again.
//
// unbounded-read is silent on a read of a whole unique key by a list the
// Go code visibly keeps to 1000 elements or fewer (see above), and reports
// one whose key values may number more than 1000 (two lists of 100 and 20
// values on a two-column key: 2000).
//
// unbounded-read is silent when the cap does not apply or cannot be
// decided: scan queries (StreamExecuteScanQuery, database/sql with
// ydb.ScanQueryMode); a function that checks Truncated() or
// result.ErrTruncated; an Execute given options.WithIgnoreTruncated()
// (reported by ignore-truncated). The module's Go files (tests included)
// are scanned for how the driver is opened, since that is usually in main
// or a setup package the query's package never imports:
//
//   - table service, SDK before v3.99.0: always capped;
//   - table service, SDK v3.99.0 or later (or unknown): reported only when
//     the module visibly opens a driver (ydb.Open, MustOpen, New,
//     Connector, MustConnector, sql.Open("ydb…")) and no call of
//     ydb.WithExecuteDataQueryOverQueryClient may pass true. A module that
//     receives its driver from elsewhere stays silent: the option may be
//     on it;
//   - database/sql (a *sql.DB traced to the YDB driver): in table-service
//     mode only — ydb.WithQueryService(false) in the module, or an SDK
//     before v3.130.0 — and never when the module may choose the engine in
//     a way the scan does not decode (WithQueryService with a non-constant
//     or true argument, a DSN with query_mode, the
//     YDB_DATABASE_SQL_OVER_QUERY_SERVICE variable); the over-query-client
//     rule above applies too.
//
// The scan is syntactic and cached per module for the process; a module
// whose Go files exceed the scan's limits, or one that does not parse,
// leaves every decision that needs it silent.
package truncation
