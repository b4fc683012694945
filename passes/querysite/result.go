package querysite

import (
	"go/token"
	"sort"
)

// This file is the contract between the querysite pass and its consumers
// (schemafact and the four rules). Consumers read only these types; they never
// walk SSA themselves.

// Result lists every place in the package where Go code hands YQL text,
// parameters, rows or a table definition to ydb-go-sdk or database/sql,
// directly or through a wrapper whose fact says it forwards to one.
type Result struct {
	Sites []*Site // in source order of Pos
	// Failure is set when the pass failed on this package (a panic,
	// recovered): Sites is then empty. The rules report it through
	// queryplan (see report.WrapFact).
	Failure string
}

// Kind says what a site hands to the database.
type Kind int

const (
	// KindYQL is YQL text executed as a query, script or scheme query
	// (DML or DDL).
	KindYQL Kind = iota
	// KindBulkUpsert is table.Client.BulkUpsert / Session.BulkUpsert: rows
	// written by key without YQL.
	KindBulkUpsert
	// KindReadRows is ReadRows: rows read by full key without YQL.
	KindReadRows
	// KindReadTable is Session.StreamReadTable with optional key-range options.
	KindReadTable
	// KindCreateTable is Session.CreateTable with options.
	KindCreateTable
	// KindAlterTable is Session.AlterTable with options.
	KindAlterTable
	// KindDropTable is Session.DropTable.
	KindDropTable
)

// Site is one call that reaches the database.
type Site struct {
	// Pos and End delimit the call expression in this package. For a call
	// to a wrapper, this is the call to the wrapper (where the user can act).
	Pos, End token.Pos
	// API is the SDK or database/sql entry point finally reached, in the
	// catalogue's spelling, e.g. "query.Client.Exec",
	// "table.Session.Execute", "database/sql.DB.ExecContext".
	API string
	// Chain lists the wrappers between this call and the SDK, outermost
	// first; empty for a direct SDK call.
	Chain []Frame
	Kind  Kind

	// Texts are the recovered variants of the query text (KindYQL). Empty
	// when the text could not be recovered at all; rules then stay silent.
	// Each variant is checked on its own.
	Texts []*Text
	// TextsTruncated is set when more variants existed than the bound; the
	// listed ones are still exact.
	TextsTruncated bool

	// Params describes the values bound to the query's parameters.
	Params *Params

	// Table is the table path argument for BulkUpsert, ReadRows,
	// StreamReadTable, CreateTable, AlterTable and DropTable, recovered like
	// query text (it may contain holes). Nil when not recovered.
	Table *Text
	// TableAlternatives lists the table paths when the argument is one of
	// several texts (a field set by a constructor called once per table:
	// fieldctor.go), in order, at least two. Which one a given call uses is
	// not known: a row may be judged only by what holds under EVERY
	// alternative, never by pairing it with one. For BulkUpsert, ReadRows
	// and ReadTable, Table is then nil; for CreateTable, AlterTable and
	// DropTable (the same options for every alternative) Table is the first.
	TableAlternatives []*Text

	// Rows are the rows of a BulkUpsert (KindBulkUpsert) or the keys of a
	// ReadRows (KindReadRows). RowsKnown is false when some row could not be
	// decoded; rules must not conclude that a column is missing then.
	Rows      []*Row
	RowsKnown bool
	// RowAlternatives is set when some rows are alternatives rather than
	// rows written together: one per implementation of an interface method
	// that returns the row's fields (Row.Impl, implrows.go). A run writes
	// rows of some of the shapes, not necessarily all: a fault of one row
	// is still a fault (its shape is written whenever that implementation
	// reaches the call), but evidence drawn from rows (a hash written to a
	// column) holds only when every row shows it.
	RowAlternatives bool

	// KeyRange holds StreamReadTable key-range bounds (KindReadTable), each a
	// key prefix tuple; nil when the read has no range options.
	KeyRange []*Row

	// TableOptions holds the decoded CreateTable / AlterTable options
	// (KindCreateTable, KindAlterTable). OptionsKnown is false when some
	// option could not be decoded.
	TableOptions *TableOptions
	OptionsKnown bool

	// TablePathPrefix is a prefix the driver adds to the text
	// (database/sql ydb.WithTablePathPrefix or a DSN table_path_prefix(…)),
	// when known; "" otherwise. PrefixUnknown is set when a prefix may be
	// added but its value is not known.
	TablePathPrefix string
	PrefixUnknown   bool

	// SQLDriver is the database/sql driver name when the *sql.DB was traced
	// to its opening ("ydb" for ydb.Connector or sql.Open("ydb"/"ydb/v3"),
	// another name for another driver), "" when unknown or not database/sql.
	SQLDriver string

	// NotYQL is set when the text is not YQL (query.WithSyntax(SyntaxPostgreSQL))
	// or is only explained/validated (ExecModeExplain, ExecModeValidate,
	// ExecModeParse, Explain methods): rules skip it. Schema discovery may
	// still read DDL from it.
	NotYQL bool
	// ExplainOnly is set for Explain calls and explain/validate exec modes
	// (also database/sql's ydb.WithQueryMode(ctx, ydb.ExplainQueryMode)).
	ExplainOnly bool
	// ScanQuery is set when the text runs as a scan query: table.Session's
	// StreamExecuteScanQuery, or database/sql with the call's context
	// traced to ydb.WithQueryMode(ctx, ydb.ScanQueryMode) on every path.
	// A scan query reads many rows on purpose, so a full scan there is
	// intended; fullscan reports it only with -strict.
	ScanQuery bool
}

