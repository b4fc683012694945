package querysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// paramSet accumulates bindings; the last binding of a name wins.
type paramSet struct {
	p *site.Params
}

func newParams() *paramSet { return &paramSet{p: &site.Params{Known: true}} }

func (s *paramSet) add(name string, pos, end token.Pos, v site.Value) {
	name = strings.TrimPrefix(name, "$")
	for _, b := range s.p.Bindings {
		if b.Name == name {
			b.Pos, b.End, b.Value = pos, end, v
			return
		}
	}
	s.p.Bindings = append(s.p.Bindings, &site.Binding{Name: name, Pos: pos, End: end, Value: v})
}

// addBuilder adds a ParamsBuilder binding. ParamsBuilder sends the name
// exactly as written (catalogue §3.1): without a leading '$' no YQL
// `$name` refers to it, which NoDollar records.
func (s *paramSet) addBuilder(name string, pos, end token.Pos, v site.Value) {
	s.add(name, pos, end, v)
	if !strings.HasPrefix(name, "$") {
		for _, b := range s.p.Bindings {
			if b.Name == name {
				b.NoDollar = true
			}
		}
	}
}

func (s *paramSet) done() *site.Params {
	sort.SliceStable(s.p.Bindings, func(i, j int) bool { return s.p.Bindings[i].Name < s.p.Bindings[j].Name })
	return s.p
}

// queryOptions decodes query-service execute options: the last
// WithParameters, WithSyntax(SyntaxPostgreSQL) and explain exec modes.
func (a *pkgAnalysis) queryOptions(v ssa.Value, c *ctx) (p *site.Params, notYQL, explain bool) {
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		return &site.Params{Known: false}, false, false
	}
	var last ssa.Value
	known := true
	for _, e := range elems {
		f, args, _, _ := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil {
			if _, isCall := ssaval.Peel(e).(*ssa.Call); !isCall || !ssaval.IsSDKCall(ssaval.Peel(e)) {
				known = false
			}
			continue
		}
		switch f.Helper {
		case sdk.HelperWithParameters:
			if len(args) == 1 {
				last = args[0]
			}
		case sdk.HelperWithSyntax:
			if len(args) == 1 && a.isQueryConst(args[0], sdk.NotYQLSyntax) {
				notYQL = true
			}
		case sdk.HelperWithExecMode:
			if len(args) == 1 && a.isQueryConst(args[0], sdk.ExplainModes) {
				notYQL, explain = true, true
			}
		}
	}
	if last != nil {
		p = a.paramsValue(last, c)
		if !known {
			p.Known = false
		}
		return p, notYQL, explain
	}
	return &site.Params{Known: known}, notYQL, explain
}

// isQueryConst reports whether v is one of the named SDK/query constants.
func (a *pkgAnalysis) isQueryConst(v ssa.Value, names []string) bool {
	k, ok := ssaval.Peel(v).(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	pkg := a.findPackage(sdk.PkgQuery)
	if pkg == nil {
		return false
	}
	for _, n := range names {
		if c, ok := pkg.Scope().Lookup(n).(*types.Const); ok && constant.Compare(c.Val(), token.EQL, k.Value) {
			return true
		}
	}
	return false
}

// paramsValue decodes a params.Parameters / *params.Params value.
func (a *pkgAnalysis) paramsValue(v ssa.Value, c *ctx) *site.Params {
	v = ssaval.Peel(v)
	if k, ok := v.(*ssa.Const); ok && k.Value == nil {
		return &site.Params{Known: true}
	}
	if c.depth > maxDepth {
		return &site.Params{}
	}
	var out *site.Params
	if f, args, _, call := ssaval.HelperOf(v); f != nil {
		switch f.Helper {
		case sdk.HelperNewQueryParameters:
			out = a.namedValues(args, call, c)
		case sdk.HelperParamsFromMap:
			if len(args) >= 1 {
				out = a.mapParams(args[0], c)
			}
		}
	} else if id, args, recv, _, ok := ssaval.MethodCall(v); ok && id == sdk.ParamsBuild {
		_ = args
		out = a.builderChain(recv, c)
	} else if p := a.inlineParams(v, c); p != nil {
		out = p
	}
	if out == nil {
		return &site.Params{}
	}
	// A later (*Params).Add makes the set incomplete.
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if call, ok := r.(*ssa.Call); ok {
				if f, _, _, _ := ssaval.HelperOf(call); f != nil && f.Helper == sdk.HelperParamsAdd {
					out.Known = false
				}
			}
		}
	}
	return out
}

