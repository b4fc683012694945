package keyplan

import (
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// Planner plans the statements of one script. It indexes the script's
// named expressions, DECLAREs and pragmas once; Plan is then cheap per
// statement. A Planner is not safe for concurrent use.
type Planner struct {
	script  *yql.Script
	src     string
	resolve TableResolver
	params  ParamOracle

	declares map[string]*yql.TypeRef
	named    map[string][]namedDef
	pragmas  []pragmaDef
}

type namedDef struct {
	stmt  int
	value yql.Expr // nil for tuple unpacking `$a, $b = …`
}

type pragmaDef struct {
	stmt   int
	prefix string
}

// NewPlanner prepares to plan the statements of script. src is the text the
// script was parsed from (used for the text of suggested fixes; may be "").
// resolve must not be nil; params may be nil.
func NewPlanner(script *yql.Script, src string, resolve TableResolver, params ParamOracle) *Planner {
	p := &Planner{script: script, src: src, resolve: resolve, params: params}
	if script == nil {
		return p
	}
	for i, s := range script.Stmts {
		switch x := s.(type) {
		case *yql.DeclareStmt:
			if p.declares == nil {
				p.declares = map[string]*yql.TypeRef{}
			}
			if x.Type != nil {
				p.declares[x.Name] = x.Type
			}
		case *yql.NamedExprStmt:
			if p.named == nil {
				p.named = map[string][]namedDef{}
			}
			for _, n := range x.Names {
				d := namedDef{stmt: i}
				if len(x.Names) == 1 {
					d.value = x.Value
				}
				p.named[n] = append(p.named[n], d)
			}
		case *yql.PragmaStmt:
			if strings.EqualFold(x.Name, "TablePathPrefix") && len(x.Values) > 0 {
				p.pragmas = append(p.pragmas, pragmaDef{stmt: i, prefix: x.Values[len(x.Values)-1]})
			}
		}
	}
	return p
}

// Plan plans statement i. It returns an empty Plan for an index out of
// range and for statements that neither read nor write (DDL, DECLARE,
// named expressions — a named subquery is planned where it is used).
func (p *Planner) Plan(i int) *Plan {
	if p.script == nil || i < 0 || i >= len(p.script.Stmts) {
		return &Plan{}
	}
	st := &planState{p: p, stmt: i, plan: &Plan{Stmt: p.script.Stmts[i]}}
	for _, d := range p.pragmas {
		if d.stmt < i {
			st.prefix = d.prefix
		}
	}
	switch s := p.script.Stmts[i].(type) {
	case *yql.SelectStmt:
		st.planQuery(s.Query, queryCtx{})
	case *yql.InsertStmt:
		st.planInsert(s)
	case *yql.UpdateStmt:
		st.planUpdate(s)
	case *yql.DeleteStmt:
		st.planDelete(s)
	}
	return st.plan
}

// planState is the state of planning one statement.
type planState struct {
	p      *Planner
	stmt   int
	prefix string
	plan   *Plan
	params map[string]ParamInfo
	depth  int // subquery nesting
}

// named returns the value of the named expression $name visible from the
// statement being planned. ok is false when $name is a parameter; value is
// nil for tuple unpacking.
func (st *planState) named(name string) (yql.Expr, bool) {
	defs := st.p.named[name]
	for j := len(defs) - 1; j >= 0; j-- {
		if defs[j].stmt < st.stmt {
			return defs[j].value, true
		}
	}
	return nil, false
}

// resolveNamed follows named expressions to the value they stand for.
func (st *planState) resolveNamed(e yql.Expr) yql.Expr {
	for i := 0; i < maxNamedDepth; i++ {
		pr, ok := e.(*yql.ParamRef)
		if !ok {
			return e
		}
		v, ok := st.named(pr.Name)
		if !ok || v == nil {
			return e
		}
		e = v
	}
	return e
}

// paramInfo is the oracle's answer merged with the script's DECLARE.
func (st *planState) paramInfo(name string) ParamInfo {
	if info, ok := st.params[name]; ok {
		return info
	}
	var info ParamInfo
	if st.p.params != nil {
		info = st.p.params(name)
	}
	if t, ok := st.p.declares[name]; ok {
		info.Type = t
		info.Optional = TriUnknown
	}
	if info.Optional == TriUnknown && info.Type != nil && info.Type.Name != "" {
		if info.Type.IsOptional() {
			info.Optional = TriYes
		} else {
			info.Optional = TriNo
		}
	}
	if info.Null {
		info.Optional = TriYes
	}
	if st.params == nil {
		st.params = map[string]ParamInfo{}
	}
	st.params[name] = info
	return info
}

func (st *planState) resolveTable(ref *yql.TableRef) (*schema.Table, bool) {
	if ref == nil || st.p.resolve == nil || ref.Named != "" {
		return nil, false
	}
	t, ok := st.p.resolve(ref, st.prefix)
	if !ok || t == nil {
		return nil, false
	}
	return t, true
}

// text returns the source text of a span, or "" when unavailable.
func (st *planState) text(sp yql.Span) string {
	if sp.Start < 0 || sp.End > len(st.p.src) || sp.Start >= sp.End {
		return ""
	}
	return st.p.src[sp.Start:sp.End]
}

// ---------------------------------------------------------------------------
// Queries

type queryCtx struct {
	named       string // reached through this named expression
	outerFilter bool   // an outer query filters or joins this query's rows
}

const maxSubqueryDepth = 16

func (st *planState) planQuery(sel *yql.Select, qc queryCtx) {
	if sel == nil {
		return
	}
	if st.depth >= maxSubqueryDepth {
		return
	}
	st.depth++
	defer func() { st.depth-- }()

	sc := &scope{}
	st.collectSides(sel.From, sc, sel.Where != nil, qc, nil)
	for _, s := range sc.sides {
		if s.ts == nil {
			continue
		}
		acc := st.newAccess(AccessSelect, s.ts.Table, s.ts, s.table, qc.named)
		acc.Join = s.join
		s.acc = acc
	}
	for i, s := range sc.sides {
		if s.acc == nil {
			continue
		}
		st.evaluate(s.acc, sel.Where, s.onExprs, sc, i, qc.outerFilter)
	}
	st.walkSubqueries(sel, qc)
	for _, u := range sel.Union {
		st.planQuery(u, qc)
	}
}

// collectSides flattens a FROM clause into sides, planning the inner queries
// of derived sources. onFilters are the JOIN ON conditions of the enclosing
// joins that filter this subtree.
func (st *planState) collectSides(src yql.Source, sc *scope, outerWhere bool, qc queryCtx, onFilters []yql.Expr) {
	if len(sc.sides) > 64 {
		return
	}
	switch x := src.(type) {
	case nil:
	case *yql.TableSource:
		s := &side{ts: x, onExprs: onFilters}
		if t, ok := st.resolveTable(x.Table); ok {
			s.table = t
		}
		if x.Alias != nil {
			s.names = []string{x.Alias.Name}
		} else if x.Table != nil {
			s.names = []string{x.Table.Path}
			if s.table != nil && s.table.Name() != x.Table.Path {
				s.names = append(s.names, s.table.Name())
			}
			if i := strings.LastIndexByte(x.Table.Path, '/'); i >= 0 {
				s.names = append(s.names, x.Table.Path[i+1:])
			}
		}
		sc.sides = append(sc.sides, s)
	case *yql.JoinSource:
		kind := strings.ToUpper(x.Kind)
		leftKeeps := strings.HasPrefix(kind, "LEFT") && !strings.Contains(kind, "SEMI") || strings.HasPrefix(kind, "FULL") ||
			kind == "EXCLUSION" || strings.HasPrefix(kind, "RIGHT ONLY")
		rightKeeps := strings.HasPrefix(kind, "RIGHT") && !strings.Contains(kind, "SEMI") || strings.HasPrefix(kind, "FULL") ||
			kind == "EXCLUSION" || strings.HasPrefix(kind, "LEFT ONLY")
		var lf, rf []yql.Expr
		lf = append(lf, onFilters...)
		rf = append(rf, onFilters...)
		if x.On != nil {
			if !leftKeeps {
				lf = append(lf, x.On)
			}
			if !rightKeeps {
				rf = append(rf, x.On)
			}
		}
		jc := qc
		jc.outerFilter = true
		n0 := len(sc.sides)
		st.collectSides(x.Left, sc, outerWhere, jc, lf)
		n1 := len(sc.sides)
		st.collectSides(x.Right, sc, outerWhere, jc, rf)
		if n1 == n0+1 && len(sc.sides) == n1+1 {
			st.markLookupJoin(x, sc.sides[n0], sc.sides[n1])
		}
		for _, s := range sc.sides[n0:] {
			s.join = true
		}
		// USING (c): the join key of both sides.
		for _, u := range x.Using {
			for k, s := range sc.sides[n0:] {
				left := n0+k < n1
				if (left && leftKeeps) || (!left && rightKeeps) || s.table == nil || s.table.Column(u.Name) == nil {
					continue
				}
				s.using = append(s.using, u)
			}
		}
	case *yql.SubquerySource:
		st.planQuery(x.Query, queryCtx{named: qc.named, outerFilter: outerWhere || qc.outerFilter})
		s := &side{derived: true}
		if x.Alias != nil {
			s.names = []string{x.Alias.Name}
		}
		sc.sides = append(sc.sides, s)
	case *yql.NamedSource:
		if v, ok := st.named(x.Name); ok {
			if sq, ok := st.resolveNamed(v).(*yql.SubqueryExpr); ok {
				st.planQuery(sq.Query, queryCtx{named: x.Name, outerFilter: outerWhere || qc.outerFilter})
			}
		}
		s := &side{derived: true, names: []string{"$" + x.Name}}
		if x.Alias != nil {
			s.names = []string{x.Alias.Name}
		}
		sc.sides = append(sc.sides, s)
	case *yql.AsTableSource:
		s := &side{derived: true}
		if x.Alias != nil {
			s.names = []string{x.Alias.Name}
		}
		sc.sides = append(sc.sides, s)
	default:
		sc.sides = append(sc.sides, &side{derived: true})
	}
}

// walkSubqueries plans the subqueries inside a SELECT's expressions
// (IN (SELECT …), EXISTS, scalar subqueries, named subqueries used as values).
func (st *planState) walkSubqueries(sel *yql.Select, qc queryCtx) {
	w := &subqueryWalker{st: st, qc: qc}
	for _, it := range sel.Items {
		w.expr(it.Expr, 0)
	}
	w.expr(sel.Where, 0)
	w.expr(sel.Having, 0)
	for _, g := range sel.GroupBy {
		w.expr(g, 0)
	}
	w.source(sel.From, 0)
}

type subqueryWalker struct {
	st   *planState
	qc   queryCtx
	seen map[string]bool
}

func (w *subqueryWalker) source(src yql.Source, depth int) {
	if depth > maxNormDepth {
		return
	}
	if j, ok := src.(*yql.JoinSource); ok {
		w.expr(j.On, depth+1)
		w.source(j.Left, depth+1)
		w.source(j.Right, depth+1)
	}
}

func (w *subqueryWalker) sub(q *yql.Select, named string) {
	w.st.planQuery(q, queryCtx{named: named})
}

func (w *subqueryWalker) expr(e yql.Expr, depth int) {
	if e == nil || depth > maxNormDepth {
		return
	}
	switch x := e.(type) {
	case *yql.SubqueryExpr:
		w.sub(x.Query, "")
	case *yql.Exists:
		w.sub(x.Query, "")
	case *yql.In:
		w.expr(x.X, depth+1)
		if x.Query != nil {
			w.sub(x.Query, "")
		}
		w.expr(x.Expr, depth+1)
		for _, v := range x.List {
			w.expr(v, depth+1)
		}
	case *yql.ParamRef:
		if v, ok := w.st.named(x.Name); ok && v != nil && !w.seen[x.Name] {
			if w.seen == nil {
				w.seen = map[string]bool{}
			}
			w.seen[x.Name] = true
			if sq, ok := w.st.resolveNamed(v).(*yql.SubqueryExpr); ok {
				w.sub(sq.Query, x.Name)
			}
		}
	case *yql.Binary:
		w.expr(x.L, depth+1)
		w.expr(x.R, depth+1)
	case *yql.Unary:
		w.expr(x.X, depth+1)
	case *yql.Between:
		w.expr(x.X, depth+1)
		w.expr(x.Lo, depth+1)
		w.expr(x.Hi, depth+1)
	case *yql.IsNull:
		w.expr(x.X, depth+1)
	case *yql.Like:
		w.expr(x.X, depth+1)
		w.expr(x.Pattern, depth+1)
	case *yql.Tuple:
		for _, v := range x.Elems {
			w.expr(v, depth+1)
		}
	case *yql.Call:
		for _, v := range x.Args {
			w.expr(v, depth+1)
		}
	case *yql.Cast:
		w.expr(x.X, depth+1)
	case *yql.Case:
		w.expr(x.X, depth+1)
		w.expr(x.Else, depth+1)
		for _, wh := range x.Whens {
			w.expr(wh.Cond, depth+1)
			w.expr(wh.Then, depth+1)
		}
	case *yql.Member:
		w.expr(x.X, depth+1)
	case *yql.Index:
		w.expr(x.X, depth+1)
		w.expr(x.I, depth+1)
	}
}

// newAccess records a read and fixes its key. It returns the Access even
// when the table is unknown (Verdict Unknown).
func (st *planState) newAccess(kind AccessKind, ref *yql.TableRef, ts *yql.TableSource, t *schema.Table, named string) *Access {
	a := &Access{Kind: kind, Ref: ref, Source: ts, Table: t, Named: named, KeyName: "PRIMARY KEY"}
	if ts != nil {
		if ts.Alias != nil {
			a.Alias = ts.Alias.Name
		} else if ts.Table != nil {
			a.Alias = ts.Table.Path
		}
		a.ViewPrimaryKey = ts.ViewPrimaryKey
	}
	st.plan.Reads = append(st.plan.Reads, a)
	return a
}

// unusable says why the planner must stay silent on a table, or ReasonNone.
func unusable(t *schema.Table) (ReasonCode, string) {
	switch {
	case t == nil:
		return ReasonUnknownTable, "the table is not in the schema catalogue"
	case t.Conflict || t.Incomplete != "" || len(t.PrimaryKey) == 0:
		return ReasonSchemaConflict, "the schema catalogue does not know this table's key for certain"
	case t.Store == schema.ColumnStore:
		return ReasonColumnStore, "a column table is partitioned by hash, not by key ranges"
	}
	return ReasonNone, ""
}
