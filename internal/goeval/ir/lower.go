package ir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Lowerer lowers SSA functions into one Unit.
type Lowerer struct {
	unit  *Unit
	types typeutil.Map // types.Type → index in unit.Types
	fset  *token.FileSet
	// embed decides which callees and closures are lowered into the unit
	// (a summary's bundle); nil lowers one function alone, its callees
	// named and resolved when called.
	embed    func(fn *ssa.Function) bool
	embedded map[*ssa.Function]int
	queue    []*ssa.Function
	instrs   int // instructions lowered so far
	summary  bool
	prog     *ssa.Program
}

func newLowerer(fset *token.FileSet) *Lowerer {
	return &Lowerer{unit: &Unit{}, fset: fset, embedded: map[*ssa.Function]int{}}
}

// NewBundleLowerer returns a lowerer for a summary's bundle: positions
// kept as strings, and the callees and closures embed admits lowered into
// the unit with the function that uses them.
func NewBundleLowerer(prog *ssa.Program, embed func(fn *ssa.Function) bool) *Lowerer {
	l := newLowerer(prog.Fset)
	l.summary, l.prog, l.embed = true, prog, embed
	return l
}

// Bundle lowers fn, then the functions it embeds, into the unit; false
// when they come to more than maxInstrs instructions.
func (l *Lowerer) Bundle(fn *ssa.Function, maxInstrs int) bool {
	l.embedded[fn] = 0
	l.queue = []*ssa.Function{fn}
	for i := 0; i < len(l.queue); i++ {
		f := l.lowerFunc(l.queue[i])
		l.unit.Funcs = append(l.unit.Funcs, f)
		if l.instrs > maxInstrs {
			return false
		}
	}
	return true
}

// Lowered is the unit lowered so far, unlinked, as a Summary carries it.
func (l *Lowerer) Lowered() Unit {
	u := *l.unit
	u.linked = false
	return u
}

// AddGlobal appends the value of a package variable the bundle reads.
func (l *Lowerer) AddGlobal(g GlobalEntry) {
	l.unit.Globals = append(l.unit.Globals, g)
}

// EmbeddedIndex returns fn's index in the bundle, when it is embedded.
func (l *Lowerer) EmbeddedIndex(fn *ssa.Function) (int, bool) {
	i, ok := l.embedded[fn]
	return i, ok
}

// Position is p as "file:line:col", "" when p is not known.
func (l *Lowerer) Position(p token.Pos) string {
	if !p.IsValid() || l.fset == nil {
		return ""
	}
	return l.fset.Position(p).String()
}

// Lower lowers fn alone into a Unit of its own and links it.
func Lower(fn *ssa.Function) *Func {
	l := newLowerer(fn.Prog.Fset)
	f := l.lowerFunc(fn)
	l.unit.Funcs = append(l.unit.Funcs, f)
	l.unit.link()
	return f
}

// funcIndex returns the index + 1 of fn in the unit when fn is embedded,
// queueing it, and 0 otherwise.
func (l *Lowerer) funcIndex(fn *ssa.Function) int {
	if l.embed == nil || fn == nil || !l.embed(fn) {
		return 0
	}
	if i, ok := l.embedded[fn]; ok {
		return i + 1
	}
	i := len(l.embedded)
	l.embedded[fn] = i
	l.queue = append(l.queue, fn)
	return i + 1
}

func (l *Lowerer) posString(p token.Pos) string {
	if !l.summary || !p.IsValid() || l.fset == nil {
		return ""
	}
	return l.fset.Position(p).String()
}