// Frame is one wrapper call on the way from a site to the SDK.
type Frame struct {
	Func string    // the wrapper, e.g. "github.com/acme/db.(*Repo).Exec"
	Pos  token.Pos // the call inside the wrapper that forwards (in this package only; NoPos for wrappers in other packages)
	// PosString is "file:line:col" of that call, valid across packages.
	PosString string
}

// Text is recovered query text with a map from its bytes back to Go
// positions.
type Text struct {
	// YQL is the text with each unknown piece replaced by a hole placeholder
	// (yql.HoleName(i)).
	YQL string
	// Holes describes each hole, indexed by its number.
	Holes []Hole
	// Segments map byte ranges of YQL to Go positions, sorted by Off and
	// non-overlapping.
	Segments []Segment
	// Fallback is the position used for bytes that no segment covers (the
	// call, or the expression that produced the text).
	Fallback, FallbackEnd token.Pos
	// Choices are the optional pieces (appends under an if) this variant
	// holds or leaves out, by if statement (shapes.go); empty for text
	// that has none.
	Choices []Choice
}

// Hole is one unknown piece of a text.
type Hole struct {
	// Key is a stable identity of the Go value that fills the hole, when it
	// has one that is the same wherever the value is used: a struct field
	// ("field:pkg.Type.name"), a package-level variable ("var:pkg.name"), a
	// function result ("call:pkg.Func"). Two holes with the same non-empty
	// Key hold the same string at run time as far as ydblint can tell, so a
	// table named by a hole in a query can be matched with a table created
	// by DDL whose name has the same hole. Empty when the value has no such
	// identity (a parameter, a local computation).
	Key string
	// Desc is a short human description ("d.tablePath", "%s argument").
	Desc string
	Pos  token.Pos
}

// Segment maps YQL[Off:Off+Len] to Go source starting at Pos. When Exact is
// set, the Go text is the same bytes one to one (a raw string literal, or an
// interpreted one without escapes in the range), so Pos+i is byte i.
// Otherwise every byte maps to [Pos, End).
type Segment struct {
	Off, Len int
	Pos, End token.Pos
	Exact    bool
}

// PosRange maps the byte range [start, end) of YQL to a Go range. It returns
// the exact position of the text when the range lies inside one exact
// segment, the enclosing segment's range otherwise, and the fallback when no
// segment covers start.
func (t *Text) PosRange(start, end int) (token.Pos, token.Pos) {
	i := sort.Search(len(t.Segments), func(i int) bool {
		s := t.Segments[i]
		return s.Off+s.Len > start
	})
	if i < len(t.Segments) {
		s := t.Segments[i]
		if s.Off <= start {
			if s.Exact && end <= s.Off+s.Len {
				return s.Pos + token.Pos(start-s.Off), s.Pos + token.Pos(end-s.Off)
			}
			return s.Pos, s.End
		}
	}
	return t.Fallback, t.FallbackEnd
}

// BindMode says how database/sql arguments turn into YQL parameter names.
type BindMode int

const (
	// BindNative: parameters are bound by name (SDK params, sql.Named);
	// unnamed database/sql args become $p0, $p1, … .
	BindNative BindMode = iota
	// BindPositional: `?` placeholders become $p0, $p1, … (ydb.WithPositionalArgs).
	BindPositional
	// BindNumeric: `$1`, `$2`, … become $p0, $p1, … (ydb.WithNumericArgs).
	BindNumeric
	// BindUnknown: the connector options could not be determined; rules
	// must not map unnamed arguments to parameters.
	BindUnknown
)

