package sdk

import (
	"go/types"
	"slices"
)

// This file is the knowledge of the SDK's retriers that the retrystate
// and nestedretry rules need. Verified against v3.156.1.
//
// A retrier reruns its callback while the callback's error is retryable:
// internal/xerrors/operation.go (operationError.Type) makes ABORTED,
// UNAVAILABLE, OVERLOADED, BAD_SESSION and SESSION_BUSY retryable always,
// and UNDETERMINED, SESSION_EXPIRED and TIMEOUT only for idempotent
// operations (retry.WithIdempotent, table.WithIdempotent(), …); transport
// errors likewise (internal/xerrors/transport.go).

// Retrier is one function or method that runs a callback under the retry
// loop. Identity as in Entries (receiver: the declaring interface for
// invoke calls); Callback is the zero-based index of the callback
// argument, excluding the receiver.
type Retrier struct {
	API             string
	Pkg, Recv, Name string
	Callback        int
	// Tx is set when the retrier commits a transaction after the callback
	// returns, inside the retried attempt: a failed commit (ABORTED on a
	// lock conflict) reruns the callback. internal/table/client.go
	// (Client.DoTx: tx.CommitTx after executeTxOperation),
	// internal/query/client.go (doTx), retry/sql.go (DoTx: tx.Commit).
	Tx bool
}

// Retriers lists every retrier with a callback. The KindRetry rows of
// Entries are here too (sdk_test checks it), with retry.Retry and
// retry.RetryWithResult, which take no database argument and so are no
// query entry points.
var Retriers = []Retrier{
	{API: "query.Client.Do", Pkg: PkgQuery, Recv: "Client", Name: "Do", Callback: 1},
	{API: "query.Client.DoTx", Pkg: PkgQuery, Recv: "Client", Name: "DoTx", Callback: 1, Tx: true},
	{API: "query.Client.Do", Pkg: PkgInternalQuery, Recv: "Client", Name: "Do", Callback: 1},
	{API: "query.Client.DoTx", Pkg: PkgInternalQuery, Recv: "Client", Name: "DoTx", Callback: 1, Tx: true},
	{API: "table.Client.Do", Pkg: PkgTable, Recv: "Client", Name: "Do", Callback: 1},
	{API: "table.Client.DoTx", Pkg: PkgTable, Recv: "Client", Name: "DoTx", Callback: 1, Tx: true},
	{API: "retry.Retry", Pkg: PkgRetry, Name: "Retry", Callback: 1},
	{API: "retry.RetryWithResult", Pkg: PkgRetry, Name: "RetryWithResult", Callback: 1},
	{API: "retry.Do", Pkg: PkgRetry, Name: "Do", Callback: 2},
	{API: "retry.DoTx", Pkg: PkgRetry, Name: "DoTx", Callback: 2, Tx: true},
	{API: "retry.DoWithResult", Pkg: PkgRetry, Name: "DoWithResult", Callback: 2},
	{API: "retry.DoTxWithResult", Pkg: PkgRetry, Name: "DoTxWithResult", Callback: 2, Tx: true},
}

var retrierIndex = map[Identity]*Retrier{}

func init() {
	for i := range Retriers {
		r := &Retriers[i]
		retrierIndex[Identity{r.Pkg, r.Recv, r.Name}] = r
	}
}

// LookupRetrier returns the retrier with the given identity, or nil.
func LookupRetrier(id Identity) *Retrier { return retrierIndex[id] }

// LocalResultMethod reports whether a method of the SDK's result types
// works on data already received, and so cannot fail with a retryable
// error: everything on a table-service unary result
// (internal/table/scanner.unaryResult holds every set of the response) and
// the scans of a query-service row. A stream's NextResultSet and a
// query-service set's NextRow receive from the network and can fail.
func LocalResultMethod(f ResultFamily, name string) bool {
	switch f {
	case ResultTableUnary:
		return true
	case ResultQueryRow:
		return true
	}
	return false
}

// ClientCall is a call on a client (not on the session or transaction a
// retried closure receives): it takes a session of its own from the pool
// and, for the query service's non-interactive calls and BulkUpsert, runs
// its own retry loop (internal/query/client.go: Exec, Query, QueryRow and
// QueryResultSet each call do(ctx, pool, …, retry options);
// internal/table/client.go: BulkUpsert retries with retry.Retry).
type ClientCall struct {
	API             string
	Pkg, Recv, Name string
	// SessionMethod is the method of the closure's own session or
	// transaction that does the same work, "" when there is none.
	SessionMethod string
}

