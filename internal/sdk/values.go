package sdk

// Form says how a value constructor builds its value from its arguments.
type Form uint8

const (
	// FormScalar builds a non-Optional value of YDB type YQL from arg0.
	FormScalar Form = iota + 1
	// FormNullable takes a pointer (arg0): nil gives NULL, otherwise an
	// Optional<YQL> holding *p.
	FormNullable
	// FormNullableGeneric is types.Nullable(t Type, v any): arg0 the type,
	// arg1 the pointer.
	FormNullableGeneric
	// FormNull is types.NullValue(t): always NULL of Optional<t>.
	FormNull
	// FormZero is types.ZeroValue(t): NULL when t is Optional.
	FormZero
	// FormOptional is types.OptionalValue(v): a present Optional<type of v>.
	FormOptional
	// FormVoid is types.VoidValue().
	FormVoid
	// FormList, FormTuple and FormSet take variadic values.
	FormList
	FormTuple
	FormSet
	// FormStruct takes variadic struct fields built by FormStructField.
	FormStruct
	// FormStructField is StructFieldValue(name, value).
	FormStructField
	// FormDict takes variadic dict fields.
	FormDict
)

// ValueCtor is a value constructor in SDK/types (and, under the same name,
// in the deprecated SDK/table/types, where since v3.142.0 most of them are
// package-level vars: catalogue §0 row 1).
type ValueCtor struct {
	Name string
	// YQL is the YDB type in YQL spelling without Optional ("" when it
	// depends on the arguments).
	YQL  string
	Form Form
	// TableTypesOnly marks names that exist only in SDK/table/types.
	TableTypesOnly bool
	// NotInTableTypes marks names absent from SDK/table/types.
	NotInTableTypes bool
	Verified        string
}

func scalar(name, yql string) ValueCtor {
	return ValueCtor{Name: name, YQL: yql, Form: FormScalar, Verified: verified}
}

func nullable(name, yql string) ValueCtor {
	return ValueCtor{Name: name, YQL: yql, Form: FormNullable, Verified: verified}
}

