package querysite

import (
	"go/ast"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yqlscan"
	"github.com/ydblint/ydblint/passes/querysite/bindings"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
	"github.com/ydblint/ydblint/passes/querysite/dbhandle"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
	"github.com/ydblint/ydblint/passes/querysite/rowshape"
	"github.com/ydblint/ydblint/passes/querysite/sqlmode"
)

// siteKind is the Site.Kind of a site reaching an entry point of kind k: a
// prepared text runs when the statement executes, so Prepare and
// PreparedExec sites are YQL sites.
func siteKind(k sdk.Kind) sdk.Kind {
	if k == sdk.KindPrepare || k == sdk.KindPreparedExec {
		return sdk.KindYQL
	}
	return k
}

// queryOf returns the Query payload of s. A site of another kind gets a
// scratch one: no entry point of another kind takes query text or
// parameters, and what one would say is not part of its site.
func queryOf(s *site.Site) *site.Query {
	if s.Query != nil {
		return s.Query
	}
	return &site.Query{}
}

// bulkOf returns the Bulk payload of s, or a scratch one for a site of
// another kind (as queryOf).
func bulkOf(s *site.Site) *site.Bulk {
	if s.Bulk != nil {
		return s.Bulk
	}
	return &site.Bulk{}
}

// forward records which parameters of the enclosing declared function a
// site depends on: such a site belongs to a wrapper and is reported at the
// wrapper's call sites instead.
type forward struct {
	texts      texts
	params     int
	paramsRole sdk.Role
	table      int
	rows       int
	// tableTexts is a table path built from parameters that the
	// function's own site could not read (helperpath.go); rowsList marks
	// rows forwarded as the []types.Value of types.ListValue(p...).
	tableTexts texts
	rowsList   bool
	db         dbhandle.Info
	hasDB      bool
}

// sameForward reports whether a forwarding call hands the database what
// the wrapper's summarised call does (the same API, text template and
// forwarded parameters, as on two branches of a transaction-or-not helper):
// the callers' sites already stand for it.
func sameForward(sum *sinkSummary, s *site.Site, fwd *forward) bool {
	f := sum.fact
	return f.API == s.API && f.Kind == s.Kind && textsKey(sum.texts) == textsKey(fwd.texts) &&
		f.Params == fwd.params && f.ParamsRole == int(fwd.paramsRole) && f.Table == fwd.table && f.Rows == fwd.rows &&
		textsKey(sum.tableTexts) == textsKey(fwd.tableTexts) && f.RowsList == fwd.rowsList
}

func (f *forward) any() bool {
	return f.texts.hasParam() || f.params >= 0 || f.table >= 0 || f.rows >= 0 || f.tableTexts.hasParam()
}

// asParam returns the index of the enclosing declared function's parameter
// that v is (through closures), or -1.
func asParam(v ssa.Value, c *ctx) int {
	for i := 0; i < 16; i++ {
		switch x := ssaval.Peel(v).(type) {
		case *ssa.Parameter:
			return c.paramIndex(x)
		case *ssa.FreeVar:
			b, _ := ssaval.FreeVarBinding(x)
			if b == nil {
				return -1
			}
			v = b
		case *ssa.UnOp:
			// A variable captured by reference: *freevar → the enclosing
			// function's cell → its single store.
			if x.Op != token.MUL {
				return -1
			}
			addr := x.X
			if fv, ok := addr.(*ssa.FreeVar); ok {
				addr, _ = ssaval.FreeVarBinding(fv)
			}
			alloc, ok := addr.(*ssa.Alloc)
			if !ok {
				return -1
			}
			if v = ssaval.SingleStore(alloc); v == nil {
				return -1
			}
		default:
			return -1
		}
	}
	return -1
}

