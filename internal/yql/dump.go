package yql

import (
	"strconv"
	"strings"
)

// Dump renders a node as a compact S-expression, for tests and debugging.
// Spans are not printed. Examples:
//
//	(select (items *) (from (table orders)) (where (= order_id 1001)))
//	(upsert (table t) (cols a b) (values (1 $x)))
//	(create-table (table t) (col a Uint64 notnull) (pk a))
//
// Column references print bare (`a`, `t.a`), parameters as `$p`, string
// literals quoted with their suffix, and opaque nodes as `(opaque reason)`.
func Dump(n Node) string {
	var d dumper
	d.node(n)
	return d.b.String()
}

// DumpScript renders every statement of s on its own line, followed by one
// `error@offset: msg` line per error.
func DumpScript(s *Script) string {
	var d dumper
	for i, st := range s.Stmts {
		if i > 0 {
			d.b.WriteByte('\n')
		}
		d.node(st)
	}
	for _, e := range s.Errors {
		d.b.WriteString("\nerror@" + strconv.Itoa(e.Offset) + ": " + e.Msg)
	}
	return d.b.String()
}

type dumper struct {
	b     strings.Builder
	depth int
}

func (d *dumper) w(s ...string) {
	for _, x := range s {
		d.b.WriteString(x)
	}
}

func (d *dumper) open(tag string) { d.w("(", tag) }
func (d *dumper) close()          { d.w(")") }

func (d *dumper) sp() { d.b.WriteByte(' ') }

func (d *dumper) ident(id *Ident) {
	if id == nil {
		d.w("<nil>")
		return
	}
	if id.Quoted {
		d.w("`", id.Name, "`")
		return
	}
	d.w(id.Name)
}

func (d *dumper) idents(tag string, ids []*Ident) {
	d.sp()
	d.open(tag)
	for _, id := range ids {
		d.sp()
		d.ident(id)
	}
	d.close()
}

// exprs writes ` (tag e1 e2 …)`, or ` (e1 e2 …)` for an empty tag.
func (d *dumper) exprs(tag string, es []Expr) {
	d.sp()
	d.open(tag)
	for i, e := range es {
		if i > 0 || tag != "" {
			d.sp()
		}
		d.node(e)
	}
	d.close()
}

func (d *dumper) opt(tag string, n Node, present bool) {
	if !present {
		return
	}
	d.sp()
	d.open(tag)
	d.sp()
	d.node(n)
	d.close()
}

func (d *dumper) flag(name string, on bool) {
	if on {
		d.w(" ", name)
	}
}

