package goeval

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/ssacell"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Evaluator computes abstract values of SSA values. It memoises what it
// interprets (top-level frames, pure calls, package initialisers, field
// stores), so one Evaluator serves every question about one package. It
// is not safe for concurrent use.
type Evaluator struct {
	env Env
	b   Budget
	lim strshape.Limits
	t   value.Tables

	cells      []cellInfo
	cellInit   map[int]*value.Value
	fieldHoles map[int]fieldRef
	// paramHoles maps the hole of a top-level frame's parameter to the
	// function and index it stands for (ptrCell's Piece.Deref).
	paramHoles map[int]paramRef
	fieldMemo  map[string]*fieldResult
	fieldBusy  map[string]bool
	globals    map[string]int

	lowered map[*ssa.Function]*ir.Func
	byName  map[string]*ir.Func
	units   map[*Summary]*ir.Unit
	// deps are the summaries the summaries run so far carried, by name
	// (Summary.Deps): the first one met for a name (any is the same
	// function's or variable's).
	deps     map[string]*Summary
	tops     map[*ssa.Function]*frame
	degraded map[topKey]*frame
	topStack []*frame
	busy     map[*ssa.Function]bool
	inits    map[*ssa.Package]*frame

	memo     map[string]*memoEntry
	memoCtx  map[string]string
	memoSeq  int
	selfSeq  int
	selfRefs map[int]int // loop marker id → its piece

	// at, atString: the position of the instruction being interpreted
	// (atString in a summary's code), which pieces made now carry as
	// Piece.Src.
	at       token.Pos
	atString string
	// local: the position of the innermost instruction of the home
	// package's code being interpreted (frame.home), which text made
	// while foreign code runs (another package's summary or body)
	// carries as Piece.Src: the call that reached it.
	local   token.Pos
	foreign bool

	stack []*ir.Func
	steps int
	// absentKey: while keySplit interprets a call with its lookup key
	// missing from the table, the argument whose lookups miss (and no
	// call is memoised, since its result is not the call's).
	absentKey *value.Value
	topDepth  int
	// nilValue is the zero value of every nil-able type, made once:
	// values are immutable.
	nilValue *value.Value
}

// New returns an Evaluator asking env about the world outside the
// function it interprets, within budget b.
func New(env Env, b Budget) *Evaluator {
	if env == nil {
		env = NoEnv{}
	}
	b = b.norm()
	e := &Evaluator{
		env: env, b: b,
		lim:        strshape.Limits{MaxNodes: b.Size, MaxDepth: 32, MaxVariants: b.Variants},
		cells:      []cellInfo{{desc: "none"}},
		cellInit:   map[int]*value.Value{},
		fieldHoles: map[int]fieldRef{},
		fieldMemo:  map[string]*fieldResult{},
		fieldBusy:  map[string]bool{},
		globals:    map[string]int{},
		lowered:    map[*ssa.Function]*ir.Func{},
		byName:     map[string]*ir.Func{},
		units:      map[*Summary]*ir.Unit{},
		deps:       map[string]*Summary{},
		tops:       map[*ssa.Function]*frame{},
		degraded:   map[topKey]*frame{},
		busy:       map[*ssa.Function]bool{},
		inits:      map[*ssa.Package]*frame{},
		memo:       map[string]*memoEntry{},
		memoCtx:    map[string]string{},
		selfRefs:   map[int]int{},
		steps:      b.Steps,
		nilValue:   value.Nil(),
	}
	e.t.Init()
	e.t.Stable = env.StableResult
	return e
}

// Limits returns the strshape limits the evaluator's shapes are built
// within, for enumerating them.
func (e *Evaluator) Limits() strshape.Limits { return e.lim }

// lowerLocal lowers a function of this process's SSA program, once.
func (e *Evaluator) lowerLocal(fn *ssa.Function) *ir.Func {
	if f, ok := e.lowered[fn]; ok {
		return f
	}
	f := ir.Lower(fn)
	e.lowered[fn] = f
	return f
}