// ValueCtors lists the value constructors (catalogue §3.3, §3.4, §4).
var ValueCtors = []ValueCtor{
	scalar("BoolValue", "Bool"),
	scalar("Int8Value", "Int8"), scalar("Uint8Value", "Uint8"),
	scalar("Int16Value", "Int16"), scalar("Uint16Value", "Uint16"),
	scalar("Int32Value", "Int32"), scalar("Uint32Value", "Uint32"),
	scalar("Int64Value", "Int64"), scalar("Uint64Value", "Uint64"),
	scalar("FloatValue", "Float"), scalar("DoubleValue", "Double"),
	scalar("DecimalValue", "Decimal"), scalar("DecimalValueFromBigInt", "Decimal"),
	scalar("DateValue", "Date"), scalar("Date32Value", "Date32"),
	scalar("DatetimeValue", "Datetime"), scalar("Datetime64Value", "Datetime64"),
	scalar("TimestampValue", "Timestamp"), scalar("Timestamp64Value", "Timestamp64"),
	scalar("IntervalValueFromMicroseconds", "Interval"), scalar("Interval64ValueFromNanoseconds", "Interval64"),
	scalar("TzDateValue", "TzDate"), scalar("TzDatetimeValue", "TzDatetime"), scalar("TzTimestampValue", "TzTimestamp"),
	scalar("DateValueFromTime", "Date"), scalar("DatetimeValueFromTime", "Datetime"),
	scalar("TimestampValueFromTime", "Timestamp"), scalar("IntervalValueFromDuration", "Interval"),
	scalar("TzDateValueFromTime", "TzDate"), scalar("TzDatetimeValueFromTime", "TzDatetime"),
	scalar("TzTimestampValueFromTime", "TzTimestamp"),
	scalar("BytesValue", "String"), scalar("BytesValueFromString", "String"), scalar("StringValueFromString", "String"),
	scalar("UTF8Value", "Utf8"), scalar("TextValue", "Utf8"),
	scalar("YSONValue", "Yson"), scalar("YSONValueFromBytes", "Yson"),
	scalar("JSONValue", "Json"), scalar("JSONValueFromBytes", "Json"),
	scalar("JSONDocumentValue", "JsonDocument"), scalar("JSONDocumentValueFromBytes", "JsonDocument"),
	scalar("DyNumberValue", "DyNumber"),
	scalar("UuidValue", "Uuid"), scalar("UUIDWithIssue1501Value", "Uuid"),
	{Name: "StringValue", YQL: "String", Form: FormScalar, TableTypesOnly: true, Verified: verified},
	{Name: "IntervalValue", YQL: "Interval", Form: FormScalar, TableTypesOnly: true, Verified: verified},

	nullable("NullableBoolValue", "Bool"),
	nullable("NullableInt8Value", "Int8"), nullable("NullableInt16Value", "Int16"),
	nullable("NullableInt32Value", "Int32"), nullable("NullableInt64Value", "Int64"),
	nullable("NullableUint8Value", "Uint8"), nullable("NullableUint16Value", "Uint16"),
	nullable("NullableUint32Value", "Uint32"), nullable("NullableUint64Value", "Uint64"),
	nullable("NullableFloatValue", "Float"), nullable("NullableDoubleValue", "Double"),
	nullable("NullableDateValue", "Date"), nullable("NullableDateValueFromTime", "Date"),
	nullable("NullableDate32Value", "Date32"), nullable("NullableDate32ValueFromTime", "Date32"),
	nullable("NullableDatetimeValue", "Datetime"), nullable("NullableDatetimeValueFromTime", "Datetime"),
	nullable("NullableDatetime64Value", "Datetime64"), nullable("NullableDatetime64ValueFromTime", "Datetime64"),
	nullable("NullableTimestampValue", "Timestamp"), nullable("NullableTimestampValueFromTime", "Timestamp"),
	nullable("NullableTimestamp64Value", "Timestamp64"), nullable("NullableTimestamp64ValueFromTime", "Timestamp64"),
	nullable("NullableIntervalValueFromMicroseconds", "Interval"), nullable("NullableIntervalValueFromDuration", "Interval"),
	nullable("NullableInterval64ValueFromNanoseconds", "Interval64"), nullable("NullableInterval64ValueFromDuration", "Interval64"),
	nullable("NullableTzDateValue", "TzDate"), nullable("NullableTzDateValueFromTime", "TzDate"),
	nullable("NullableTzDatetimeValue", "TzDatetime"), nullable("NullableTzDatetimeValueFromTime", "TzDatetime"),
	nullable("NullableTzTimestampValue", "TzTimestamp"), nullable("NullableTzTimestampValueFromTime", "TzTimestamp"),
	nullable("NullableDecimalValue", "Decimal"), nullable("NullableDecimalValueFromBigInt", "Decimal"),
	nullable("NullableBytesValue", "String"), nullable("NullableBytesValueFromString", "String"),
	nullable("NullableStringValueFromString", "String"),
	nullable("NullableUTF8Value", "Utf8"), nullable("NullableTextValue", "Utf8"),
	nullable("NullableYSONValue", "Yson"), nullable("NullableYSONValueFromBytes", "Yson"),
	nullable("NullableJSONValue", "Json"), nullable("NullableJSONValueFromBytes", "Json"),
	nullable("NullableJSONDocumentValue", "JsonDocument"), nullable("NullableJSONDocumentValueFromBytes", "JsonDocument"),
	nullable("NullableUUIDValue", "Uuid"), nullable("NullableUUIDValueWithIssue1501", "Uuid"),
	nullable("NullableUUIDTypedValue", "Uuid"), nullable("NullableDyNumberValue", "DyNumber"),
	{Name: "NullableIntervalValue", YQL: "Interval", Form: FormNullable, TableTypesOnly: true, Verified: verified},
	{Name: "NullableStringValue", YQL: "String", Form: FormNullable, TableTypesOnly: true, Verified: verified},
	{Name: "Nullable", Form: FormNullableGeneric, Verified: verified},

	{Name: "NullValue", Form: FormNull, Verified: verified},
	{Name: "ZeroValue", Form: FormZero, Verified: verified},
	{Name: "OptionalValue", Form: FormOptional, Verified: verified},
	{Name: "VoidValue", YQL: "Void", Form: FormVoid, Verified: verified},
	{Name: "ListValue", YQL: "List", Form: FormList, Verified: verified},
	{Name: "TupleValue", YQL: "Tuple", Form: FormTuple, Verified: verified},
	{Name: "SetValue", YQL: "Set", Form: FormSet, Verified: verified},
	{Name: "StructValue", YQL: "Struct", Form: FormStruct, Verified: verified},
	{Name: "StructFieldValue", Form: FormStructField, Verified: verified},
	{Name: "DictValue", YQL: "Dict", Form: FormDict, Verified: verified},
}

