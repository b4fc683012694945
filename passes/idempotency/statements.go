package idempotency

import (
	"go/token"
	"slices"
	"strings"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// This file judges the statements of one query site from their YQL alone:
// whether they only read, and which writes add to what they overwrite.

// siteEffect is what one query site's statements do, over every text
// variant.
type siteEffect struct {
	known  bool // every variant parsed and every statement classified
	reads  bool // some statement reads (SELECT, a named subquery)
	writes bool // some statement writes or changes the schema
	// guards is set when a statement could make a replay harmless: a
	// SELECT (a dedup check), an INSERT (fails on the second attempt), a
	// DELETE, or an UPDATE whose WHERE reads a column it sets (a version
	// check).
	guards bool
	// rmw are the writes that add to the value they overwrite.
	rmw []rmwWrite
}

// rmwWrite is one read-modify-write: `SET c = c + …`, or an UPSERT or
// REPLACE that selects from its own table with arithmetic on a column.
type rmwWrite struct {
	pos, end token.Pos
	what     string // "UPDATE accounts SET balance = balance + …"
}

// judgeSite classifies the parsed variants of a site.
func judgeSite(s *site.Site, texts []*siteplan.Text) siteEffect {
	q := s.Query
	if q == nil || q.NotYQL || q.ExplainOnly || q.TextsTruncated || len(q.Texts) == 0 || len(texts) != len(q.Texts) {
		return siteEffect{}
	}
	out := siteEffect{known: true}
	for _, tp := range texts {
		if tp == nil || tp.Text == nil || tp.Script == nil || len(tp.Script.Errors) > 0 || len(tp.Script.Stmts) == 0 || !holesNameTables(tp) {
			return siteEffect{}
		}
		for _, st := range tp.Script.Stmts {
			if !out.judgeStmt(st, tp.Text) {
				return siteEffect{}
			}
		}
	}
	return out
}

// holesNameTables reports whether every hole of the text (a piece of Go
// ydblint could not compute) stands in a table path or a PRAGMA's value (a
// TablePathPrefix): a hole anywhere else may hold a clause or a statement
// of its own.
func holesNameTables(tp *siteplan.Text) bool {
	if len(tp.Text.Holes) == 0 {
		return true
	}
	var paths []string
	for _, st := range tp.Script.Stmts {
		yql.Inspect(st, func(n yql.Node) bool {
			switch n := n.(type) {
			case *yql.TableRef:
				paths = append(paths, n.Path)
			case *yql.PragmaStmt:
				paths = append(paths, n.Values...) // PRAGMA TablePathPrefix("{{ .Prefix }}")
			}
			return true
		})
	}
	for i := range tp.Text.Holes {
		hole := yql.HoleName(i)
		if !slices.ContainsFunc(paths, func(p string) bool { return strings.Contains(p, hole) }) {
			return false
		}
	}
	return true
}

// judgeStmt adds one statement; false when it cannot be classified.
func (e *siteEffect) judgeStmt(st yql.Stmt, t *site.Text) bool {
	switch st := st.(type) {
	case *yql.DeclareStmt, *yql.PragmaStmt:
	case *yql.SelectStmt, *yql.NamedExprStmt:
		e.reads, e.guards = true, true
	case *yql.UpdateStmt:
		e.writes = true
		if st.On != nil || st.OnValues != nil || st.Table == nil {
			e.guards = true
			return true
		}
		if setColumnRead(st.Where, st.Set) {
			e.guards = true
		}
		for _, a := range st.Set {
			if a.Column != nil && addsToItself(a.Value, a.Column.Name) {
				sp := st.NodeSpan()
				pos, end := t.PosRange(sp.Start, sp.End)
				e.rmw = append(e.rmw, rmwWrite{pos: pos, end: end,
					what: "UPDATE " + queryplan.DisplayText(st.Table.Path, t.Holes) + " SET " + a.Column.Name + " = " + a.Column.Name + " " + arithOp(a.Value) + " …"})
			}
		}
	case *yql.InsertStmt:
		e.writes = true
		if st.Kind == yql.Insert {
			e.guards = true
		}
		if st.Kind != yql.Insert && st.Table != nil && selectsOwnRowArith(st.Source, st.Table.Path) {
			sp := st.NodeSpan()
			pos, end := t.PosRange(sp.Start, sp.End)
			e.rmw = append(e.rmw, rmwWrite{pos: pos, end: end,
				what: st.Kind.String() + " INTO " + queryplan.DisplayText(st.Table.Path, t.Holes) + " … SELECT arithmetic FROM " + queryplan.DisplayText(st.Table.Path, t.Holes)})
		}
	case *yql.DeleteStmt:
		e.writes, e.guards = true, true
	case *yql.CreateTableStmt, *yql.AlterTableStmt, *yql.DropTableStmt:
		e.writes, e.guards = true, true
	default:
		return false
	}
	return true
}

// arithmetic are the operators that make `c = c op x` depend on c's old
// value in a way a second application changes again.
var arithmetic = map[yql.BinaryOp]bool{yql.OpAdd: true, yql.OpSub: true, yql.OpMul: true, yql.OpDiv: true, yql.OpConcat: true}

// addsToItself reports whether v is arithmetic whose operand is column
// col itself: `c + $d`, `$d + c`, `(c ?? 0) + 1`.
func addsToItself(v yql.Expr, col string) bool {
	b, ok := v.(*yql.Binary)
	if !ok || !arithmetic[b.Op] {
		return false
	}
	return mentions(b.L, col) || mentions(b.R, col)
}

// arithOp spells the operator of an addsToItself value.
func arithOp(v yql.Expr) string {
	if b, ok := v.(*yql.Binary); ok {
		return b.Op.String()
	}
	return "?"
}

// mentions reports whether e reads column col (qualified or not; YDB
// column names are case-sensitive).
func mentions(e yql.Expr, col string) bool {
	if e == nil {
		return false
	}
	found := false
	yql.Inspect(e, func(n yql.Node) bool {
		if c, ok := n.(*yql.ColumnRef); ok && c.Name == col {
			found = true
		}
		return !found
	})
	return found
}

// setColumnRead reports whether where reads a column the UPDATE sets: a
// version or state check that makes a replay match no row.
func setColumnRead(where yql.Expr, set []*yql.Assignment) bool {
	for _, a := range set {
		if a.Column != nil && mentions(where, a.Column.Name) {
			return true
		}
	}
	return false
}

// selectsOwnRowArith reports whether src reads table path and computes
// some item with arithmetic on a column: `UPSERT INTO t SELECT id, n + 1
// AS n FROM t WHERE …`.
func selectsOwnRowArith(src *yql.Select, path string) bool {
	if src == nil {
		return false
	}
	ts, ok := src.From.(*yql.TableSource)
	if !ok || ts.Table == nil || ts.Table.Path != path {
		return false
	}
	for _, it := range src.Items {
		b, ok := it.Expr.(*yql.Binary)
		if !ok || !arithmetic[b.Op] {
			continue
		}
		if hasColumn(b) {
			return true
		}
	}
	return false
}

func hasColumn(e yql.Expr) bool {
	found := false
	yql.Inspect(e, func(n yql.Node) bool {
		if _, ok := n.(*yql.ColumnRef); ok {
			found = true
		}
		return !found
	})
	return found
}
