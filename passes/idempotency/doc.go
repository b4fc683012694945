// Package idempotency defines ydblint's idempotency analyzer.
//
// # Analyzer idempotency
//
// idempotency: report retried reads without WithIdempotent and the flag on self-adding writes
//
// The SDK's retrier reruns an operation only when the error says it may
// (retry/retry.go RetryWithResult: retry.Check(err).MustRetry(idempotent),
// retry/mode.go). Without the idempotency flag it reruns on the errors
// that prove the operation did not run: the statuses ABORTED (a lock
// conflict), UNAVAILABLE, OVERLOADED, BAD_SESSION and SESSION_BUSY
// (internal/xerrors/operation.go, operationError.Type) and the gRPC codes
// Aborted and ResourceExhausted (internal/xerrors/transport.go,
// transportError.Type). The statuses UNDETERMINED, SESSION_EXPIRED and
// TIMEOUT and the transport codes Unavailable, Canceled, DeadlineExceeded
// and Internal (a node restart, a dropped connection) are
// TypeConditionallyRetryable: retried only when the operation is marked
// idempotent, because the server may have applied it. Verified in
// v3.156.1; v3.42.7 makes fewer errors conditional (UNDETERMINED among the
// statuses; Internal, Canceled and Unavailable among the transport codes)
// and retries SESSION_EXPIRED, TIMEOUT and DeadlineExceeded never.
//
// The flag is an option of each retrier: query.WithIdempotent() for the
// query client's Do, DoTx, Exec, Query, QueryRow and QueryResultSet (the
// last four since v3.77.0), table.WithIdempotent() for the table client's
// Do and DoTx, retry.WithIdempotent(true) for retry.Retry, retry.Do and
// retry.DoTx (v3.42.7: retry.WithDoTxRetryOptions(retry.WithIdempotent(true))).
// Since v3.146.0 ydb.WithDefaultIdempotent(true) sets it for every
// operation of a driver (options.go; internal/query/client.go
// withDefaultRetryOptions; internal/table/client.go Do and DoTx;
// retry/sql.go appendDefaultIdempotentOption), and database/sql
// connectors also read it from the DSN parameter go_default_idempotent
// (dsn.go).
//
//	func (r *Users) Get(ctx context.Context, id string) (u User, err error) {
//		err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error { // bad: a node restart fails the request
//			row, err := s.QueryRow(ctx, "SELECT name FROM users WHERE id = $id", query.WithParameters(…))
//			…
//		})
//		return u, err
//	}
//
//	err = r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error { // good
//		…
//	}, query.WithIdempotent())
//
//	// bad: an UNDETERMINED commit is replayed and the amount added twice
//	err := r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
//		return tx.Exec(ctx, "UPDATE accounts SET balance = balance + $amount WHERE id = $id", …)
//	}, query.WithIdempotent())
//
// # Category read-only-not-idempotent
//
// A query or table client Do or DoTx whose closure only reads, or a query
// client Exec, Query, QueryRow or QueryResultSet whose text only reads,
// called without the flag. Only reads means: every query the closure runs,
// directly or through functions of its package, is a query site whose
// every text variant was recovered (pieces of unknown Go only in table
// paths and PRAGMA values) and parses to SELECTs, DECLAREs, PRAGMAs and
// named expressions;
// and every other call is one the rule
// knows changes nothing (SDK value, parameter and option builders, result
// reads, a transaction's commit or rollback; standard-library formatting,
// strings, time, errors, logging, locks). A retry.Do or retry.DoTx of
// database/sql is reported only with -strict: its default may come from a
// DSN the program reads from its environment. The fix, offered when the
// file imports the option's package, adds query.WithIdempotent() or
// table.WithIdempotent() to the call.
//
// # Category idempotent-write-repeats
//
// The flag set to true on work that runs a read-modify-write: `UPDATE …
// SET c = c + …` (also -, *, /, ||), or an UPSERT or REPLACE that selects
// from its own table with arithmetic on a column. After UNDETERMINED the
// first attempt may have committed; the retrier runs the closure again and
// the change is applied twice. Reported by default when everything the
// work does is known and none of it could make the replay harmless; with
// -strict also when the work holds a SELECT (maybe a check for an
// operation id already applied), an INSERT (which fails on replay), a
// DELETE, an UPDATE whose WHERE reads a column it sets (a version check),
// or a call the rule cannot see into: such a guard is common in
// payment-like code and the rule cannot prove it absent.
//
// With -strict only, the flag on work that INSERTs, UPSERTs or REPLACEs a
// row of a catalogued table whose key column takes a value generated anew
// on every attempt: RandomUuid or CurrentUtc… in the text, or a parameter
// bound from uuid.New(), time.Now() or math/rand inside the retried work
// (directly or through a local variable). The replay writes a second row;
// a unique index on another column, or a check elsewhere, may reject it,
// which the rule does not prove, hence -strict. A key generated before the
// retried call is the same on every attempt and is not reported.
//
// # Not reported
//
// Closures whose effects are not fully known: a query whose text was not
// recovered, a call into another package that is not a recognised query
// wrapper, a dynamic call, a goroutine or a channel send. Any module that
// may call ydb.WithDefaultIdempotent with something other than the
// constant false, names go_default_idempotent, does not open its driver
// itself (the options are then set elsewhere), or whose files the module
// scan could not read completely: the default may be on. Retriers handed
// a callback that is not a function literal, options passed as a slice
// (`opts...`) or built elsewhere, a retry.Retry without the flag (its
// closure talks to the database through clients with their own flags),
// query-service calls of
// an SDK older than v3.77.0, and code in _test.go files. An explicit
// WithIdempotent(false) is a decision and is left alone.
package idempotency
