package scantype

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// nullness says whether a result column is Optional.
type nullness uint8

const (
	nullUnknown nullness = iota
	nullable             // Optional<T>: a column without NOT NULL
	notNull              // T: a NOT NULL column, COUNT, a literal
)

// column is one result column whose type is certain.
type column struct {
	name string // the result's column name; "" when YDB names it (column0, …)
	yql  string // the primitive type without Optional, a key of sdk.QueryCastTargets
	null nullness
	// what describes where the type comes from, for messages:
	// "column title of table series (schema: db/001.sql:7)", "COUNT(*)".
	what string
	// st is the statement the column was typed in (its first variant).
	st *queryplan.Statement
}

// resultSet is what the rule knows of the one result set a query returns.
// Positional is nil when the columns' number is not known (a star); a nil
// entry is a column of unknown type. byName holds the named columns whose
// type is known.
type resultSet struct {
	positional []*column
	byName     map[string]*column
}

// siteResult returns the one result set of every text variant of a
// query site, merged: a column is kept only where every variant gives it
// the same type and nullness. ok is false when a variant returns no,
// several or an unknown number of result sets, or its statement cannot be
// typed.
func siteResult(s *site.Site, sts []*queryplan.Statement) (*resultSet, bool) {
	q := s.Query
	if q == nil || q.NotYQL || q.ExplainOnly || q.TextsTruncated || len(q.Texts) == 0 {
		return nil, false
	}
	var merged *resultSet
	for vi := range q.Texts {
		rs, ok := variantResult(vi, sts)
		if !ok {
			return nil, false
		}
		if merged == nil {
			merged = rs
			continue
		}
		merged = merge(merged, rs)
	}
	return merged, merged != nil
}

// variantResult types the one SELECT of text variant vi.
func variantResult(vi int, sts []*queryplan.Statement) (*resultSet, bool) {
	var script *yql.Script
	for _, st := range sts {
		if st.Variant == vi {
			script = st.Script
			break
		}
	}
	if script == nil {
		return nil, false
	}
	sel := -1
	for i, stmt := range script.Stmts {
		switch stmt := stmt.(type) {
		case *yql.SelectStmt:
			if sel >= 0 {
				return nil, false // several result sets
			}
			sel = i
		case *yql.InsertStmt:
			if stmt.Returning {
				return nil, false
			}
		case *yql.UpdateStmt:
			if stmt.Returning {
				return nil, false
			}
		case *yql.DeleteStmt:
			if stmt.Returning {
				return nil, false
			}
		case *yql.OpaqueStmt:
			return nil, false // may return rows
		}
	}
	if sel < 0 {
		return nil, false
	}
	for _, st := range sts {
		if st.Variant == vi && st.Index == sel {
			return selectResult(st)
		}
	}
	return nil, false
}

// selectResult types the projection of a single-table SELECT.
func selectResult(st *queryplan.Statement) (*resultSet, bool) {
	ss, ok := st.Stmt().(*yql.SelectStmt)
	if !ok || ss.Query == nil || len(ss.Query.Union) > 0 {
		return nil, false
	}
	sel := ss.Query
	src, ok := sel.From.(*yql.TableSource)
	if !ok {
		return nil, false
	}
	t, alias := sourceTable(st, src)
	if t == nil {
		return nil, false
	}
	rs := &resultSet{byName: map[string]*column{}}
	positional := true
	for _, it := range sel.Items {
		if it.Star {
			positional = false
			if it.Qualifier != "" && it.Qualifier != alias {
				continue
			}
			without := map[string]bool{}
			for _, w := range sel.Without {
				without[w.Name] = true
			}
			for _, c := range t.Columns {
				if without[c.Name] {
					continue
				}
				if col := tableColumn(st, t, c, c.Name); col != nil {
					rs.byName[col.name] = col
				}
			}
			continue
		}
		// Every other item is one column, typed or not.
		col := itemColumn(st, t, alias, it)
		rs.positional = append(rs.positional, col)
		if col != nil && col.name != "" {
			rs.byName[col.name] = col
		}
	}
	if !positional {
		rs.positional = nil
	}
	return rs, true
}

