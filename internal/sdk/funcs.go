package sdk

// Helper is what a non-entry SDK function contributes to a query site.
type Helper uint8

const (
	HelperNone Helper = iota
	// Parameter containers (catalogue §3.1).
	HelperParamsBuilder      // ydb.ParamsBuilder()
	HelperNewQueryParameters // table.NewQueryParameters(opts ...ParameterOption)
	HelperValueParam         // table.ValueParam(name, v)   ("$" added when missing)
	HelperParamsFromMap      // ydb.ParamsFromMap(map[string]any, ...)
	HelperParamsAdd          // (*params.Params).Add(...NamedValue)
	// Query-service execute options (catalogue §2a).
	HelperWithParameters // query.WithParameters(p); the last one wins
	HelperWithSyntax     // query.WithSyntax(s)
	HelperWithExecMode   // query.WithExecMode(m)
	// Bulk upsert data (catalogue §2b).
	HelperBulkUpsertDataRows // table.BulkUpsertDataRows(rows)
	// Read-table key ranges (catalogue §2b).
	HelperReadKeyRange       // options.ReadKeyRange(KeyRange{From, To})
	HelperReadGreater        // options.ReadGreater(tuple)
	HelperReadGreaterOrEqual // options.ReadGreaterOrEqual(tuple)
	HelperReadLess           // options.ReadLess(tuple)
	HelperReadLessOrEqual    // options.ReadLessOrEqual(tuple)
	// CreateTable / AlterTable options (catalogue §6).
	HelperWithColumn             // WithColumn(name, type)
	HelperWithColumnMeta         // WithColumnMeta(Column{...})
	HelperWithPrimaryKeyColumn   // WithPrimaryKeyColumn(cols...) (appends)
	HelperWithIndex              // WithIndex(name, opts...)
	HelperWithIndexColumns       // WithIndexColumns(cols...)
	HelperWithDataColumns        // WithDataColumns(cols...)
	HelperWithIndexType          // WithIndexType(t)
	HelperGlobalIndex            // GlobalIndex()
	HelperGlobalAsyncIndex       // GlobalAsyncIndex()
	HelperGlobalUniqueIndex      // GlobalUniqueIndex()
	HelperWithPartitions         // WithPartitions(p)
	HelperWithUniformPartitions  // WithUniformPartitions(n)
	HelperWithPartitioningSet    // WithPartitioningSettings(opts...)
	HelperWithTimeToLiveSettings // WithTimeToLiveSettings(s)
	HelperWithAddColumn          // WithAddColumn(name, type)
	HelperWithAddColumnMeta      // WithAddColumnMeta(Column{...})
	HelperWithDropColumn         // WithDropColumn(name)
	HelperWithAddIndex           // WithAddIndex(name, opts...)
	HelperWithDropIndex          // WithDropIndex(name)
	HelperTTLColumn              // TimeToLiveSettings.Column*(name)
	// database/sql connection set-up (catalogue §5).
	HelperSQLOpen         // sql.Open(driverName, dsn)
	HelperSQLOpenDB       // sql.OpenDB(connector)
	HelperConnector       // ydb.Connector(drv, opts...)
	HelperMustConnector   // ydb.MustConnector(drv, opts...)
	HelperWithPositional  // ydb.WithPositionalArgs()
	HelperWithNumeric     // ydb.WithNumericArgs()
	HelperWithAutoDeclare // ydb.WithAutoDeclare()
	HelperWithTablePrefix // ydb.WithTablePathPrefix(prefix)
	HelperDBConn          // (*sql.DB).Conn(ctx)
	HelperDBBegin         // (*sql.DB).BeginTx / Begin, (*sql.Conn).BeginTx
	HelperSessionBegin    // table.Session.BeginTransaction(ctx, settings)
	HelperSQLNamed        // sql.Named(name, v)
	HelperStmtFromTx      // (*sql.Tx).StmtContext / Stmt(stmt)
	HelperDriverTable     // (*ydb.Driver).Table()
	HelperDriverQuery     // (*ydb.Driver).Query()
	HelperDriverScripting // (*ydb.Driver).Scripting()
	HelperStatementText   // table.Statement.Text()
)

// Func is one SDK (or database/sql) helper function or method.
type Func struct {
	Pkg, Recv, Name string
	Helper          Helper
	Since           string
	Verified        string
}

func fn(pkg, recv, name string, h Helper) Func {
	return Func{Pkg: pkg, Recv: recv, Name: name, Helper: h, Verified: verified}
}

