package bindings

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

// Host is the pass as the decoders see it: what they need of querysite
// (call syntax, the elements of a slice, what it knows of a Go value, the
// helpers it inlines) in the context C the pass traces values in, which
// the package carries and never looks into but for its depth.
type Host[C any] interface {
	// Depth is how deep c is in the pass's tracing; Deeper is c one
	// level deeper.
	Depth(c C) int
	Deeper(c C) C
	// CallRange is the source range of a call's expression (the call's
	// own position when there is no syntax for it).
	CallRange(call *ssa.Call) (pos, end token.Pos)
	// CallSyntax is the call's expression, nil when there is none.
	CallSyntax(call *ssa.Call) *ast.CallExpr
	// AppendElems returns the elements of a slice built by a literal, a
	// variadic list or appends (through φ in loops, captured cells and
	// the package's functions returning it); ok is false when some are
	// not known.
	AppendElems(v ssa.Value) (elems []ssa.Value, ok bool)
	// FindPackage finds an imported package by path (transitively).
	FindPackage(path string) *types.Package
	// Inline evaluates a call to a helper of the package returning the
	// parameters (paramsinline.go in querysite): its single returned
	// value and the context binding the helper's parameters to the
	// call's arguments; ok is false when v is no such call.
	Inline(v ssa.Value, c C) (ret ssa.Value, inner C, ok bool)
	// ThroughBinds maps a value of an inlined helper to the caller's
	// value (v itself when it is not bound).
	ThroughBinds(v ssa.Value, c C) ssa.Value
	// ParamIndex is the index of the traced function's parameter that v
	// is (through closures), or -1.
	ParamIndex(v ssa.Value, c C) int
	// Origin is a stable identity of a Go value within its function
	// ("" when none), Desc the value's source text for messages.
	Origin(v ssa.Value) string
	Desc(v ssa.Value) string
	// HashOf is the Go hash function a value is computed by and what it
	// hashes (package gohash).
	HashOf(v ssa.Value) (fn, of string, ok bool)
}

// Decoder decodes the parameters of one package's sites and classifies
// the values they bind.
type Decoder[C any] struct {
	host     Host[C]
	maxDepth int // past it a value is not traced further
	// prims maps the values of the SDK's Primitive constants to their YQL
	// names, and primType is their type (LoadPrimitives).
	prims    map[uint64]string
	primType types.Type
}

// NewDecoder returns the decoder of parameters over host, tracing values
// to maxDepth (the depths of host's contexts and of types.Type values).
func NewDecoder[C any](host Host[C], maxDepth int) *Decoder[C] {
	return &Decoder[C]{host: host, maxDepth: maxDepth}
}

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

// QueryOptions decodes query-service execute options: the last
// WithParameters, WithSyntax(SyntaxPostgreSQL) and explain exec modes.
func (d *Decoder[C]) QueryOptions(v ssa.Value, c C) (p *site.Params, notYQL, explain bool) {
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
			if len(args) == 1 && d.isQueryConst(args[0], sdk.NotYQLSyntax) {
				notYQL = true
			}
		case sdk.HelperWithExecMode:
			if len(args) == 1 && d.isQueryConst(args[0], sdk.ExplainModes) {
				notYQL, explain = true, true
			}
		}
	}
	if last != nil {
		p = d.ParamsValue(last, c)
		if !known {
			p.Known = false
		}
		return p, notYQL, explain
	}
	return &site.Params{Known: known}, notYQL, explain
}

