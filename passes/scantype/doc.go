// Package scantype defines ydblint's scantype analyzer.
//
// # Analyzer scantype
//
// scantype: report scan destinations the SDK cannot decode the result column into
//
// ydb-go-sdk decodes a result column into a Go destination by the pair of
// the column's YQL type and the destination's Go type, at run time, row
// by row. A pair the SDK has no case for compiles, passes review, and
// fails the first read in production ("cast failed", "scan row failed").
// The rule reads the query the rows come from, types its result columns
// where the type is certain, and judges each destination of Scan,
// ScanNamed and ScanWithDefaults on table-service results
// (table/result.Result: Session.Execute, TransactionActor.Execute,
// Statement.Execute) and of Scan and ScanNamed on query-service rows
// (query.Row from NextRow, Rows, QueryRow).
//
// A result column's type is certain when the query's one result set comes
// from a single-table SELECT of a catalogued row table (every text variant
// alike), and the column is a plain column of that table (its type; Optional
// unless the catalogue says NOT NULL, key columns included), COUNT(…)
// (Uint64), CAST(… AS T) (T; whether it is Optional is left open) or an
// integer or boolean literal (Int32 when it fits, or as its suffix says).
// The rows are followed from the scan back to the SDK call that ran the
// query through NextResultSet, NextRow, range-over-func loops over
// ResultSets and Rows, local and captured variables.
//
// The destinations judged are pointers (and, for Optional columns,
// pointers to pointers) to the predeclared basic types, []byte, time.Time
// and time.Duration. The two services decode them differently
// (internal/sdk/scantypes.go holds both tables):
//
//   - The table service (internal/table/scanner/scanner.go,
//     valueScanner.scanRequired and scanOptional) switches on the Go type
//     and reads the value's protobuf field: *int64 takes Int64 and
//     Interval, *uint64 Uint64 and Timestamp, *int32 and *int take Int8,
//     Int16 and Int32, *uint32 Uint8, Uint16, Uint32, Date and Datetime,
//     *string and *[]byte Utf8, String, Json and JsonDocument, *time.Time
//     Date, Datetime and Timestamp. Same in v3.26.10, v3.42.7, v3.100.0
//     and v3.156.1.
//   - The query service (internal/query/scanner/data.go scanByIndex →
//     internal/value/cast.go CastTo → each value's castTo in
//     internal/value/value.go) converts more widely: an Int32 into *int64,
//     *float64 or *string; a Uint64 only into *uint64, *string or *[]byte.
//     Same for these destinations in v3.56.1, v3.100.0, v3.117.0, v3.147.1
//     and v3.156.1 (later versions added *driver.Value and named types).
//
// # Category type-mismatch
//
// The destination's Go type is not one the SDK decodes the column's type
// into: every row fails (on the query service every row whose value is
// not NULL).
//
//	const listSeries = `SELECT series_id, title FROM series;` // series_id Uint64
//
//	var id int64
//	var title string
//	for rs.NextRow() {
//		if err := rs.Scan(&id, &title); err != nil { // bad: Uint64 into *int64
//
//	var id uint64 // good
//
// # Category optional-mismatch
//
// The destination's pointer depth does not fit the column's nullness.
// On the table service, Scan reads an Optional column (every column
// declared without NOT NULL, key columns included) only into **T
// (scanOptional: "type *T is not optional! use double pointer or
// sql.Scanner."), and a NOT NULL column only into *T (scanRequired has
// no **T case: "type **T is unknown"); named.Optional wants **T whatever
// the column. On the query service, a NOT NULL column into **T fails
// ("cast failed": castTo has no pointer cases, only optionalValue
// allocates the inner pointer).
//
//	var title string
//	if err := res.Scan(&id, &title); err != nil { // bad: title is Utf8?, a nullable column
//
//	var title *string
//	if err := res.Scan(&id, &title); err != nil { // good: nil for NULL
//
//	if err := res.ScanWithDefaults(&id, &title); err != nil { // good: "" for NULL
//
// # Category stale-null
//
// With -strict only. On the query service (SDK v3.100.0 or newer, and
// when the version is unknown), a nullable column scanned into *T leaves
// the destination unchanged for NULL: optionalValue.castTo
// (internal/value/value.go, v3.100.0 to v3.156.1) guards its SetZero with
// ptr.CanAddr(), which is never true for reflect.ValueOf(dst), and
// returns nil. (v3.56.1 returned an error for NULL instead.) A variable
// declared outside the row loop, and written in the loop only by the
// scan, then carries the previous row's value into a row whose column is
// NULL. Whether the column ever holds NULL is a property of the data, so
// this is a review list.
//
//	var id uint64
//	var title string
//	for row, err := range rs.Rows(ctx) {
//		…
//		if err := row.Scan(&id, &title); err != nil { // bad (-strict): a NULL title repeats the previous one
//
//	var title *string // good: nil for NULL
//
// # Not reported
//
// Queries whose result set is not certain: several SELECTs, a JOIN, a
// subquery, UNION, a table not in the catalogue or known only in part, a
// column table, text variants that disagree, SELECT * read by position
// (ScanNamed on SELECT * is judged by name). Expressions other than
// those above. Destinations of named types (type Status string may
// implement sql.Scanner, or be converted by kind since v3.147.1),
// interfaces, structs and *types.Value. ScanStruct. Rows read from a
// helper's result, a field or a parameter. A table result whose
// NextResultSet names the columns to read. database/sql's Rows.Scan:
// database/sql converts between kinds itself (convertAssign parses "42"
// into an int64), so a mismatch there is not certain. Scans in _test.go
// files, which scan wrong types on purpose to assert the SDK's errors.
// Query-service rows in the Arrow result format
// (query.WithResultFormatArrow), which decode through their own
// ScanColumn.
package scantype