// lookup resolves a function by full name through Env: its body when Env
// allows it, else its summary's root.
func (e *Evaluator) lookup(name string) *ir.Func {
	if f, ok := e.byName[name]; ok && (f != nil || e.deps[name] == nil) {
		return f
	}
	var f *ir.Func
	c := e.env.Lookup(name)
	if c.Fn == nil && c.Summary == nil {
		// A package Env cannot see: a summary that calls it carried its
		// summary (Deps).
		c.Summary = e.deps[name]
	}
	switch {
	case c.Fn != nil && len(c.Fn.Blocks) > 0:
		f = e.lowerLocal(c.Fn)
	case c.Summary != nil:
		if u := e.unitOf(c.Summary); u != nil && len(u.Funcs) > 0 {
			f = u.Funcs[0]
		}
	}
	e.byName[name] = f
	return f
}

// global is the summary holding the value of another package's variable
// name: Env's, else one a summary carried (Deps).
func (e *Evaluator) global(name string) *Summary {
	if s := e.env.Global(name); s != nil {
		return s
	}
	return e.deps[name]
}

// Result is an abstract value with the memory it may point into.
type Result struct {
	V *value.Value
	e *Evaluator
	h *value.Heap
}

// Deref returns the contents of the cell a pointer addresses, nil when
// it is not known.
func (r *Result) Deref(p *value.Value) *value.Value {
	if p == nil || p.Kind() != value.KPointer {
		return nil
	}
	if p.Cell() == 0 {
		return r.e.getPath(p.Elems()[0], p.Path())
	}
	c, ok := r.h.Get(p.Cell())
	if !ok {
		return nil
	}
	return r.e.getPath(c, p.Path())
}

// Pointee is the value in the cell r's pointer addresses, with the same
// memory: a *string a wrapper reads through, at the caller that passes
// it. Of alternative pointers (a pointer chosen on branches), the
// alternatives of their pointees. A pointer to a cell not known, or no
// pointer, is a hole.
func (r *Result) Pointee() *Result {
	if v := r.Deref(r.V); v != nil {
		return &Result{V: v, e: r.e, h: r.h}
	}
	if r.V != nil && r.V.Kind() == value.KAlt {
		var vs []*value.Value
		for _, p := range r.V.Elems() {
			v := r.Deref(p)
			if v == nil {
				vs = nil
				break
			}
			vs = append(vs, v)
		}
		if vs != nil {
			return &Result{V: r.e.joinAll(vs), e: r.e, h: r.h}
		}
	}
	return &Result{V: r.e.hole(value.HoleRuntime, "", "*pointer", "pointee not known"), e: r.e, h: r.h}
}

// Evaluator returns the evaluator the result belongs to (its pieces and
// conditions).
func (r *Result) Evaluator() *Evaluator { return r.e }

// Value returns the abstract value of v in function fn: fn is
// interpreted from its entry, its parameters being the join of the
// arguments of its callers when Env knows them all, holes otherwise. A
// value computed in a loop is the join of its values over the iterations.
func (e *Evaluator) Value(fn *ssa.Function, v ssa.Value) *Result {
	fr := e.topFrame(fn)
	if fr == nil {
		return &Result{V: e.bounded("function not interpreted"), e: e, h: value.EmptyHeap()}
	}
	slot, ok := fr.f.Slot(v)
	if !ok {
		return &Result{V: e.bounded("value not in function"), e: e, h: fr.final}
	}
	val := fr.finalValue(slot)
	if val == nil {
		why := fr.why
		if why == "" {
			why = "value not reached"
		}
		return &Result{V: e.bounded(why), e: e, h: fr.final}
	}
	h := fr.final
	if snap, ok := fr.snaps[slot]; ok {
		h = snap
	}
	return &Result{V: val, e: e, h: h}
}

