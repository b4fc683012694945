package yql

import (
	"strconv"
	"strings"
)

// Every node records the half-open byte range [Start, End) it was parsed
// from, as offsets into the text handed to Parse. Offsets, not token.Pos:
// this package knows nothing about Go files. Callers that recovered the text
// from Go code translate offsets through their own position map.

// Span is a half-open byte range [Start, End) in the parsed text.
type Span struct {
	Start, End int
}

// NodeSpan returns the receiver itself, so any node that embeds Span satisfies
// Node.
//
// (The method cannot be called Span: in a struct embedding Span, the field
// named Span hides a promoted method of the same name, so no node would
// satisfy Node. Use n.Span, n.Start, n.End on concrete nodes and
// n.NodeSpan() on interfaces.)
func (s Span) NodeSpan() Span { return s }

// Node is any syntax node.
type Node interface {
	NodeSpan() Span
}

// Script is the result of parsing one text: the statements in order, and the
// errors met on the way. A statement that could not be parsed is kept as an
// *OpaqueStmt so that indices and spans of the others stay meaningful.
type Script struct {
	Stmts  []Stmt
	Errors []*Error
	// Comments are the text's comments in order (`--`, `/* */`, hints), for
	// in-query annotations and suppressions. A comment belongs to the
	// statement whose span contains it, if any.
	Comments []Comment
}

// Comment is one comment with its byte span. Text is the comment as written,
// markers included (`-- x`, `/* x */`); a line comment's span ends before the
// line break.
type Comment struct {
	Span
	Text  string
	Block bool // a /* */ comment
}

// Error is a positioned parse error.
type Error struct {
	Offset int // byte offset of the offending token
	Msg    string
}

func (e *Error) Error() string { return e.Msg }

// ---------------------------------------------------------------------------
// Statements

// Stmt is one top-level statement.
type Stmt interface {
	Node
	stmtNode()
}

// SelectStmt is a top-level query: SELECT …, possibly a UNION ALL chain.
type SelectStmt struct {
	Span
	Query *Select
}

// NamedExprStmt binds named expressions: `$x = expr;`, `$t = SELECT …;`,
// `$t = (SELECT …);`, `$a, $b = expr;`. Value is an expression; a subquery
// form is a *SubqueryExpr.
type NamedExprStmt struct {
	Span
	Names []string // without the leading '$'
	Value Expr
}

// DeclareStmt is `DECLARE $name AS Type`.
type DeclareStmt struct {
	Span
	Name string // without the leading '$'
	Type *TypeRef
}

// PragmaStmt is `PRAGMA name(args)` or `PRAGMA name = value`. Name keeps its
// spelling (compare with strings.EqualFold); Values are the unquoted
// string or identifier arguments.
type PragmaStmt struct {
	Span
	Name   string
	Values []string
}

// InsertKind distinguishes the three row-writing statements.
type InsertKind int

const (
	Insert InsertKind = iota
	Upsert
	Replace
)

func (k InsertKind) String() string {
	switch k {
	case Insert:
		return "INSERT"
	case Upsert:
		return "UPSERT"
	case Replace:
		return "REPLACE"
	}
	return "?"
}

// InsertStmt is `INSERT|UPSERT|REPLACE INTO t [(cols)] VALUES …`,
// `… SELECT …` or `… FROM AS_TABLE($x)` (the latter is parsed as a Select
// whose From is an AsTableSource).
type InsertStmt struct {
	Span
	Kind    InsertKind
	Table   *TableRef
	Columns []*Ident // nil when no column list was written
	Values  [][]Expr // VALUES rows; nil when Source is set
	Source  *Select  // SELECT / FROM AS_TABLE source; nil for VALUES
	// Returning is true when a RETURNING clause follows; its items are not kept.
	Returning bool
}

// Assignment is `col = expr` in UPDATE … SET.
type Assignment struct {
	Span
	Column *Ident
	Value  Expr
}

