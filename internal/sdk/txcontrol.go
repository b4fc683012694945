package sdk

// This file is the knowledge of the transaction-control builders that the
// uncommitted rule interprets. Verified against v3.156.1 (table/table.go,
// query/transaction.go, internal/tx/control.go) and v3.42.7.

// TxBuilder says what a transaction-control builder contributes.
type TxBuilder uint8

const (
	TxBuilderNone TxBuilder = iota
	// TxCombine is TxControl(opts ...ControlOption): the options together.
	TxCombine
	// TxBeginRW is SerializableReadWriteTxControl(opts...) /
	// SnapshotReadWriteTxControl(opts...): BeginTx(read-write) plus opts
	// (CommitTx() among them or not).
	TxBeginRW
	// TxRWCommit is table.DefaultTxControl(): BeginTx(WithSerializableReadWrite()), CommitTx().
	TxRWCommit
	// TxNoOpen builds a control that leaves no transaction open: the
	// read-only controls, query.NoTx and query.DefaultTxControl (an empty
	// control: the server commits implicitly).
	TxNoOpen
	// TxOptBegin is the option BeginTx(settings...).
	TxOptBegin
	// TxOptCommit is the option CommitTx().
	TxOptCommit
	// TxOptContinue is the option WithTx / WithTxID: an open transaction
	// is continued, not begun.
	TxOptContinue
	// TxModeRW and TxModeRO are BeginTx's settings.
	TxModeRW
	TxModeRO
	// TxWithControl is query.WithTxControl(ctrl), an execute option.
	TxWithControl
)

// TxBuilders maps builder identities to what they contribute.
var TxBuilders = map[Identity]TxBuilder{}

func init() {
	for _, pkg := range []string{PkgTable, PkgQuery} {
		for name, b := range map[string]TxBuilder{
			"TxControl":                      TxCombine,
			"SerializableReadWriteTxControl": TxBeginRW,
			"SnapshotReadWriteTxControl":     TxBeginRW,
			"OnlineReadOnlyTxControl":        TxNoOpen,
			"StaleReadOnlyTxControl":         TxNoOpen,
			"SnapshotReadOnlyTxControl":      TxNoOpen,
			"BeginTx":                        TxOptBegin,
			"CommitTx":                       TxOptCommit,
			"WithTx":                         TxOptContinue,
			"WithTxID":                       TxOptContinue,
			"WithSerializableReadWrite":      TxModeRW,
			"WithSnapshotReadWrite":          TxModeRW,
			"WithSnapshotReadOnly":           TxModeRO,
			"WithStaleReadOnly":              TxModeRO,
			"WithOnlineReadOnly":             TxModeRO,
		} {
			TxBuilders[Identity{Pkg: pkg, Name: name}] = b
		}
	}
	TxBuilders[Identity{Pkg: PkgTable, Name: "DefaultTxControl"}] = TxRWCommit
	TxBuilders[Identity{Pkg: PkgQuery, Name: "DefaultTxControl"}] = TxNoOpen
	TxBuilders[Identity{Pkg: PkgQuery, Name: "NoTx"}] = TxNoOpen
	TxBuilders[Identity{Pkg: PkgQuery, Name: "WithTxControl"}] = TxWithControl
}

// CommitCall is a call whose error says whether a transaction's writes
// reached the database: dropping it loses that knowledge.
type CommitCall struct {
	API             string
	Pkg, Recv, Name string
}

// CommitCalls lists them: the transactional retriers (the commit is inside)
// and the explicit commits.
var CommitCalls = []CommitCall{
	{API: "query.Client.DoTx", Pkg: PkgQuery, Recv: "Client", Name: "DoTx"},
	{API: "query.Client.DoTx", Pkg: PkgInternalQuery, Recv: "Client", Name: "DoTx"},
	{API: "table.Client.DoTx", Pkg: PkgTable, Recv: "Client", Name: "DoTx"},
	{API: "retry.DoTx", Pkg: PkgRetry, Name: "DoTx"},
	{API: "retry.DoTxWithResult", Pkg: PkgRetry, Name: "DoTxWithResult"},
	{API: "table.Transaction.CommitTx", Pkg: PkgTable, Recv: "Transaction", Name: "CommitTx"},
	{API: "query.Transaction.CommitTx", Pkg: PkgQuery, Recv: "Transaction", Name: "CommitTx"},
	{API: "database/sql.Tx.Commit", Pkg: PkgSQL, Recv: "Tx", Name: "Commit"},
}

var commitIndex = map[Identity]*CommitCall{}

func init() {
	for i := range CommitCalls {
		c := &CommitCalls[i]
		commitIndex[Identity{c.Pkg, c.Recv, c.Name}] = c
	}
}

// LookupCommitCall returns the commit call with the given identity, or nil.
func LookupCommitCall(id Identity) *CommitCall { return commitIndex[id] }

// TxControlCall is a call that runs its query under a transaction control
// the code builds: as an argument (table.Session.Execute(ctx, tx, …)) or as
// the query.WithTxControl execute option of a query-service client call
// (the client runs it in a pooled session of its own, so a transaction it
// leaves open is out of the code's reach: internal/query/client.go).
type TxControlCall struct {
	API             string
	Pkg, Recv, Name string
	// Arg is the zero-based index (receiver excluded) of the
	// *table.TransactionControl argument, or of the variadic execute
	// options when InOptions is set.
	Arg       int
	InOptions bool
}

// TxControlCalls lists them.
var TxControlCalls = []TxControlCall{
	{API: "table.Session.Execute", Pkg: PkgTable, Recv: "Session", Name: "Execute", Arg: 1},
	{API: "query.Client.Exec", Pkg: PkgQuery, Recv: "Client", Name: "Exec", Arg: 2, InOptions: true},
	{API: "query.Client.Query", Pkg: PkgQuery, Recv: "Client", Name: "Query", Arg: 2, InOptions: true},
	{API: "query.Client.QueryRow", Pkg: PkgQuery, Recv: "Client", Name: "QueryRow", Arg: 2, InOptions: true},
	{API: "query.Client.QueryResultSet", Pkg: PkgQuery, Recv: "Client", Name: "QueryResultSet", Arg: 2, InOptions: true},
	{API: "query.Client.Exec", Pkg: PkgInternalQuery, Recv: "Client", Name: "Exec", Arg: 2, InOptions: true},
	{API: "query.Client.Query", Pkg: PkgInternalQuery, Recv: "Client", Name: "Query", Arg: 2, InOptions: true},
	{API: "query.Client.QueryRow", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryRow", Arg: 2, InOptions: true},
	{API: "query.Client.QueryResultSet", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryResultSet", Arg: 2, InOptions: true},
}

var txControlCallIndex = map[Identity]*TxControlCall{}

func init() {
	for i := range TxControlCalls {
		c := &TxControlCalls[i]
		txControlCallIndex[Identity{c.Pkg, c.Recv, c.Name}] = c
	}
}

// LookupTxControlCall returns the call with the given identity that runs
// under a transaction control, or nil.
func LookupTxControlCall(id Identity) *TxControlCall { return txControlCallIndex[id] }