// buildSite builds the Site for a call to an entry point or wrapper.
func (a *pkgAnalysis) buildSite(common *ssa.CallCommon, t callTarget, c *ctx) (*site.Site, *forward) {
	ce := a.src.Call(common.Pos())
	pos, end := common.Pos(), common.Pos()
	if ce != nil {
		pos, end = ce.Pos(), ce.End()
	}
	args, recv := ssaval.SplitRecv(common)
	var hints []ast.Expr
	if ce != nil && len(ce.Args) == len(args) {
		hints = ce.Args
	}
	fwd := &forward{params: -1, table: -1, rows: -1}
	if t.entry == nil {
		return a.wrapperSite(site.New(pos, end, t.fact.API, t.fact.Kind), fwd, args, hints, t, c)
	}
	e := t.entry
	s := site.New(pos, end, e.API, siteKind(e.Kind))
	q := queryOf(s)
	q.ExplainOnly, q.NotYQL, q.ScanQuery = e.Explain, e.Explain, e.Scan
	if e.Pkg == sdk.PkgSQL && (e.Kind == sdk.KindYQL || e.Kind == sdk.KindPreparedExec) && len(args) > 0 && sqlmode.IsContext(args[0].Type()) {
		m := sqlmode.Of(modeHost{a}, args[0], &c.visiting, maxDepth)
		q.ScanQuery = m.Scan
		if m.Explain {
			q.ExplainOnly, q.NotYQL = true, true
		}
	}
	arg := func(r sdk.Role) (ssa.Value, ast.Expr) {
		i := e.ArgIndex(r)
		if i < 0 || i >= len(args) {
			return nil, nil
		}
		return args[i], hintAt(hints, i)
	}
	var dbRecv ssa.Value = recv
	if v, h := arg(sdk.RoleText); v != nil {
		fwd.texts = a.siteText(v, h, c)
	}
	if e.Kind == sdk.KindPreparedExec {
		stmt := recv
		if v, _ := arg(sdk.RoleStmt); v != nil {
			stmt = v
		}
		if prep := a.preparedCall(stmt, 0); prep != nil {
			pargs, precv := ssaval.SplitRecv(&prep.Call)
			pt := a.target(&prep.Call)
			if i := pt.entry.ArgIndex(sdk.RoleText); i >= 0 && i < len(pargs) {
				var ph ast.Expr
				if pce := a.src.Call(prep.Pos()); pce != nil && len(pce.Args) == len(pargs) {
					ph = pce.Args[i]
				}
				// Read as a direct call's text is (siteText): the
				// recognisers, or the evaluator where they leave a hole
				// (a helper's strings.Builder, a fmt.Sprintf).
				fwd.texts = a.siteText(pargs[i], ph, c.in(prep.Parent()))
			}
			dbRecv = precv
		}
	}
	if v, _ := arg(sdk.RoleParams); v != nil {
		q.Params = a.params.ParamsValue(v, c)
		if k := asParam(v, c); k >= 0 {
			fwd.params, fwd.paramsRole = k, sdk.RoleParams
		} else if k := a.params.ForwardedOptions(v, c); k >= 0 {
			fwd.params, fwd.paramsRole = k, bindings.RoleParamOptions // package bindings
		}
	}
	if v, _ := arg(sdk.RoleOptions); v != nil {
		switch e.Kind {
		case sdk.KindYQL, sdk.KindPreparedExec:
			if e.Pkg == sdk.PkgQuery || e.Pkg == sdk.PkgInternalQuery || a.cfgSinks.IsEntry(e) {
				var notYQL, explain bool
				q.Params, notYQL, explain = a.params.QueryOptions(v, c)
				q.NotYQL = q.NotYQL || notYQL
				q.ExplainOnly = q.ExplainOnly || explain
				if k := asParam(v, c); k >= 0 {
					fwd.params, fwd.paramsRole = k, sdk.RoleOptions
				} else if k := a.optionsParamsParam(v, c); k >= 0 {
					fwd.params, fwd.paramsRole = k, sdk.RoleParams
				}
			}
		case sdk.KindCreateTable, sdk.KindAlterTable:
			if s.DDL != nil {
				s.DDL.Options, s.DDL.Known = a.optionReader().Decode(v)
			}
		case sdk.KindReadTable:
			if s.Read != nil {
				s.Read.KeyRange = a.rows.KeyRanges(v, a.classifier(c))
			}
		}
	}
	if v, _ := arg(sdk.RoleArgs); v != nil {
		info := a.handles.Of(dbRecv)
		if a.cfgSinks.IsEntry(e) {
			// A configured sink's `args ...any`: how it binds unnamed
			// arguments is not known.
			info = dbhandle.Info{Mode: site.BindUnknown}
		}
		q.Params = a.params.SQLArgs(v, c)
		a.applyDB(q, info)
		fwd.db, fwd.hasDB = info, true
		if k := asParam(v, c); k >= 0 {
			fwd.params, fwd.paramsRole = k, sdk.RoleArgs
		}
	}
	var tableTT texts // the path, for carryTable (helperpath.go)
	if v, h := arg(sdk.RoleTable); v != nil {
		tt := a.siteText(v, h, c)
		tableTT = tt
		if tt.hasParam() {
			fwd.table = asParam(v, c)
			if fwd.table < 0 {
				fwd.table = tt.onlyParam()
			}
			if fwd.table < 0 && tableTemplateKind(s.Kind) && unresolvedParam(tt) {
				fwd.tableTexts = tt // helperpath.go
			}
		}
		if len(tt.vs) > 0 && (!tt.hasParam() || fwd.table < 0) {
			// A path computed from parameters (path.Join(prefix,
			// "series")) is not forwarded whole: the site keeps it, the
			// parameters as holes.
			setTable(s, tt, pos, end) // tablealt.go
		}
	}
	if v, _ := arg(sdk.RoleRows); v != nil {
		bulk := bulkOf(s)
		bulk.Rows, bulk.Known = a.rows.Rows(v, a.classifier(c))
		bulk.Alternatives = rowshape.HaveImpl(bulk.Rows)
		if k := asParam(v, c); k >= 0 {
			fwd.rows = k
		} else if k := listRowsParam(v, c); k >= 0 {
			fwd.rows, fwd.rowsList = k, true // helperpath.go
		}
		a.carryTable(s, fwd, tableTT)
	}
	if v, _ := arg(cfgsink.RoleUnknownParams); v != nil && q.Params == nil {
		q.Params = &site.Params{} // a configured sink's parameters of a type ydblint cannot decode
	}
	if q.Params == nil && s.Kind == sdk.KindYQL {
		q.Params = &site.Params{Known: e.Kind != sdk.KindPrepare}
	}
	a.finishTexts(s, fwd, pos, end)
	return s, fwd
}

