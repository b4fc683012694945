// Package sdk is ydblint's knowledge of the ydb-go-sdk/v3 and database/sql
// API surface, kept as data: one table row per fact, each citing the SDK
// version it was verified against.
//
// It lists the entry points that receive YQL text, parameters, rows, table
// paths or table options (with the zero-based argument index of each role,
// excluding the receiver), the value and type constructors with the YDB type
// they build, the NULL and Optional constructors, the ParamsBuilder chain,
// the database/sql connector options, Go hash functions and monotonic
// sources, and the calls and types the rules ask about by meaning
// (LookupTxControlCall, IsCappedExecute, SQLCanFail, IsRetrierHandle,
// QueryModes, …), so that a rename in the SDK fails sdk_test rather than
// silently a rule.
//
// The package knows nothing about SSA or go/analysis: the querysite pass
// asks it "is this *types.Func an entry point, and which argument is the
// query?" and does the data-flow work itself. Matching is by identity
// (package path, receiver type name, method name) after types.Unalias, so
// the public aliases (query.ExecuteOption, table.QueryParameters, ydb.Params)
// and their internal originals match alike.
//
// sdk_test.go loads the real SDK (v3.156.1, the version in the root go.mod)
// and checks that every row resolves to an existing function or method with
// the stated argument roles; that test is what keeps the table honest.
package sdk