func (d *dumper) node(n Node) {
	d.depth++
	defer func() { d.depth-- }()
	if d.depth > 4*MaxDepth {
		d.w("…")
		return
	}
	switch n := n.(type) {
	case nil:
		d.w("<nil>")
	// Statements.
	case *SelectStmt:
		d.node(n.Query)
	case *NamedExprStmt:
		d.open("let")
		for _, nm := range n.Names {
			d.w(" $", nm)
		}
		d.sp()
		d.node(n.Value)
		d.close()
	case *DeclareStmt:
		d.w("(declare $", n.Name, " ", n.Type.String(), ")")
	case *PragmaStmt:
		d.open("pragma " + n.Name)
		for _, v := range n.Values {
			d.w(" ", strconv.Quote(v))
		}
		d.close()
	case *InsertStmt:
		d.open(strings.ToLower(n.Kind.String()))
		d.sp()
		d.node(n.Table)
		if n.Columns != nil {
			d.idents("cols", n.Columns)
		}
		if n.Values != nil {
			d.sp()
			d.open("values")
			for _, row := range n.Values {
				d.exprs("", row)
			}
			d.close()
		}
		if n.Source != nil {
			d.sp()
			d.node(n.Source)
		}
		d.flag("returning", n.Returning)
		d.close()
	case *UpdateStmt:
		d.open("update")
		d.flag("batch", n.Batch)
		d.sp()
		d.node(n.Table)
		if len(n.Set) > 0 {
			d.w(" (set")
			for _, a := range n.Set {
				d.w(" (")
				d.ident(a.Column)
				d.sp()
				d.node(a.Value)
				d.close()
			}
			d.close()
		}
		d.opt("where", n.Where, n.Where != nil)
		d.on(n.OnColumns, n.OnValues, n.On)
		d.flag("returning", n.Returning)
		d.close()
	case *DeleteStmt:
		d.open("delete")
		d.flag("batch", n.Batch)
		d.sp()
		d.node(n.Table)
		d.opt("where", n.Where, n.Where != nil)
		d.on(n.OnColumns, n.OnValues, n.On)
		d.flag("returning", n.Returning)
		d.close()
	case *CreateTableStmt:
		d.open("create-table")
		d.flag("or-replace", n.OrReplace)
		d.flag("temp", n.Temporary)
		d.flag("if-not-exists", n.IfNotExists)
		d.sp()
		d.node(n.Table)
		for _, c := range n.Columns {
			d.sp()
			d.node(c)
		}
		for _, ix := range n.Indexes {
			d.sp()
			d.node(ix)
		}
		if n.PrimaryKey != nil {
			d.idents("pk", n.PrimaryKey)
		}
		if n.PartitionBy != nil {
			d.idents("partition-by", n.PartitionBy)
		}
		if len(n.With) > 0 {
			d.w(" (with")
			for _, s := range n.With {
				d.sp()
				d.node(s)
			}
			d.close()
		}
		d.flag("as-select", n.AsSelect)
		d.close()
	case *ColumnDef:
		d.w("(col ")
		d.ident(n.Name)
		d.w(" ", n.Type.String())
		d.flag("notnull", n.NotNull)
		d.flag("null", n.Null)
		if n.HasDefault {
			d.opt("default", n.Default, true)
		}
		if n.Family != "" {
			d.w(" (family ", n.Family, ")")
		}
		d.close()
	case *IndexDef:
		d.w("(index ")
		d.ident(n.Name)
		if n.Local {
			d.w(" local")
		} else {
			d.w(" global")
		}
		d.flag("unique", n.Unique)
		d.flag("async", n.Async)
		if n.Using != "" {
			d.w(" (using ", n.Using, ")")
		}
		d.idents("on", n.Columns)
		if n.Cover != nil {
			d.idents("cover", n.Cover)
		}
		d.close()
	case *Setting:
		d.w("(", n.Name, " ")
		d.node(n.Value)
		d.close()
	case *AlterTableStmt:
		d.open("alter-table ")
		d.node(n.Table)
		for _, a := range n.Actions {
			d.sp()
			d.node(a)
		}
		d.close()
	case *AddColumn:
		d.w("(add-column ")
		d.node(n.Column)
		d.close()
	case *DropColumn:
		d.w("(drop-column ")
		d.ident(n.Name)
		d.close()
	case *AddIndex:
		d.w("(add-index ")
		d.node(n.Index)
		d.close()
	case *DropIndex:
		d.w("(drop-index ")
		d.ident(n.Name)
		d.close()
	case *RenameIndex:
		d.w("(rename-index ")
		d.ident(n.From)
		d.sp()
		d.ident(n.To)
		d.close()
	case *OpaqueAction:
		d.w("(opaque-action ", strconv.Quote(n.Text), ")")
	case *DropTableStmt:
		d.open("drop-table")
		d.flag("if-exists", n.IfExists)
		d.sp()
		d.node(n.Table)
		d.close()
	case *OpaqueStmt:
		d.w("(opaque-stmt ", n.Keyword, " ", strconv.Quote(n.Reason), ")")
	// SELECT.
	case *Select:
		d.open("select")
		d.flag("distinct", n.Distinct)
		d.w(" (items")
		for _, it := range n.Items {
			d.sp()
			d.node(it)
		}
		d.close()
		if n.Without != nil {
			d.idents("without", n.Without)
		}
		d.opt("from", n.From, n.From != nil)
		d.opt("where", n.Where, n.Where != nil)
		if n.GroupBy != nil {
			d.exprs("group-by", n.GroupBy)
		}
		d.opt("having", n.Having, n.Having != nil)
		if n.OrderBy != nil {
			d.w(" (order-by")
			for _, o := range n.OrderBy {
				d.sp()
				d.node(o.Expr)
				d.flag("desc", o.Desc)
			}
			d.close()
		}
		d.opt("limit", n.Limit, n.Limit != nil)
		d.opt("offset", n.Offset, n.Offset != nil)
		for _, u := range n.Union {
			d.w(" (union ")
			d.node(u)
			d.close()
		}
		d.close()
	case *SelectItem:
		switch {
		case n.Star && n.Qualifier != "":
			d.w(n.Qualifier, ".*")
		case n.Star:
			d.w("*")
		case n.Alias != nil:
			d.w("(as ")
			d.node(n.Expr)
			d.sp()
			d.ident(n.Alias)
			d.close()
		default:
			d.node(n.Expr)
		}
	case *TableSource:
		d.tableRef(n.Table)
		if n.View != nil {
			d.w(" (view ")
			d.ident(n.View)
			d.close()
		}
		if n.ViewPrimaryKey {
			d.w(" (view-pk)")
		}
		d.alias(n.Alias)
		d.close()
	case *SubquerySource:
		d.open("subquery ")
		d.node(n.Query)
		d.alias(n.Alias)
		d.close()
	case *AsTableSource:
		d.open("as-table ")
		d.node(n.Arg)
		d.alias(n.Alias)
		d.close()
	case *NamedSource:
		d.w("(named $", n.Name)
		d.alias(n.Alias)
		d.close()
	case *JoinSource:
		d.w("(join ", strings.ToLower(n.Kind))
		d.flag("any", n.Any)
		d.sp()
		d.node(n.Left)
		d.sp()
		d.node(n.Right)
		d.opt("on", n.On, n.On != nil)
		if n.Using != nil {
			d.idents("using", n.Using)
		}
		d.close()
	case *OpaqueSource:
		d.w("(opaque-source ", strconv.Quote(n.Reason), ")")
	case *TableRef:
		d.tableRef(n)
		d.close()
	case *Ident:
		d.ident(n)
	case *TypeRef:
		d.w(n.String())
	// Expressions.
	case *ColumnRef:
		if n.Qualifier != "" {
			d.w(n.Qualifier, ".")
		}
		d.w(n.Name)
	case *ParamRef:
		d.w("$", n.Name)
	case *Literal:
		switch n.Kind {
		case LitString:
			d.w(strconv.Quote(n.Value), n.Suffix)
		case LitNull:
			d.w("NULL")
		case LitBool:
			d.w(n.Value)
		default:
			d.w(n.Value, n.Suffix)
		}
	case *Binary:
		d.w("(", n.Op.String(), " ")
		d.node(n.L)
		d.sp()
		d.node(n.R)
		d.close()
	case *Unary:
		d.w("(", [...]string{OpNot: "not", OpNeg: "neg", OpPlus: "plus", OpBitNot: "~"}[n.Op], " ")
		d.node(n.X)
		d.close()
	case *Between:
		d.open("between")
		d.flag("not", n.Not)
		d.flag("symmetric", n.Symmetric)
		for _, e := range []Expr{n.X, n.Lo, n.Hi} {
			d.sp()
			d.node(e)
		}
		d.close()
	case *In:
		d.open("in")
		d.flag("not", n.Not)
		d.flag("compact", n.Compact)
		d.sp()
		d.node(n.X)
		switch {
		case n.Query != nil:
			d.sp()
			d.node(n.Query)
		case n.List != nil:
			d.exprs("list", n.List)
		default:
			d.sp()
			d.node(n.Expr)
		}
		d.close()
	case *IsNull:
		if n.Not {
			d.open("is-not-null ")
		} else {
			d.open("is-null ")
		}
		d.node(n.X)
		d.close()
	case *Like:
		d.open(strings.ToLower(n.Op))
		d.flag("not", n.Not)
		d.sp()
		d.node(n.X)
		d.sp()
		d.node(n.Pattern)
		d.opt("escape", n.Escape, n.Escape != nil)
		d.close()
	case *Tuple:
		d.open("tuple")
		for _, e := range n.Elems {
			d.sp()
			d.node(e)
		}
		d.close()
	case *Call:
		d.open("call " + n.FullName())
		d.flag("distinct", n.Distinct)
		d.flag("*", n.Star)
		for _, e := range n.Args {
			d.sp()
			d.node(e)
		}
		d.close()
	case *Cast:
		if n.BitCast {
			d.open("bitcast ")
		} else {
			d.open("cast ")
		}
		d.node(n.X)
		d.w(" ", n.Type.String())
		d.close()
	case *SubqueryExpr:
		d.open("subquery ")
		d.node(n.Query)
		d.close()
	case *Exists:
		d.open("exists ")
		d.node(n.Query)
		d.close()
	case *Case:
		d.open("case")
		d.opt("of", n.X, n.X != nil)
		for _, w := range n.Whens {
			d.w(" (when ")
			d.node(w.Cond)
			d.sp()
			d.node(w.Then)
			d.close()
		}
		d.opt("else", n.Else, n.Else != nil)
		d.close()
	case *Lambda:
		d.open("lambda (")
		for i, p := range n.Params {
			if i > 0 {
				d.sp()
			}
			d.w("$", p)
		}
		d.w(")")
		if n.Body != nil {
			d.sp()
			d.node(n.Body)
		} else {
			d.w(" {…}")
		}
		d.close()
	case *Member:
		d.open("member ")
		d.node(n.X)
		d.w(" ", n.Field)
		d.close()
	case *Index:
		d.open("index ")
		d.node(n.X)
		d.sp()
		d.node(n.I)
		d.close()
	case *OpaqueExpr:
		d.w("(opaque ", strconv.Quote(n.Reason), ")")
	default:
		d.w("<unknown node>")
	}
}

// tableRef writes `(table name [hole]` without the closing parenthesis.
func (d *dumper) tableRef(n *TableRef) {
	d.w("(table ")
	switch {
	case n == nil:
		d.w("<nil>")
	case n.Named != "":
		d.w("$", n.Named)
	case n.Quoted:
		d.w("`", n.Path, "`")
	default:
		d.w(n.Path)
	}
	if n != nil {
		d.flag("hole", n.Hole)
	}
}

func (d *dumper) alias(a *Ident) {
	if a != nil {
		d.w(" (alias ")
		d.ident(a)
		d.close()
	}
}

func (d *dumper) on(cols []*Ident, rows [][]Expr, q *Select) {
	if cols == nil && rows == nil && q == nil {
		return
	}
	d.w(" (on")
	if cols != nil {
		d.idents("cols", cols)
	}
	if rows != nil {
		d.w(" (values")
		for _, r := range rows {
			d.exprs("", r)
		}
		d.close()
	}
	if q != nil {
		d.sp()
		d.node(q)
	}
	d.close()
}
