package keyplan

import (
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file resolves the column and index names a statement uses against
// the schema, for the names YDB would not find. It is deliberately narrow:
// a name is only judged where its meaning is certain (one table in FROM, or
// the target of a write), and anything the parser did not model, any hole,
// subquery body, join, named source, GROUP BY (whose aliases the parser
// drops) or qualifier other than the table's own name or alias makes it
// stay silent on the part concerned.

// NameKind says what kind of name a NameRef is.
type NameKind int

const (
	NameColumn NameKind = iota // a column of the table
	NameIndex                  // a secondary index named in VIEW
)

// NameRef is one name a statement uses that its table does not have.
type NameRef struct {
	Kind  NameKind
	Name  string
	Span  yql.Span
	Table *schema.Table // nil for a field of AS_TABLE rows (see Rows)
	// Ref is the statement's reference to Table (nil with Table), so that
	// messages can name the table as the statement wrote it.
	Ref *yql.TableRef
	// Rows is the parameter whose declared List<Struct<…>> the name is
	// looked up in, for `FROM AS_TABLE($rows)`; "" for table names.
	Rows string
	// Clause says where the name is used: "SELECT list", "WHERE", "ORDER
	// BY", "SET", "column list", "ON column list", "VIEW".
	Clause string
	// Write is set for names in a write's column list or SET (YDB: "No such
	// column"); reads fail in type annotation ("Member not found").
	Write bool
}

// TableOf returns the schema of a table reference of the statement, or nil
// when it is unknown or not certain enough to judge names against.
type TableOf func(ref *yql.TableRef) *schema.Table

// Declared returns the declared type of a query parameter (name without
// '$'), nil when it is not declared or is a named expression.
type Declared func(name string) *yql.TypeRef

// UnknownNames returns the names stmt uses that its tables do not have.
// src is the text stmt was parsed from (used to find holes in its span).
// declared, when not nil, lets names read from `AS_TABLE($rows)` be judged
// against the fields of $rows' declared List<Struct<…>>.
func UnknownNames(stmt yql.Stmt, src string, tableOf TableOf, declared Declared) []NameRef {
	if stmt == nil || tableOf == nil || hasOpaqueOrHole(stmt, src) {
		return nil
	}
	r := &nameResolver{tableOf: tableOf, src: src, declared: declared}
	switch s := stmt.(type) {
	case *yql.SelectStmt:
		r.query(s.Query)
	case *yql.InsertStmt:
		if t := tableOf(s.Table); t != nil {
			r.columnList(t, s.Table, s.Columns, "column list", true)
			if s.Columns == nil {
				r.starRows(t, s.Table, s.Source)
			}
		}
		if s.Source != nil {
			r.query(s.Source)
		}
	case *yql.UpdateStmt:
		t := tableOf(s.Table)
		if t == nil {
			break
		}
		if s.On != nil || s.OnValues != nil {
			r.columnList(t, s.Table, s.OnColumns, "ON column list", true)
			if s.On != nil {
				r.query(s.On)
			}
			break
		}
		scope := &nameScope{table: t, ref: s.Table, names: tableNames(s.Table)}
		for _, a := range s.Set {
			if a == nil || a.Column == nil {
				continue
			}
			r.columnList(t, s.Table, []*yql.Ident{a.Column}, "SET", true)
			r.expr(scope, a.Value, "SET")
		}
		r.expr(scope, s.Where, "WHERE")
	case *yql.DeleteStmt:
		t := tableOf(s.Table)
		if t == nil {
			break
		}
		if s.On != nil || s.OnValues != nil {
			r.columnList(t, s.Table, s.OnColumns, "ON column list", true)
			if s.On != nil {
				r.query(s.On)
			}
			break
		}
		r.expr(&nameScope{table: t, ref: s.Table, names: tableNames(s.Table)}, s.Where, "WHERE")
	}
	return r.out
}

type nameResolver struct {
	tableOf  TableOf
	declared Declared
	src      string
	out      []NameRef
}

// nameScope is what an unqualified or qualified column name can mean in
// one SELECT: the columns of its single table (or the fields of its
// AS_TABLE rows), and its output aliases.
type nameScope struct {
	table   *schema.Table
	ref     *yql.TableRef   // the reference to table
	rows    string          // AS_TABLE($rows): the parameter
	fields  map[string]bool // AS_TABLE($rows): the struct's fields
	names   []string        // qualifiers that denote the table: its alias, or its name and path
	aliases map[string]bool
}

func (s *nameScope) has(name string) bool {
	if s.fields != nil {
		return s.fields[name]
	}
	return s.table.Column(name) != nil
}

// rowFields returns the field names of the declared List<Struct<…>> of an
// `AS_TABLE($rows)` source, nil when they are not certain.
func (r *nameResolver) rowFields(src yql.Source) (string, map[string]bool) {
	at, ok := src.(*yql.AsTableSource)
	if !ok || r.declared == nil {
		return "", nil
	}
	p, ok := at.Arg.(*yql.ParamRef)
	if !ok {
		return "", nil
	}
	t := r.declared(p.Name)
	if t == nil || t.Name != "List" || len(t.Args) != 1 {
		return "", nil
	}
	st := t.Args[0]
	if st == nil || st.Name != "Struct" || len(st.Fields) == 0 {
		return "", nil
	}
	fields := map[string]bool{}
	for _, f := range st.Fields {
		if f == nil || ignoredName(f.Name) {
			return "", nil
		}
		fields[f.Name] = true
	}
	return p.Name, fields
}

// starRows checks `INSERT INTO t SELECT * FROM AS_TABLE($rows)`: every
// field of the rows is written to the column of the same name.
func (r *nameResolver) starRows(t *schema.Table, ref *yql.TableRef, q *yql.Select) {
	if q == nil || len(q.Union) > 0 || q.Where != nil || len(q.GroupBy) > 0 || len(q.Items) != 1 || q.Without != nil {
		return
	}
	if it := q.Items[0]; it == nil || !it.Star || it.Qualifier != "" {
		return
	}
	rows, fields := r.rowFields(q.From)
	if fields == nil {
		return
	}
	names := make([]string, 0, len(fields))
	for f := range fields {
		names = append(names, f)
	}
	sort.Strings(names)
	for _, f := range names {
		if t.Column(f) == nil {
			r.out = append(r.out, NameRef{Kind: NameColumn, Name: f, Span: q.From.NodeSpan(), Table: t, Ref: ref, Rows: rows, Clause: "AS_TABLE($" + rows + ") field", Write: true})
		}
	}
}

func (r *nameResolver) columnList(t *schema.Table, ref *yql.TableRef, cols []*yql.Ident, clause string, write bool) {
	for _, c := range cols {
		if c == nil || ignoredName(c.Name) || t.Column(c.Name) != nil {
			continue
		}
		r.out = append(r.out, NameRef{Kind: NameColumn, Name: c.Name, Span: c.Span, Table: t, Ref: ref, Clause: clause, Write: write})
	}
}

// query checks one SELECT (and its UNION members) that reads a single
// table. Joins, subqueries, named sources and AS_TABLE are not judged.
func (r *nameResolver) query(q *yql.Select) {
	if q == nil {
		return
	}
	for _, u := range q.Union {
		r.query(u)
	}
	scope := &nameScope{aliases: map[string]bool{}}
	if rows, fields := r.rowFields(q.From); fields != nil {
		scope.rows, scope.fields = rows, fields
		if at := q.From.(*yql.AsTableSource); at.Alias != nil {
			scope.names = []string{at.Alias.Name}
		}
	} else {
		ts, ok := q.From.(*yql.TableSource)
		if !ok || ts.Table == nil {
			return
		}
		t := r.tableOf(ts.Table)
		if t == nil {
			return
		}
		if ts.View != nil && t.Index(ts.View.Name) == nil {
			r.out = append(r.out, NameRef{Kind: NameIndex, Name: ts.View.Name, Span: ts.View.Span, Table: t, Ref: ts.Table, Clause: "VIEW"})
		}
		scope.table, scope.ref = t, ts.Table
		if ts.Alias != nil {
			scope.names = []string{ts.Alias.Name}
		} else {
			scope.names = tableNames(ts.Table)
		}
	}
	for _, it := range q.Items {
		if it != nil && it.Alias != nil {
			scope.aliases[it.Alias.Name] = true
		}
	}
	r.expr(scope, q.Where, "WHERE")
	if len(q.GroupBy) > 0 || q.Having != nil {
		// GROUP BY … AS alias introduces names the parser does not keep:
		// the SELECT list, HAVING and ORDER BY may use them.
		return
	}
	for _, it := range q.Items {
		if it != nil && !it.Star {
			r.expr(scope, it.Expr, "SELECT list")
		}
	}
	if len(q.Union) == 0 {
		for _, o := range q.OrderBy {
			if o != nil {
				r.expr(scope, o.Expr, "ORDER BY")
			}
		}
	}
}

// expr checks the column references of e that belong to scope's table. It
// does not descend into subqueries (their names belong to their own FROM)
// nor lambdas (whose bodies may bind names of their own).
func (r *nameResolver) expr(scope *nameScope, e yql.Expr, clause string) {
	if e == nil {
		return
	}
	yql.Inspect(e, func(n yql.Node) bool {
		switch n := n.(type) {
		case *yql.Select, *yql.SubqueryExpr, *yql.Exists, *yql.Lambda:
			return false
		case *yql.In:
			if n.Query != nil {
				r.expr(scope, n.X, clause)
				return false
			}
		case *yql.ColumnRef:
			r.column(scope, n, clause)
		}
		return true
	})
}

func (r *nameResolver) column(scope *nameScope, c *yql.ColumnRef, clause string) {
	if ignoredName(c.Name) {
		return
	}
	if c.Qualifier != "" {
		if !containsString(scope.names, c.Qualifier) {
			return // another source, or a struct column's field
		}
	} else if scope.aliases[c.Name] {
		return
	}
	if scope.has(c.Name) {
		return
	}
	r.out = append(r.out, NameRef{Kind: NameColumn, Name: c.Name, Span: r.nameSpan(c), Table: scope.table, Ref: scope.ref, Rows: scope.rows, Clause: clause})
}

// nameSpan is the span of a column reference's name without its
// qualifier: Email in u.Email, and the quoted name with its backticks
// in a quoted reference.
func (r *nameResolver) nameSpan(c *yql.ColumnRef) yql.Span {
	sp := c.Span
	if c.Qualifier == "" || sp.Start < 0 || sp.End > len(r.src) || sp.Start > sp.End {
		return sp
	}
	text := r.src[sp.Start:sp.End]
	switch {
	case strings.HasSuffix(text, "`"+c.Name+"`"):
		return yql.Span{Start: sp.End - len(c.Name) - 2, End: sp.End}
	case strings.HasSuffix(text, c.Name):
		return yql.Span{Start: sp.End - len(c.Name), End: sp.End}
	}
	return sp
}

// tableNames are the qualifiers that denote an unaliased table: its path as
// written and its last element.
func tableNames(ref *yql.TableRef) []string {
	if ref == nil || ref.Path == "" {
		return nil
	}
	p := strings.TrimRight(ref.Path, "/")
	names := []string{p}
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		names = append(names, p[i+1:])
	}
	return names
}