// applyDB records the database/sql binding mode on a site's query.
func (a *pkgAnalysis) applyDB(q *site.Query, info dbhandle.Info) {
	if q.Params == nil {
		q.Params = &site.Params{}
	}
	q.Params.Mode = info.Mode
	q.Params.AutoDeclare = info.AutoDeclare
	q.TablePathPrefix = info.Prefix
	q.PrefixUnknown = info.PrefixUnknown || info.Mode == site.BindUnknown
	q.SQLDriver = info.Driver
	if info.Mode == site.BindUnknown {
		// Unnamed arguments cannot be mapped to parameters (never guess).
		var kept []*site.Binding
		for _, b := range q.Params.Bindings {
			if !isPositionalName(b.Name) {
				kept = append(kept, b)
			}
		}
		if len(kept) != len(q.Params.Bindings) {
			q.Params.Bindings = kept
			q.Params.Known = false
		}
	}
}

func isPositionalName(n string) bool {
	if len(n) < 2 || n[0] != 'p' {
		return false
	}
	for _, r := range n[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// finishTexts converts the recovered variants (without parameter pieces)
// into Texts, applying the database/sql placeholder rewrite.
func (a *pkgAnalysis) finishTexts(s *site.Site, fwd *forward, pos, end token.Pos) {
	q := s.Query
	if q == nil || fwd.texts.hasParam() {
		return
	}
	q.TextsTruncated = fwd.texts.truncated
	for _, v := range fwd.texts.vs {
		if q.Params != nil && (q.Params.Mode == site.BindPositional || q.Params.Mode == site.BindNumeric) {
			v = rewriteBind(v, q.Params.Mode)
		} else if q.Params != nil && q.Params.Mode == site.BindUnknown && fwd.hasDB {
			// The handle was not traced: the text tells how it binds.
			if m := inferBind(v); m != site.BindUnknown {
				v = rewriteBind(v, m)
			}
		}
		q.Texts = append(q.Texts, toText(v, pos, end))
	}
}

// wrapperSite builds a site for a call to a wrapper from its summary or fact.
func (a *pkgAnalysis) wrapperSite(s *site.Site, fwd *forward, args []ssa.Value, hints []ast.Expr, t callTarget, c *ctx) (*site.Site, *forward) {
	f := t.fact
	q := queryOf(s)
	q.NotYQL, q.ExplainOnly, q.ScanQuery = f.NotYQL, f.Explain, f.Scan
	frame := site.Frame{Func: t.wrapper.FullName()}
	var tmpl []variant
	if t.local != nil {
		frame.Pos = t.local.pos
		frame.PosString = a.posString(t.local.pos)
		tmpl = t.local.texts.vs
	} else {
		if len(f.Chain) > 0 {
			frame.PosString = f.Chain[0].PosString
		}
		tmpl = variantsFromFact(f.Texts, s.Pos, s.End)
	}
	s.Chain = append(s.Chain, frame)
	for i, fr := range f.Chain {
		if i == 0 {
			continue // the wrapper's own frame, recorded above
		}
		s.Chain = append(s.Chain, site.Frame{Func: fr.Func, PosString: fr.PosString})
	}
	truncated := f.Truncated
	if t.local != nil {
		truncated = t.local.texts.truncated
	}
	if len(tmpl) > 0 {
		fwd.texts = a.instantiateText(tmpl, truncated, args, hints, c)
	}
	if f.Params >= 0 && f.Params < len(args) {
		v := args[f.Params]
		switch sdk.Role(f.ParamsRole) {
		case sdk.RoleOptions:
			var notYQL, explain bool
			q.Params, notYQL, explain = a.params.QueryOptions(v, c)
			q.NotYQL, q.ExplainOnly = q.NotYQL || notYQL, q.ExplainOnly || explain
		case sdk.RoleParams:
			q.Params = a.params.ParamsValue(v, c)
		case sdk.RoleArgs:
			q.Params = a.params.SQLArgs(v, c)
		case bindings.RoleParamOptions:
			q.Params = a.params.OptionListParams(v, c)
		}
		if k := asParam(v, c); k >= 0 {
			fwd.params, fwd.paramsRole = k, sdk.Role(f.ParamsRole)
		} else if sdk.Role(f.ParamsRole) == bindings.RoleParamOptions {
			if k := a.params.OptionsBaseParam(v, c); k >= 0 {
				fwd.params, fwd.paramsRole = k, bindings.RoleParamOptions
			}
		}
	}
	if f.Driver != "" || sdk.Role(f.ParamsRole) == sdk.RoleArgs {
		a.applyDB(q, dbhandle.Info{Mode: f.Mode, AutoDeclare: f.AutoDeclare, Prefix: f.Prefix, Driver: f.Driver})
		fwd.db, fwd.hasDB = dbhandle.Info{Mode: f.Mode, AutoDeclare: f.AutoDeclare, Prefix: f.Prefix, Driver: f.Driver}, true
	}
	if q.Params == nil {
		q.Params = &site.Params{}
	}
	if s.DDL != nil && t.local != nil {
		s.DDL.Options, s.DDL.Known = a.optionReader().Wrapped(t.local.inner) // package tableopts
	}
	var tableTT texts // the path, for carryTable (helperpath.go)
	if f.Table >= 0 && f.Table < len(args) {
		tableTT = a.siteText(args[f.Table], hintAt(hints, f.Table), c)
		a.wrappedTable(s, fwd, tableTT)
	} else if len(f.TableTexts) > 0 {
		tmpl := variantsFromFact(f.TableTexts, s.Pos, s.End)
		if t.local != nil {
			tmpl = t.local.tableTexts.vs
		}
		tableTT = a.instantiateText(tmpl, false, args, hints, c)
		a.wrappedTable(s, fwd, tableTT)
	}
	if f.Rows >= 0 && f.Rows < len(args) {
		bulk := bulkOf(s)
		if f.RowsList {
			bulk.Rows, bulk.Known = a.rowsOfList(args[f.Rows], c) // helperpath.go
		} else {
			bulk.Rows, bulk.Known = a.rows.Rows(args[f.Rows], a.classifier(c))
		}
		bulk.Alternatives = rowshape.HaveImpl(bulk.Rows)
		if k := asParam(args[f.Rows], c); k >= 0 {
			fwd.rows, fwd.rowsList = k, f.RowsList
		}
		a.carryTable(s, fwd, tableTT)
	} else if len(f.TableTexts) > 0 && t.local != nil {
		bulk := bulkOf(s)
		bulk.Rows, bulk.Known = a.wrappedRows(t.local) // helperpath.go
		bulk.Alternatives = rowshape.HaveImpl(bulk.Rows)
	}
	a.finishTexts(s, fwd, s.Pos, s.End)
	return s, fwd
}

// preparedCall follows a prepared statement back to its Prepare call.
func (a *pkgAnalysis) preparedCall(stmt ssa.Value, depth int) *ssa.Call {
	if stmt == nil || depth > 8 {
		return nil
	}
	stmt = ssaval.Peel(stmt)
	switch x := stmt.(type) {
	case *ssa.Call:
		if t := a.target(&x.Call); t.entry != nil && t.entry.Kind == sdk.KindPrepare {
			return x
		}
		if f, args, _, _ := ssaval.HelperOf(x); f != nil && f.Helper == sdk.HelperStmtFromTx && len(args) > 0 {
			return a.preparedCall(args[len(args)-1], depth+1)
		}
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if v := ssaval.SingleStore(alloc); v != nil {
				return a.preparedCall(v, depth+1)
			}
		}
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return a.preparedCall(b, depth+1)
		}
	}
	return nil
}