// sourceTable returns the catalogued row table a FROM item reads and the
// name its columns are qualified with, nil when it is not certain.
func sourceTable(st *queryplan.Statement, src *yql.TableSource) (*schema.Table, string) {
	if st.Plan == nil {
		return nil, ""
	}
	for _, a := range st.Plan.Reads {
		if a.Source != src || a.Named != "" || a.Table == nil {
			continue
		}
		t := a.Table
		if t.Store != schema.RowStore || t.Conflict || t.Incomplete != "" {
			return nil, ""
		}
		return t, a.Alias
	}
	return nil, ""
}

// itemColumn types one projection item: a column of the table, a CAST,
// COUNT or an integer or boolean literal; nil for anything else.
func itemColumn(st *queryplan.Statement, t *schema.Table, alias string, it *yql.SelectItem) *column {
	name := ""
	if it.Alias != nil {
		name = it.Alias.Name
	}
	switch e := it.Expr.(type) {
	case *yql.ColumnRef:
		if e.Qualifier != "" && e.Qualifier != alias {
			return nil
		}
		c := t.Column(e.Name)
		if c == nil {
			return nil
		}
		if name == "" {
			name = c.Name
		}
		return tableColumn(st, t, c, name)
	case *yql.Cast:
		if e.BitCast || e.Type == nil {
			return nil
		}
		base := e.Type.Unwrap()
		if base == nil || len(base.Args) > 0 || len(base.Fields) > 0 || len(base.Params) > 0 || !sdk.ScanJudged(base.Name) {
			return nil
		}
		// A CAST that can fail yields Optional<T>; whether this one can is
		// the server's business, so its nullness is left unknown.
		null := nullUnknown
		if e.Type.IsOptional() {
			null = nullable
		}
		return &column{name: name, yql: base.Name, null: null, what: fmt.Sprintf("CAST(… AS %s)", e.Type), st: st}
	case *yql.Call:
		if e.Module != "" || !strings.EqualFold(e.Name, "COUNT") || (!e.Star && len(e.Args) != 1) {
			return nil
		}
		what := "COUNT(…)"
		if e.Star {
			what = "COUNT(*)"
		}
		return &column{name: name, yql: "Uint64", null: notNull, what: what, st: st}
	case *yql.Literal:
		typ := literalType(e)
		if typ == "" {
			return nil
		}
		return &column{name: name, yql: typ, null: notNull, what: "the literal " + e.Raw, st: st}
	}
	return nil
}

// tableColumn types a column of t read as is.
func tableColumn(st *queryplan.Statement, t *schema.Table, c *schema.Column, name string) *column {
	if !sdk.ScanJudged(c.Type) {
		return nil
	}
	null := nullable
	if c.NotNull {
		null = notNull
	}
	return &column{
		name: name, yql: c.Type, null: null, st: st,
		what: fmt.Sprintf("column %s of table %s, schema %s", c.Name, t.Name(), c.Src),
	}
}

// literalType is the type of an integer or boolean literal: an integer
// without a suffix is Int32 when it fits (else not judged), u Uint32, l
// Int64, ul Uint64 (https://ydb.tech/docs/en/yql/reference/syntax/lexer#literal-numbers).
func literalType(l *yql.Literal) string {
	switch l.Kind {
	case yql.LitBool:
		return "Bool"
	case yql.LitInt:
	default:
		return ""
	}
	switch l.Suffix {
	case "":
		n, err := strconv.ParseInt(l.Value, 10, 64)
		if err != nil || n > math.MaxInt32 || n < math.MinInt32 {
			return ""
		}
		return "Int32"
	case "u":
		return "Uint32"
	case "l":
		return "Int64"
	case "ul":
		return "Uint64"
	}
	return ""
}

// merge keeps what two variants agree on.
func merge(a, b *resultSet) *resultSet {
	out := &resultSet{byName: map[string]*column{}}
	if a.positional != nil && b.positional != nil && len(a.positional) == len(b.positional) {
		out.positional = make([]*column, len(a.positional))
		for i, c := range a.positional {
			if same(c, b.positional[i]) {
				out.positional[i] = c
			}
		}
	}
	for n, c := range a.byName {
		if c2 := b.byName[n]; c2 != nil && same(c, c2) {
			out.byName[n] = c
		}
	}
	return out
}

func same(a, b *column) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a != nil && b != nil && a.yql == b.yql && a.null == b.null && a.name == b.name
}
