package keyplan

import (
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// Verdict is how a read touches its table (yql-semantics.md §3.3).
type Verdict int

const (
	// Unknown: the planner cannot tell (opaque expression, hole, unknown
	// table or index, column table, schema conflict). Rules stay silent.
	Unknown Verdict = iota
	// Point: every key column pinned to points (TablePointLookup).
	Point
	// Range: a key prefix is constrained (TableRangeScan).
	Range
	// Full: nothing usable constrains the first key column (TableFullScan).
	Full
	// Depends: the outcome depends on the server version, configuration or
	// data (automatic index choice, lookup joins, IN (SELECT …), LIKE
	// prefix, range-count cap). Rules do not report it as FULL.
	Depends
)

func (v Verdict) String() string {
	switch v {
	case Point:
		return "POINT"
	case Range:
		return "RANGE"
	case Full:
		return "FULL"
	case Depends:
		return "DEPENDS"
	}
	return "UNKNOWN"
}

// Tri is a three-valued answer.
type Tri int8

const (
	TriUnknown Tri = iota
	TriNo
	TriYes
)

func (t Tri) String() string {
	switch t {
	case TriNo:
		return "no"
	case TriYes:
		return "yes"
	}
	return "unknown"
}

// ParamInfo is what the caller knows about a query parameter from the Go
// side (the value bound at the call site). The zero value means "nothing
// known". A `DECLARE` in the script overrides Type and Optional.
type ParamInfo struct {
	// Type is the bound YQL type including an Optional wrapper
	// (Uint64? for *uint64); nil when unknown.
	Type *yql.TypeRef
	// Optional says whether the value's type is Optional. When Type is set
	// and Optional is TriUnknown, the planner derives it from Type.
	Optional Tri
	// Null is set when the bound value is certainly NULL (a Go nil, a
	// types.NullValue).
	Null bool
	// HashOf names (without '$') the parameter of which this one is a hash
	// computed in Go, e.g. "id" for `$hash` bound to xxhash.Sum64(id).
	HashOf string
	// HashFunc is the Go function that computed the hash ("xxhash.Sum64"),
	// for messages; meaningful only with HashOf. (Write-side evidence from
	// such a parameter has HashPrefix.Func "", as the function is not YQL.)
	HashFunc string
	// Monotonic is set when the value derives from a clock (time.Now()).
	Monotonic bool
	// MonotonicSource describes it ("time.Now"), for messages.
	MonotonicSource string
	// Const is the Go constant the parameter is bound to, spelled as
	// go/constant's ExactString (`"api"`, `3`, `true`); "" when the value
	// is not a known constant.
	Const string
}

// ParamOracle answers for a parameter name without the '$'. It may be nil.
type ParamOracle func(name string) ParamInfo

// TableResolver finds the schema of a table reference. pragmaPrefix is the
// value of the last `PRAGMA TablePathPrefix` before the statement ("" when
// none). It returns false when the table is unknown.
type TableResolver func(ref *yql.TableRef, pragmaPrefix string) (*schema.Table, bool)

// Plan is the planner's answer for one statement.
type Plan struct {
	Stmt   yql.Stmt
	Reads  []*Access // in source order of discovery
	Writes []*Write
}

// AccessKind says which construct reads the table.
type AccessKind int

const (
	AccessSelect      AccessKind = iota // SELECT … FROM t (also INSERT … SELECT, ON SELECT sources, subqueries)
	AccessUpdateWhere                   // UPDATE t SET … [WHERE …]
	AccessDeleteWhere                   // DELETE FROM t [WHERE …]
)

func (k AccessKind) String() string {
	switch k {
	case AccessUpdateWhere:
		return "UPDATE"
	case AccessDeleteWhere:
		return "DELETE"
	}
	return "SELECT"
}

// BindKind is how a predicate constrains one key column.
type BindKind int

// Ordered from weakest to strongest; combining OR branches takes the minimum.
const (
	BindNone    BindKind = iota // nothing usable (also != , IS NOT NULL, residual atoms)
	BindUnknown                 // something opaque may constrain it
	BindDepends                 // IN (SELECT …), join key, LIKE 'abc%', scalar subquery
	BindRange                   // <, <=, >, >=, BETWEEN, StartsWith
	BindPoint                   // =, IN (…), IS NULL, bare Bool column
)

func (b BindKind) String() string {
	switch b {
	case BindUnknown:
		return "unknown"
	case BindDepends:
		return "depends"
	case BindRange:
		return "range"
	case BindPoint:
		return "point"
	}
	return "none"
}

// Binding is how the predicate binds one key column of an Access.
type Binding struct {
	Column string
	Kind   BindKind // the weakest over the OR branches of the predicate
	// InPrefix is true when the column lies inside the key prefix the read
	// can use in every branch (it is not after a gap or a range).
	InPrefix bool
	// Atom is the span of the predicate atom that binds the column (in the
	// first branch); zero when Kind is BindNone.
	Atom yql.Span
	// Value is the compared value of a single `col = v` point atom, as
	// written (a named expression is not substituted); nil otherwise (IN
	// lists, ranges, several OR branches with different atoms).
	Value yql.Expr
	// Null is set for `col IS NULL`.
	Null bool
}

// ReasonCode is a machine-readable cause for a non-POINT verdict or a
// residual atom.
type ReasonCode int

const (
	ReasonNone ReasonCode = iota
	// Verdict-level causes.
	ReasonNoWhere          // no WHERE at all (row 24)
	ReasonNoKeyPredicate   // WHERE only on non-key columns (row 24)
	ReasonLeadingUnbound   // later key columns constrained, the first one not (row 9)
	ReasonGap              // a key column skipped after a point prefix (row 6)
	ReasonPrefixEnd        // RANGE: the usable prefix ends here (a range atom, or nothing on this column)
	ReasonOrAcrossColumns  // an OR branch does not constrain the first key column (row 10)
	ReasonTooManyRanges    // product of IN sizes above 10,000 (row 7)
	ReasonBatch            // BATCH UPDATE/DELETE: full pass by design (row 28)
	ReasonAutoIndex        // a ready SYNC index may be chosen automatically (§3.2.7)
	ReasonJoin             // the key is compared with another side of a join (row 23)
	ReasonInSubquery       // IN (SELECT …) (row 23)
	ReasonSubqueryValue    // compared with a scalar subquery
	ReasonLikePrefix       // LIKE 'abc%': documented prefix drill-down (row 21)
	ReasonListParam        // IN $list: size known only at run time (§3.2.6)
	ReasonOuterFilter      // read through a subquery/named source with an outer filter that may be pushed down
	ReasonOpaque           // an opaque expression or hole may constrain the key
	ReasonTooComplex       // the predicate exceeds the planner's bounds
	ReasonUnknownTable     // the table is not in the catalogue
	ReasonUnknownIndex     // VIEW names an index the catalogue does not know
	ReasonColumnStore      // a column table: key-range rules do not apply
	ReasonSchemaConflict   // the catalogue has conflicting or incomplete definitions
	ReasonUnsupportedIndex // VIEW of a non-secondary (vector, …) index
	// Atom-level causes (the atom stays a residual filter).
	ReasonFuncOnColumn        // function or cast around the key column (row 11)
	ReasonColumnVsColumn      // the value references the row (row 12)
	ReasonLossyType           // integer key vs Float/Double/Decimal value (row 13)
	ReasonNotEqual            // != / NOT (k = v): nearly the whole key space (row 16)
	ReasonIsNotNull           // IS NOT NULL (row 16)
	ReasonNotStartsWith       // NOT StartsWith (row 16)
	ReasonNotIn               // NOT IN (row 17)
	ReasonLikeLeadingWildcard // LIKE '%x' / '_x' (row 22)
	ReasonLikeParam           // LIKE $p: pattern unknown at compile time (row 22)
	ReasonNotLike             // NOT LIKE
	ReasonPatternMatch        // ILIKE, REGEXP, RLIKE, MATCH, GLOB (row 22)
	ReasonUnsupportedOperator // IS [NOT] DISTINCT FROM and other non-range operators
	ReasonOptionalParam       // (k = $p OR $p IS NULL): every partition only when $p is NULL
)

var reasonNames = [...]string{
	ReasonNone: "none", ReasonNoWhere: "no-where", ReasonNoKeyPredicate: "no-key-predicate",
	ReasonLeadingUnbound: "leading-unbound", ReasonGap: "gap", ReasonPrefixEnd: "prefix-end", ReasonOrAcrossColumns: "or-across-columns",
	ReasonTooManyRanges: "too-many-ranges", ReasonBatch: "batch", ReasonAutoIndex: "auto-index",
	ReasonJoin: "join", ReasonInSubquery: "in-subquery", ReasonSubqueryValue: "subquery-value",
	ReasonLikePrefix: "like-prefix", ReasonListParam: "list-param", ReasonOuterFilter: "outer-filter",
	ReasonOpaque: "opaque", ReasonTooComplex: "too-complex", ReasonUnknownTable: "unknown-table",
	ReasonUnknownIndex: "unknown-index", ReasonColumnStore: "column-store", ReasonSchemaConflict: "schema-conflict",
	ReasonUnsupportedIndex: "unsupported-index", ReasonFuncOnColumn: "func-on-column",
	ReasonColumnVsColumn: "column-vs-column", ReasonLossyType: "lossy-type", ReasonNotEqual: "not-equal",
	ReasonIsNotNull: "is-not-null", ReasonNotStartsWith: "not-startswith", ReasonNotIn: "not-in",
	ReasonLikeLeadingWildcard: "like-leading-wildcard", ReasonLikeParam: "like-param", ReasonNotLike: "not-like",
	ReasonPatternMatch: "pattern-match", ReasonUnsupportedOperator: "unsupported-operator",
	ReasonOptionalParam: "optional-param",
}

func (r ReasonCode) String() string {
	if int(r) >= 0 && int(r) < len(reasonNames) && reasonNames[r] != "" {
		return reasonNames[r]
	}
	return "?"
}

// Reason explains a verdict or an atom.
type Reason struct {
	Code   ReasonCode
	Column string   // the key column concerned, when there is one
	Span   yql.Span // where to report (the atom, the WHERE, the table reference)
	Text   string   // one human sentence
}

// Access is one table read by a statement.
type Access struct {
	Kind AccessKind
	// Table is nil when the reference could not be resolved (Verdict is
	// Unknown then).
	Table *schema.Table
	Ref   *yql.TableRef
	// Source is the FROM item (nil for UPDATE/DELETE).
	Source *yql.TableSource
	// Alias is the alias or, without one, the name the columns are
	// qualified with.
	Alias string
	// Named is the named expression ($name, without '$') through which the
	// read was reached, "" when the read is written in the statement
	// itself. The same named subquery used twice yields two Accesses with
	// the same Ref span: deduplicate on it.
	Named string
	// Join: the read is one side of a JOIN. A finding about it is placed
	// at its FROM item, since the predicate that breaks its key may be
	// the ON of the join or the WHERE of another side.
	Join bool

	// Index is the index read through `VIEW idx`; nil for the primary key.
	Index          *schema.Index
	ViewPrimaryKey bool
	// KeyName is "PRIMARY KEY" or the index name.
	KeyName string
	// Key is the key the verdict is about: the primary key, or for VIEW idx
	// the index columns followed by the remaining primary-key columns.
	Key []string

	Verdict  Verdict
	Bindings []Binding // one per Key column, in key order
	// PointPrefix and UsedPrefix are the minimum over OR branches of the
	// number of leading key columns pinned to points, and used at all.
	PointPrefix, UsedPrefix int
	// Break is why the verdict is not POINT: for FULL and RANGE the atom or
	// construct that ended the key prefix, for UNKNOWN and DEPENDS the
	// deciding cause. Code is ReasonNone for POINT.
	Break Reason
	// Residual lists the atoms on key columns that stay filters, with why.
	Residual []Reason
	// Depends lists conditions that may change the verdict at run time
	// (list parameter sizes, auto index choice, lookup joins). Informational
	// unless Verdict is Depends.
	Depends []Reason
	// IndexHint, for FULL and DEPENDS, is a secondary index that leads with
	// a column the predicate pins to points (a SYNC one when there is one),
	// or, when only an ASYNC index does and KQP may choose a SYNC index
	// automatically (Break.Code ReasonAutoIndex), that SYNC index, which
	// may only bound a range: the fix `VIEW <IndexHint.Name>`.
	IndexHint *schema.Index
	// PointKeys are the unique keys (the primary key first, then GLOBAL
	// UNIQUE indexes) every column of which every OR branch pins to a
	// finite set of values, `IN $list` included (pointkey.go): a bound on
	// the rows the read returns, with or without VIEW.
	PointKeys []PointKey

	// Hash is the hash-prefix check (§3.4), set when the table has Hash
	// evidence and the read uses its primary key; nil otherwise.
	Hash *HashCheck
	// HashEvidence is read-side hash-prefix evidence (readhash.go): with no
	// evidence known yet, the read pins the leading key column to F(v)
	// and another key column to v. HashEvidenceSpan is the hash atom.
	HashEvidence     *schema.HashPrefix
	HashEvidenceSpan yql.Span

	NoWhere bool
	Batch   bool
	// Where is the statement's WHERE (nil when none); for a join side the
	// JOIN ON conditions that filter it were also taken into account.
	Where yql.Expr
}

// Binding returns the binding of a key column, or a BindNone binding when
// the column is not in Key.
func (a *Access) Binding(col string) Binding {
	for _, b := range a.Bindings {
		if b.Column == col {
			return b
		}
	}
	return Binding{Column: col}
}

// WriteKind says which statement writes.
type WriteKind int

const (
	WriteInsert WriteKind = iota
	WriteUpsert
	WriteReplace
	WriteUpdateSet // UPDATE t SET … [WHERE …]
	WriteUpdateOn  // UPDATE t ON SELECT … / ON VALUES
	WriteDeleteOn  // DELETE FROM t ON SELECT … / ON VALUES
)

func (k WriteKind) String() string {
	return [...]string{"INSERT", "UPSERT", "REPLACE", "UPDATE", "UPDATE ON", "DELETE ON"}[k]
}

// ValueClass classifies an expression written to a key column.
type ValueClass int

const (
	ValUnknown       ValueClass = iota // opaque, hole, or not classified
	ValLiteral                         // a non-NULL literal
	ValNull                            // literal NULL
	ValNothing                         // Nothing(T?)
	ValParam                           // a query parameter ($p); see Param/ParamInfo
	ValHash                            // Digest::F(arg); see Func/Arg
	ValCurrentTime                     // CurrentUtc{Date,Datetime,Timestamp}() (maybe under CAST/DateTime::To*)
	ValUuidColumnKey                   // Uuid::newV8ColumnKey(): chronological
	ValRandomUuid                      // RandomUuid, Uuid::newV4/newV7/newV8RowKey: not monotonic
	ValColumn                          // a column of the SELECT / AS_TABLE source (Column)
	ValFunc                            // any other function or expression
)

var valueClassNames = [...]string{"unknown", "literal", "null", "nothing", "param", "hash", "current-time",
	"uuid-column-key", "random-uuid", "column", "func"}

func (c ValueClass) String() string {
	if int(c) >= 0 && int(c) < len(valueClassNames) {
		return valueClassNames[c]
	}
	return "?"
}

// WrittenValue is one expression written to a key column.
type WrittenValue struct {
	// Expr is the expression as written (nil for a column filled from an
	// AS_TABLE struct by `SELECT *`).
	Expr  yql.Expr
	Span  yql.Span // where to report
	Class ValueClass
	// Param is the parameter name (without '$') for ValParam, and for a
	// ValColumn of `AS_TABLE($rows)` the list parameter.
	Param     string
	ParamInfo ParamInfo // effective info (DECLARE merged in) for ValParam
	// Func is the full function name for ValHash, ValFunc calls,
	// ValCurrentTime, ValUuidColumnKey and ValRandomUuid.
	Func string
	// Arg is the hashed argument of ValHash with named expressions
	// substituted.
	Arg yql.Expr
	// Column is the source column for ValColumn.
	Column string
	// Optional says whether the value's type is Optional (may be NULL).
	Optional Tri
	// Null is set when the value is certainly NULL.
	Null bool
	// Monotonic is set when the value grows with time (ValCurrentTime,
	// ValUuidColumnKey, a parameter whose ParamInfo is Monotonic).
	Monotonic bool
	// Const is the one value the expression certainly has, spelled as Go
	// constants are (`"api"`, `3`, `true`): a literal (under CAST too), a
	// parameter bound to a Go constant, or a Digest:: hash of either
	// (`Digest::CityHash("api")`); "" otherwise. Writes whose key columns
	// all hold constants show how many values the column takes.
	Const string
}

// KeyWrite is what a write puts into one primary-key column.
type KeyWrite struct {
	Column string
	// Present is TriNo when the input certainly lacks the column,
	// TriUnknown when the input columns are not known.
	Present Tri
	// Values has one entry per written row (VALUES) or one for a SELECT /
	// AS_TABLE source; empty when not Present or unknown.
	Values []WrittenValue
}

// FindingCode is a write-side check (yql-semantics.md §3.3, write-side table).
type FindingCode int

const (
	// FindMissingKeyColumn: INSERT/UPSERT/REPLACE input lacks a key column
	// without DEFAULT/Serial — compile error `Missing key column in input`.
	FindMissingKeyColumn FindingCode = iota
	// FindOnMissingKeyColumn: UPDATE ON / DELETE ON input lacks a key
	// column — compile error `Missing key column in input`.
	FindOnMissingKeyColumn
	// FindNullKey: NULL, Nothing(…) or a certainly-NULL parameter written
	// to a key column.
	FindNullKey
	// FindOptionalKey: an Optional-typed value (T? parameter, AutoMap
	// function of an Optional, CAST(x AS T?), Just(x)) written to a key column.
	FindOptionalKey
	// FindUpdateKeyColumn: UPDATE … SET <key column> — compile error
	// `Cannot update primary key column`.
	FindUpdateKeyColumn
)

func (c FindingCode) String() string {
	return [...]string{"missing-key-column", "on-missing-key-column", "null-key", "optional-key", "update-key-column"}[c]
}

// Finding is one write-side problem.
type Finding struct {
	Code   FindingCode
	Column string
	Span   yql.Span // where to report
	// CompileError is true when YDB certainly rejects the statement:
	// missing key column, UPDATE SET of a key column, or a NULL/Optional
	// value into a NOT NULL key column.
	CompileError bool
	// NotNull is the key column's NOT NULL flag (null findings).
	NotNull bool
	// HashColumn is set when the column is the table's hash-prefix column
	// (table.Hash.Column); HashHint is then the expression to write,
	// e.g. "Digest::NumericHash(<order_id>)" with the source value when the
	// write shows it, else with the source column name in angle brackets.
	HashColumn bool
	HashHint   string
	// Literal is set on a NULL finding when the NULL is spelled in the
	// query text (NULL, Nothing(T?)) rather than bound from Go: a
	// deliberate sentinel more often than a mistake.
	Literal bool
	Text    string
}

// Write is one table written by a statement.
type Write struct {
	Kind WriteKind
	// Table is nil when the reference could not be resolved; no findings
	// are made then.
	Table *schema.Table
	Ref   *yql.TableRef
	// ColumnsKnown is set when every input column name is known (so a key
	// column absent from the input is certainly missing).
	ColumnsKnown bool
	// Keys has one entry per primary-key column (INSERT/UPSERT/REPLACE,
	// UPDATE ON, DELETE ON); empty for UPDATE SET.
	Keys     []KeyWrite
	Findings []Finding
	// Hash is write-side hash-prefix evidence (§4 A) found in this write,
	// nil when none. Src is left zero: the caller knows the Go position.
	Hash *schema.HashPrefix
	// HashSpan is the span of the hash expression that gave Hash.
	HashSpan yql.Span
	// IndexLeads has, for INSERT/UPSERT/REPLACE, one entry per secondary
	// index of the table, in index order: what the write puts into the
	// index's leading column (indexmono.go).
	IndexLeads []KeyWrite
}

// Key returns the KeyWrite of a key column, or nil.
func (w *Write) Key(col string) *KeyWrite {
	for i := range w.Keys {
		if w.Keys[i].Column == col {
			return &w.Keys[i]
		}
	}
	return nil
}
