package sdk

import "slices"

// The table service's 1000-row result cap, as the SDK exposes it. Each
// entry was read in the SDK's source (module cache, the version named);
// passes/truncation/doc.go cites them.
const (
	// TruncationRowCap is the default number of rows a data query's result
	// set carries before the server marks it truncated.
	TruncationRowCap = 1000
	// TruncatedErrorSince: result.Err() (and the scanner) fail on a result
	// set marked truncated: CHANGELOG v3.36.0 "Changed behavior on
	// result.Err() on truncated result"; the same release added
	// ydb.WithIgnoreTruncated. Before it the missing rows were dropped
	// without any error.
	TruncatedErrorSince = "v3.36.0"
	// TruncatedRowsWordingSince: the error reads "more than N rows:
	// truncated result" (SDK commit cd1c42208, v3.42.9); before, only
	// "truncated result".
	TruncatedRowsWordingSince = "v3.42.9"
	// IgnoreTruncatedOptionSince: table/options.WithIgnoreTruncated and the
	// exported result.ErrTruncated (CHANGELOG v3.49.1).
	IgnoreTruncatedOptionSince = "v3.49.1"
	// DataQueryOverQueryClientSince: ydb.WithExecuteDataQueryOverQueryClient
	// (CHANGELOG v3.99.0) routes table.Session.Execute through the query
	// service, which has no cap.
	DataQueryOverQueryClientSince = "v3.99.0"
	// SQLQueryServiceDefaultSince: database/sql runs over the query service
	// unless ydb.WithQueryService(false) (CHANGELOG v3.130.0 "Changed
	// default for database/sql driver from TABLE service to QUERY
	// service"); before, over the table service unless WithQueryService(true)
	// (v3.95.0+) or YDB_DATABASE_SQL_OVER_QUERY_SERVICE.
	SQLQueryServiceDefaultSince = "v3.130.0"
	// SQLOverQueryServiceEnv is the environment variable that picks the
	// database/sql engine (internal/xsql/connector.go Open).
	SQLOverQueryServiceEnv = "YDB_DATABASE_SQL_OVER_QUERY_SERVICE"
)

// Driver and call options that decide whether a data query is capped.
var (
	// IgnoreTruncatedOptions make a truncated result look complete: the
	// driver-wide option (options.go) and the per-Execute one
	// (table/options/options.go).
	IgnoreTruncatedOptions = []Identity{
		{Pkg: PkgYDB, Name: "WithIgnoreTruncated"},
		{Pkg: PkgTableOptions, Name: "WithIgnoreTruncated"},
	}
	// DataQueryOverQueryClientOption is the driver option that lifts the cap.
	DataQueryOverQueryClientOption = Identity{Pkg: PkgYDB, Name: "WithExecuteDataQueryOverQueryClient"}
	// SQLQueryServiceOption picks database/sql's engine.
	SQLQueryServiceOption = Identity{Pkg: PkgYDB, Name: "WithQueryService"}
	// DriverOpeners open a driver (options.go / driver.go): the options
	// they get are visible at the call.
	DriverOpeners = []string{"Open", "MustOpen", "New", "Connector", "MustConnector"}
	// SQLOpen is database/sql's Open(driverName, dsn).
	SQLOpen = Identity{Pkg: PkgSQL, Name: "Open"}
	// CappedExecutes are the table-service entry points whose data query
	// results carry the truncated flag (internal/table/session.go Execute,
	// internal/table/transaction.go Execute, internal/table/statement.go
	// Execute); API is the Entries spelling querysite gives their sites.
	CappedExecutes = []CappedExecute{
		{API: "table.Session.Execute", Pkg: PkgTable, Recv: "Session", Name: "Execute"},
		{API: "table.TransactionActor.Execute", Pkg: PkgTable, Recv: "TransactionActor", Name: "Execute"},
		{API: "table.Statement.Execute", Pkg: PkgTable, Recv: "Statement", Name: "Execute"},
	}
)

// CappedExecute is one table-service entry point whose results are capped.
type CappedExecute struct {
	API             string
	Pkg, Recv, Name string
}

// IsCappedExecute reports whether id is one of CappedExecutes.
func IsCappedExecute(id Identity) bool {
	return slices.ContainsFunc(CappedExecutes, func(c CappedExecute) bool { return Identity{c.Pkg, c.Recv, c.Name} == id })
}

// IsCappedExecuteAPI reports whether api is the API name of one of
// CappedExecutes.
func IsCappedExecuteAPI(api string) bool {
	return slices.ContainsFunc(CappedExecutes, func(c CappedExecute) bool { return c.API == api })
}

// IsIgnoreTruncated reports whether id is one of IgnoreTruncatedOptions.
func IsIgnoreTruncated(id Identity) bool {
	for _, o := range IgnoreTruncatedOptions {
		if o == id {
			return true
		}
	}
	return false
}
