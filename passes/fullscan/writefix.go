package fullscan

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// This file builds the suggested fix for an UPDATE or DELETE whose WHERE a
// secondary index serves: the statement selects the rows' keys through the
// index and writes by key,
//
//	UPDATE t SET c = $v WHERE col = $x
//	→ UPDATE t ON SELECT k1, k2, $v AS c FROM t VIEW idx WHERE col = $x
//	DELETE FROM t WHERE col = $x
//	→ DELETE FROM t ON SELECT k1, k2 FROM t VIEW idx WHERE col = $x
//
// YDB's docs (yql/reference/syntax/update#update-on, delete#delete-on):
// the subquery returns every primary key column and the new values of the
// updated columns; the rows are found by primary key and only the
// returned columns change. The server checks both forms the same way
// (ydb-platform/ydb ydb/core/kqp/provider/yql_kikimr_type_ann.cpp,
// HandleUpdateTable and HandleWriteTable for UpdateOn: "Can't set NULL or
// optional value to not null column", then ConvertTableRowType).
//
// The fix is offered only where the rewrite is certainly the same
// statement:
//   - the index is SYNC: an ASYNC index is filled in the background, so
//     the keys it returns may miss rows the WHERE matches now, or name
//     rows it no longer matches;
//   - every SET value is computed without the row (parameters, literals,
//     casts and arithmetic of them, CurrentUtc*() without arguments, the
//     query's clock in either form: builtins/basic#current-utc, whose
//     arguments only tie the call to a row as Random's do): a value that
//     reads the row's columns would read them through the subquery, which
//     the advice leaves to the author;
//   - the WHERE names its columns unqualified, there is no RETURNING, and
//     every name the fix writes is a plain identifier;
//   - the site builds one text (the edits of one variant would move
//     pieces other variants share);
//   - the rewritten text parses back as the ON form it should be.

// writeOnFix rewrites the read's UPDATE … SET … WHERE or DELETE … WHERE
// into its ON SELECT form through read.IndexHint.
func writeOnFix(st *queryplan.Statement, read *keyplan.Access) (analysis.SuggestedFix, bool) {
	ix, t := read.IndexHint, read.Table
	// Edits computed on one text variant would move pieces that other
	// variants share (a SET item appended under an if).
	if st.Variants != 1 {
		return analysis.SuggestedFix{}, false
	}
	if ix == nil || ix.Async || t == nil || read.Ref == nil || read.Ref.Hole || read.Ref.Named != "" || read.Named != "" {
		return analysis.SuggestedFix{}, false
	}
	keys := t.PrimaryKey
	if len(keys) == 0 || !allPlain(keys) || !plainIdent(ix.Name) {
		return analysis.SuggestedFix{}, false
	}
	text := st.Text.YQL
	ref := read.Ref.NodeSpan()
	if ref.Start < 0 || ref.End > len(text) || ref.Start >= ref.End {
		return analysis.SuggestedFix{}, false
	}
	from := " FROM " + text[ref.Start:ref.End] + " VIEW " + ix.Name
	var edits []keyplan.TextEdit
	var msg string
	switch s := st.Stmt().(type) {
	case *yql.UpdateStmt:
		if s.Table != read.Ref || !plainWhere(s.Batch, s.Returning, s.On, s.OnValues, s.Where) {
			return analysis.SuggestedFix{}, false
		}
		var ok bool
		if edits, ok = updateOnEdits(s, keys, from); !ok {
			return analysis.SuggestedFix{}, false
		}
		msg = fmt.Sprintf("Update %s by key, selecting the keys through index %s (UPDATE ON)", t.Name(), ix.Name)
	case *yql.DeleteStmt:
		if s.Table != read.Ref || !plainWhere(s.Batch, s.Returning, s.On, s.OnValues, s.Where) {
			return analysis.SuggestedFix{}, false
		}
		edits = []keyplan.TextEdit{{Start: ref.End, End: ref.End, NewText: " ON SELECT " + strings.Join(keys, ", ") + from}}
		msg = fmt.Sprintf("Delete from %s by key, selecting the keys through index %s (DELETE ON)", t.Name(), ix.Name)
	default:
		return analysis.SuggestedFix{}, false
	}
	if !parsesAsOn(st, edits, keys, ix.Name) {
		return analysis.SuggestedFix{}, false
	}
	goEdits, ok := st.Edits(edits)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: goEdits}, true
}

// plainWhere: a statement of the WHERE form, not BATCH, without RETURNING,
// whose WHERE names columns unqualified (the subquery reads the table
// under no alias).
func plainWhere(batch, returning bool, on *yql.Select, onValues [][]yql.Expr, where yql.Expr) bool {
	if batch || returning || on != nil || onValues != nil || where == nil {
		return false
	}
	qualified := false
	yql.Inspect(where, func(n yql.Node) bool {
		if c, ok := n.(*yql.ColumnRef); ok && c.Qualifier != "" {
			qualified = true
		}
		return !qualified
	})
	return !qualified
}