// Funcs lists the helpers the querysite pass decodes.
var Funcs = []Func{
	fn(PkgYDB, "", "ParamsBuilder", HelperParamsBuilder),
	fn(PkgTable, "", "NewQueryParameters", HelperNewQueryParameters),
	fn(PkgTable, "", "ValueParam", HelperValueParam),
	fn(PkgYDB, "", "ParamsFromMap", HelperParamsFromMap),
	fn(PkgInternalParams, "Params", "Add", HelperParamsAdd),
	fn(PkgQuery, "", "WithParameters", HelperWithParameters),
	fn(PkgQuery, "", "WithSyntax", HelperWithSyntax),
	fn(PkgQuery, "", "WithExecMode", HelperWithExecMode),
	fn(PkgTable, "", "BulkUpsertDataRows", HelperBulkUpsertDataRows),
	fn(PkgTableOptions, "", "ReadKeyRange", HelperReadKeyRange),
	fn(PkgTableOptions, "", "ReadGreater", HelperReadGreater),
	fn(PkgTableOptions, "", "ReadGreaterOrEqual", HelperReadGreaterOrEqual),
	fn(PkgTableOptions, "", "ReadLess", HelperReadLess),
	fn(PkgTableOptions, "", "ReadLessOrEqual", HelperReadLessOrEqual),
	fn(PkgTableOptions, "", "WithColumn", HelperWithColumn),
	fn(PkgTableOptions, "", "WithColumnMeta", HelperWithColumnMeta),
	fn(PkgTableOptions, "", "WithPrimaryKeyColumn", HelperWithPrimaryKeyColumn),
	fn(PkgTableOptions, "", "WithIndex", HelperWithIndex),
	fn(PkgTableOptions, "", "WithIndexColumns", HelperWithIndexColumns),
	fn(PkgTableOptions, "", "WithDataColumns", HelperWithDataColumns),
	fn(PkgTableOptions, "", "WithIndexType", HelperWithIndexType),
	fn(PkgTableOptions, "", "GlobalIndex", HelperGlobalIndex),
	fn(PkgTableOptions, "", "GlobalAsyncIndex", HelperGlobalAsyncIndex),
	// GlobalUniqueIndex: SDK commit 38f786a93 (#2008), first tagged v3.125.4
	// (table/options/models.go; CHANGELOG v3.125.4).
	{Pkg: PkgTableOptions, Name: "GlobalUniqueIndex", Helper: HelperGlobalUniqueIndex, Since: "v3.125.4", Verified: verified},
	fn(PkgTableOptions, "", "WithPartitions", HelperWithPartitions),
	fn(PkgTableOptions, "", "WithUniformPartitions", HelperWithUniformPartitions),
	fn(PkgTableOptions, "", "WithPartitioningSettings", HelperWithPartitioningSet),
	fn(PkgTableOptions, "", "WithTimeToLiveSettings", HelperWithTimeToLiveSettings),
	fn(PkgTableOptions, "", "WithAddColumn", HelperWithAddColumn),
	fn(PkgTableOptions, "", "WithAddColumnMeta", HelperWithAddColumnMeta),
	fn(PkgTableOptions, "", "WithDropColumn", HelperWithDropColumn),
	fn(PkgTableOptions, "", "WithAddIndex", HelperWithAddIndex),
	fn(PkgTableOptions, "", "WithDropIndex", HelperWithDropIndex),
	fn(PkgTableOptions, "TimeToLiveSettings", "ColumnDateType", HelperTTLColumn),
	fn(PkgTableOptions, "TimeToLiveSettings", "ColumnSeconds", HelperTTLColumn),
	fn(PkgTableOptions, "TimeToLiveSettings", "ColumnMilliseconds", HelperTTLColumn),
	fn(PkgTableOptions, "TimeToLiveSettings", "ColumnMicroseconds", HelperTTLColumn),
	fn(PkgTableOptions, "TimeToLiveSettings", "ColumnNanoseconds", HelperTTLColumn),
	fn(PkgSQL, "", "Open", HelperSQLOpen),
	fn(PkgSQL, "", "OpenDB", HelperSQLOpenDB),
	fn(PkgYDB, "", "Connector", HelperConnector),
	fn(PkgYDB, "", "MustConnector", HelperMustConnector),
	fn(PkgYDB, "", "WithPositionalArgs", HelperWithPositional),
	fn(PkgYDB, "", "WithNumericArgs", HelperWithNumeric),
	fn(PkgYDB, "", "WithAutoDeclare", HelperWithAutoDeclare),
	fn(PkgYDB, "", "WithTablePathPrefix", HelperWithTablePrefix),
	fn(PkgSQL, "DB", "Conn", HelperDBConn),
	fn(PkgSQL, "DB", "BeginTx", HelperDBBegin),
	fn(PkgSQL, "DB", "Begin", HelperDBBegin),
	fn(PkgSQL, "Conn", "BeginTx", HelperDBBegin),
	fn(PkgTable, "Session", "BeginTransaction", HelperSessionBegin),
	fn(PkgSQL, "", "Named", HelperSQLNamed),
	fn(PkgSQL, "Tx", "StmtContext", HelperStmtFromTx),
	fn(PkgSQL, "Tx", "Stmt", HelperStmtFromTx),
	fn(PkgYDB, "Driver", "Table", HelperDriverTable),
	fn(PkgYDB, "Driver", "Query", HelperDriverQuery),
	fn(PkgYDB, "Driver", "Scripting", HelperDriverScripting),
	fn(PkgTable, "Statement", "Text", HelperStatementText),
}