// typeIndex enters t in the unit's type table.
func (l *Lowerer) typeIndex(t types.Type) int {
	if t == nil {
		return -1
	}
	if i, ok := l.types.At(t).(int); ok {
		return i
	}
	i := len(l.unit.Types)
	l.unit.Types = append(l.unit.Types, Type{Elem: -1, Key: -1})
	l.types.Set(t, i)
	ty := Type{Elem: -1, Key: -1}
	switch t.(type) {
	case *types.Named, *types.Alias:
		ty.Name = types.TypeString(types.Unalias(t), nil)
	case *types.Pointer:
		ty.Name = types.TypeString(t, nil)
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			ty.Kind = TString
		case u.Info()&types.IsUnsigned != 0:
			ty.Kind, ty.Bits = TUint, intBits(u)
		case u.Info()&types.IsInteger != 0:
			ty.Kind, ty.Bits = TInt, intBits(u)
		case u.Info()&types.IsFloat != 0:
			ty.Kind = TFloat
		case u.Info()&types.IsBoolean != 0:
			ty.Kind = TBool
		case u.Info()&types.IsComplex != 0:
			ty.Kind = TComplex
		case u.Kind() == types.UntypedNil:
			ty.Kind = TOther
		}
		if ty.Name == "" {
			ty.Name = u.Name()
		}
	case *types.Struct:
		ty.Kind = TStruct
		named := structOwner(t)
		for j := 0; j < u.NumFields(); j++ {
			fv := u.Field(j)
			fd := Field{Name: fv.Name(), Embedded: fv.Embedded()}
			if named != "" {
				fd.Key = "field:" + named + "." + fv.Name()
			}
			ty.Fields = append(ty.Fields, fd)
		}
		l.unit.Types[i] = ty
		for j := 0; j < u.NumFields(); j++ {
			ty.Fields[j].Type = l.typeIndex(u.Field(j).Type())
		}
	case *types.Pointer:
		ty.Kind = TPointer
		l.unit.Types[i] = ty
		ty.Elem = l.typeIndex(u.Elem())
	case *types.Slice:
		ty.Kind = TSlice
		if b, ok := u.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.Byte {
			ty.Kind = TBytes
		}
		l.unit.Types[i] = ty
		ty.Elem = l.typeIndex(u.Elem())
	case *types.Array:
		ty.Kind = TArray
		ty.Len = u.Len()
		l.unit.Types[i] = ty
		ty.Elem = l.typeIndex(u.Elem())
	case *types.Map:
		ty.Kind = TMap
		l.unit.Types[i] = ty
		ty.Key = l.typeIndex(u.Key())
		ty.Elem = l.typeIndex(u.Elem())
	case *types.Interface:
		ty.Kind = TInterface
		for j := 0; j < u.NumMethods(); j++ {
			ty.Methods = append(ty.Methods, u.Method(j).Name())
		}
		if ty.Name == "" {
			ty.Name = types.TypeString(t, nil)
		}
	case *types.Signature:
		ty.Kind = TFunc
	case *types.Chan:
		ty.Kind = TChan
	case *types.Tuple:
		ty.Kind = TTuple
		for j := 0; j < u.Len(); j++ {
			ty.Fields = append(ty.Fields, Field{Name: u.At(j).Name()})
		}
		l.unit.Types[i] = ty
		for j := 0; j < u.Len(); j++ {
			ty.Fields[j].Type = l.typeIndex(u.At(j).Type())
		}
	}
	l.unit.Types[i] = ty
	return i
}

// intBits is the width of an integer type (untyped constants: 64).
func intBits(b *types.Basic) int {
	switch b.Kind() {
	case types.Int8, types.Uint8:
		return 8
	case types.Int16, types.Uint16:
		return 16
	case types.Int32, types.Uint32:
		return 32
	}
	return 64
}