// Args returns the abstract arguments of a call (the receiver first for
// a method or interface call, the function value for a dynamic call),
// with the memory at the call.
func (e *Evaluator) Args(call ssa.CallInstruction) []*Result {
	fn := call.Parent()
	fr := e.topFrame(fn)
	c := call.Common()
	var ops []ssa.Value
	if c.IsInvoke() {
		ops = append(ops, c.Value)
	} else if _, ok := c.Value.(*ssa.Function); !ok {
		if _, ok := c.Value.(*ssa.Builtin); !ok {
			ops = append(ops, c.Value)
		}
	}
	ops = append(ops, c.Args...)
	out := make([]*Result, len(ops))
	var h *value.Heap
	if fr != nil {
		h = fr.final
		if v, ok := call.(ssa.Value); ok {
			if s, ok := fr.f.Slot(v); ok && fr.snaps[s] != nil {
				h = fr.snaps[s]
			}
		}
	}
	for i, op := range ops {
		r := &Result{e: e, h: h}
		if fr == nil {
			r.V = e.bounded("function not interpreted")
		} else if s, ok := fr.f.Slot(op); ok && fr.finalValue(s) != nil {
			r.V = fr.finalValue(s)
		} else if fr.why != "" {
			r.V = e.bounded(fr.why)
		} else {
			r.V = e.bounded("value not reached")
		}
		out[i] = r
	}
	return out
}

// Invoke returns the value method returns (its first result, when it
// returns several) when called on r, a value of
// fn (from Value or Args) with the memory where it was taken, the
// method's other nargs arguments unknown: a caller's instantiation of a
// HoleParam piece with a Method, whose argument's dynamic type is known
// there. A value of no known type gives a hole, as any call the
// evaluator cannot interpret.
func (e *Evaluator) Invoke(fn *ssa.Function, r *Result, method string, nargs int) *Result {
	top := e.topFrame(fn)
	if top == nil || r == nil || r.V == nil || r.h == nil {
		return &Result{V: e.bounded("receiver not known"), e: e, h: value.EmptyHeap()}
	}
	// A copy of fn's finished frame, so that what the call records (an
	// abort, the globals it reads) stays out of the frame Value reads.
	fr := *top
	fr.top, fr.record, fr.dead, fr.why = false, false, false, ""
	savedSteps, savedStack := e.steps, e.stack
	e.steps, e.stack = e.b.Steps, []*ir.Func{fr.f}
	defer func() { e.steps, e.stack = savedSteps, savedStack }()
	if r.V.Kind() == value.KUnknown && r.V.Hole() > 0 {
		if q := e.Piece(r.V.Hole()); q.Kind == value.HoleParam && q.Method == "" && !q.Deref {
			// The caller's own parameter: its callers instantiate it.
			p := value.Piece{Hole: true, Kind: value.HoleParam, Desc: q.Desc, Why: q.Why, Param: q.Param, Method: method, MethodArgs: nargs, Src: q.Src, SrcString: q.SrcString}
			return &Result{V: value.Str(strshape.Hole(e.piece(p))), e: e, h: r.h}
		}
	}
	args := make([]*value.Value, nargs)
	for i := range args {
		args[i] = e.hole(value.HoleRuntime, "", "argument of "+method, "an argument the caller's wrapper passes")
	}
	in := &ir.Instr{Op: ir.OpCall, ID: -1, Type: -1, Name: method}
	v, h := fr.invoke("", method, r.V, args, r.h, in)
	if v == nil || h == nil || fr.dead {
		why := fr.why
		if why == "" {
			why = "method " + method + " not interpreted"
		}
		return &Result{V: e.bounded(why), e: e, h: r.h}
	}
	if v.Kind() == value.KTuple && len(v.Elems()) > 0 {
		v = v.Elems()[0] // the text of a method returning it with an error
	}
	return &Result{V: v, e: e, h: h}
}

// finalValue is what a top frame knows of slot over every run: nil when
// the slot was not reached, or when the frame ran out of budget and the
// slot is defined in a loop (its later iterations were not run).
func (fr *frame) finalValue(slot int) *value.Value {
	v := fr.seen[slot]
	if v == nil || !fr.dead {
		return v
	}
	if d := fr.f.Defs()[slot]; d.Block >= 0 && fr.f.InLoop()[d.Block] {
		return nil
	}
	return v
}

