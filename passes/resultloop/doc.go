// Package resultloop defines ydblint's resultloop analyzer.
//
// # Analyzer resultloop
//
// resultloop: report result loops that never run or drop the read's errors
//
// Reading a ydb-go-sdk result is a small protocol, and the two services
// spell it differently. Getting it wrong compiles, passes the happy-path
// test with an empty table, and in production returns no rows, or partial
// rows as success.
//
// # Category no-result-set
//
// A table-service result (table/result.Result, returned by
// Session.Execute, TransactionActor.Execute, Statement.Execute and
// scripting.Client.Execute) starts with no result set selected:
// internal/table/scanner.NewUnary builds it with sets but no current set,
// and valueScanner.NextRow (internal/table/scanner/scanner.go) is
// `s.err == nil && s.set != nil && …`, false until NextResultSet or
// NextResultSetErr calls Reset with the next set (internal/table/scanner/
// result.go, unaryResult.NextResultSetErr). A loop that calls NextRow
// straight after Execute never runs:
//
//	_, res, err := s.Execute(ctx, readTx, "SELECT id, title FROM series", nil)
//	if err != nil {
//		return err
//	}
//	defer res.Close()
//	for res.NextRow() { // bad: no set selected, NextRow is false
//		…
//	}
//
//	for res.NextResultSet(ctx) { // good
//		for res.NextRow() {
//			…
//		}
//	}
//	return res.Err()
//
// Stream results (table/result.StreamResult, from StreamExecuteScanQuery
// and StreamReadTable) are reported only on SDKs before v3.53.0 (the
// version is read from the SDK's module-cache path; unknown counts as
// current): since v3.53.0 NewStream receives the first set when the
// stream is opened (CHANGELOG: "Added receiving first result set on
// construct internal/table/scanner.NewStream()"), so NextRow works before
// the first NextResultSet there.
//
// # Category err-not-checked
//
// NextResultSet(ctx) is NextResultSetErr(ctx) == nil: it returns false at
// the end of the result and on every failure alike. A stream's receive
// errors are stored by valueScanner.errorf and surface only through Err();
// a truncated set (more than 1000 rows, result.ErrTruncated) too, and a
// cancelled context ends a unary result's loop the same way. The SDK's
// BaseResult documentation: "After iterate over result sets should be
// checked Err()". Reported at the NextResultSet call: a stream result
// read with NextResultSet whose Err() is never called (nor a
// NextResultSetErr whose error is used), and a unary result where, in
// addition, every Scan's error is dropped (valueScanner.Scan, ScanNamed and
// ScanWithDefaults all end with `return s.Err()`, so a checked scan sees
// truncation; what is left is a cancelled context, not worth a report):
//
//	for res.NextResultSet(ctx) { // bad: no res.Err() anywhere
//		for res.NextRow() {
//			_ = res.Scan(&id)
//		}
//	}
//	return nil
//
//	for res.NextResultSet(ctx) { // good
//		…
//	}
//	return res.Err()
//
// # Category eof-not-tested
//
// The query service's Result.NextResultSet(ctx) and ResultSet.NextRow(ctx)
// return (value, error) and signal the end with io.EOF
// (internal/query/result.go: `return nil, io.EOF`). A loop whose error is
// only ever compared with nil leaves on the normal end and on a broken
// stream alike, and returns partial rows as success:
//
//	for {
//		row, err := rs.NextRow(ctx)
//		if err != nil {
//			break // bad: io.EOF and a failure look the same
//		}
//		…
//	}
//
//	for {
//		row, err := rs.NextRow(ctx)
//		if err != nil {
//			if errors.Is(err, io.EOF) { // good
//				break
//			}
//			return err
//		}
//		…
//	}
//
// The range forms (Result.ResultSets, ResultSet.Rows) end on io.EOF
// themselves and are not reported.
//
// # Not reported
//
// A result handed to a function (a scanning helper, a repository method),
// returned, stored in a field or a slice, or captured by a goroutine: the
// helper may select the set or check Err. A result obtained from anything
// but an SDK call (a parameter, a wrapper's return value). A variable that
// holds an SDK result on one path and something else on another.
package resultloop