// structOwner names the struct type t (or *t) for field keys:
// "pkg/path.T", "" for unnamed structs.
func structOwner(t types.Type) string {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// fieldKey is the identity of field i of the struct type t (or *t):
// "field:pkg.T.name", "" when t is not a named struct.
func fieldKey(t types.Type, i int) string {
	owner := structOwner(t)
	if owner == "" {
		return ""
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return ""
	}
	return "field:" + owner + "." + st.Field(i).Name()
}

// funcLits maps each string value spelled by exactly one basic literal of
// fn's syntax to that literal, for positions of literal pieces.
type litPos struct {
	pos   token.Pos
	exact bool
	n     int
}

func stringLits(fn *ssa.Function) map[string]litPos {
	syn := fn.Syntax()
	if syn == nil {
		return nil
	}
	out := map[string]litPos{}
	ast.Inspect(syn, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok && fl != syn {
			return false // its own function
		}
		bl, ok := n.(*ast.BasicLit)
		if !ok || bl.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(bl.Value)
		if err != nil {
			return true
		}
		// A raw literal's bytes are its value's unless it holds carriage
		// returns (dropped); an interpreted one's unless it has escapes.
		exact := !strings.Contains(bl.Value, `\`)
		if bl.Value[0] == '`' {
			exact = !strings.Contains(bl.Value, "\r")
		}
		lp := out[s]
		lp.n++
		lp.pos, lp.exact = bl.Pos()+1, exact
		out[s] = lp
		return true
	})
	return out
}

// lowerFunc lowers fn. It does not link the unit.
func (l *Lowerer) lowerFunc(fn *ssa.Function) *Func {
	f := &Func{Name: fn.String(), Result: -1, ssa: fn, pos: fn.Pos(), unit: l.unit}
	f.Pos = l.posString(fn.Pos())
	if fn.Signature.Results().Len() > 0 {
		f.Result = l.typeIndex(fn.Signature.Results())
		if fn.Signature.Results().Len() == 1 {
			f.Result = l.typeIndex(fn.Signature.Results().At(0).Type())
		}
	}
	if len(fn.Blocks) == 0 {
		f.bad = "no body"
		return f
	}
	slots := map[ssa.Value]int{}
	n := 0
	for _, p := range fn.Params {
		slots[p] = n
		f.ParamNames = append(f.ParamNames, p.Name())
		f.ParamTypes = append(f.ParamTypes, l.typeIndex(p.Type()))
		n++
	}
	f.NParams = len(fn.Params)
	for _, fv := range fn.FreeVars {
		slots[fv] = n
		n++
	}
	f.NFree = len(fn.FreeVars)
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if v, ok := in.(ssa.Value); ok {
				slots[v] = n
				n++
			}
		}
	}
	f.ConstBase = n
	lits := stringLits(fn)
	operand := func(v ssa.Value) int {
		if v == nil {
			return -1
		}
		if s, ok := slots[v]; ok {
			return s
		}
		c := Const{Type: l.typeIndex(v.Type())}
		switch v := v.(type) {
		case *ssa.Const:
			switch {
			case v.Value == nil:
				c.Kind = ConstNil
			case v.Value.Kind() == constant.String:
				c.Str = constant.StringVal(v.Value)
				if lp, ok := lits[c.Str]; ok && lp.n == 1 {
					c.pos, c.Exact = lp.pos, lp.exact
					c.PosString = l.posString(lp.pos)
				}
			default:
				c.Val = v.Value.ExactString()
			}
		case *ssa.Global:
			c.Kind, c.Name, c.g = ConstGlobal, v.String(), v
		case *ssa.Function:
			c.Kind, c.Name, c.fn = ConstFunc, v.String(), v
			c.Func = l.funcIndex(v)
		case *ssa.Builtin:
			c.Kind, c.Name = ConstBuiltin, v.Name()
		default:
			// A value of another function (cannot happen in valid SSA).
			c.Kind = ConstNil
		}
		s := n
		n++
		slots[v] = s
		f.Consts = append(f.Consts, c)
		return s
	}
	f.Blocks = make([]Block, len(fn.Blocks))
	for bi, b := range fn.Blocks {
		blk := Block{Idom: -1}
		if b.Idom() != nil {
			blk.Idom = b.Idom().Index
		}
		for _, p := range b.Preds {
			blk.Preds = append(blk.Preds, p.Index)
		}
		for _, s := range b.Succs {
			blk.Succs = append(blk.Succs, s.Index)
		}
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.DebugRef); ok {
				continue
			}
			ir := l.lowerInstr(in, slots, operand)
			blk.Instrs = append(blk.Instrs, ir)
			l.instrs++
		}
		f.Blocks[bi] = blk
	}
	f.NValues = n
	f.slots = slots
	return f
}

