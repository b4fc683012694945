package sdk

// Package paths. The public packages are mostly aliases of internal ones
// (catalogue §0 row 5); both spellings appear in these tables where a call
// can resolve to either.
const (
	Module             = "github.com/ydb-platform/ydb-go-sdk/v3"
	PkgYDB             = Module
	PkgQuery           = Module + "/query"
	PkgTable           = Module + "/table"
	PkgTableOptions    = Module + "/table/options"
	PkgTypes           = Module + "/types"
	PkgTableTypes      = Module + "/table/types"
	PkgScripting       = Module + "/scripting"
	PkgRetry           = Module + "/retry"
	PkgInternalQuery   = Module + "/internal/query"
	PkgInternalParams  = Module + "/internal/params"
	PkgInternalTypes   = Module + "/internal/types"
	PkgInternalValue   = Module + "/internal/value"
	PkgInternalQueryOp = Module + "/internal/query/options"
	PkgSQL             = "database/sql"
)

// Kind says what an entry point does with its arguments.
type Kind uint8

const (
	// KindYQL executes (or explains) YQL text.
	KindYQL Kind = iota + 1
	// KindPrepare prepares YQL text and returns a statement executed later.
	KindPrepare
	// KindPreparedExec executes a statement returned by a KindPrepare entry.
	KindPreparedExec
	KindBulkUpsert
	KindReadRows
	KindReadTable
	KindCreateTable
	KindAlterTable
	KindDropTable
	// KindRetry runs a callback with a session, transaction or connection.
	KindRetry
)

// Role is what one argument of an entry point carries.
type Role uint8

const (
	RoleNone Role = iota
	// RoleText is the YQL text (string).
	RoleText
	// RoleParams is a *params.Params (table and scripting services).
	RoleParams
	// RoleOptions is the variadic options slice (query.ExecuteOption,
	// options.CreateTableOption, options.ReadTableOption, …).
	RoleOptions
	// RoleReadRowsOptions is table.Client.ReadRows' []options.ReadRowsOption
	// (a slice, not variadic).
	RoleReadRowsOptions
	// RoleArgs is database/sql's variadic `args ...any`.
	RoleArgs
	// RoleTable is a table path (string).
	RoleTable
	// RoleRows is a types.Value List<Struct> (BulkUpsert rows, ReadRows keys)
	// or a table.BulkUpsertData.
	RoleRows
	// RoleCallback is the retry closure.
	RoleCallback
	// RoleStmt is a prepared statement argument (TransactionActor.ExecuteStatement).
	RoleStmt
	// RoleDB is the *sql.DB handed to retry.Do / retry.DoTx.
	RoleDB
)

// Arg is one argument role. Index is zero-based and excludes the receiver.
type Arg struct {
	Index int
	Role  Role
}

// Entry is one SDK or database/sql entry point.
type Entry struct {
	// API is the catalogue's spelling, e.g. "query.Client.Exec".
	API string
	// Pkg, Recv and Name identify the function: the package path, the name of
	// the declaring type (the interface that declares the method in invoke
	// mode, or the concrete type; "" for a package-level function) and the
	// function or method name.
	Pkg, Recv, Name string
	Kind            Kind
	Args            []Arg
	// Explain is set for entry points that only explain the text.
	Explain bool
	// Scan is set for entry points that run the text as a scan query.
	Scan bool
	// Deprecated marks entry points deprecated in the SDK.
	Deprecated bool
	// Since is the first SDK version with the entry point when it is newer
	// than v3.100.0, and Until the last version with it, when removed.
	Since, Until string
	// Verified is the SDK version the row was checked against by sdk_test.
	Verified string
}

// ArgIndex returns the index of the argument with role r, or -1.
func (e *Entry) ArgIndex(r Role) int {
	for _, a := range e.Args {
		if a.Role == r {
			return a.Index
		}
	}
	return -1
}

const verified = "v3.156.1"

func args(roles ...Role) []Arg {
	var out []Arg
	for i, r := range roles {
		if r != RoleNone {
			out = append(out, Arg{Index: i, Role: r})
		}
	}
	return out
}