// topFrame interprets fn from its entry, once. A frame whose inputs were
// cut by a bound (a caller, a closure's maker or a field's writer that
// could not be evaluated this deep, or was being evaluated) is degraded:
// it is kept for this depth only, and so is every frame that used it.
func (e *Evaluator) topFrame(fn *ssa.Function) *frame {
	if fr, ok := e.tops[fn]; ok {
		return fr
	}
	if fn == nil || len(fn.Blocks) == 0 {
		return nil
	}
	key := topKey{fn, e.topDepth}
	if fr, ok := e.degraded[key]; ok {
		e.degrade()
		return fr
	}
	if e.busy[fn] || e.topDepth >= e.b.Tops {
		e.degrade()
		return nil
	}
	f := e.lowerLocal(fn)
	e.busy[fn] = true
	e.topDepth++
	savedSteps, savedStack := e.steps, e.stack
	e.steps, e.stack = e.b.Steps, nil
	defer func() {
		e.steps, e.stack = savedSteps, savedStack
		e.topDepth--
		delete(e.busy, fn)
	}()
	fr := e.newFrame(f, "", 0)
	fr.top = true
	fr.seen = make([]*value.Value, f.NValues)
	fr.snaps = map[int]*value.Heap{}
	fr.closures = map[*ir.Func]*closureSite{}
	if fn.Synthetic == "package initializer" {
		fr.isInit, fr.initPkg = true, fn.Pkg
	}
	e.topStack = append(e.topStack, fr)
	defer func() { e.topStack = e.topStack[:len(e.topStack)-1] }()
	h := value.EmptyHeap()
	h = e.bindParams(fn, f, fr, h)
	h = e.bindFree(fn, f, fr, h)
	for i := 0; i < f.ConstBase; i++ {
		fr.seen[i] = fr.vals[i]
	}
	for i := f.ConstBase; i < f.NValues; i++ {
		fr.seen[i] = fr.vals[i]
	}
	e.stack = []*ir.Func{f}
	fr.run(h)
	_, fr.final = fr.result()
	if fr.final == nil {
		fr.final = h
		for _, o := range fr.out {
			if o != nil {
				fr.final = e.joinHeaps(fr.final, o, 0, 0)
			}
		}
	}
	if fr.degraded {
		e.degraded[key] = fr
		e.degrade()
	} else {
		e.tops[fn] = fr
	}
	return fr
}

type topKey struct {
	fn    *ssa.Function
	depth int
}

// degrade marks the top frame being evaluated as degraded.
func (e *Evaluator) degrade() {
	if n := len(e.topStack); n > 0 {
		e.topStack[n-1].degraded = true
	}
}

// bindParams gives a top-level frame its parameters: the join of the
// arguments at every call when Env knows them all, else holes.
func (e *Evaluator) bindParams(fn *ssa.Function, f *ir.Func, fr *frame, h *value.Heap) *value.Heap {
	params := make([]*value.Value, f.NParams)
	calls, complete := e.env.Callers(fn)
	if complete && len(calls) > 0 && len(calls) <= e.b.Callers && !fr.isInit {
		ok := true
		for _, call := range calls {
			cf := e.topFrame(call.Parent())
			if cf == nil {
				ok = false
				break
			}
			if cf.degraded {
				e.degrade()
			}
			args := call.Common().Args
			if len(args) != f.NParams {
				ok = false
				break
			}
			snap := cf.final
			if v, isv := call.(ssa.Value); isv {
				if s, found := cf.f.Slot(v); found && cf.snaps[s] != nil {
					snap = cf.snaps[s]
				}
			}
			for i, a := range args {
				s, found := cf.f.Slot(a)
				if !found || cf.finalValue(s) == nil {
					ok = false
					break
				}
				v := cf.finalValue(s)
				h = value.ImportCells(h, snap, v)
				params[i] = e.join2(params[i], v, 0, 0)
			}
			if !ok {
				break
			}
		}
		if ok {
			copy(fr.vals, params)
			return h
		}
	}
	for i := range params {
		t := f.TypeAt(f.ParamTypes[i])
		p := value.Piece{Hole: true, Kind: value.HoleParam, Desc: f.ParamNames[i], Why: "parameter of " + value.ShortName(f.Name), Param: i}
		if f.SSA() != nil && i < len(f.SSA().Params) {
			p.Src = f.SSA().Params[i].Pos()
		}
		ref := e.piece(p)
		if e.paramHoles == nil {
			e.paramHoles = map[int]paramRef{}
		}
		e.paramHoles[ref] = paramRef{f: f, index: i}
		fr.vals[i] = e.fit(orOther(t), value.Unknown(ref))
	}
	return h
}