func (l *Lowerer) lowerInstr(in ssa.Instruction, slots map[ssa.Value]int, operand func(ssa.Value) int) Instr {
	ir := Instr{ID: -1, Type: -1, pos: in.Pos()}
	if v, ok := in.(ssa.Value); ok {
		ir.ID = slots[v]
		ir.Type = l.typeIndex(v.Type())
	}
	args := func(vs ...ssa.Value) []int {
		out := make([]int, len(vs))
		for i, v := range vs {
			out[i] = operand(v)
		}
		return out
	}
	switch in := in.(type) {
	case *ssa.Phi:
		ir.Op = OpPhi
		ir.Args = args(in.Edges...)
	case *ssa.BinOp:
		ir.Op, ir.X = OpBinOp, int(in.Op)
		ir.Args = args(in.X, in.Y)
		ir.Pos = l.posString(in.Pos())
	case *ssa.UnOp:
		switch in.Op {
		case token.MUL:
			ir.Op = OpLoad
		case token.ARROW:
			ir.Op, ir.Name = OpUnknown, "channel receive"
		default:
			ir.Op, ir.X = OpUnOp, int(in.Op)
		}
		ir.Args = args(in.X)
	case *ssa.Store:
		ir.Op = OpStore
		ir.Args = args(in.Addr, in.Val)
	case *ssa.Alloc:
		ir.Op = OpAlloc
		ir.X = l.typeIndex(in.Type().Underlying().(*types.Pointer).Elem())
		ir.Name = in.Comment
	case *ssa.Field:
		ir.Op, ir.X = OpField, in.Field
		ir.Name = fieldKey(in.X.Type(), in.Field)
		ir.Aux = l.typeIndex(in.X.Type())
		ir.Args = args(in.X)
	case *ssa.FieldAddr:
		ir.Op, ir.X = OpFieldAddr, in.Field
		ir.Name = fieldKey(in.X.Type(), in.Field)
		ir.Aux = l.typeIndex(in.X.Type().Underlying().(*types.Pointer).Elem())
		ir.Args = args(in.X)
	case *ssa.Index:
		ir.Op = OpIndex
		ir.Args = args(in.X, in.Index)
	case *ssa.IndexAddr:
		ir.Op = OpIndexAddr
		ir.Args = args(in.X, in.Index)
	case *ssa.Lookup:
		ir.Op = OpLookup
		if in.CommaOk {
			ir.X = 1
		}
		ir.Args = args(in.X, in.Index)
	case *ssa.MapUpdate:
		ir.Op = OpMapUpdate
		ir.Args = args(in.Map, in.Key, in.Value)
	case *ssa.MakeMap:
		ir.Op = OpMakeMap
	case *ssa.MakeSlice:
		ir.Op = OpMakeSlice
		ir.Args = args(in.Len, in.Cap)
	case *ssa.Slice:
		ir.Op = OpSlice
		ir.Args = args(in.X, in.Low, in.High, in.Max)
	case *ssa.Convert:
		ir.Op, ir.X = OpConvert, l.typeIndex(in.X.Type())
		ir.Args = args(in.X)
	case *ssa.ChangeType:
		ir.Op, ir.X = OpConvert, l.typeIndex(in.X.Type())
		ir.Args = args(in.X)
	case *ssa.MultiConvert:
		ir.Op, ir.X = OpConvert, l.typeIndex(in.X.Type())
		ir.Args = args(in.X)
	case *ssa.ChangeInterface:
		ir.Op, ir.X = OpConvert, l.typeIndex(in.X.Type())
		ir.Args = args(in.X)
	case *ssa.SliceToArrayPointer:
		ir.Op, ir.Name = OpUnknown, "slice to array pointer"
		ir.Args = args(in.X)
	case *ssa.MakeInterface:
		ir.Op = OpMakeInterface
		ir.Name = types.TypeString(in.X.Type(), nil)
		ir.Args = args(in.X)
		l.embedMethods(in.X.Type())
	case *ssa.TypeAssert:
		ir.Op = OpTypeAssert
		ir.X = l.typeIndex(in.AssertedType)
		ir.Name = types.TypeString(in.AssertedType, nil)
		if in.CommaOk {
			ir.Aux = 1
		}
		ir.Args = args(in.X)
	case *ssa.Extract:
		ir.Op, ir.X = OpExtract, in.Index
		ir.Args = args(in.Tuple)
	case *ssa.MakeClosure:
		ir.Op = OpMakeClosure
		fn := in.Fn.(*ssa.Function)
		ir.Name, ir.fn = fn.String(), fn
		ir.Func = l.funcIndex(fn)
		ir.Args = args(in.Bindings...)
	case *ssa.Call:
		ir.Op = OpCall
		l.lowerCall(&ir, in.Common(), operand)
	case *ssa.Defer:
		ir.Op = OpDefer
		l.lowerCall(&ir, in.Common(), operand)
	case *ssa.Go:
		ir.Op = OpGo
		l.lowerCall(&ir, in.Common(), operand)
	case *ssa.RunDefers:
		ir.Op = OpRunDefers
	case *ssa.If:
		ir.Op = OpIf
		ir.Args = args(in.Cond)
		ir.pos = in.Cond.Pos()
		ir.Pos = l.posString(in.Cond.Pos())
	case *ssa.Jump:
		ir.Op = OpJump
	case *ssa.Return:
		ir.Op = OpReturn
		ir.Args = args(in.Results...)
	case *ssa.Panic:
		ir.Op = OpPanic
	case *ssa.Next:
		ir.Op = OpNext
	case *ssa.Send:
		ir.Op = OpNop
	default:
		// Range, Select, MakeChan, …: a result nothing is known about.
		ir.Op = OpUnknown
		ir.Name = instrKind(in)
	}
	return ir
}