// Params describes the parameters bound at a site.
type Params struct {
	// Known is true when the complete set of bound parameters is known (every
	// binding was decoded). When false, Bindings may be partial: a rule may
	// use a binding it has, but must not conclude a parameter is unbound.
	Known    bool
	Mode     BindMode
	Bindings []*Binding // sorted by Name
	// AutoDeclare is set when the driver adds DECLAREs (ydb.WithAutoDeclare);
	// the types then come from the Go values.
	AutoDeclare bool
}

// Lookup returns the binding for a parameter name (with or without '$').
func (p *Params) Lookup(name string) *Binding {
	if p == nil {
		return nil
	}
	if len(name) > 0 && name[0] == '$' {
		name = name[1:]
	}
	for _, b := range p.Bindings {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// Binding is one parameter and the value bound to it.
type Binding struct {
	Name  string    // without '$'
	Pos   token.Pos // the Go expression that binds it
	End   token.Pos
	Value Value
	// NoDollar is set for a ydb.ParamsBuilder().Param(name) whose name has
	// no leading '$': the SDK sends it verbatim, so no `$name` in the YQL
	// text refers to it (Lookup still finds it by Name).
	NoDollar bool
}

// NullKind says whether a value is NULL.
type NullKind int

const (
	NotNull        NullKind = iota // never NULL as far as ydblint can tell (or not Optional)
	MaybeNull                      // an Optional whose presence depends on run-time data
	DefinitelyNull                 // always NULL (types.NullValue, a nil pointer, sql.NullX{} …)
	NullUnknown                    // could not tell
)

// Value classifies a bound value (a parameter value, a struct field of a
// BulkUpsert row, or a key tuple element).
type Value struct {
	// YDBType is the YDB type without Optional, when known ("Uint64").
	YDBType string
	// Optional is true when the value's YDB type is Optional<T> (a pointer,
	// BeginOptional, types.OptionalValue, types.Nullable*, sql.Null*).
	Optional bool
	Null     NullKind
	// Const is true for a value built from constants only; ConstText is its
	// Go spelling when short.
	Const     bool
	ConstText string
	// HashFunc is the hash function when the value is computed by one
	// ("hash/fnv.New64a", "github.com/cespare/xxhash/v2.Sum64", or a user
	// function wrapping one), and HashOf the identity (Origin) of the value
	// it hashes.
	HashFunc string
	HashOf   string
	// Monotonic names the source when the value increases with time or per
	// call ("time.Now", "atomic counter"); empty otherwise.
	Monotonic string
	// Origin is a stable identity of the Go value within its function
	// ("param:id", "field:x.ID", "call@file:line:col"), used to tell
	// whether two bindings carry the same value. Empty when unknown.
	Origin string
	// Desc is a short Go spelling for messages ("types.NullValue(types.TypeUint64)").
	Desc string
}

// Row is one row of a BulkUpsert or one key of ReadRows/ReadTable: named
// fields (struct) or positional elements (tuple).
type Row struct {
	Pos, End token.Pos
	Fields   []*Field
	// Known is false when the row's field list could not be fully decoded.
	Known bool
	// Impl names the method whose returned fields begin this row, when the
	// fields come from an interface method call ("(example.com/idx.tagIndex).StructFields
	// at idx/tag.go:31:2"); "" for a row built where it is written.
	Impl string
}

// Field is one named (or positional, Name "" and Index set) value of a row.
type Field struct {
	Name     string
	Index    int
	Pos, End token.Pos
	Value    Value
}

// TableOptions is the decoded form of CreateTable / AlterTable options.
type TableOptions struct {
	Columns     []ColumnOption // WithColumn / WithColumnMeta / WithAddColumn
	DropColumns []string
	PrimaryKey  []string // WithPrimaryKeyColumn calls, concatenated in order
	// PrimaryKeyPos is the first WithPrimaryKeyColumn call (tableopts.go).
	PrimaryKeyPos token.Pos
	Indexes       []IndexOption
	DropIndexes   []string
	// UniformPartitions is WithPartitions(WithUniformPartitions(n)); 0 when absent or unknown.
	UniformPartitions int
	TTLColumn         string
}

// ColumnOption is one column option.
type ColumnOption struct {
	Name     string
	YDBType  string // without Optional, "" when unknown
	Optional bool   // types.Optional(...): nullable
	Default  bool   // WithColumnMeta with a DefaultValue
	Pos      token.Pos
}

// IndexOption is one WithIndex / WithAddIndex option.
type IndexOption struct {
	Name    string
	Columns []string
	Cover   []string
	Async   bool
	Unique  bool
	Pos     token.Pos
}