// Argument layouts shared by several rows (ctx is always arg0 and RoleNone).
var (
	ctxTextOpts       = args(RoleNone, RoleText, RoleOptions)
	ctxTextTTLOpts    = args(RoleNone, RoleText, RoleNone, RoleOptions)
	ctxText           = args(RoleNone, RoleText)
	ctxTextParams     = args(RoleNone, RoleText, RoleParams)
	ctxTextParamsOpts = args(RoleNone, RoleText, RoleParams, RoleOptions)
	ctxTxTextParams   = args(RoleNone, RoleNone, RoleText, RoleParams, RoleOptions)
	ctxCallback       = args(RoleNone, RoleCallback)
	ctxTableOpts      = args(RoleNone, RoleTable, RoleOptions)
	ctxTableRowsOpts  = args(RoleNone, RoleTable, RoleRows, RoleOptions)
	sqlCtxTextArgs    = args(RoleNone, RoleText, RoleArgs)
	sqlTextArgs       = args(RoleText, RoleArgs)
	sqlCtxArgs        = args(RoleNone, RoleArgs)
	sqlArgs           = args(RoleArgs)
)

// Entries is the entry-point table (catalogue §2a, §2b, §2c, §5.1, §6).
var Entries = []Entry{
	// Query service, interface query.Client (≥ v3.101.4 returned by Driver.Query()).
	{API: "query.Client.Exec", Pkg: PkgQuery, Recv: "Client", Name: "Exec", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.Query", Pkg: PkgQuery, Recv: "Client", Name: "Query", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.QueryRow", Pkg: PkgQuery, Recv: "Client", Name: "QueryRow", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.QueryResultSet", Pkg: PkgQuery, Recv: "Client", Name: "QueryResultSet", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.ExecuteScript", Pkg: PkgQuery, Recv: "Client", Name: "ExecuteScript", Kind: KindYQL, Args: ctxTextTTLOpts, Verified: verified},
	{API: "query.Client.Do", Pkg: PkgQuery, Recv: "Client", Name: "Do", Kind: KindRetry, Args: ctxCallback, Verified: verified},
	{API: "query.Client.DoTx", Pkg: PkgQuery, Recv: "Client", Name: "DoTx", Kind: KindRetry, Args: ctxCallback, Verified: verified},
	// query.Executor is embedded in Session, ClosableSession, TxActor and
	// Transaction: in invoke mode the method's declaring type is Executor.
	{API: "query.Executor.Exec", Pkg: PkgQuery, Recv: "Executor", Name: "Exec", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Executor.Query", Pkg: PkgQuery, Recv: "Executor", Name: "Query", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Executor.QueryRow", Pkg: PkgQuery, Recv: "Executor", Name: "QueryRow", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Executor.QueryResultSet", Pkg: PkgQuery, Recv: "Executor", Name: "QueryResultSet", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.ArrowExecutor.QueryArrow", Pkg: PkgQuery, Recv: "ArrowExecutor", Name: "QueryArrow", Kind: KindYQL, Args: ctxTextOpts, Since: "v3.116.0", Verified: verified},
	// The concrete client returned by Driver.Query() up to v3.101.3 (static
	// calls; Args[0] in SSA is the receiver).
	{API: "query.Client.Exec", Pkg: PkgInternalQuery, Recv: "Client", Name: "Exec", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.Query", Pkg: PkgInternalQuery, Recv: "Client", Name: "Query", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.QueryRow", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryRow", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.QueryResultSet", Pkg: PkgInternalQuery, Recv: "Client", Name: "QueryResultSet", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "query.Client.ExecuteScript", Pkg: PkgInternalQuery, Recv: "Client", Name: "ExecuteScript", Kind: KindYQL, Args: ctxTextTTLOpts, Verified: verified},
	{API: "query.Client.Do", Pkg: PkgInternalQuery, Recv: "Client", Name: "Do", Kind: KindRetry, Args: ctxCallback, Verified: verified},
	{API: "query.Client.DoTx", Pkg: PkgInternalQuery, Recv: "Client", Name: "DoTx", Kind: KindRetry, Args: ctxCallback, Verified: verified},

	// Table service.
	{API: "table.Session.Execute", Pkg: PkgTable, Recv: "Session", Name: "Execute", Kind: KindYQL, Args: ctxTxTextParams, Verified: verified},
	{API: "table.Session.Explain", Pkg: PkgTable, Recv: "Session", Name: "Explain", Kind: KindYQL, Args: ctxText, Explain: true, Verified: verified},
	{API: "table.Session.Prepare", Pkg: PkgTable, Recv: "Session", Name: "Prepare", Kind: KindPrepare, Args: ctxText, Verified: verified},
	{API: "table.Session.ExecuteSchemeQuery", Pkg: PkgTable, Recv: "Session", Name: "ExecuteSchemeQuery", Kind: KindYQL, Args: ctxTextOpts, Verified: verified},
	{API: "table.Session.StreamExecuteScanQuery", Pkg: PkgTable, Recv: "Session", Name: "StreamExecuteScanQuery", Kind: KindYQL, Args: ctxTextParamsOpts, Scan: true, Verified: verified},
	{API: "table.TransactionActor.Execute", Pkg: PkgTable, Recv: "TransactionActor", Name: "Execute", Kind: KindYQL, Args: ctxTextParamsOpts, Verified: verified},
	{API: "table.TransactionActor.ExecuteStatement", Pkg: PkgTable, Recv: "TransactionActor", Name: "ExecuteStatement", Kind: KindPreparedExec, Args: args(RoleNone, RoleStmt, RoleParams, RoleOptions), Verified: verified},
	{API: "table.Statement.Execute", Pkg: PkgTable, Recv: "Statement", Name: "Execute", Kind: KindPreparedExec, Args: args(RoleNone, RoleNone, RoleParams, RoleOptions), Verified: verified},
	{API: "table.Client.Do", Pkg: PkgTable, Recv: "Client", Name: "Do", Kind: KindRetry, Args: ctxCallback, Verified: verified},
	{API: "table.Client.DoTx", Pkg: PkgTable, Recv: "Client", Name: "DoTx", Kind: KindRetry, Args: ctxCallback, Verified: verified},
	{API: "table.Client.BulkUpsert", Pkg: PkgTable, Recv: "Client", Name: "BulkUpsert", Kind: KindBulkUpsert, Args: ctxTableRowsOpts, Verified: verified},
	{API: "table.Session.BulkUpsert", Pkg: PkgTable, Recv: "Session", Name: "BulkUpsert", Kind: KindBulkUpsert, Args: ctxTableRowsOpts, Deprecated: true, Verified: verified},
	{API: "table.Client.ReadRows", Pkg: PkgTable, Recv: "Client", Name: "ReadRows", Kind: KindReadRows, Args: args(RoleNone, RoleTable, RoleRows, RoleReadRowsOptions), Since: "v3.101.0", Verified: verified},
	{API: "table.Session.ReadRows", Pkg: PkgTable, Recv: "Session", Name: "ReadRows", Kind: KindReadRows, Args: ctxTableRowsOpts, Deprecated: true, Verified: verified},
	{API: "table.Session.StreamReadTable", Pkg: PkgTable, Recv: "Session", Name: "StreamReadTable", Kind: KindReadTable, Args: ctxTableOpts, Verified: verified},
	{API: "table.Session.CreateTable", Pkg: PkgTable, Recv: "Session", Name: "CreateTable", Kind: KindCreateTable, Args: ctxTableOpts, Verified: verified},
	{API: "table.Session.AlterTable", Pkg: PkgTable, Recv: "Session", Name: "AlterTable", Kind: KindAlterTable, Args: ctxTableOpts, Verified: verified},
	{API: "table.Session.DropTable", Pkg: PkgTable, Recv: "Session", Name: "DropTable", Kind: KindDropTable, Args: ctxTableOpts, Verified: verified},

	// Scripting service.
	{API: "scripting.Client.Execute", Pkg: PkgScripting, Recv: "Client", Name: "Execute", Kind: KindYQL, Args: ctxTextParams, Verified: verified},
	{API: "scripting.Client.StreamExecute", Pkg: PkgScripting, Recv: "Client", Name: "StreamExecute", Kind: KindYQL, Args: ctxTextParams, Verified: verified},
	{API: "scripting.Client.Explain", Pkg: PkgScripting, Recv: "Client", Name: "Explain", Kind: KindYQL, Args: ctxText, Explain: true, Verified: verified},

	// database/sql (go1.26 standard library).
	{API: "database/sql.DB.ExecContext", Pkg: PkgSQL, Recv: "DB", Name: "ExecContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.DB.QueryContext", Pkg: PkgSQL, Recv: "DB", Name: "QueryContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.DB.QueryRowContext", Pkg: PkgSQL, Recv: "DB", Name: "QueryRowContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.DB.Exec", Pkg: PkgSQL, Recv: "DB", Name: "Exec", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.DB.Query", Pkg: PkgSQL, Recv: "DB", Name: "Query", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.DB.QueryRow", Pkg: PkgSQL, Recv: "DB", Name: "QueryRow", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.DB.PrepareContext", Pkg: PkgSQL, Recv: "DB", Name: "PrepareContext", Kind: KindPrepare, Args: ctxText, Verified: verified},
	{API: "database/sql.DB.Prepare", Pkg: PkgSQL, Recv: "DB", Name: "Prepare", Kind: KindPrepare, Args: args(RoleText), Verified: verified},
	{API: "database/sql.Conn.ExecContext", Pkg: PkgSQL, Recv: "Conn", Name: "ExecContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Conn.QueryContext", Pkg: PkgSQL, Recv: "Conn", Name: "QueryContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Conn.QueryRowContext", Pkg: PkgSQL, Recv: "Conn", Name: "QueryRowContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Conn.PrepareContext", Pkg: PkgSQL, Recv: "Conn", Name: "PrepareContext", Kind: KindPrepare, Args: ctxText, Verified: verified},
	{API: "database/sql.Tx.ExecContext", Pkg: PkgSQL, Recv: "Tx", Name: "ExecContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Tx.QueryContext", Pkg: PkgSQL, Recv: "Tx", Name: "QueryContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Tx.QueryRowContext", Pkg: PkgSQL, Recv: "Tx", Name: "QueryRowContext", Kind: KindYQL, Args: sqlCtxTextArgs, Verified: verified},
	{API: "database/sql.Tx.Exec", Pkg: PkgSQL, Recv: "Tx", Name: "Exec", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.Tx.Query", Pkg: PkgSQL, Recv: "Tx", Name: "Query", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.Tx.QueryRow", Pkg: PkgSQL, Recv: "Tx", Name: "QueryRow", Kind: KindYQL, Args: sqlTextArgs, Verified: verified},
	{API: "database/sql.Tx.PrepareContext", Pkg: PkgSQL, Recv: "Tx", Name: "PrepareContext", Kind: KindPrepare, Args: ctxText, Verified: verified},
	{API: "database/sql.Tx.Prepare", Pkg: PkgSQL, Recv: "Tx", Name: "Prepare", Kind: KindPrepare, Args: args(RoleText), Verified: verified},
	{API: "database/sql.Stmt.ExecContext", Pkg: PkgSQL, Recv: "Stmt", Name: "ExecContext", Kind: KindPreparedExec, Args: sqlCtxArgs, Verified: verified},
	{API: "database/sql.Stmt.QueryContext", Pkg: PkgSQL, Recv: "Stmt", Name: "QueryContext", Kind: KindPreparedExec, Args: sqlCtxArgs, Verified: verified},
	{API: "database/sql.Stmt.QueryRowContext", Pkg: PkgSQL, Recv: "Stmt", Name: "QueryRowContext", Kind: KindPreparedExec, Args: sqlCtxArgs, Verified: verified},
	{API: "database/sql.Stmt.Exec", Pkg: PkgSQL, Recv: "Stmt", Name: "Exec", Kind: KindPreparedExec, Args: sqlArgs, Verified: verified},
	{API: "database/sql.Stmt.Query", Pkg: PkgSQL, Recv: "Stmt", Name: "Query", Kind: KindPreparedExec, Args: sqlArgs, Verified: verified},
	{API: "database/sql.Stmt.QueryRow", Pkg: PkgSQL, Recv: "Stmt", Name: "QueryRow", Kind: KindPreparedExec, Args: sqlArgs, Verified: verified},
	// retry helpers for database/sql: the closure receives a *sql.Conn / *sql.Tx
	// of the *sql.DB passed as arg1.
	{API: "retry.Do", Pkg: PkgRetry, Name: "Do", Kind: KindRetry, Args: args(RoleNone, RoleDB, RoleCallback), Verified: verified},
	{API: "retry.DoTx", Pkg: PkgRetry, Name: "DoTx", Kind: KindRetry, Args: args(RoleNone, RoleDB, RoleCallback), Verified: verified},
	{API: "retry.DoWithResult", Pkg: PkgRetry, Name: "DoWithResult", Kind: KindRetry, Args: args(RoleNone, RoleDB, RoleCallback), Verified: verified},
	{API: "retry.DoTxWithResult", Pkg: PkgRetry, Name: "DoTxWithResult", Kind: KindRetry, Args: args(RoleNone, RoleDB, RoleCallback), Verified: verified},
}

// SessionCreateTable and SessionAlterTable are the Entries rows the
// module's syntactic CreateTable scan (schemafact) finds by method name,
// reading Go without types.
var (
	SessionCreateTable = Identity{Pkg: PkgTable, Recv: "Session", Name: "CreateTable"}
	SessionAlterTable  = Identity{Pkg: PkgTable, Recv: "Session", Name: "AlterTable"}
)