// namedValues decodes table.NewQueryParameters(table.ValueParam(…)…).
func (a *pkgAnalysis) namedValues(args []ssa.Value, call *ssa.Call, c *ctx) *site.Params {
	s := newParams()
	if len(args) != 1 {
		s.p.Known = false
		return s.done()
	}
	elems, ok := ssaval.SliceElems(args[0])
	appended := false
	if !ok {
		// A slice built with append, in a loop or on several paths: the
		// union of what every path appends (paramsappend.go).
		if elems, ok = a.appendElems(ssaval.Peel(args[0]), map[ssa.Value]bool{}, 0); !ok {
			s.p.Known = false
			return s.done()
		}
		appended = true
	}
	if appended {
		return a.appendedValues(elems, s, c)
	}
	for _, e := range elems {
		f, vargs, _, vcall := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil || f.Helper != sdk.HelperValueParam || len(vargs) != 2 {
			if b, ok := a.iifeParam(ssaval.Peel(e), c); ok { // iifeparams.go
				s.add(b.name, b.pos, b.end, b.value)
				continue
			}
			s.p.Known = false
			continue
		}
		name, ok := ssaval.ConstString(vargs[0])
		if !ok {
			s.p.Known = false
			continue
		}
		pos, end := a.callRange(vcall)
		s.add(name, pos, end, a.classify(vargs[1], c.deeper()))
	}
	return s.done()
}

func (a *pkgAnalysis) callRange(call *ssa.Call) (token.Pos, token.Pos) {
	if ce := a.calls[call.Pos()]; ce != nil {
		return ce.Pos(), ce.End()
	}
	return call.Pos(), call.Pos()
}

// mapParams decodes ydb.ParamsFromMap(map[string]any{…}) from a map literal.
func (a *pkgAnalysis) mapParams(m ssa.Value, c *ctx) *site.Params {
	s := newParams()
	mm, ok := ssaval.Peel(m).(*ssa.MakeMap)
	if !ok || mm.Referrers() == nil {
		s.p.Known = false
		return s.done()
	}
	for _, r := range *mm.Referrers() {
		switch r := r.(type) {
		case *ssa.MapUpdate:
			name, ok := ssaval.ConstString(r.Key)
			if !ok {
				s.p.Known = false
				continue
			}
			s.add(name, r.Pos(), r.Pos(), a.classifyGo(r.Value, "", c.deeper()))
		case *ssa.DebugRef:
		default:
			if call, ok := r.(*ssa.Call); ok {
				if f, _, _, _ := ssaval.HelperOf(call); f != nil && f.Helper == sdk.HelperParamsFromMap {
					continue
				}
			}
			s.p.Known = false
		}
	}
	return s.done()
}