// TypeForm says how a type constructor builds a YDB type.
type TypeForm uint8

const (
	TypeOptional TypeForm = iota + 1 // Optional(t)
	TypeList                         // List(t)
	TypeTuple
	TypeStruct
	TypeDict
	TypeDecimal // DecimalType(precision, scale)
	TypeVoid
)

// TypeCtor is a type constructor in SDK/types and SDK/table/types.
type TypeCtor struct {
	Name     string
	YQL      string
	Form     TypeForm
	Verified string
}

// TypeCtors lists the type constructors (catalogue §4 "type ctors").
var TypeCtors = []TypeCtor{
	{Name: "Optional", YQL: "Optional", Form: TypeOptional, Verified: verified},
	{Name: "List", YQL: "List", Form: TypeList, Verified: verified},
	{Name: "Tuple", YQL: "Tuple", Form: TypeTuple, Verified: verified},
	{Name: "Struct", YQL: "Struct", Form: TypeStruct, Verified: verified},
	{Name: "Dict", YQL: "Dict", Form: TypeDict, Verified: verified},
	{Name: "DecimalType", YQL: "Decimal", Form: TypeDecimal, Verified: verified},
	{Name: "DecimalTypeFromDecimal", YQL: "Decimal", Form: TypeDecimal, Verified: verified},
	{Name: "Void", YQL: "Void", Form: TypeVoid, Verified: verified},
}

// PrimitiveYQL maps the names of the SDK/internal/types.Primitive constants
// to YQL spelling. The numeric values of the constants change between SDK
// versions (catalogue §0 row 4), so callers build value→name from the
// imported package and translate the name through this table.
var PrimitiveYQL = map[string]string{
	"Bool": "Bool", "Int8": "Int8", "Uint8": "Uint8", "Int16": "Int16", "Uint16": "Uint16",
	"Int32": "Int32", "Uint32": "Uint32", "Int64": "Int64", "Uint64": "Uint64",
	"Float": "Float", "Double": "Double",
	"Date": "Date", "Date32": "Date32", "Datetime": "Datetime", "Datetime64": "Datetime64",
	"Timestamp": "Timestamp", "Timestamp64": "Timestamp64", "Interval": "Interval", "Interval64": "Interval64",
	"TzDate": "TzDate", "TzDatetime": "TzDatetime", "TzTimestamp": "TzTimestamp",
	"TzDate32": "TzDate32", "TzDatetime64": "TzDatetime64", "TzTimestamp64": "TzTimestamp64",
	"Bytes": "String", "Text": "Utf8", "YSON": "Yson", "JSON": "Json", "UUID": "Uuid",
	"JSONDocument": "JsonDocument", "DyNumber": "DyNumber",
}

