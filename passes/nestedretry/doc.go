// Package nestedretry defines ydblint's nestedretry analyzer.
//
// # Analyzer nestedretry
//
// nestedretry: report client calls and retriers inside a retried closure
//
// A retried closure receives a session (query.Client.Do, table.Client.Do),
// a transaction (DoTx) or a connection (retry.Do, retry.DoTx). Calling the
// client instead — db.Query().Exec, Query, QueryRow or QueryResultSet,
// db.Table().Do or DoTx, BulkUpsert, ReadRows, retry.Retry — takes a
// second session from the pool with its own retry loop inside the first:
// internal/query/client.go runs Exec, Query, QueryRow and
// QueryResultSet each through do(ctx, pool, …) with the client's retry
// options, internal/table/client.go sends BulkUpsert through retry.Retry.
// The SDK only marks this at run time, as the NestedCall flag of its retry
// trace (trace.Retry, since v3.40.0); attempts multiply under load, and
// the two sessions share no transaction.
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		…
//		return db.Query().Exec(ctx, upsert) // bad: a second session and retry loop
//	})
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		…
//		return s.Exec(ctx, upsert) // good: the closure's own session
//	})
//
// Calls through the program's own functions are followed with a fact
// (entersRetrier), so across packages too: a function whose body, outside function literals and go
// statements, calls a retrier, a client call, or another function with the
// fact. The message names the helper and where it reaches the SDK.
//
// # Category nested-retry
//
// A retrier or client call inside the closure of query.Client.Do,
// table.Client.Do, retry.Retry, retry.RetryWithResult, retry.Do or
// retry.DoWithResult.
//
// # Category outside-tx
//
// The same inside the closure of a DoTx form (query.Client.DoTx,
// table.Client.DoTx, retry.DoTx, retry.DoTxWithResult): the write runs
// outside the transaction, is not rolled back when it aborts, and is
// repeated on every retry.
//
//	err := db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
//		if err := tx.Exec(ctx, debit); err != nil {
//			return err
//		}
//		return db.Query().Exec(ctx, credit) // bad: outside the transaction
//	})
//
// # Not reported
//
// Calls inside nested function literals and go statements (a goroutine or
// a deferred cleanup may well use the client on purpose), closures that are
// not literals at the retrier's call, and the SDK's own packages.
package nestedretry
