// Package dbhandle traces a database/sql handle (*sql.DB, *sql.Conn,
// *sql.Tx) back to where it was opened, sql.OpenDB(ydb.Connector(…)) or
// sql.Open("ydb", "<const DSN>"), and reads there how the handle binds
// arguments (Info: the binding mode, auto-declare, the table path prefix,
// the driver). It follows package variables assigned once, Conn and
// BeginTx, retry.Do closures, and parameters and struct fields every way
// into which is known and agrees; anything else is site.BindUnknown.
//
// It is apart from querysite because the handle's binding is one question
// answered far from the queries (in main or a constructor), with a narrow
// need of the pass: Host (bodies, functions, known callers, stores into
// package variables, the entry point a call reaches) is all it asks, and
// querysite implements it (dbhost.go). The memo of traced parameters and
// fields is the Tracer's, one per package analysis. Its test runs it with a
// minimal Host over buildssa; querysite's tests run it as the pass does.
package dbhandle