// ClientCalls lists them; the Retriers are client calls too.
var ClientCalls = []ClientCall{
	{API: "query.Client.Exec", Pkg: PkgQuery, Recv: "Client", Name: "Exec", SessionMethod: "Exec"},
	{API: "query.Client.Query", Pkg: PkgQuery, Recv: "Client", Name: "Query", SessionMethod: "Query"},
	{API: "query.Client.QueryRow", Pkg: PkgQuery, Recv: "Client", Name: "QueryRow", SessionMethod: "QueryRow"},
	{API: "query.Client.QueryResultSet", Pkg: PkgQuery, Recv: "Client", Name: "QueryResultSet", SessionMethod: "QueryResultSet"},
	{API: "query.Client.Exec", Pkg: PkgInternalQuery, Recv: "Client", Name: "Exec", SessionMethod: "Exec"},
	{API: "query.Client.Query", Pkg: PkgInternalQuery, Recv: "Client", Name: "Query", SessionMethod: "Query"},
	{API: "query.Client.QueryRow", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryRow", SessionMethod: "QueryRow"},
	{API: "query.Client.QueryResultSet", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryResultSet", SessionMethod: "QueryResultSet"},
	{API: "table.Client.BulkUpsert", Pkg: PkgTable, Recv: "Client", Name: "BulkUpsert"},
	{API: "table.Client.ReadRows", Pkg: PkgTable, Recv: "Client", Name: "ReadRows"},
}

var clientCallIndex = map[Identity]*ClientCall{}

func init() {
	for i := range ClientCalls {
		c := &ClientCalls[i]
		clientCallIndex[Identity{c.Pkg, c.Recv, c.Name}] = c
	}
}

// LookupClientCall returns the client call with the given identity, or nil.
func LookupClientCall(id Identity) *ClientCall { return clientCallIndex[id] }

// database/sql calls that reach the server, and so can fail with an error
// the retrier reruns the callback for (go1.26 standard library): every
// method of the handles except those that only change or read the pool
// locally, and the Rows methods that receive the next part of the result
// (Scan, Close and Columns read what was received).
var (
	SQLHandleTypes  = []string{"DB", "Conn", "Tx", "Stmt"}
	SQLLocalMethods = []Identity{
		{Pkg: PkgSQL, Recv: "DB", Name: "Close"},
		{Pkg: PkgSQL, Recv: "DB", Name: "SetMaxOpenConns"},
		{Pkg: PkgSQL, Recv: "DB", Name: "SetMaxIdleConns"},
		{Pkg: PkgSQL, Recv: "DB", Name: "SetConnMaxLifetime"},
		{Pkg: PkgSQL, Recv: "DB", Name: "SetConnMaxIdleTime"},
		{Pkg: PkgSQL, Recv: "DB", Name: "Stats"},
		{Pkg: PkgSQL, Recv: "DB", Name: "Driver"},
		{Pkg: PkgSQL, Recv: "Conn", Name: "Close"},
		{Pkg: PkgSQL, Recv: "Conn", Name: "Raw"},
		{Pkg: PkgSQL, Recv: "Stmt", Name: "Close"},
	}
	SQLReceiveMethods = []Identity{
		{Pkg: PkgSQL, Recv: "Rows", Name: "Next"},
		{Pkg: PkgSQL, Recv: "Rows", Name: "NextResultSet"},
	}
)

// SQLCanFail reports whether the database/sql method id talks to the
// server.
func SQLCanFail(id Identity) bool {
	if id.Pkg != PkgSQL {
		return false
	}
	if slices.Contains(SQLHandleTypes, id.Recv) {
		return !slices.Contains(SQLLocalMethods, id)
	}
	return slices.Contains(SQLReceiveMethods, id)
}

// RetrierHandles are the types of what a retrier hands its closure for one
// attempt, by package and type name (Recv empty): a query or table session
// or transaction, or a database/sql connection or transaction.
var RetrierHandles = []Identity{
	{Pkg: PkgQuery, Name: "Session"},
	{Pkg: PkgQuery, Name: "ClosableSession"},
	{Pkg: PkgQuery, Name: "TxActor"},
	{Pkg: PkgQuery, Name: "Transaction"},
	{Pkg: PkgTable, Name: "Session"},
	{Pkg: PkgTable, Name: "ClosableSession"},
	{Pkg: PkgTable, Name: "TransactionActor"},
	{Pkg: PkgTable, Name: "Transaction"},
	{Pkg: PkgSQL, Name: "Conn"},
	{Pkg: PkgSQL, Name: "Tx"},
}

// IsRetrierHandle reports whether t, or the type t points to, is one of
// RetrierHandles.
func IsRetrierHandle(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	return slices.Contains(RetrierHandles, Identity{Pkg: n.Obj().Pkg().Path(), Name: n.Origin().Obj().Name()})
}

// CreateSession is table.Client.CreateSession: a session no retrier takes
// back, which the code must close itself.
var CreateSession = Identity{Pkg: PkgTable, Recv: "Client", Name: "CreateSession"}
