// Package sessionescape defines ydblint's sessionescape analyzer.
//
// # Analyzer sessionescape
//
// sessionescape: report streams, sessions and transactions that outlive their retried closure
//
// A retrier lends its closure a session (or a transaction, or a
// database/sql connection) for one attempt. internal/query/client.go runs
// the closure through do(ctx, pool, …): when the closure returns nil the
// session is marked idle and goes back to the pool, whether or not a
// stream is still open on it. The next user of that session gets
// SESSION_BUSY ("Pending previous query completion"), and the stream kept
// by the first caller fails or hangs.
//
// # Category stream-escapes
//
// A query-service stream opened on the closure's session or transaction —
// Session.Query and TxActor.Query (query.Result), QueryArrow — stored in a
// variable captured from outside the closure, or returned as the
// closure's value:
//
//	var res query.Result
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) (err error) {
//		res, err = s.Query(ctx, "SELECT * FROM events") // bad: read after Do returned
//		return err
//	})
//
//	res, err := db.Query().Query(ctx, "SELECT * FROM events") // good: the client materialises it
//
// Unary, fully received results are exempt (a table result.Result, a
// query row, the client's Query/QueryResultSet, which read everything
// before returning: internal/query/client.go resultToMaterializedResult):
// wrappers that return them are common and correct.
//
// # Category session-escapes
//
// The closure's session, transaction or connection stored in a variable
// captured from outside the closure, or used by a goroutine the closure
// starts:
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		go func() { _ = s.Exec(context.Background(), refresh) }() // bad
//		return nil
//	})
//
// # Not reported
//
// Table-service streams (StreamExecuteScanQuery, StreamReadTable): their
// gRPC stream is not tied to the session's busy state in
// internal/table/session.go, and the SDK's own examples/ttl_readtable reads
// one after table.Client.Do returned; no failure could be shown. Streams
// and sessions handed to helpers (which may read them to the end
// before the closure returns), closures that are not literals at the
// retrier's call, and sessions from table.Client.CreateSession (deprecated:
// "explicit session often leaked"; not checked yet).
package sessionescape