// isQueryConst reports whether v is one of the named SDK/query constants.
func (d *Decoder[C]) isQueryConst(v ssa.Value, names []string) bool {
	k, ok := ssaval.Peel(v).(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	pkg := d.host.FindPackage(sdk.PkgQuery)
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

// ParamsValue decodes a params.Parameters / *params.Params value.
func (d *Decoder[C]) ParamsValue(v ssa.Value, c C) *site.Params {
	v = ssaval.Peel(v)
	if k, ok := v.(*ssa.Const); ok && k.Value == nil {
		return &site.Params{Known: true}
	}
	if d.host.Depth(c) > d.maxDepth {
		return &site.Params{}
	}
	var out *site.Params
	if f, args, _, call := ssaval.HelperOf(v); f != nil {
		switch f.Helper {
		case sdk.HelperNewQueryParameters:
			out = d.namedValues(args, call, c)
		case sdk.HelperParamsFromMap:
			if len(args) >= 1 {
				out = d.mapParams(args[0], c)
			}
		}
	} else if id, args, recv, _, ok := ssaval.MethodCall(v); ok && id == sdk.ParamsBuild {
		_ = args
		out = d.builderChain(recv, c)
	} else if ret, inner, ok := d.host.Inline(v, c); ok {
		out = d.ParamsValue(ret, inner)
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
func (d *Decoder[C]) namedValues(args []ssa.Value, call *ssa.Call, c C) *site.Params {
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
		if elems, ok = d.host.AppendElems(ssaval.Peel(args[0])); !ok {
			s.p.Known = false
			return s.done()
		}
		appended = true
	}
	if appended {
		return d.appendedValues(elems, s, c)
	}
	for _, e := range elems {
		f, vargs, _, vcall := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil || f.Helper != sdk.HelperValueParam || len(vargs) != 2 {
			if b, ok := d.iifeParam(ssaval.Peel(e), c); ok { // iifeparams.go
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
		pos, end := d.host.CallRange(vcall)
		s.add(name, pos, end, d.Classify(vargs[1], d.host.Deeper(c)))
	}
	return s.done()
}

// mapParams decodes ydb.ParamsFromMap(map[string]any{…}) from a map literal.
func (d *Decoder[C]) mapParams(m ssa.Value, c C) *site.Params {
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
			s.add(name, r.Pos(), r.Pos(), d.ClassifyGo(r.Value, "", d.host.Deeper(c)))
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
func (d *Decoder[C]) builderChain(b ssa.Value, c C) *site.Params {
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
		_, end := d.host.CallRange(call)
		var val site.Value
		var param ssa.Value
		switch {
		case id == sdk.ParamsAny && len(args) == 1:
			val, param = d.Classify(args[0], d.host.Deeper(c)), recv
		case id.Recv == sdk.ParamsParameterType && sdk.BuilderSetters[id.Name] != "" && len(args) >= 1:
			val, param = d.ClassifyGo(args[0], sdk.BuilderSetters[id.Name], d.host.Deeper(c)), recv
		case id == sdk.ParamsEndOptional:
			oid, oargs, orecv, _, ok := ssaval.MethodCall(ssaval.Peel(recv))
			if !ok || oid.Recv != sdk.ParamsOptionalType || len(oargs) < 1 {
				break
			}
			val = d.ClassifyGo(oargs[0], sdk.BuilderSetters[oid.Name], d.host.Deeper(c))
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
		if ce := d.host.CallSyntax(pcall); ce != nil {
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

// SQLArgs decodes database/sql arguments into bindings (catalogue §5.4).
func (d *Decoder[C]) SQLArgs(v ssa.Value, c C) *site.Params {
	s := newParams()
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		s.p.Known = false
		return s.done()
	}
	if len(elems) == 1 {
		if p := ssaval.Peel(elems[0]); ssaval.IsParamsPtr(p.Type()) {
			return d.ParamsValue(p, c)
		}
	}
	for i, e := range elems {
		x := e
		if mi, ok := x.(*ssa.MakeInterface); ok {
			x = mi.X
		}
		if f, args, _, call := ssaval.HelperOf(x); f != nil && len(args) == 2 {
			pos, end := d.host.CallRange(call)
			switch f.Helper {
			case sdk.HelperSQLNamed:
				if name, ok := ssaval.ConstString(args[0]); ok {
					s.add(name, pos, end, d.ClassifyGo(args[1], "", d.host.Deeper(c)))
				} else {
					s.p.Known = false
				}
				continue
			case sdk.HelperValueParam:
				if name, ok := ssaval.ConstString(args[0]); ok {
					s.add(name, pos, end, d.Classify(args[1], d.host.Deeper(c)))
				} else {
					s.p.Known = false
				}
				continue
			}
		}
		pos, end := x.Pos(), x.Pos()
		if call, ok := x.(*ssa.Call); ok {
			pos, end = d.host.CallRange(call)
		}
		s.add("p"+strconv.Itoa(i), pos, end, d.ClassifyGo(e, "", d.host.Deeper(c)))
	}
	return s.done()
}