// UpdateStmt is `[BATCH] UPDATE t SET … [WHERE …]` or `UPDATE t ON SELECT …`.
type UpdateStmt struct {
	Span
	Batch bool
	Table *TableRef
	Set   []*Assignment
	Where Expr    // nil when absent
	On    *Select // non-nil for UPDATE … ON SELECT
	// OnColumns and OnValues hold `UPDATE t ON [(cols)] VALUES (…), …`:
	// OnValues is non-nil for that form (On is nil then). OnColumns is also
	// set for `ON (cols) SELECT …`.
	OnColumns []*Ident
	OnValues  [][]Expr
	Returning bool // a RETURNING clause follows; its items are not kept
}

// DeleteStmt is `[BATCH] DELETE FROM t [WHERE …]` or `DELETE FROM t ON SELECT …`.
type DeleteStmt struct {
	Span
	Batch bool
	Table *TableRef
	Where Expr    // nil when absent
	On    *Select // non-nil for DELETE … ON SELECT
	// OnColumns and OnValues: as in UpdateStmt, for `DELETE FROM t ON [(cols)] VALUES …`.
	OnColumns []*Ident
	OnValues  [][]Expr
	Returning bool // a RETURNING clause follows; its items are not kept
}

// CreateTableStmt is `CREATE TABLE [IF NOT EXISTS] t (…) [PARTITION BY HASH(…)] [WITH (…)]`.
type CreateTableStmt struct {
	Span
	Table       *TableRef
	IfNotExists bool
	Temporary   bool
	OrReplace   bool // CREATE OR REPLACE TABLE
	Columns     []*ColumnDef
	PrimaryKey  []*Ident // in key order; nil when absent
	PKSpan      Span     // span of the PRIMARY KEY (…) clause, zero when absent
	Indexes     []*IndexDef
	PartitionBy []*Ident   // PARTITION BY HASH (…)
	With        []*Setting // WITH (…) settings in order
	AsSelect    bool       // CREATE TABLE … AS SELECT: columns are not known
}

// Setting is one `NAME = value` entry of a WITH (…) list. Value is kept as an
// expression; common shapes are identifiers (ENABLED, COLUMN), integers,
// strings and, for TTL, an opaque or call expression.
type Setting struct {
	Span
	Name  string // upper-cased
	Value Expr
}

// ColumnDef is one column of CREATE TABLE or ALTER TABLE … ADD COLUMN.
type ColumnDef struct {
	Span
	Name       *Ident
	Type       *TypeRef
	NotNull    bool
	Null       bool // an explicit NULL constraint
	HasDefault bool
	Default    Expr // nil when HasDefault is false
	Family     string
}

// IndexDef is `INDEX name GLOBAL [UNIQUE] [SYNC|ASYNC] [USING kind] ON (cols) [COVER (cols)] [WITH (…)]`.
type IndexDef struct {
	Span
	Name    *Ident
	Local   bool // LOCAL instead of GLOBAL
	Unique  bool
	Async   bool   // ASYNC; SYNC is the default
	Using   string // USING kind (e.g. "secondary", "vector_kmeans_tree"); empty when absent
	Columns []*Ident
	Cover   []*Ident
}

// AlterTableStmt is `ALTER TABLE t action[, action…]`.
type AlterTableStmt struct {
	Span
	Table   *TableRef
	Actions []AlterAction
}

// AlterAction is one action of ALTER TABLE.
type AlterAction interface {
	Node
	alterAction()
}

// AddColumn is `ADD COLUMN def`.
type AddColumn struct {
	Span
	Column *ColumnDef
}

// DropColumn is `DROP COLUMN name`.
type DropColumn struct {
	Span
	Name *Ident
}

// AddIndex is `ADD INDEX def`.
type AddIndex struct {
	Span
	Index *IndexDef
}

// DropIndex is `DROP INDEX name`.
type DropIndex struct {
	Span
	Name *Ident
}

// RenameIndex is `RENAME INDEX old TO new`.
type RenameIndex struct {
	Span
	From, To *Ident
}