// ignoredName reports names that are never judged: empty names, holes and
// YDB's system columns.
func ignoredName(name string) bool {
	return name == "" || yql.ContainsHole(name) || strings.HasPrefix(name, "_yql")
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// hasOpaqueOrHole reports whether the statement holds anything the parser
// did not model (an opaque expression, source or statement) or a hole
// outside a table path: a name there may change what the others mean.
func hasOpaqueOrHole(stmt yql.Stmt, src string) bool {
	if _, ok := stmt.(*yql.OpaqueStmt); ok {
		return true
	}
	found := false
	yql.Inspect(stmt, func(n yql.Node) bool {
		switch n.(type) {
		case *yql.OpaqueExpr, *yql.OpaqueSource:
			found = true
		case *yql.TableRef:
			return false
		}
		return !found
	})
	if found {
		return true
	}
	sp := stmt.NodeSpan()
	if sp.Start < 0 || sp.End > len(src) || sp.Start > sp.End {
		return true
	}
	text := src[sp.Start:sp.End]
	if !yql.ContainsHole(text) {
		return false
	}
	// A hole is tolerated only inside table paths.
	var paths []yql.Span
	yql.Inspect(stmt, func(n yql.Node) bool {
		if tr, ok := n.(*yql.TableRef); ok {
			paths = append(paths, tr.Span)
			return false
		}
		return true
	})
	for off := 0; ; {
		i := strings.Index(text[off:], yql.HolePrefix)
		if i < 0 {
			return false
		}
		at := sp.Start + off + i
		inPath := false
		for _, p := range paths {
			if p.Start <= at && at < p.End {
				inPath = true
				break
			}
		}
		if !inPath {
			return true
		}
		off += i + len(yql.HolePrefix)
	}
}