// executed reports whether a Prepare call's statement is executed by a
// call this pass traces (then the site is reported there).
func (a *pkgAnalysis) executed(prep *ssa.Call) bool {
	for _, fn := range a.funcs {
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				t := a.target(call.Common())
				if t.entry == nil || t.entry.Kind != sdk.KindPreparedExec {
					continue
				}
				args, recv := ssaval.SplitRecv(call.Common())
				stmt := recv
				if i := t.entry.ArgIndex(sdk.RoleStmt); i >= 0 && i < len(args) {
					stmt = args[i]
				}
				if a.preparedCall(stmt, 0) == prep {
					return true
				}
			}
		}
	}
	return false
}

// collectSites reports every site that is not a wrapper's forwarding call.
func (a *pkgAnalysis) collectSites() {
	for _, fn := range a.funcs {
		top := topOf(fn)
		c := &ctx{fn: fn}
		if ssaval.FuncObj(top) != nil {
			c.top = top
		}
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				t := a.target(call.Common())
				if !t.ok() || t.entry != nil && t.entry.Kind == sdk.KindRetry {
					continue
				}
				if t.entry != nil && t.entry.Kind == sdk.KindPrepare {
					if c, ok := call.(*ssa.Call); ok && a.executed(c) {
						continue
					}
				}
				s, fwd := a.buildSite(call.Common(), t, c)
				if fwd.any() {
					sum := a.localSinks[top]
					if sum == nil || sum.inner == call.Common() || sameForward(sum, s, fwd) {
						continue // the wrapper's call: sites are its callers
					}
					// A wrapper's summary covers its first forwarding
					// call only (sinkSummaryOf): any other that hands the
					// database something else is a site of its own, with
					// the parameters as unknown holes.
					s, _ = a.buildSite(call.Common(), t, &ctx{fn: fn})
				}
				if t.entry != nil && t.entry.Kind == sdk.KindPrepare {
					queryOf(s).Params = &site.Params{}
				}
				a.res.Sites = append(a.res.Sites, s)
			}
		}
	}
}

