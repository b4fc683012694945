package goeval

import (
	"errors"
	"fmt"
	"go/constant"
	"go/token"
	"sort"
	"strings"
	"text/template/parse"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Summary carries a function across packages, as a go/analysis fact: the
// function lowered to the evaluator's IR together with what it needs that
// its importers cannot name — the closures it makes, the unexported
// functions it calls, the methods of its package's types it converts to
// interfaces, and the values of the package variables it reads that only
// the initialiser assigns. Exported functions and methods it calls stay
// names, resolved through Env at the importer (typically their own
// summaries).
//
// A summary is a residual program rather than a residual value: a
// builder's method writes fields of its receiver, a constructor applies
// option closures in a loop over its variadic parameter, a helper calls a
// method of an interface parameter — effects and control flow over the
// parameters that no closed expression of them describes. Instantiate runs
// the summary with the caller's abstract arguments on the same
// interpreter as local code, so a summary is exactly as precise as
// interpreting the body would be.
//
// A Summary is deterministic (slices only, no maps, nothing from this
// process's memory), gob-encodable, and bounded by Budget.Summary
// instructions.
type Summary struct {
	Version int
	Unit    ir.Unit
	// Probe is the value slot + 1 of the summarised function whose value
	// Instantiate returns instead of the result (SummarizeAt); 0 for the
	// result.
	Probe int
	// Deps are the summaries, as Env answered them where the summary was
	// made, of the functions and package variables of other packages the
	// unit names, and of those their own summaries name (flat, sorted by
	// name, none with Deps of its own). An importer may not see a package
	// its import only uses (go vet gives a pass the facts of the packages
	// its type information names), so it cannot ask for that package's
	// summaries; it finds them here instead.
	Deps []Dep
}

// Dep is one summary a Summary carries for its importers: a function's
// (Name is the function's full name) or a package variable's (Name is
// the variable's, S.Unit.Globals holds its value).
type Dep struct {
	Name string
	S    *Summary
}

// summaryVersion changes when the IR does.
const summaryVersion = 1

// ErrTooLarge is returned by Summarize for a function whose bundle
// exceeds Budget.Summary instructions.
var ErrTooLarge = errors.New("goeval: summary larger than the budget")

// String describes the summary (for fact tests).
func (s *Summary) String() string {
	if s == nil || len(s.Unit.Funcs) == 0 {
		return "goeval.Summary{}"
	}
	return fmt.Sprintf("goeval.Summary{%s +%d funcs, %d instrs, %d globals}", value.ShortName(s.Unit.Funcs[0].Name), len(s.Unit.Funcs)-1, unitInstrs(&s.Unit), len(s.Unit.Globals))
}

// Summarize lowers fn into a Summary. env answers which package
// variables only the initialiser assigns (their values are embedded).
func Summarize(env Env, b Budget, fn *ssa.Function) (*Summary, error) {
	return summarize(env, b, fn, nil)
}

// SummarizeAt is Summarize for the value v of fn rather than for its
// result: a wrapper's query text at the SDK call inside it, as a function
// of the wrapper's parameters. Instantiate then returns the join of v's
// values over the runs of the function.
func SummarizeAt(env Env, b Budget, fn *ssa.Function, v ssa.Value) (*Summary, error) {
	if v == nil {
		return nil, errors.New("goeval: no value to summarise")
	}
	return summarize(env, b, fn, v)
}

func summarize(env Env, b Budget, fn *ssa.Function, probe ssa.Value) (*Summary, error) {
	if env == nil {
		env = NoEnv{}
	}
	b = b.norm()
	if len(fn.Blocks) == 0 {
		return nil, errors.New("goeval: function without body")
	}
	pkg := fn.Pkg
	if pkg == nil && fn.Origin() != nil {
		pkg = fn.Origin().Pkg
	}
	l := ir.NewBundleLowerer(fn.Prog, func(g *ssa.Function) bool {
		switch {
		case len(g.Blocks) == 0:
			return false
		case g.Parent() != nil:
			return true // a closure has no name an importer could use
		case g.Pkg == nil:
			return g.Synthetic != "" // wrappers: bound methods, thunks, instantiations
		case g.Pkg != pkg:
			return false
		}
		obj := g.Object()
		if obj == nil {
			return true
		}
		if !obj.Exported() {
			return true
		}
		if g.Signature.Recv() != nil {
			return !exportedRecv(g)
		}
		return false
	})
	if !l.Bundle(fn, b.Summary) {
		return nil, ErrTooLarge
	}
	// Package variables of fn's package the bundle reads, by value when
	// only the initialiser assigns them.
	seen := map[string]bool{}
	var globals []*ssa.Global
	for _, f := range l.Lowered().Funcs {
		for _, c := range f.Consts {
			if c.Kind == ir.ConstGlobal && c.SSAGlobal() != nil && c.SSAGlobal().Pkg == pkg && !seen[c.Name] {
				seen[c.Name] = true
				globals = append(globals, c.SSAGlobal())
			}
		}
	}
	encodeGlobals(env, b, pkg, globals, l, false)
	s := &Summary{Version: summaryVersion, Unit: l.Lowered()}
	s.Deps = deps(env, b, pkg, &s.Unit)
	if probe != nil {
		slot, ok := s.Unit.Funcs[0].Slot(probe)
		if !ok {
			return nil, errors.New("goeval: value not in the function")
		}
		s.Probe = slot + 1
	}
	return s, nil
}

// deps collects the Deps of a summary of a function of pkg whose unit is
// u: the summaries Env gives for the names of other packages u holds and,
// breadth first, for those their summaries hold, until their instructions
// together would exceed Budget.Summary (a name left out stays a name: the
// importer may still resolve it itself).
func deps(env Env, b Budget, pkg *ssa.Package, u *ir.Unit) []Dep {
	own := ""
	if pkg != nil && pkg.Pkg != nil {
		own = pkg.Pkg.Path()
	}
	seen := map[string]bool{}
	var out []Dep
	budget := b.Summary - unitInstrs(u)
	var queue []*ir.Unit
	// add adds the summary of name, a function (or, with global, a
	// package variable) the unit of a summary names.
	add := func(name string, global bool) {
		if seen[name] || PackagePath(name) == "" || PackagePath(name) == own {
			return
		}
		seen[name] = true
		var d *Summary
		if global {
			d = env.Global(name)
		} else {
			d = env.Lookup(name).Summary
		}
		if d == nil || d.Version != summaryVersion {
			return
		}
		n := unitInstrs(&d.Unit)
		if n > budget {
			return
		}
		budget -= n
		out = append(out, Dep{Name: name, S: &Summary{Version: d.Version, Unit: d.Unit, Probe: d.Probe}})
		queue = append(queue, &d.Unit)
		for _, dd := range d.Deps {
			// Deps the dependency carries itself: it was made where
			// they were visible.
			if seen[dd.Name] || dd.S == nil || PackagePath(dd.Name) == own {
				continue
			}
			if n := unitInstrs(&dd.S.Unit); n <= budget {
				seen[dd.Name] = true
				budget -= n
				out = append(out, Dep{Name: dd.Name, S: &Summary{Version: dd.S.Version, Unit: dd.S.Unit, Probe: dd.S.Probe}})
				queue = append(queue, &dd.S.Unit)
			}
		}
	}
	visit := func(u *ir.Unit) {
		for _, f := range u.Funcs {
			for _, c := range f.Consts {
				switch {
				case c.Kind == ir.ConstFunc && c.Func == 0:
					add(c.Name, false)
				case c.Kind == ir.ConstGlobal:
					add(c.Name, true)
				}
			}
			for _, b := range f.Blocks {
				for _, in := range b.Instrs {
					if (in.Op == ir.OpCall || in.Op == ir.OpDefer || in.Op == ir.OpGo) && in.Mode == ir.CallStatic && in.Func == 0 {
						add(in.Name, false)
					}
				}
			}
		}
	}
	visit(u)
	for len(queue) > 0 {
		next := queue[0]
		queue = queue[1:]
		visit(next)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// unitInstrs is the number of instructions of a unit's functions.
func unitInstrs(u *ir.Unit) int {
	n := 0
	for _, f := range u.Funcs {
		for _, b := range f.Blocks {
			n += len(b.Instrs)
		}
	}
	return n
}

// PackagePath is the package path of a function, method or package
// variable spelled as SSA spells a source one ("p/q.F", "(*p/q.T).M",
// "p/q.v"), as Env is asked for them; "" for anything else (closures,
// instantiations, wrappers).
func PackagePath(name string) string {
	if strings.ContainsAny(name, "[$ ") {
		return ""
	}
	if strings.HasPrefix(name, "(") {
		end := strings.Index(name, ")")
		if end < 0 {
			return ""
		}
		name = strings.TrimPrefix(name[1:end], "*")
	}
	slash := strings.LastIndex(name, "/")
	dot := strings.LastIndex(name, ".")
	if dot <= slash {
		return ""
	}
	return name[:dot]
}

// SummarizeGlobals carries the values of package variables of pkg to its
// importers, as Env.Global answers: a Summary without functions whose
// Unit.Globals holds the value of each of gs that only the initialiser
// assigns (env.InitOnly) and whose value is known, sorted by name; nil when
// none is. A template parsed once into an exported variable
// (template.Must(template.New(…).Parse(…))) and executed in another package
// is the case it serves.
func SummarizeGlobals(env Env, b Budget, pkg *ssa.Package, gs []*ssa.Global) *Summary {
	if env == nil {
		env = NoEnv{}
	}
	if pkg == nil || len(gs) == 0 {
		return nil
	}
	l := ir.NewBundleLowerer(pkg.Prog, nil)
	encodeGlobals(env, b.norm(), pkg, gs, l, true)
	s := &Summary{Version: summaryVersion, Unit: l.Lowered()}
	if len(s.Unit.Globals) == 0 {
		return nil
	}
	return s
}

// encodeGlobals appends to l's unit the values after pkg's initialiser of
// the variables of gs only it assigns, in name order. With knownOnly, a
// value not known at all is left out: the importer's hole keyed by the
// variable says as much, and a summary's own reads keep theirs.
func encodeGlobals(env Env, b Budget, pkg *ssa.Package, gs []*ssa.Global, l *ir.Lowerer, knownOnly bool) {
	gs = append([]*ssa.Global(nil), gs...)
	sort.Slice(gs, func(i, j int) bool { return gs[i].String() < gs[j].String() })
	if len(gs) == 0 || pkg.Func("init") == nil {
		return
	}
	e := New(env, b)
	for _, g := range gs {
		if v := e.embedded(g); v != nil && g.Pkg == pkg {
			l.AddGlobal(ir.GlobalEntry{Name: g.String(), Value: e.encode(v, value.EmptyHeap(), l, 0)})
			continue
		}
		if g.Pkg != pkg || !env.InitOnly(g) {
			continue
		}
		inf := e.initFrame(pkg)
		if inf == nil {
			return
		}
		cell := e.globals[g.String()]
		if cell == 0 {
			continue
		}
		v, ok := inf.final.Get(cell)
		if !ok || knownOnly && (v == nil || v.Kind() == value.KUnknown) {
			continue
		}
		enc := e.encode(v, inf.final, l, 0)
		l.AddGlobal(ir.GlobalEntry{Name: g.String(), Value: enc})
	}
}

// exportedRecv reports whether a method's receiver type is exported.
func exportedRecv(fn *ssa.Function) bool {
	t := fn.Signature.Recv().Type()
	s := t.String()
	if i := lastDot(s); i >= 0 {
		s = s[i+1:]
	}
	for len(s) > 0 && (s[0] == '*') {
		s = s[1:]
	}
	return token.IsExported(s)
}

// unitOf links a summary's unit for this evaluator, once. The summary
// itself is not modified (several passes may share an imported fact).
func (e *Evaluator) unitOf(s *Summary) *ir.Unit {
	if s == nil || s.Version != summaryVersion || len(s.Unit.Funcs)+len(s.Unit.Globals) == 0 {
		return nil
	}
	if u, ok := e.units[s]; ok {
		return u
	}
	u := s.Unit.Relink()
	e.units[s] = u
	for _, d := range s.Deps {
		if _, ok := e.deps[d.Name]; !ok && d.S != nil {
			e.deps[d.Name] = d.S
		}
	}
	return u
}

// Instantiate runs the summarised function with the given arguments
// (receiver first), each with the memory it may point into, and returns
// its result (a KTuple for several results).
func (e *Evaluator) Instantiate(s *Summary, args []*Result) *Result {
	u := e.unitOf(s)
	if u == nil || len(u.Funcs) == 0 {
		return &Result{V: e.bounded("summary not usable"), e: e, h: value.EmptyHeap()}
	}
	f := u.Funcs[0]
	if f.Bad() != "" || len(args) != f.NParams || f.NFree != 0 {
		return &Result{V: e.bounded("summary does not fit the call"), e: e, h: value.EmptyHeap()}
	}
	savedSteps, savedStack := e.steps, e.stack
	e.steps, e.stack = e.b.Steps, []*ir.Func{f}
	defer func() { e.steps, e.stack = savedSteps, savedStack }()
	if s.Probe < 0 || s.Probe > f.NValues {
		return &Result{V: e.bounded("summary not usable"), e: e, h: value.EmptyHeap()}
	}
	h := value.EmptyHeap()
	fr := e.newFrame(f, "summary", 0)
	fr.probe = s.Probe - 1
	for i, a := range args {
		fr.vals[i] = a.V
		h = value.ImportCells(h, a.h, a.V)
	}
	fr.run(h)
	if fr.dead {
		return &Result{V: e.bounded(fr.why), e: e, h: h}
	}
	v, h2 := fr.result()
	if fr.probe >= 0 {
		pv := fr.probeVal
		if fr.probe < f.NParams+f.NFree || fr.probe >= f.ConstBase {
			pv = fr.vals[fr.probe]
		}
		if pv == nil {
			return &Result{V: e.bounded("value not reached"), e: e, h: h}
		}
		if h2 == nil {
			h2 = h
			for _, o := range fr.out {
				if o != nil {
					h2 = e.joinHeaps(h2, o, 0, 0)
				}
			}
		}
		return &Result{V: pv, e: e, h: h2}
	}
	if h2 == nil {
		return &Result{V: e.bounded("summarised function does not return"), e: e, h: h}
	}
	if v == nil {
		v = value.Tuple(nil)
	}
	return &Result{V: v, e: e, h: h2}
}

// Values for callers: what a consumer passes to Instantiate.

// Lit is a string value.
func (e *Evaluator) Lit(s string) *Result {
	return &Result{V: value.Str(e.litPlain(s)), e: e, h: value.EmptyHeap()}
}

// Int is an integer value.
func (e *Evaluator) Int(n int64) *Result {
	return &Result{V: value.IntConst(n), e: e, h: value.EmptyHeap()}
}

// Unknown is a value nothing is known about, with a description.
func (e *Evaluator) Unknown(desc string) *Result {
	return &Result{V: e.hole(value.HoleRuntime, "", desc, "argument not known"), e: e, h: value.EmptyHeap()}
}

const maxEncDepth = 12

// encode turns v (with the cells of h it reaches) into an EncValue.
func (e *Evaluator) encode(v *value.Value, h *value.Heap, l *ir.Lowerer, depth int) ir.EncValue {
	if depth > maxEncDepth || v == nil {
		return ir.EncValue{Kind: uint8(value.KUnknown), Pieces: []ir.EncPiece{{Hole: true, Kind: uint8(value.HoleBound), Desc: "value", Why: "value too deep to carry"}}}
	}
	out := ir.EncValue{Kind: uint8(v.Kind())}
	switch v.Kind() {
	case value.KUnknown:
		out.Pieces = []ir.EncPiece{e.encPiece(e.Piece(v.Hole()), l)}
	case value.KString:
		enc := &shapeEncoder{e: e, l: l}
		enc.node(v.Shape())
		out.Shape, out.Pieces, out.Conds = enc.nodes, enc.pieces, enc.conds
	case value.KInt:
		out.Lo, out.Hi = v.Lo(), v.Hi()
	case value.KConst:
		if v.Constant().Kind() == constant.Bool {
			out.Const, out.Bool = "bool", constant.BoolVal(v.Constant())
		} else {
			out.Const = v.Constant().ExactString()
		}
	case value.KStruct:
		st := &ir.EncStruct{Name: v.Ident()}
		if v.Type() != nil {
			for _, f := range v.Type().Fields {
				st.Fields = append(st.Fields, f.Name)
				st.Keys = append(st.Keys, f.Key)
				st.Embedded = append(st.Embedded, f.Embedded)
			}
		}
		out.Struct = st
	case value.KSlice:
		var conds []int
		for _, it := range v.Items() {
			if it.Self != 0 {
				return e.encode(nil, h, l, maxEncDepth+1)
			}
			ei := ir.EncItem{V: e.encode(it.V, h, l, depth+1), Rep: it.Rep}
			for _, c := range it.Conds {
				ei.Conds = append(ei.Conds, len(conds)+1)
				conds = append(conds, c)
			}
			out.Items = append(out.Items, ei)
		}
		for _, c := range conds {
			out.Conds = append(out.Conds, e.encCond(c, l))
		}
	case value.KMap:
		out.Keys = v.Keys()
	case value.KFunc:
		idx := 0
		if v.Fn() != nil && v.Fn().SSA() != nil {
			if i, ok := l.EmbeddedIndex(v.Fn().SSA()); ok {
				idx = i + 1
			}
		}
		if idx == 0 {
			return e.encode(nil, h, l, maxEncDepth+1)
		}
		out.Func = idx
	case value.KPointer:
		if v.Cell() == 0 {
			return e.encode(e.getPath(v.Elems()[0], v.Path()), h, l, depth+1)
		}
		c, ok := h.Get(v.Cell())
		if !ok {
			return e.encode(nil, h, l, maxEncDepth+1)
		}
		d := e.encode(c, h, l, depth+1)
		out.Deref, out.Path = &d, v.Path()
		return out
	case value.KInterface, value.KApply:
		out.Name = v.Ident()
	case value.KTemplate:
		t := v.Template()
		et := &ir.EncTmpl{Name: t.Name, HTML: t.HTML, Funcs: t.Funcs, Delims: t.Delims, Bad: t.Bad}
		for _, nt := range t.Trees {
			tr := ir.EncTree{Name: nt.Name, Text: nt.Text}
			for _, sg := range nt.Segs {
				tr.Starts = append(tr.Starts, sg.Start)
				tr.Pieces = append(tr.Pieces, e.encPiece(e.Piece(sg.Ref), l))
			}
			et.Trees = append(et.Trees, tr)
		}
		out.Tmpl = et
	case value.KNil, value.KTuple, value.KAlt:
	default:
		return e.encode(nil, h, l, maxEncDepth+1)
	}
	if v.Kind() != value.KSlice && v.Kind() != value.KString {
		for _, x := range v.Elems() {
			out.Elems = append(out.Elems, e.encode(x, h, l, depth+1))
		}
	}
	return out
}

func (e *Evaluator) encPiece(p value.Piece, l *ir.Lowerer) ir.EncPiece {
	ps := p.PosString
	if ps == "" {
		ps = l.Position(p.Pos)
	}
	src := p.SrcString
	if src == "" {
		src = l.Position(p.Src)
	}
	return ir.EncPiece{Hole: p.Hole, Text: p.Text, PosString: ps, Off: p.Off, Exact: p.Exact, Zero: p.Zero, Src: src, Kind: uint8(p.Kind), Key: p.Key, Desc: p.Desc, Why: p.Why}
}

func (e *Evaluator) encCond(c int, l *ir.Lowerer) ir.EncCond {
	cd := e.Cond(c)
	ps := cd.PosString
	if ps == "" {
		ps = l.Position(cd.Pos)
	}
	return ir.EncCond{PosString: ps, Negated: cd.Negated, Func: cd.Func, Key: cd.Key}
}

type shapeEncoder struct {
	e      *Evaluator
	l      *ir.Lowerer
	nodes  []ir.EncShape
	pieces []ir.EncPiece
	conds  []ir.EncCond
	pidx   map[int]int
	cidx   map[int]int
}

func (s *shapeEncoder) node(sh *strshape.Shape) int {
	n := ir.EncShape{Kind: sh.Kind, Text: sh.Text, Piece: -1}
	if sh.Kind == strshape.KindLit || sh.Kind == strshape.KindHole {
		if s.pidx == nil {
			s.pidx = map[int]int{}
		}
		i, ok := s.pidx[sh.Ref]
		if !ok {
			i = len(s.pieces)
			s.pidx[sh.Ref] = i
			s.pieces = append(s.pieces, s.e.encPiece(s.e.Piece(sh.Ref), s.l))
		}
		n.Piece = i
	}
	if sh.Kind == strshape.KindOpt {
		if s.cidx == nil {
			s.cidx = map[int]int{}
		}
		i, ok := s.cidx[sh.Cond]
		if !ok {
			i = len(s.conds)
			s.cidx[sh.Cond] = i
			s.conds = append(s.conds, s.e.encCond(sh.Cond, s.l))
		}
		n.Cond = i + 1
	}
	for _, p := range sh.Parts {
		n.Parts = append(n.Parts, s.node(p))
	}
	s.nodes = append(s.nodes, n)
	return len(s.nodes) - 1
}

func (e *Evaluator) decPiece(p ir.EncPiece) int {
	return e.t.Intern(value.Piece{Hole: p.Hole, Text: p.Text, PosString: p.PosString, Off: p.Off, Exact: p.Exact, Zero: p.Zero, SrcString: p.Src, Kind: value.HoleKind(p.Kind), Key: p.Key, Desc: p.Desc, Why: p.Why})
}

func (e *Evaluator) decCond(c ir.EncCond) int {
	return e.t.InternCond(value.Cond{PosString: c.PosString, Negated: c.Negated, Func: c.Func, Key: "enc:" + c.Key})
}

// decodeValue rebuilds an EncValue of unit u, allocating cells in h for
// the pointers. Malformed input decodes to holes.
func (e *Evaluator) decodeValue(v *ir.EncValue, u *ir.Unit, h *value.Heap) (*value.Value, *value.Heap) {
	return e.decode(v, u, h, 0)
}

func (e *Evaluator) decode(v *ir.EncValue, u *ir.Unit, h *value.Heap, depth int) (*value.Value, *value.Heap) {
	bad := func() (*value.Value, *value.Heap) { return e.bounded("summary value not decodable"), h }
	if depth > maxEncDepth+2 {
		return bad()
	}
	var elems []*value.Value
	if value.Kind(v.Kind) != value.KSlice && value.Kind(v.Kind) != value.KString {
		for i := range v.Elems {
			var x *value.Value
			x, h = e.decode(&v.Elems[i], u, h, depth+1)
			elems = append(elems, x)
		}
	}
	switch value.Kind(v.Kind) {
	case value.KUnknown:
		if len(v.Pieces) != 1 {
			return bad()
		}
		return value.Unknown(e.decPiece(v.Pieces[0])), h
	case value.KString:
		built := make([]*strshape.Shape, len(v.Shape))
		for i, n := range v.Shape {
			var ps []*strshape.Shape
			for _, p := range n.Parts {
				if p < 0 || p >= i {
					return bad()
				}
				ps = append(ps, built[p])
			}
			switch n.Kind {
			case strshape.KindLit, strshape.KindHole:
				if n.Piece < 0 || n.Piece >= len(v.Pieces) {
					return bad()
				}
				ref := e.decPiece(v.Pieces[n.Piece])
				if n.Kind == strshape.KindLit {
					built[i] = strshape.Lit(v.Pieces[n.Piece].Text, ref)
				} else {
					built[i] = strshape.Hole(ref)
				}
			case strshape.KindCat:
				if len(ps) == 0 {
					built[i] = strshape.Empty()
				} else {
					built[i] = strshape.Concat(e.lim, ps...)
				}
			case strshape.KindAlt:
				built[i] = e.altShapes(ps...)
			case strshape.KindOpt, strshape.KindRep:
				if len(ps) != 1 {
					return bad()
				}
				if n.Kind == strshape.KindRep {
					built[i] = strshape.Loop(e.lim, ps[0])
					break
				}
				if n.Cond < 1 || n.Cond > len(v.Conds) {
					return bad()
				}
				built[i] = strshape.Optional(e.lim, ps[0], e.decCond(v.Conds[n.Cond-1]))
			case strshape.KindJoin:
				if len(ps) < 1 {
					return bad()
				}
				built[i] = strshape.Join(e.lim, ps[:len(ps)-1], ps[len(ps)-1])
			default:
				return bad()
			}
		}
		if len(built) == 0 {
			return bad()
		}
		return e.strValue(built[len(built)-1]), h
	case value.KInt:
		return value.Int(v.Lo, v.Hi), h
	case value.KConst:
		if v.Const == "bool" {
			return value.Bool(v.Bool), h
		}
		c := ir.ParseConst(v.Const)
		if c == nil {
			return bad()
		}
		return value.Const(c), h
	case value.KNil:
		return value.Nil(), h
	case value.KStruct:
		if v.Struct == nil || len(v.Struct.Fields) != len(elems) || len(v.Struct.Keys) != len(elems) || len(v.Struct.Embedded) != len(elems) {
			return bad()
		}
		t := &ir.Type{Kind: ir.TStruct, Name: v.Struct.Name, Elem: -1, Key: -1}
		for i, n := range v.Struct.Fields {
			t.Fields = append(t.Fields, ir.Field{Name: n, Type: -1, Key: v.Struct.Keys[i], Embedded: v.Struct.Embedded[i]})
		}
		return e.bound(value.Struct(t, nil, elems)), h
	case value.KSlice:
		var items []value.Elem
		for i := range v.Items {
			it := &v.Items[i]
			var x *value.Value
			x, h = e.decode(&it.V, u, h, depth+1)
			el := value.Elem{V: x, Rep: it.Rep}
			for _, c := range it.Conds {
				if c < 1 || c > len(v.Conds) {
					return bad()
				}
				el.Conds = append(el.Conds, e.decCond(v.Conds[c-1]))
			}
			items = append(items, el)
		}
		if len(items) > e.b.Elems {
			return bad()
		}
		return e.bound(value.Slice(items)), h
	case value.KMap:
		if len(v.Keys) != len(elems) || !sort.StringsAreSorted(v.Keys) {
			return bad()
		}
		return e.bound(value.Map(v.Keys, elems)), h
	case value.KFunc:
		if v.Func < 1 || v.Func > len(u.Funcs) {
			return bad()
		}
		return e.bound(value.Func(u.Funcs[v.Func-1], elems)), h
	case value.KPointer:
		if v.Deref == nil {
			return bad()
		}
		var c *value.Value
		c, h = e.decode(v.Deref, u, h, depth+1)
		cell := e.newCell(nil, nil, "summary value")
		h = h.Set(cell, c)
		for _, k := range v.Path {
			if k < -1 {
				return bad()
			}
		}
		return value.Ptr(cell, v.Path), h
	case value.KInterface:
		if len(elems) != 1 {
			return bad()
		}
		return e.bound(value.Iface(v.Name, elems[0], u)), h
	case value.KApply:
		return e.bound(value.Apply(v.Name, elems)), h
	case value.KTuple:
		return e.bound(value.Tuple(elems)), h
	case value.KAlt:
		if len(elems) < 2 || len(elems) > e.b.Variants {
			return bad()
		}
		return e.bound(value.Alt(elems)), h
	case value.KTemplate:
		if v.Tmpl == nil {
			return bad()
		}
		return value.TemplateValue(e.decTmpl(v.Tmpl)), h
	}
	return bad()
}

func (e *Evaluator) decTmpl(et *ir.EncTmpl) *value.Template {
	t := &value.Template{Name: et.Name, HTML: et.HTML, Funcs: et.Funcs, Delims: et.Delims, Bad: et.Bad}
	for _, tr := range et.Trees {
		if len(tr.Starts) != len(tr.Pieces) {
			t.Bad = "template not decodable"
			return t
		}
		p := parse.New(tr.Name)
		p.Mode = parse.SkipFuncCheck
		set := map[string]*parse.Tree{}
		if _, err := p.Parse(tr.Text, t.Delims[0], t.Delims[1], set); err != nil || set[tr.Name] == nil {
			t.Bad = "template not decodable"
			return t
		}
		nt := value.NamedTree{Name: tr.Name, Tree: set[tr.Name], Text: tr.Text}
		for i, st := range tr.Starts {
			nt.Segs = append(nt.Segs, value.TemplateSeg{Start: st, Ref: e.decPiece(tr.Pieces[i])})
		}
		t.Trees = append(t.Trees, nt)
	}
	sort.Slice(t.Trees, func(i, j int) bool { return t.Trees[i].Name < t.Trees[j].Name })
	return t
}