// updateOnEdits turns `t SET a = x, b = y WHERE` into
// `t ON SELECT k…, x AS a, y AS b FROM t VIEW idx WHERE`, leaving every
// value where it is written (a value may span pieces of Go text).
func updateOnEdits(s *yql.UpdateStmt, keys []string, from string) ([]keyplan.TextEdit, bool) {
	if len(s.Set) == 0 {
		return nil, false
	}
	edits := []keyplan.TextEdit{{Start: s.Table.End, End: s.Set[0].Start, NewText: " ON SELECT " + strings.Join(keys, ", ") + ", "}}
	for i, a := range s.Set {
		if a == nil || a.Column == nil || a.Value == nil || !plainIdent(a.Column.Name) || a.Column.Quoted ||
			slices.Contains(keys, a.Column.Name) || !rowFree(a.Value) {
			return nil, false
		}
		v := a.Value.NodeSpan()
		if a.Column.Start != a.Start || v.Start <= a.Column.End || v.End != a.End {
			return nil, false
		}
		tail := " AS " + a.Column.Name
		if i == len(s.Set)-1 {
			tail += from
		}
		edits = append(edits,
			keyplan.TextEdit{Start: a.Column.Start, End: v.Start, NewText: ""},
			keyplan.TextEdit{Start: v.End, End: v.End, NewText: tail})
	}
	return edits, true
}

// rowFree reports whether an expression is computed without the row it
// updates: literals, parameters, casts, arithmetic and concatenation of
// them, and the CurrentUtc* functions without arguments (an argument may
// tie the call to the row, yql/reference/builtins/basic#current-utc).
func rowFree(e yql.Expr) bool {
	switch x := e.(type) {
	case *yql.Literal, *yql.ParamRef:
		return true
	case *yql.Cast:
		return rowFree(x.X)
	case *yql.Unary:
		return (x.Op == yql.OpNeg || x.Op == yql.OpPlus) && rowFree(x.X)
	case *yql.Binary:
		switch x.Op {
		case yql.OpAdd, yql.OpSub, yql.OpMul, yql.OpDiv, yql.OpMod, yql.OpConcat, yql.OpQuestion:
			return rowFree(x.L) && rowFree(x.R)
		}
	case *yql.Call:
		return x.Module == "" && len(x.Args) == 0 && !x.Star && currentUtc[strings.ToLower(x.Name)]
	}
	return false
}

// currentUtc are YQL's clock functions; without arguments their value
// does not depend on the row.
var currentUtc = map[string]bool{"currentutcdate": true, "currentutcdatetime": true, "currentutctimestamp": true}

// parsesAsOn applies the edits to the statement's text and parses it back:
// the fix is offered only if the result is the ON form reading the keys
// through the index, so that a name the YQL grammar reads otherwise (a
// keyword used as a column) never yields a broken statement.
func parsesAsOn(st *queryplan.Statement, edits []keyplan.TextEdit, keys []string, index string) bool {
	sp := st.Stmt().NodeSpan()
	text := st.Text.YQL
	if sp.Start < 0 || sp.End > len(text) || sp.Start >= sp.End {
		return false
	}
	var b strings.Builder
	at := sp.Start
	for _, e := range edits {
		if e.Start < at || e.End < e.Start || e.End > sp.End {
			return false
		}
		b.WriteString(text[at:e.Start])
		b.WriteString(e.NewText)
		at = e.End
	}
	b.WriteString(text[at:sp.End])
	script := yql.Parse(b.String())
	if script == nil || len(script.Stmts) != 1 {
		return false
	}
	var on *yql.Select
	switch s := script.Stmts[0].(type) {
	case *yql.UpdateStmt:
		on = s.On
	case *yql.DeleteStmt:
		on = s.On
	}
	if on == nil || on.Where == nil || len(on.Items) < len(keys) {
		return false
	}
	ts, ok := on.From.(*yql.TableSource)
	if !ok || ts.View == nil || ts.View.Name != index {
		return false
	}
	for i, k := range keys {
		c, ok := on.Items[i].Expr.(*yql.ColumnRef)
		if !ok || c.Name != k || c.Qualifier != "" || on.Items[i].Alias != nil {
			return false
		}
	}
	for _, it := range on.Items[len(keys):] {
		if it.Alias == nil || it.Expr == nil {
			return false
		}
	}
	return true
}

func allPlain(names []string) bool {
	for _, n := range names {
		if !plainIdent(n) {
			return false
		}
	}
	return true
}

// plainIdent: a name YQL reads as an identifier without backticks (the
// fix cannot add backticks: the Go text may be a raw string).
func plainIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_', 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case '0' <= c && c <= '9' && i > 0:
		default:
			return false
		}
	}
	return true
}

// writeIndexIsAsync is the advice's caveat for an ASYNC index.
func writeIndexIsAsync(ix *schema.Index) string {
	if ix == nil || !ix.Async {
		return ""
	}
	return fmt.Sprintf(" (%s is ASYNC: the keys it returns may lag the table, so the ON form may miss rows the WHERE matches or write rows it no longer matches)", ix.Name)
}
