// Package uncommitted defines ydblint's uncommitted analyzer.
//
// # Analyzer uncommitted
//
// uncommitted: report read-write transactions never committed and dropped commit errors
//
// A transaction control with BeginTx(read-write) and no CommitTx() leaves
// the transaction open after the statement. Unless the code commits the
// transaction the call returns, or continues it and commits later, its
// writes are rolled back when it times out: the call succeeded, the data
// is gone.
//
// The rule interprets the transaction-control builders of both services
// (table.TxControl, BeginTx, CommitTx, WithTx, SerializableReadWriteTxControl,
// DefaultTxControl, the read-only controls, query.NoTx, …; the table is
// internal/sdk/txcontrol.go) in a small lattice — read-write open,
// read-write committed, no transaction left open, an existing transaction
// continued, unknown — through locals, φ, captured variables and package
// variables assigned once. Anything it cannot follow is unknown, and
// unknown stays silent.
//
// # Category table-tx-not-committed
//
// table.Session.Execute with a read-write BeginTx and no CommitTx whose
// returned transaction is dropped, on a text that writes (INSERT, UPSERT,
// REPLACE, UPDATE or DELETE in every variant). The table service never
// refuses this (internal/table/session.go sends the control as given):
//
//	var writeTx = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()))
//	_, _, err := s.Execute(ctx, writeTx, "UPSERT INTO accounts …", params) // bad: never committed
//
//	var writeTx = table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx()) // good
//
//	tx, _, err := s.Execute(ctx, writeTx, "UPSERT INTO accounts …", params) // good: the code commits
//	_, err = tx.CommitTx(ctx)
//
// # Category query-tx-not-committed
//
// A non-interactive query-service call (query.Client.Exec, Query, QueryRow,
// QueryResultSet: each takes a session for one statement and gives it
// back) with query.WithTxControl of a read-write BeginTx and no CommitTx.
// Since v3.126.1 the SDK refuses it (internal/query/client.go,
// validateTxControl: query.ErrTxControlWithoutCommit, "read-write
// transaction control with BeginTx requires CommitTx to be set, otherwise
// data changes will not be committed to the database"), so every call
// fails and is reported whatever the text. Before, the statement ran and
// its writes were lost; reported there when the text writes. The version
// is read from the SDK's module-cache path.
//
//	err := db.Query().Exec(ctx, upsert,
//		query.WithTxControl(query.TxControl(query.BeginTx(query.WithSerializableReadWrite())))) // bad
//	err := db.Query().Exec(ctx, upsert,
//		query.WithTxControl(query.SerializableReadWriteTxControl(query.CommitTx()))) // good
//	err := db.Query().Exec(ctx, upsert) // good: the default control commits
//
// # Category commit-error-dropped
//
// The error of a commit is dropped: query.Client.DoTx, table.Client.DoTx,
// retry.DoTx and retry.DoTxWithResult (each commits inside,
// internal/table/client.go Client.DoTx calls tx.CommitTx after the
// closure), table and query Transaction.CommitTx, database/sql Tx.Commit —
// as a statement or in a defer. A failed commit (ABORTED on a lock
// conflict, UNDETERMINED) then looks like success. An explicit `_ = …` is
// taken as a deliberate choice (a load generator that ignores failures)
// and not reported.
//
//	db.Query().DoTx(ctx, transfer)        // bad
//	defer tx.Commit()                     // bad
//	return db.Query().DoTx(ctx, transfer) // good
//
// # Not reported
//
// Controls built by the program's own helpers, from options slices built
// with append, or different on different paths; session-level Exec/Query
// inside Do (the rule does not know whether the code commits through the
// session later); texts that could not be recovered; database/sql commits
// in packages that do not import the SDK.
package uncommitted