// builderChain walks a ydb.ParamsBuilder() chain backwards from the
// Builder passed to Build().
func (a *pkgAnalysis) builderChain(b ssa.Value, c *ctx) *site.Params {
	s := newParams()
	type pending struct {
		name     string
		pos, end token.Pos
		v        site.Value
	}
	var found []pending
	for step := 0; step < 256; step++ {
		b = ssaval.Peel(b)
		if f, _, _, _ := ssaval.HelperOf(b); f != nil && f.Helper == sdk.HelperParamsBuilder {
			for i := len(found) - 1; i >= 0; i-- {
				s.addBuilder(found[i].name, found[i].pos, found[i].end, found[i].v)
			}
			return s.done()
		}
		id, args, recv, call, ok := ssaval.MethodCall(b)
		if !ok || id.Pkg != sdk.PkgInternalParams {
			break
		}
		_, end := a.callRange(call)
		var val site.Value
		var param ssa.Value
		switch {
		case id == sdk.ParamsAny && len(args) == 1:
			val, param = a.classify(args[0], c.deeper()), recv
		case id.Recv == sdk.ParamsParameterType && sdk.BuilderSetters[id.Name] != "" && len(args) >= 1:
			val, param = a.classifyGo(args[0], sdk.BuilderSetters[id.Name], c.deeper()), recv
		case id == sdk.ParamsEndOptional:
			oid, oargs, orecv, _, ok := ssaval.MethodCall(ssaval.Peel(recv))
			if !ok || oid.Recv != sdk.ParamsOptionalType || len(oargs) < 1 {
				break
			}
			val = a.classifyGo(oargs[0], sdk.BuilderSetters[oid.Name], c.deeper())
			val.Optional = true
			if bid, _, brecv, _, ok := ssaval.MethodCall(ssaval.Peel(orecv)); ok && bid == sdk.ParamsBeginOptional {
				param = brecv
			}
		case strings.HasPrefix(id.Name, "End"):
			// EndList / EndStruct / …: walk receivers back to the Parameter.
			cur := recv
			for k := 0; k < 256 && cur != nil; k++ {
				cid, _, crecv, _, ok := ssaval.MethodCall(ssaval.Peel(cur))
				if !ok {
					break
				}
				if cid.Recv == sdk.ParamsParameterType && strings.HasPrefix(cid.Name, "Begin") {
					param = crecv
					val = site.Value{YDBType: strings.TrimPrefix(cid.Name, "Begin"), Null: site.NotNull}
					break
				}
				cur = crecv
			}
		}
		if param == nil {
			break
		}
		pid, pargs, precv, pcall, ok := ssaval.MethodCall(ssaval.Peel(param))
		if !ok || pid != sdk.ParamsParam || len(pargs) != 1 {
			break
		}
		name, ok := ssaval.ConstString(pargs[0])
		if !ok {
			s.p.Known = false
			b = precv
			continue
		}
		pos := pcall.Pos()
		if ce := a.calls[pcall.Pos()]; ce != nil {
			if sel, ok := ce.Fun.(*ast.SelectorExpr); ok {
				pos = sel.Sel.Pos()
			}
		}
		found = append(found, pending{name: name, pos: pos, end: end, v: val})
		b = precv
	}
	s.p.Known = false
	for i := len(found) - 1; i >= 0; i-- {
		s.addBuilder(found[i].name, found[i].pos, found[i].end, found[i].v)
	}
	return s.done()
}

// sqlArgs decodes database/sql arguments into bindings (catalogue §5.4).
func (a *pkgAnalysis) sqlArgs(v ssa.Value, c *ctx) *site.Params {
	s := newParams()
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		s.p.Known = false
		return s.done()
	}
	if len(elems) == 1 {
		if p := ssaval.Peel(elems[0]); ssaval.IsParamsPtr(p.Type()) {
			return a.paramsValue(p, c)
		}
	}
	for i, e := range elems {
		x := e
		if mi, ok := x.(*ssa.MakeInterface); ok {
			x = mi.X
		}
		if f, args, _, call := ssaval.HelperOf(x); f != nil && len(args) == 2 {
			pos, end := a.callRange(call)
			switch f.Helper {
			case sdk.HelperSQLNamed:
				if name, ok := ssaval.ConstString(args[0]); ok {
					s.add(name, pos, end, a.classifyGo(args[1], "", c.deeper()))
				} else {
					s.p.Known = false
				}
				continue
			case sdk.HelperValueParam:
				if name, ok := ssaval.ConstString(args[0]); ok {
					s.add(name, pos, end, a.classify(args[1], c.deeper()))
				} else {
					s.p.Known = false
				}
				continue
			}
		}
		pos, end := x.Pos(), x.Pos()
		if call, ok := x.(*ssa.Call); ok {
			pos, end = a.callRange(call)
		}
		s.add("p"+strconv.Itoa(i), pos, end, a.classifyGo(e, "", c.deeper()))
	}
	return s.done()
}