// OpaqueAction is any ALTER TABLE action the parser does not model (SET, RESET,
// ADD FAMILY, ADD CHANGEFEED, …). It does not change keys or indexes.
type OpaqueAction struct {
	Span
	Text string
}

// DropTableStmt is `DROP TABLE [IF EXISTS] t`.
type DropTableStmt struct {
	Span
	Table    *TableRef
	IfExists bool
}

// OpaqueStmt is a statement the parser does not model, or one it failed to
// parse. No rule may draw a conclusion from it. Keyword is the upper-cased
// first keyword ("COMMIT", "CREATE", …) when there is one.
type OpaqueStmt struct {
	Span
	Keyword string
	Reason  string
}

func (*SelectStmt) stmtNode()      {}
func (*NamedExprStmt) stmtNode()   {}
func (*DeclareStmt) stmtNode()     {}
func (*PragmaStmt) stmtNode()      {}
func (*InsertStmt) stmtNode()      {}
func (*UpdateStmt) stmtNode()      {}
func (*DeleteStmt) stmtNode()      {}
func (*CreateTableStmt) stmtNode() {}
func (*AlterTableStmt) stmtNode()  {}
func (*DropTableStmt) stmtNode()   {}
func (*OpaqueStmt) stmtNode()      {}

func (*AddColumn) alterAction()    {}
func (*DropColumn) alterAction()   {}
func (*AddIndex) alterAction()     {}
func (*DropIndex) alterAction()    {}
func (*RenameIndex) alterAction()  {}
func (*OpaqueAction) alterAction() {}

// ---------------------------------------------------------------------------
// SELECT

// Select is one SELECT (or a UNION [ALL] chain of them in Union).
type Select struct {
	Span
	Distinct bool
	Items    []*SelectItem
	From     Source // nil when there is no FROM
	Where    Expr   // nil when absent
	GroupBy  []Expr
	Having   Expr
	OrderBy  []*OrderItem
	Limit    Expr
	Offset   Expr
	// Union holds further SELECTs combined with UNION [ALL]; each is analysed
	// as a query of its own.
	Union []*Select
	// Without lists the columns of `SELECT … WITHOUT a, b`, removed from a
	// star projection; nil when absent.
	Without []*Ident
}

// SelectItem is one output column: `*`, `t.*`, or `expr [AS alias]`.
type SelectItem struct {
	Span
	Star      bool   // `*` or `qual.*`
	Qualifier string // for `qual.*`
	Expr      Expr   // nil for Star
	Alias     *Ident // nil when no alias
}

// OrderItem is one ORDER BY entry.
type OrderItem struct {
	Span
	Expr Expr
	Desc bool
}

// Source is something in FROM.
type Source interface {
	Node
	sourceNode()
}

// TableSource reads a table: `t [VIEW idx | VIEW PRIMARY KEY] [AS a]`.
type TableSource struct {
	Span
	Table          *TableRef
	View           *Ident // index name for VIEW idx; nil otherwise
	ViewPrimaryKey bool   // VIEW PRIMARY KEY
	Alias          *Ident // nil when no alias
}

// SubquerySource is `(SELECT …) [AS a]`.
type SubquerySource struct {
	Span
	Query *Select
	Alias *Ident
}

// AsTableSource is `AS_TABLE(expr) [AS a]`: in-query data, not a table read.
type AsTableSource struct {
	Span
	Arg   Expr
	Alias *Ident
}

// NamedSource is `$t [AS a]`: a named subquery (or a list parameter). The
// planner resolves it through the script's named expressions.
type NamedSource struct {
	Span
	Name  string // without '$'
	Alias *Ident
}

// JoinSource is `left [kind] JOIN right ON cond | USING (cols)`.
type JoinSource struct {
	Span
	Kind  string // upper-cased: "INNER", "LEFT", "LEFT SEMI", "CROSS", …
	Left  Source
	Right Source
	On    Expr // nil when USING or CROSS
	Using []*Ident
	Any   bool // the ANY modifier on either side (`ANY JOIN`, `JOIN ANY t`)
}