// BuilderSetters maps the typed setters of the ParamsBuilder chain to the
// YQL type they bind (catalogue §3.2). The same names exist on
// *params.Parameter (value arguments), on *params.optional (pointer
// arguments, followed by EndOptional) and on *params.listItem.
var BuilderSetters = map[string]string{
	"Text": "Utf8", "Bytes": "String", "Bool": "Bool",
	"Uint64": "Uint64", "Int64": "Int64", "Uint32": "Uint32", "Int32": "Int32",
	"Uint16": "Uint16", "Int16": "Int16", "Uint8": "Uint8", "Int8": "Int8",
	"Float": "Float", "Double": "Double", "Decimal": "Decimal",
	"Timestamp": "Timestamp", "Timestamp64": "Timestamp64", "Date": "Date", "Date32": "Date32",
	"Datetime": "Datetime", "Datetime64": "Datetime64", "Interval": "Interval", "Interval64": "Interval64",
	"JSON": "Json", "JSONFromBytes": "Json", "JSONDocument": "JsonDocument", "JSONDocumentFromBytes": "JsonDocument",
	"YSON": "Yson", "Uuid": "Uuid", "UUIDWithIssue1501Value": "Uuid",
	"TzDate": "TzDate", "TzTimestamp": "TzTimestamp", "TzDatetime": "TzDatetime",
}

// Builder chain type names in SDK/internal/params (verified v3.156.1 and
// v3.100.0).
const (
	ParamsBuilderType   = "Builder"         // ydb.ParamsBuilder() result, by value
	ParamsParameterType = "Parameter"       // Builder.Param(name)
	ParamsOptionalType  = "optional"        // Parameter.BeginOptional()
	ParamsOptBuilder    = "optionalBuilder" // optional.<X>(ptr)
	ParamsListType      = "list"            // Parameter.BeginList()
	ParamsParamsType    = "Params"          // Builder.Build(), table.NewQueryParameters
)

// The structural methods of the ParamsBuilder chain, which querysite walks
// back from Build() to ParamsBuilder() (the same in v3.100.0 and
// v3.156.1). The typed setters are BuilderSetters; the container methods
// (BeginList … EndList, BeginStruct … EndStruct) are matched by their
// Begin/End prefix. sdk_test resolves ParamsChain.
var (
	ParamsBuild         = Identity{Pkg: PkgInternalParams, Recv: ParamsBuilderType, Name: "Build"}
	ParamsParam         = Identity{Pkg: PkgInternalParams, Recv: ParamsBuilderType, Name: "Param"}
	ParamsAny           = Identity{Pkg: PkgInternalParams, Recv: ParamsParameterType, Name: "Any"}
	ParamsBeginOptional = Identity{Pkg: PkgInternalParams, Recv: ParamsParameterType, Name: "BeginOptional"}
	ParamsEndOptional   = Identity{Pkg: PkgInternalParams, Recv: ParamsOptBuilder, Name: "EndOptional"}
	ParamsChain         = []Identity{ParamsBuild, ParamsParam, ParamsAny, ParamsBeginOptional, ParamsEndOptional}
)

// The methods that fill a ParamsBuilder list: Param(name).BeginList(), then
// Add() (whose typed setter returns the list) or AddItems(vals...) per
// element, then EndList(). Each returns the list it was called on, which
// truncation counts the elements of. sdk_test resolves ParamsListMethods.
var (
	ParamsBeginList   = Identity{Pkg: PkgInternalParams, Recv: ParamsParameterType, Name: "BeginList"}
	ParamsListAdd     = Identity{Pkg: PkgInternalParams, Recv: ParamsListType, Name: "Add"}
	ParamsListItems   = Identity{Pkg: PkgInternalParams, Recv: ParamsListType, Name: "AddItems"}
	ParamsEndList     = Identity{Pkg: PkgInternalParams, Recv: ParamsListType, Name: "EndList"}
	ParamsListMethods = []Identity{ParamsBeginList, ParamsListAdd, ParamsListItems, ParamsEndList}
)
