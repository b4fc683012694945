// Package sessionescape defines ydblint's sessionescape analyzer.
//
// # Analyzer sessionescape
//
// sessionescape: report streams and sessions that outlive their retried closure or stay open
//
// A retrier lends its closure a session (or a transaction, or a
// database/sql connection) for one attempt. internal/query/client.go runs
// the closure through do(ctx, pool, …): when the closure returns nil the
// session is marked idle and goes back to the pool, whether or not a
// stream is still open on it. The next user of that session gets
// SESSION_BUSY ("Pending previous query completion"), and the stream kept
// by the first caller fails or hangs. A session from
// table.Client.CreateSession has no retrier to take it back: a return
// that does not close it leaves it open on the server.
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
// The closure's session, transaction or connection (the *sql.Conn of
// retry.Do, the *sql.Tx of retry.DoTx) stored in a variable captured from
// outside the closure, or used by a goroutine the closure
// starts:
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		go func() { _ = s.Exec(context.Background(), refresh) }() // bad
//		return nil
//	})
//
// # Category session-not-closed
//
// A session from table.Client.CreateSession that a return of the function
// leaves open. Such a session is not the pool's: internal/table/client.go
// CreateSession builds it outside the pool, and nothing closes it but
// Close(ctx) — not the retrier, not the driver's Close; the server keeps it
// until its idle timeout. That is why the SDK deprecated the method
// (table/table.go: "Deprecated: not for public usage. Because explicit
// session often leaked on server-side due to bad client-side usage.";
// v3.42 already said "don't use CreateSession explicitly … Use Do for
// queries with session"). Every path from the call to a return is
// followed; a Close(ctx) or a deferred Close on the way closes it, and the
// branch where the call's error is non-nil (or the session nil) has
// nothing to close:
//
//	s, err := r.c.CreateSession(ctx)
//	if err != nil {
//		return err // fine: no session
//	}
//	if _, _, err := s.Execute(ctx, tx, q, params); err != nil {
//		return err // bad: the session stays open on the server
//	}
//	return s.Close(ctx)
//
//	s, err := r.c.CreateSession(ctx)
//	if err != nil {
//		return err
//	}
//	defer func() { _ = s.Close(ctx) }() // good
//
//	err := db.Table().Do(ctx, func(ctx context.Context, s table.Session) error { // better: the pool owns it
//		_, _, err := s.Execute(ctx, tx, q, params)
//		return err
//	})
//
// Silent when the session leaves the function's hands: returned, stored
// (a field, a variable a closure captures, a channel, a map), passed to
// a function that may close or keep it (any function but one of the same
// package whose body, read up to three helpers deep, only calls the
// session's methods other than Close), or its Close taken as a method
// value; and on paths that return to the CreateSession call itself in a
// loop, or take longer than a bound to walk.
//
// # Not reported
//
// Table-service streams (StreamExecuteScanQuery, StreamReadTable): their
// gRPC stream is not tied to the session's busy state in
// internal/table/session.go, and the SDK's own examples/ttl_readtable reads
// one after table.Client.Do returned; no failure could be shown. Streams
// and sessions handed to helpers (which may read them to the end
// before the closure returns), and closures that are not literals at the
// retrier's call.
package sessionescape
