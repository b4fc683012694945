package sdk

import "go/types"

// This file is the knowledge of the SDK's result types that the
// resultloop rule needs: which named types are results, how each is
// advanced, and how its errors surface. Verified against v3.156.1 and, for
// the spellings that moved, v3.42.7 and v3.56.1.

// More SDK package paths (results).
const (
	PkgTableResult          = Module + "/table/result"
	PkgInternalQueryResult  = Module + "/internal/query/result"
	PkgInternalTableScanner = Module + "/internal/table/scanner"
)

// ResultFamily says which service a result type belongs to.
type ResultFamily uint8

const (
	ResultNone ResultFamily = iota
	// ResultTableUnary is table/result.Result: the whole answer of
	// Session.Execute, TransactionActor.Execute, Statement.Execute and
	// scripting.Client.Execute. internal/table/scanner.NewUnary builds it
	// with no set selected: valueScanner.NextRow is false while s.set is
	// nil, until NextResultSet/NextResultSetErr calls Reset (every version).
	ResultTableUnary
	// ResultTableStream is table/result.StreamResult
	// (StreamExecuteScanQuery, StreamReadTable, scripting StreamExecute).
	// Since v3.53.0 internal/table/scanner.NewStream receives the first set
	// itself, so NextRow works before NextResultSet; receive errors are
	// stored by valueScanner.errorf and surface only through Err().
	ResultTableStream
	// ResultTableBase is table/result.BaseResult, the common interface of
	// both: unary or stream is not known from the type.
	ResultTableBase
	// ResultQuery is the query service's result (internal/query/result.Result,
	// alias query.Result since v3.78.0, an interface of package query
	// before): NextResultSet(ctx) (Set, error) returns io.EOF after the last set.
	ResultQuery
	// ResultQuerySet is a query-service result set (internal/query/result.Set,
	// ClosableResultSet; query.ResultSet): NextRow(ctx) (Row, error) returns
	// io.EOF after the last row.
	ResultQuerySet
	// ResultQueryRow is a query-service row (internal/query/result.Row;
	// query.Row): Scan, ScanNamed and ScanStruct decode received values.
	ResultQueryRow
	// ResultQueryArrow is QueryArrow's result (internal/query/arrow.Result,
	// alias query.ArrowResult since v3.116.0): a stream like ResultQuery.
	ResultQueryArrow
)

// ResultType is one named result type.
type ResultType struct {
	Pkg, Name string
	Family    ResultFamily
	// Old marks a spelling of SDK versions before the query service's
	// result interfaces moved to internal/query/result.
	Old bool
}

// ResultTypes lists the result types by identity (after types.Unalias).
var ResultTypes = []ResultType{
	{Pkg: PkgTableResult, Name: "Result", Family: ResultTableUnary},
	{Pkg: PkgTableResult, Name: "StreamResult", Family: ResultTableStream},
	{Pkg: PkgTableResult, Name: "BaseResult", Family: ResultTableBase},
	{Pkg: PkgInternalQueryResult, Name: "Result", Family: ResultQuery},
	{Pkg: PkgInternalQueryResult, Name: "Set", Family: ResultQuerySet},
	{Pkg: PkgInternalQueryResult, Name: "ClosableResultSet", Family: ResultQuerySet},
	{Pkg: PkgInternalQueryResult, Name: "Row", Family: ResultQueryRow},
	{Pkg: Module + "/internal/query/arrow", Name: "Result", Family: ResultQueryArrow},
	{Pkg: PkgQuery, Name: "Result", Family: ResultQuery, Old: true},
	{Pkg: PkgQuery, Name: "Row", Family: ResultQueryRow, Old: true},
	{Pkg: PkgQuery, Name: "ResultSet", Family: ResultQuerySet, Old: true},
}

// ResultOp is what a method of a result does for the resultloop rule.
type ResultOp uint8

const (
	// OpOther is any other method (Scan, Close, Stats, Columns, …): it
	// neither selects a set nor reports the iteration's errors.
	OpOther ResultOp = iota
	// OpSelectBool selects the next set and hides why it could not:
	// table BaseResult.NextResultSet returns NextResultSetErr(...) == nil.
	OpSelectBool
	// OpSelectErr selects the next set and returns the error (io.EOF at
	// the end): table NextResultSetErr.
	OpSelectErr
	// OpNextRowBool advances to the next row of the selected set (table
	// NextRow; false when no set is selected).
	OpNextRowBool
	// OpErr reports the iteration's error: table BaseResult.Err.
	OpErr
	// OpNextErr is a query-service NextResultSet / NextRow: (value, error),
	// io.EOF after the last one.
	OpNextErr
	// OpScan scans the current row of a table result and returns the
	// scanner's error: valueScanner.Scan, ScanNamed and ScanWithDefaults
	// all end with `return s.Err()`, which includes ErrTruncated.
	OpScan
)

// ResultMethods maps a result family and a method name to its operation;
// missing names are OpOther.
var ResultMethods = map[ResultFamily]map[string]ResultOp{
	ResultTableUnary:  tableResultMethods,
	ResultTableStream: tableResultMethods,
	ResultTableBase:   tableResultMethods,
	ResultQuery:       {"NextResultSet": OpNextErr},
	ResultQuerySet:    {"NextRow": OpNextErr},
}

var tableResultMethods = map[string]ResultOp{
	"NextResultSet":    OpSelectBool,
	"NextResultSetErr": OpSelectErr,
	"NextRow":          OpNextRowBool,
	"Err":              OpErr,
	"Scan":             OpScan,
	"ScanNamed":        OpScan,
	"ScanWithDefaults": OpScan,
}

var resultTypeIndex = map[Identity]*ResultType{}

func init() {
	for i := range ResultTypes {
		r := &ResultTypes[i]
		resultTypeIndex[Identity{Pkg: r.Pkg, Name: r.Name}] = r
	}
}

// LookupResultType returns the result type with package path pkg and type
// name name, or nil.
func LookupResultType(pkg, name string) *ResultType {
	return resultTypeIndex[Identity{Pkg: pkg, Name: name}]
}

// ResultFamilyOf returns the result family of t when t (after
// types.Unalias) is one of the SDK's named result types, ResultNone
// otherwise.
func ResultFamilyOf(t types.Type) ResultFamily {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ResultNone
	}
	rt := LookupResultType(n.Obj().Pkg().Path(), n.Obj().Name())
	if rt == nil {
		return ResultNone
	}
	return rt.Family
}

// ResultMethodOp returns what method name does on a result of family f.
func ResultMethodOp(f ResultFamily, name string) ResultOp {
	return ResultMethods[f][name]
}