// bindFree gives a closure's top-level frame the values it captured where
// it was made (or handed to a function that is not interpreted, which
// runs it).
func (e *Evaluator) bindFree(fn *ssa.Function, f *ir.Func, fr *frame, h *value.Heap) *value.Heap {
	if f.NFree == 0 {
		return h
	}
	// The makers of a closure are a chain as deep as the source nests
	// function literals, each evaluated once (busy): not counted against
	// Budget.Tops, which bounds evaluating callers in turn.
	e.topDepth--
	pf := e.topFrame(fn.Parent())
	e.topDepth++
	if pf != nil {
		site := pf.closures[f]
		if site != nil && pf.dead && (site.block < 0 || pf.f.InLoop()[site.block]) {
			site = nil // made in a loop the maker did not finish
		}
		if pf.degraded {
			e.degrade()
		}
		if site != nil && len(site.bindings) == f.NFree {
			for i, b := range site.bindings {
				fr.vals[f.NParams+i] = b
				h = value.ImportCells(h, site.h, b)
			}
			if site.async {
				// A goroutine reads its captured variables whenever it
				// runs, perhaps after the maker assigned them again: all
				// but those assigned once, before the go statement.
				h = fr.invalidate(h, reassignable(fn, site.bindings), "read by a goroutine, which may run after a later assignment")
			}
			return h
		}
	}
	for i, fv := range fn.FreeVars {
		if text, ok := onceStoredString(fv); ok {
			// A string variable assigned a constant once, where it is
			// declared, before any closure captures it: its value
			// wherever the closure runs (a table name of a test
			// function read by its nested t.Run closures).
			cell := e.newCell(&ir.Type{Kind: ir.TString, Elem: -1, Key: -1}, nil, fv.Name())
			h = h.Set(cell, value.Str(e.lit(constant.StringVal(text.Value), text.Pos(), "", 0, false)))
			fr.vals[f.NParams+i] = value.Ptr(cell, nil)
			continue
		}
		fr.vals[f.NParams+i] = value.Unknown(e.piece(value.Piece{Hole: true, Kind: value.HoleRuntime, Desc: fv.Name(), Why: "captured value not known", Src: fv.Pos()}))
	}
	return h
}

// onceStoredString is the string constant the free variable fv holds
// wherever its closure runs: the captured variable (ssacell.Captured) is
// assigned it once where it is declared, before the outermost closure is
// made (ssacell.FixedAt).
func onceStoredString(fv *ssa.FreeVar) (*ssa.Const, bool) {
	v, mc := ssacell.Captured(fv)
	alloc, ok := v.(*ssa.Alloc)
	if !ok || mc == nil {
		return nil, false
	}
	val, ok := ssacell.FixedAt(alloc, mc)
	c, isConst := val.(*ssa.Const)
	if !ok || !isConst || c.Value == nil || c.Value.Kind() != constant.String {
		return nil, false
	}
	return c, true
}

// reassignable is the bindings of the closure fn started by a go
// statement whose variable may hold another value when the goroutine
// reads it: all but a local variable of the maker assigned once where it
// is declared, before the closure is made (ssacell.FixedAt).
func reassignable(fn *ssa.Function, bindings []*value.Value) []*value.Value {
	mc := ssacell.MakeClosureOf(fn)
	if mc == nil || len(mc.Bindings) != len(bindings) {
		return bindings
	}
	var out []*value.Value
	for i, b := range bindings {
		if alloc, ok := mc.Bindings[i].(*ssa.Alloc); ok {
			if _, fixed := ssacell.FixedAt(alloc, mc); fixed {
				continue
			}
		}
		out = append(out, b)
	}
	return out
}

