// Package txretry defines ydblint's txretry analyzer.
//
// # Analyzer txretry
//
// txretry: report interactive YDB transactions begun outside every retrier
//
// YDB runs transactions with optimistic locks: a transaction whose reads
// were overwritten by another before it commits fails at Commit with
// ABORTED, "transaction locks invalidated", and the only cure is to run
// the whole transaction again. A session the server dropped fails its
// statements with BAD_SESSION. The SDK's database/sql driver does not
// rerun transactions: it maps the errors that must close the session to
// driver.ErrBadConn (internal/xsql/badconn/badconn.go, Map), which
// database/sql itself retries only for the calls of a *sql.DB that take a
// fresh connection (ExecContext, QueryContext, BeginTx), never for a
// statement or the Commit of a transaction under way. SQL.md says so ("some errors need to be handled on the client side, by
// re-running not a single operation, but a complete transaction.
// Therefore the transaction logic needs to be wrapped with retry helpers,
// such as retry.Do or retry.DoTx"), and the SDK's example
// examples/transaction/database/sql shows both forms, txWithoutRetries
// and txWithRetries. Verified in v3.156.1.
//
// retry.DoTx (retry/sql.go, v3.156.1) is
//
//	func DoTx(ctx context.Context, db *sql.DB, op func(context.Context, *sql.Tx) error, opts ...doTxOption) error
//
// and on each attempt begins the transaction (db.BeginTx with
// retry.WithTxOptions's options), runs op, and commits: a failed Commit
// reruns op in a new transaction; the retry loop decides from the error
// (retry.Check: ABORTED, UNAVAILABLE, OVERLOADED, BAD_SESSION always;
// UNDETERMINED and transport errors only with retry.WithIdempotent(true)).
// v3.42.7 has the same DoTx; its idempotence option is passed as
// retry.WithDoTxRetryOptions(retry.WithIdempotent(true)).
//
//	func (r *Accounts) Transfer(ctx context.Context, from, to string, amount int64) error {
//		tx, err := r.db.BeginTx(ctx, nil) // bad: a lock conflict at Commit is the caller's error
//		if err != nil {
//			return err
//		}
//		defer tx.Rollback()
//		if _, err := tx.ExecContext(ctx, debit, sql.Named("id", from), sql.Named("amount", amount)); err != nil {
//			return err
//		}
//		if _, err := tx.ExecContext(ctx, credit, sql.Named("id", to), sql.Named("amount", amount)); err != nil {
//			return err
//		}
//		return tx.Commit()
//	}
//
//	func (r *Accounts) Transfer(ctx context.Context, from, to string, amount int64) error {
//		return retry.DoTx(ctx, r.db, func(ctx context.Context, tx *sql.Tx) error { // good
//			if _, err := tx.ExecContext(ctx, debit, sql.Named("id", from), sql.Named("amount", amount)); err != nil {
//				return err
//			}
//			_, err := tx.ExecContext(ctx, credit, sql.Named("id", to), sql.Named("amount", amount))
//			return err
//		})
//	}
//
// Pass retry.WithIdempotent(true) only when running the transaction twice
// is harmless.
//
// The table service has the same trap. table.Client.CreateSession makes a
// session outside the pool and no retrier (deprecated for that: "explicit
// session often leaked on server-side due to bad client-side usage",
// table/table.go, v3.156.1; v3.42.7: "don't use CreateSession explicitly
// … Use Do for queries with session"). A transaction begun on it with
// Session.BeginTransaction and ended by Transaction.CommitTx runs once: a
// lock conflict at CommitTx, and BAD_SESSION once the server dropped the
// session, are the caller's errors, and the dead session stays in use.
// table.Client.DoTx (internal/table/client.go, v3.156.1; the same in
// v3.42.7) runs BeginTransaction, the operation and CommitTx inside
// retryBackoff on a session of the pool, and the pool discards a session
// whose error xerrors.MustDeleteTableOrQuerySession accepts (BAD_SESSION,
// SESSION_BUSY, SESSION_EXPIRED, context and some transport errors;
// internal/pool/pool.go, internal/xerrors/session.go, v3.156.1).
//
//	s, err := r.c.CreateSession(ctx)
//	…
//	tx, err := s.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite())) // bad
//	…
//	_, err = tx.CommitTx(ctx)
//
//	return r.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error { // good
//		_, err := tx.Execute(ctx, take, params)
//		return err
//	}, table.WithIdempotent()) // only if running it twice is harmless
//
// # Category unretried-tx
//
// A (*sql.DB).BeginTx, (*sql.DB).Begin or (*sql.Conn).BeginTx call on a
// handle certainly opened on the YDB driver, in a function that no
// retrier runs: not inside a function literal handed to a retrier
// (retry.Do, retry.DoTx, the table and query clients' Do and DoTx, …),
// and not in a function of the package such a literal calls, directly or
// not. The handle is YDB's when it comes from sql.OpenDB of a
// ydb.Connector or ydb.MustConnector connector, or from sql.Open with
// the constant driver name "ydb" or "ydb/v3" (the names sql.go registers),
// followed through local variables, an unexported package-level variable
// or struct field every store of which is such a handle, a parameter of
// an unexported function every call of which passes one, and
// (*sql.DB).Conn (internal/sdkssa.Handles).
//
// A table.Session.BeginTransaction call on a session certainly returned by
// table.Client.CreateSession, followed the same way (a local, a field of
// a repository its constructor fills, a parameter of an unexported
// helper), in a function no retrier runs. A session made inside a
// retrier's closure (retry.Retry(ctx, func(ctx) error { s, err :=
// c.CreateSession(ctx); … })) is retried with its transaction and is not
// reported.
//
// # Not reported
//
// Handles the rule cannot trace to YDB: a *sql.DB or a session received
// from another package or through an exported API, opened on a driver name that is not
// a constant, or stored where some store is not YDB's. Services open
// Postgres or MySQL with database/sql next to YDB; those transactions are
// never judged. Transactions begun in a function that is also called from
// a retried closure are not reported either, nor those a function begins
// and returns (a factory: its callers, maybe in another package and under
// a retrier, run and commit the transaction). Nor transactions in _test.go
// files: tests begin raw transactions on purpose, to assert the errors a
// retrier would hide (ydb-go-sdk's tests/integration/database_sql_*_test.go
// do, four times).
package txretry
