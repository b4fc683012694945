package sdk

// This file is the knowledge of how the SDK decodes a result column into
// a Go destination that the scantype rule needs. Two decoders exist:
//
//   - the table service's (table/result.Result Scan, ScanNamed,
//     ScanWithDefaults): internal/table/scanner/scanner.go
//     valueScanner.scanRequired switches on the destination's Go type and
//     reads the value's protobuf field (s.int64() asserts
//     *Ydb.Value_Int64Value, and so on), so what a destination accepts is
//     the set of YQL types encoded in that field; *string, *[]byte and
//     *time.Time switch on the column's type id (setString, setByte,
//     setTime). An Optional column goes through scanOptional, which wants
//     **T (or ScanWithDefaults, which zeroes NULL). Verified identical for
//     these destinations in v3.26.10, v3.42.7, v3.100.0 and v3.156.1.
//   - the query service's (query.Row Scan, ScanNamed, ScanStruct):
//     internal/query/scanner/data.go scanByIndex calls value.CastTo, whose
//     castTo method of each value type (internal/value/value.go) switches
//     on the destination. Verified for the basic destinations below in
//     v3.56.1, v3.100.0, v3.117.0, v3.147.1 and v3.156.1: later versions
//     only added *driver.Value and named types of a basic kind
//     (castToDerivedType, v3.147.1), which the rule never judges.

// QueryCastTargets maps a YQL primitive type to the Go destination types
// (the pointee, as types.TypeString spells it) its internal/value castTo
// accepts (v3.156.1; every earlier version checked accepts a subset).
var QueryCastTargets = map[string][]string{
	"Bool":         {"bool", "string"},
	"Int8":         {"int8", "string", "[]byte", "int64", "int32", "int16", "float64", "float32"},
	"Int16":        {"int16", "string", "[]byte", "int64", "int32", "float64", "float32"},
	"Int32":        {"int32", "string", "[]byte", "int64", "int", "float64", "float32"},
	"Int64":        {"int64", "string", "[]byte", "float64"},
	"Uint8":        {"uint8", "string", "[]byte", "uint64", "int64", "uint32", "int32", "uint16", "int16", "float64", "float32"},
	"Uint16":       {"uint16", "string", "[]byte", "uint64", "int64", "uint32", "int32", "float32", "float64"},
	"Uint32":       {"uint32", "string", "[]byte", "uint64", "int64", "float64"},
	"Uint64":       {"uint64", "string", "[]byte"},
	"Float":        {"float32", "float64", "string", "[]byte"},
	"Double":       {"float64", "string", "[]byte"},
	"Utf8":         {"string", "[]byte"},
	"String":       {"[]byte", "string"},
	"Json":         {"string", "[]byte"},
	"JsonDocument": {"string", "[]byte"},
	"Timestamp":    {"time.Time", "uint64"},
	"Date":         {"time.Time", "uint64", "int64", "int32"},
	"Datetime":     {"time.Time", "uint64", "int64", "uint32"},
	"Interval":     {"time.Duration", "int64"},
}

// TableScanSources maps a Go destination type (the pointee, as
// types.TypeString spells it) to the YQL primitive types the table
// service's scanRequired decodes into it: the types carried in the
// protobuf field the destination's case reads (Int8 and Int16 travel as
// int32_value, Uint8, Uint16, Date and Datetime as uint32_value, Interval
// as int64_value, Timestamp as uint64_value; internal/value toYDB), or the
// type ids setString, setByte and setTime list. A narrower destination of
// the same field (*int8 for an Int32) fails only on overflow, so it is
// accepted.
var TableScanSources = map[string][]string{
	"bool":          {"Bool"},
	"int8":          {"Int8", "Int16", "Int32"},
	"int16":         {"Int8", "Int16", "Int32"},
	"int":           {"Int8", "Int16", "Int32"},
	"int32":         {"Int8", "Int16", "Int32"},
	"int64":         {"Int64", "Interval"},
	"time.Duration": {"Int64", "Interval"},
	"uint8":         {"Uint8", "Uint16", "Uint32", "Date", "Datetime"},
	"uint16":        {"Uint8", "Uint16", "Uint32", "Date", "Datetime"},
	"uint":          {"Uint8", "Uint16", "Uint32", "Date", "Datetime"},
	"uint32":        {"Uint8", "Uint16", "Uint32", "Date", "Datetime"},
	"uint64":        {"Uint64", "Timestamp"},
	"float32":       {"Float"},
	"float64":       {"Double"},
	"string":        {"Utf8", "String", "Json", "JsonDocument"},
	"[]byte":        {"Utf8", "String", "Json", "JsonDocument"},
	"time.Time":     {"Date", "Datetime", "Timestamp"},
}

// ScanJudged reports whether the rule knows how both decoders treat a
// column of YQL primitive type yqlType: the keys of QueryCastTargets.
func ScanJudged(yqlType string) bool {
	_, ok := QueryCastTargets[yqlType]
	return ok
}

// ScanGoJudged reports whether the rule knows how both decoders treat a
// destination whose pointee is goType: the keys of TableScanSources.
func ScanGoJudged(goType string) bool {
	_, ok := TableScanSources[goType]
	return ok
}

// QueryCasts reports whether the query service decodes a yqlType value
// into a *goType destination.
func QueryCasts(yqlType, goType string) bool {
	for _, g := range QueryCastTargets[yqlType] {
		if g == goType {
			return true
		}
	}
	return false
}

// TableScans reports whether the table service decodes a yqlType value
// into a *goType destination.
func TableScans(yqlType, goType string) bool {
	for _, y := range TableScanSources[goType] {
		if y == yqlType {
			return true
		}
	}
	return false
}

// NullKeepsDestinationSince: the query service's optionalValue.castTo
// leaves a non-pointer destination unchanged for NULL (it guards SetZero
// with ptr.CanAddr(), never true for reflect.ValueOf(dst)); v3.56.1
// returned errOptionalNilValue instead. Verified in v3.100.0, v3.117.0,
// v3.147.1 and v3.156.1 (internal/value/value.go).
const NullKeepsDestinationSince = "v3.100.0"

// Named-destination constructors of the two services: the column name is
// the first argument, the destination the second.
const (
	PkgTableNamed = Module + "/table/result/named"
)

// NamedScan says how a named-destination constructor scans its column.
type NamedScan uint8

const (
	// NamedRequired is table named.Required: scanRequired.
	NamedRequired NamedScan = iota + 1
	// NamedOptional is table named.Optional: scanOptional, wants **T.
	NamedOptional
	// NamedOptionalWithDefault is table named.OptionalWithDefault: NULL
	// becomes the zero value.
	NamedOptionalWithDefault
	// NamedQuery is query.Named: value.CastTo.
	NamedQuery
)

// NamedScans lists the named-destination constructors.
var NamedScans = map[Identity]NamedScan{
	{Pkg: PkgTableNamed, Name: "Required"}:            NamedRequired,
	{Pkg: PkgTableNamed, Name: "Optional"}:            NamedOptional,
	{Pkg: PkgTableNamed, Name: "OptionalWithDefault"}: NamedOptionalWithDefault,
	{Pkg: PkgQuery, Name: "Named"}:                    NamedQuery,
}