// OpaqueSource is a FROM item the parser does not model (FLATTEN, RANGE(),
// CONCAT(), a table function, …).
type OpaqueSource struct {
	Span
	Reason string
}

func (*TableSource) sourceNode()    {}
func (*SubquerySource) sourceNode() {}
func (*AsTableSource) sourceNode()  {}
func (*NamedSource) sourceNode()    {}
func (*JoinSource) sourceNode()     {}
func (*OpaqueSource) sourceNode()   {}

// TableRef names a table as written. Path is unquoted and unescaped:
// `my/dir/t`, `/local/db/t`, `t`. Named is set when the table position
// held a named expression ($t) instead of a name: the table is then not known
// from this reference alone.
type TableRef struct {
	Span
	Path   string
	Quoted bool   // written with backticks
	Named  string // `$name` used as a table (without '$'); Path is empty then
	// Hole is set when Path contains a hole placeholder (see HolePrefix): the
	// table is known only if the caller can resolve the hole's identity.
	Hole bool
}

// Ident is an identifier (unquoted or backticked) with its span.
type Ident struct {
	Span
	Name   string
	Quoted bool
}

// TypeRef is a YQL type: a primitive name or a parametrised one.
//
//	Uint64          → {Name: "Uint64"}
//	Uint64? / Optional<Uint64> → {Name: "Optional", Args: [{Name: "Uint64"}]}
//	List<Struct<a:Int32>> → {Name: "List", Args: [{Name: "Struct", Fields: …}]}
//	Decimal(22,9)   → {Name: "Decimal", Params: ["22", "9"]}
type TypeRef struct {
	Span
	Name   string // canonical spelling for known names (e.g. "Uint64", "Utf8", "Optional")
	Args   []*TypeRef
	Fields []*TypeField // Struct<…> and Variant<…> with names
	Params []string     // Decimal(p, s) and similar
}

// TypeField is one `name: Type` entry of Struct<…>.
type TypeField struct {
	Name string
	Type *TypeRef
}

// IsOptional reports whether the type is Optional<…> (written T? or Optional<T>).
func (t *TypeRef) IsOptional() bool { return t != nil && t.Name == "Optional" }

// Unwrap returns the innermost non-Optional type.
func (t *TypeRef) Unwrap() *TypeRef {
	for t != nil && t.Name == "Optional" && len(t.Args) == 1 {
		t = t.Args[0]
	}
	return t
}

// String renders the type in YQL syntax.
func (t *TypeRef) String() string {
	if t == nil {
		return "?"
	}
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *TypeRef) write(b *strings.Builder) {
	if t.Name == "Optional" && len(t.Args) == 1 {
		t.Args[0].write(b)
		b.WriteByte('?')
		return
	}
	b.WriteString(t.Name)
	switch {
	case len(t.Fields) > 0:
		b.WriteByte('<')
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(f.Name)
			b.WriteByte(':')
			f.Type.write(b)
		}
		b.WriteByte('>')
	case len(t.Args) > 0:
		b.WriteByte('<')
		for i, a := range t.Args {
			if i > 0 {
				b.WriteByte(',')
			}
			a.write(b)
		}
		b.WriteByte('>')
	case len(t.Params) > 0:
		b.WriteByte('(')
		b.WriteString(strings.Join(t.Params, ","))
		b.WriteByte(')')
	}
}

// ---------------------------------------------------------------------------
// Expressions

// Expr is any expression.
type Expr interface {
	Node
	exprNode()
}

// ColumnRef is `col` or `qual.col`.
type ColumnRef struct {
	Span
	Qualifier string // alias or table name; empty when unqualified
	Name      string
}

// ParamRef is `$name`: a query parameter or a named expression; which one is
// decided by the planner from the script's NamedExprStmts and DECLAREs.
type ParamRef struct {
	Span
	Name string // without '$'
}

// LiteralKind classifies literals.
type LiteralKind int