// globalCell returns the cell of the package variable name.
func (e *Evaluator) globalCell(name string, c *ir.Const, f *ir.Func) int {
	if cell, ok := e.globals[name]; ok {
		return cell
	}
	var t *ir.Type
	if pt := f.TypeAt(c.Type); pt != nil {
		t = f.TypeAt(pt.Elem)
	}
	cell := e.newCell(t, f.Unit(), name)
	e.cells[cell].global = name
	e.cells[cell].g = c.SSAGlobal()
	e.cells[cell].from = f.Unit()
	e.globals[name] = cell
	return cell
}

// globalValue is the value of a package variable where the program reads
// it: its value after initialisation when only the initialiser assigns
// it, else a hole keyed by the variable.
func (e *Evaluator) globalValue(fr *frame, cell int) (*value.Value, *value.Heap) {
	ci := e.cells[cell]
	if v := e.embedded(ci.g); v != nil {
		return v, nil
	}
	if fr.isInit && ci.g != nil && ci.g.Pkg == fr.initPkg {
		return e.zero(ci.typ, ci.unit, 0), nil
	}
	if ci.g != nil && e.env.InitOnly(ci.g) {
		if init := ci.g.Pkg.Func("init"); init != nil && len(init.Blocks) > 0 {
			if inf := e.initFrame(ci.g.Pkg); inf != nil {
				if v, ok := inf.final.Get(cell); ok {
					return v, inf.final
				}
			}
		}
	}
	if ci.from != nil {
		for _, g := range ci.from.Globals {
			if g.Name == ci.global {
				h := value.EmptyHeap()
				v, h := e.decodeValue(&g.Value, ci.from, h)
				return v, h
			}
		}
	}
	if ci.g == nil || ci.g.Pkg == nil || ci.g.Pkg.Func("init") == nil || len(ci.g.Pkg.Func("init").Blocks) == 0 || !e.env.Body(ci.g.Pkg.Func("init")) {
		// Another package's variable: its value, carried by a fact
		// (SummarizeGlobals).
		if u := e.unitOf(e.global(ci.global)); u != nil {
			for _, g := range u.Globals {
				if g.Name == ci.global {
					return e.decodeValue(&g.Value, u, value.EmptyHeap())
				}
			}
		}
	}
	desc := ci.global
	if i := lastDot(desc); i >= 0 {
		desc = desc[i+1:]
	}
	return e.fit(orOther(ci.typ), e.hole(value.HoleVar, "var:"+ci.global, desc, "package variable written outside its initialiser")), nil
}

// initOnly reports whether a package variable's cell holds the same
// value everywhere: only its initialiser assigns it.
func (e *Evaluator) initOnly(ci *cellInfo) bool {
	if ci.initOnly == 0 {
		ci.initOnly = 2
		switch {
		case ci.g != nil && (e.env.InitOnly(ci.g) || e.embedded(ci.g) != nil):
			ci.initOnly = 1
		case ci.g == nil && ci.from != nil:
			for _, g := range ci.from.Globals {
				if g.Name == ci.global {
					ci.initOnly = 1
				}
			}
		}
	}
	return ci.initOnly == 1
}

// embedded is the text of a //go:embed variable (Env.Embedded): a literal
// whose Src is the variable, as no Go literal holds it; nil for any other
// variable.
func (e *Evaluator) embedded(g *ssa.Global) *value.Value {
	if g == nil {
		return nil
	}
	s, ok := e.env.Embedded(g)
	if !ok {
		return nil
	}
	if s == "" {
		return value.Str(strshape.Empty())
	}
	return value.Str(strshape.Lit(s, e.piece(value.Piece{Text: s, Src: g.Pos()})))
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
		if s[i] == '/' {
			return -1
		}
	}
	return -1
}

// initFrame interprets a package's initialiser, once.
func (e *Evaluator) initFrame(pkg *ssa.Package) *frame {
	if fr, ok := e.inits[pkg]; ok {
		return fr
	}
	e.inits[pkg] = nil
	fr := e.topFrame(pkg.Func("init"))
	e.inits[pkg] = fr
	return fr
}