func instrKind(in ssa.Instruction) string {
	switch in.(type) {
	case *ssa.Range:
		return "range"
	case *ssa.Select:
		return "select"
	case *ssa.MakeChan:
		return "make chan"
	}
	return "instruction"
}

func (l *Lowerer) lowerCall(ir *Instr, c *ssa.CallCommon, operand func(ssa.Value) int) {
	ir.Pos = l.posString(c.Pos())
	var args []int
	switch {
	case c.IsInvoke():
		ir.Mode = CallInvoke
		ir.Name = c.Method.Name()
		ir.Iface = types.TypeString(c.Value.Type(), nil)
		args = append(args, operand(c.Value))
	default:
		switch v := c.Value.(type) {
		case *ssa.Builtin:
			ir.Mode, ir.Name = CallBuiltin, v.Name()
		case *ssa.Function:
			ir.Mode, ir.Name, ir.fn = CallStatic, v.String(), v
			ir.Func = l.funcIndex(v)
		default:
			ir.Mode = CallDynamic
			args = append(args, operand(c.Value))
		}
	}
	for _, a := range c.Args {
		args = append(args, operand(a))
	}
	ir.Args = args
}

// embedMethods embeds, in a summary, the methods of a type of the
// summarised package converted to an interface: its importers may not be
// able to name the type (it is often unexported), yet they call its
// methods through the interface.
func (l *Lowerer) embedMethods(t types.Type) {
	if l.embed == nil {
		return
	}
	named := t
	if p, ok := t.(*types.Pointer); ok {
		named = p.Elem()
	}
	if _, ok := types.Unalias(named).(*types.Named); !ok {
		return
	}
	prog := l.prog
	if prog == nil {
		return
	}
	mset := prog.MethodSets.MethodSet(t)
	for i := 0; i < mset.Len(); i++ {
		fn := prog.MethodValue(mset.At(i))
		if fn == nil {
			continue
		}
		if idx := l.funcIndex(fn); idx > 0 {
			l.unit.Methods = append(l.unit.Methods, MethodEntry{Recv: types.TypeString(t, nil), Name: fn.Name(), Func: idx - 1})
		}
	}
}