const (
	LitInt LiteralKind = iota
	LitFloat
	LitString
	LitBool
	LitNull
)

// Literal is a constant. For strings Value is the unescaped content; for
// numbers it is the digits without prefix handling (Raw keeps the source).
// Suffix is the lower-cased type suffix (`u`, `ul`, `s`, `f`, `u` for Utf8
// strings, …), empty when none.
type Literal struct {
	Span
	Kind   LiteralKind
	Raw    string
	Value  string
	Suffix string
}

// BinaryOp is a binary operator. Aliases are canonicalised: `=` is OpEq,
// `<>` is OpNe.
type BinaryOp int

const (
	OpOr BinaryOp = iota
	OpAnd
	OpXor
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe
	OpIsDistinct    // IS DISTINCT FROM
	OpIsNotDistinct // IS NOT DISTINCT FROM
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpMod
	OpConcat // ||
	OpBitAnd
	OpBitOr
	OpBitXor
	OpShl
	OpShr
	OpRotL     // |<<
	OpRotR     // >>|
	OpQuestion // ?? (Coalesce operator)
)

var binaryOpNames = [...]string{
	OpOr: "OR", OpAnd: "AND", OpXor: "XOR", OpEq: "=", OpNe: "!=", OpLt: "<", OpLe: "<=",
	OpGt: ">", OpGe: ">=", OpIsDistinct: "IS DISTINCT FROM", OpIsNotDistinct: "IS NOT DISTINCT FROM",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpMod: "%", OpConcat: "||",
	OpBitAnd: "&", OpBitOr: "|", OpBitXor: "^", OpShl: "<<", OpShr: ">>", OpRotL: "|<<", OpRotR: ">>|",
	OpQuestion: "??",
}

func (op BinaryOp) String() string {
	if int(op) < len(binaryOpNames) {
		return binaryOpNames[op]
	}
	return "?"
}

// Binary is `L op R`.
type Binary struct {
	Span
	Op   BinaryOp
	L, R Expr
	// OpSpan is the span of the operator token(s), for precise diagnostics.
	OpSpan Span
}

// UnaryOp is a prefix operator.
type UnaryOp int

const (
	OpNot UnaryOp = iota
	OpNeg
	OpPlus
	OpBitNot
)

// Unary is `op X`.
type Unary struct {
	Span
	Op UnaryOp
	X  Expr
}

// Between is `X [NOT] BETWEEN [SYMMETRIC|ASYMMETRIC] Lo AND Hi`.
type Between struct {
	Span
	X, Lo, Hi Expr
	Not       bool
	Symmetric bool
}

// In is `X [NOT] IN [COMPACT] (list…)`, `X IN $param`, `X IN (SELECT …)`.
// Exactly one of List, Query and Expr is set: a parenthesised list of
// values, a subquery, or any other single expression (a parameter, a named
// expression, a function call such as ListMap(…)).
type In struct {
	Span
	X       Expr
	Not     bool
	Compact bool
	List    []Expr
	Query   *Select
	Expr    Expr
}

// IsNull is `X IS [NOT] NULL`, also `X ISNULL` / `X NOTNULL`.
type IsNull struct {
	Span
	X   Expr
	Not bool
}

// Like is `X [NOT] LIKE|ILIKE|REGEXP|RLIKE|MATCH|GLOB Pattern [ESCAPE e]`.
type Like struct {
	Span
	Op      string // upper-cased operator keyword
	X       Expr
	Pattern Expr
	Not     bool
	Escape  Expr
}

// Tuple is `(a, b, …)` with at least two elements, or `(a,)`.
type Tuple struct {
	Span
	Elems []Expr
}

// Call is a function call `Name(args)` or `Module::Name(args)`, including
// aggregates (`COUNT(*)` has Star set) and calls with DISTINCT.
type Call struct {
	Span
	Module   string // "Digest" for Digest::NumericHash; empty for builtins
	Name     string // as written
	Args     []Expr
	Star     bool
	Distinct bool
}