// summarize computes in-package wrapper and hash summaries to a fixed
// point and exports them as facts.
func (a *pkgAnalysis) summarize() {
	var decls []*ssa.Function
	for _, fn := range a.funcs {
		if obj := ssaval.FuncObj(fn); obj != nil && obj.Pkg() == a.pass.Pkg {
			decls = append(decls, fn)
		}
	}
	for iter := 0; iter < maxIter; iter++ {
		changed := false
		for _, fn := range decls {
			if s := a.sinkSummaryOf(fn); s != nil && (a.localSinks[fn] == nil || a.localSinks[fn].fact.String() != s.fact.String() || textsKey(a.localSinks[fn].texts) != textsKey(s.texts)) {
				a.localSinks[fn], changed = s, true
			}
			if a.hashes.Summarize(fn) {
				changed = true
			}
		}
		if !changed {
			break
		}
		a.hashes.ForgetMisses()
	}
	for _, fn := range decls {
		obj := ssaval.FuncObj(fn)
		if s := a.localSinks[fn]; s != nil {
			a.pass.ExportObjectFact(obj, s.fact)
		}
		if h := a.hashes.Summary(fn); h != nil {
			a.pass.ExportObjectFact(obj, h)
		}
	}
}

func textsKey(t texts) string {
	var b []byte
	for _, v := range t.vs {
		b = append(b, factVariant{Pieces: factPieces(v)}.String()...)
		b = append(b, '|')
	}
	if t.truncated {
		b = append(b, '+')
	}
	return string(b)
}

func factPieces(v variant) []factPiece {
	var out []factPiece
	for _, p := range v {
		switch {
		case p.param >= 0:
			out = append(out, factPiece{Param: p.param, Deref: p.deref, Desc: p.desc, Identity: p.identity, KeyEq: p.keyEq, Method: p.method, MethodArgs: p.methodArgs})
		case p.hole:
			out = append(out, factPiece{Param: -1, Hole: true, Key: p.key, Desc: p.desc})
		default:
			if n := len(out); n > 0 && !out[n-1].Hole && out[n-1].Param < 0 {
				out[n-1].Text += p.text
				continue
			}
			out = append(out, factPiece{Param: -1, Text: p.text})
		}
	}
	return out
}