// The fields of table/options.Column, which WithColumnMeta and
// WithAddColumnMeta take: every v3 release has Name, Type and Family,
// DefaultValue came later.
const (
	ColumnFieldName    = "Name"
	ColumnFieldType    = "Type"
	ColumnFieldFamily  = "Family"
	ColumnFieldDefault = "DefaultValue"
)

// DatabaseNameMethods return the name of the database the driver was
// opened on: (*ydb.Driver).Name and the deprecated ydb.Connection's Name.
var DatabaseNameMethods = []Identity{
	{Pkg: PkgYDB, Recv: "Driver", Name: "Name"},
	{Pkg: PkgYDB, Recv: "Connection", Name: "Name"},
}

// DatabaseNameFuncs are DatabaseNameMethods by the full names SSA gives
// them ((*ssa.Function).String, and an interface method's
// "(pkg.Iface).Name"), with a pointer receiver and without: the functions
// whose result the evaluator keys by name alone (goeval Env.StableResult).
var DatabaseNameFuncs = func() []string {
	var out []string
	for _, id := range DatabaseNameMethods {
		out = append(out, "(*"+id.Pkg+"."+id.Recv+")."+id.Name, "("+id.Pkg+"."+id.Recv+")."+id.Name)
	}
	return out
}()

// WithQueryMode is ydb.WithQueryMode(ctx, mode): the mode the legacy
// database/sql driver (over the table service) runs the calls made with
// ctx in.
var WithQueryMode = Identity{Pkg: PkgYDB, Name: "WithQueryMode"}

// QueryModeEffect is what ydb.WithQueryMode(ctx, mode) does to the context
// for one ydb.QueryMode constant (sql.go WithQueryMode).
type QueryModeEffect uint8

const (
	// QueryModeKept: the context is returned as it was.
	QueryModeKept QueryModeEffect = iota
	// QueryModeScan runs the calls as scan queries.
	QueryModeScan
	// QueryModeExplain only explains them (xsql.WithExplain), apart from
	// the table query mode.
	QueryModeExplain
	// QueryModeNotScan sets a table query mode other than scan.
	QueryModeNotScan
)

// QueryMode is one exported ydb.QueryMode constant, by name.
type QueryMode struct {
	Const  string
	Effect QueryModeEffect
}

// QueryModes lists them.
var QueryModes = []QueryMode{
	{Const: "ScanQueryMode", Effect: QueryModeScan},
	{Const: "ExplainQueryMode", Effect: QueryModeExplain},
	{Const: "DataQueryMode", Effect: QueryModeNotScan},
	{Const: "SchemeQueryMode", Effect: QueryModeNotScan},
	{Const: "ScriptingQueryMode", Effect: QueryModeNotScan},
	{Const: "QueryExecuteQueryMode", Effect: QueryModeKept},
}

// Query-service option constants that make a text "not YQL to check"
// (catalogue §2a): WithSyntax(SyntaxPostgreSQL) and the explain/validate
// exec modes. Names are the exported constants in SDK/query.
var (
	NotYQLSyntax = []string{"SyntaxPostgreSQL"}
	ExplainModes = []string{"ExecModeExplain", "ExecModeValidate", "ExecModeParse"}
	// DSNBindParam is the DSN query parameter carrying binding tokens:
	// "positional", "numeric", "declare", "table_path_prefix(/path)".
	DSNBindParam = "go_query_bind"
	// YDBDriverNames are the database/sql driver names the SDK registers.
	YDBDriverNames = []string{"ydb", "ydb/v3"}
)