// FullName returns "Module::Name" or "Name".
func (c *Call) FullName() string {
	if c.Module == "" {
		return c.Name
	}
	return c.Module + "::" + c.Name
}

// Cast is `CAST(X AS T)` or `BITCAST(X AS T)`.
type Cast struct {
	Span
	X       Expr
	Type    *TypeRef
	BitCast bool
}

// SubqueryExpr is a parenthesised SELECT used as a value or a table.
type SubqueryExpr struct {
	Span
	Query *Select
}

// Exists is `EXISTS (SELECT …)`.
type Exists struct {
	Span
	Query *Select
}

// Case is `CASE [X] WHEN … THEN … [ELSE …] END`.
type Case struct {
	Span
	X     Expr // nil for searched CASE
	Whens []*When
	Else  Expr
}

// When is one WHEN … THEN … arm.
type When struct {
	Cond, Then Expr
}

// Lambda is `($x, $y) -> (body)` or `($x) -> { … }`; only the parameter
// names are kept, the body is parsed when it is an expression.
type Lambda struct {
	Span
	Params []string
	Body   Expr // nil when the body was a block that was skipped
}

// Member is `X.field` where X is not a plain column qualifier (e.g. `$s.a`),
// and Index is `X[i]`.
type Member struct {
	Span
	X     Expr
	Field string
}

// Index is `X[i]`.
type Index struct {
	Span
	X, I Expr
}

// OpaqueExpr is an expression the parser skipped. Nothing may be concluded
// from it: it may reference any column.
type OpaqueExpr struct {
	Span
	Reason string
}

func (*ColumnRef) exprNode()    {}
func (*ParamRef) exprNode()     {}
func (*Literal) exprNode()      {}
func (*Binary) exprNode()       {}
func (*Unary) exprNode()        {}
func (*Between) exprNode()      {}
func (*In) exprNode()           {}
func (*IsNull) exprNode()       {}
func (*Like) exprNode()         {}
func (*Tuple) exprNode()        {}
func (*Call) exprNode()         {}
func (*Cast) exprNode()         {}
func (*SubqueryExpr) exprNode() {}
func (*Exists) exprNode()       {}
func (*Case) exprNode()         {}
func (*Lambda) exprNode()       {}
func (*Member) exprNode()       {}
func (*Index) exprNode()        {}
func (*OpaqueExpr) exprNode()   {}

// ---------------------------------------------------------------------------
// Holes

// Query text recovered from Go code may contain pieces whose value is not
// known statically (a fmt.Sprintf argument, a function parameter). The
// recovering layer writes each such piece as a hole placeholder, an
// identifier of the form HolePrefix + N + "__". The lexer and parser treat it
// specially: in expression position it becomes an *OpaqueExpr with Reason
// "hole", so no conclusion is drawn from it; inside a table name it sets
// TableRef.Hole, so the table is only known up to the hole's identity.

// HolePrefix starts every hole placeholder.
const HolePrefix = "__ydblint_hole_"

// HoleName returns the placeholder spelling for hole n.
func HoleName(n int) string { return HolePrefix + strconv.Itoa(n) + "__" }

// HoleIndex reports whether s is exactly a hole placeholder, and its number.
func HoleIndex(s string) (int, bool) {
	if len(s) < len(HolePrefix)+2 || !strings.HasPrefix(s, HolePrefix) || !strings.HasSuffix(s, "__") {
		return 0, false // "__ydblint_hole__": the suffix overlaps the prefix
	}
	digits := s[len(HolePrefix) : len(s)-2]
	if digits == "" || len(digits) > 6 || len(digits) > 1 && digits[0] == '0' {
		return 0, false // only HoleName's spelling: "_00_" would name hole 0 at text that is not its placeholder
	}
	n := 0
	for i := 0; i < len(digits); i++ {
		c := digits[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// ContainsHole reports whether s contains a hole placeholder anywhere.
func ContainsHole(s string) bool { return strings.Contains(s, HolePrefix) }