func factVariants(t texts) []factVariant {
	var out []factVariant
	for _, v := range t.vs {
		out = append(out, factVariant{Pieces: factPieces(v)})
	}
	return out
}

// sinkSummaryOf finds the first call in fn (or its closures) that forwards
// a parameter of fn to an entry point or wrapper.
func (a *pkgAnalysis) sinkSummaryOf(top *ssa.Function) *sinkSummary {
	for _, fn := range a.funcs {
		if topOf(fn) != top {
			continue
		}
		c := &ctx{fn: fn, top: top}
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if callee := call.Common().StaticCallee(); callee != nil && ssaval.Origin(callee) == top {
					continue // direct recursion
				}
				t := a.target(call.Common())
				if !t.ok() || t.entry != nil && (t.entry.Kind == sdk.KindRetry || t.entry.Kind == sdk.KindPrepare) {
					continue
				}
				s, fwd := a.buildSite(call.Common(), t, c)
				if !fwd.any() {
					continue
				}
				f := &sinkFact{
					API: s.API, Kind: s.Kind, Query: fwd.texts.onlyParam(), Truncated: fwd.texts.truncated,
					Params: fwd.params, ParamsRole: int(fwd.paramsRole), Table: fwd.table, Rows: fwd.rows,
					RowsList: fwd.rowsList,
				}
				if q := s.Query; q != nil {
					f.NotYQL, f.Explain, f.Scan = q.NotYQL, q.ExplainOnly, q.ScanQuery
				}
				if len(fwd.tableTexts.vs) > 0 {
					f.TableTexts = factVariants(fwd.tableTexts)
				}
				if fwd.texts.hasParam() {
					f.Texts = factVariants(fwd.texts)
				}
				if fwd.hasDB {
					f.Mode, f.AutoDeclare, f.Prefix, f.Driver = fwd.db.Mode, fwd.db.AutoDeclare, fwd.db.Prefix, fwd.db.Driver
				}
				f.Chain = append(f.Chain, factFrame{Func: ssaval.FuncObj(top).FullName(), PosString: a.posString(call.Pos())})
				for _, fr := range s.Chain {
					f.Chain = append(f.Chain, factFrame{Func: fr.Func, PosString: fr.PosString})
				}
				return &sinkSummary{fact: f, texts: fwd.texts, tableTexts: fwd.tableTexts, inner: call.Common(), innerFn: fn, pos: call.Pos()}
			}
		}
	}
	return nil
}

// rewriteBind rewrites database/sql placeholders the way the driver does
// (catalogue §5.3): `?` → $p0, $p1, … (positional) or `$N` → $p(N-1)
// (numeric), outside quotes and comments as internal/yqlscan reads them,
// the reading InferBind shares. The new bytes map inexactly to the
// placeholder they replace.
func rewriteBind(v variant, mode site.BindMode) variant {
	var out variant
	n := 0
	var sc yqlscan.Scanner
	for _, p := range v {
		if p.hole || p.param >= 0 {
			out = append(out, p)
			continue
		}
		s := p.text
		start := 0
		emit := func(lo, hi int) {
			if lo < hi {
				q := p
				q.text = s[lo:hi]
				if p.exact {
					q.pos, q.end = p.pos+token.Pos(lo), p.pos+token.Pos(hi)
				}
				out = append(out, q)
			}
		}
		repl := func(lo, hi int, text string) {
			emit(start, lo)
			q := lit(text, p.pos, p.end, false)
			if p.exact {
				q.pos, q.end = p.pos+token.Pos(lo), p.pos+token.Pos(hi)
			}
			out = append(out, q)
			start = hi
		}
		for i, w := 0, 0; i < len(s); i += w {
			var in yqlscan.State
			if w, in = sc.Step(s, i); in != yqlscan.Code {
				continue
			}
			switch ch := s[i]; {
			case ch == '?' && mode == site.BindPositional:
				repl(i, i+1, "$p"+strconv.Itoa(n))
				n++
			case ch == '$' && mode == site.BindNumeric && i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '9':
				j := i + 1
				num := 0
				for j < len(s) && s[j] >= '0' && s[j] <= '9' && num < 1<<20 {
					num = num*10 + int(s[j]-'0')
					j++
				}
				repl(i, j, "$p"+strconv.Itoa(num-1))
				w = j - i // the digits are code and change no state
			}
		}
		emit(start, len(s))
	}
	return out
}
