package ir

import (
	"go/constant"
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The evaluator does not walk SSA directly: each function is first lowered
// to a small IR that keeps the SSA control flow and one instruction per SSA
// instruction, but names callees, globals, types and fields by strings
// rather than by go/types objects. The same interpreter then runs a
// function of the package under analysis and a function of another
// package carried as a Summary (a gob-encoded Unit), which is how a
// summary is instantiated at a call with the caller's abstract arguments.

// Unit is a set of lowered functions sharing one type table: a single
// function of the package under analysis, or a Summary's bundle (the
// summarised function and the closures, unexported helpers and methods it
// embeds).
type Unit struct {
	Funcs   []*Func
	Types   []Type
	Methods []MethodEntry // methods embedded for interface calls
	Globals []GlobalEntry // package variables read by the bundle, by value

	linked bool
}

// MethodEntry maps a receiver type and method name to an embedded function.
type MethodEntry struct {
	Recv, Name string
	Func       int
}

// GlobalEntry is the value of a package variable the bundle reads, which
// its package assigns only at initialisation.
type GlobalEntry struct {
	Name  string
	Value EncValue
}

// Func is one lowered function.
type Func struct {
	Name       string // full name, (*ssa.Function).String
	Pos        string // "file:line:col" of the declaration
	ParamNames []string
	NParams    int // receiver included
	NFree      int
	Consts     []Const // Consts[i] is value slot ConstBase+i
	ConstBase  int
	Blocks     []Block
	NValues    int // value slots: params, free vars, consts, instruction results
	Result     int // type of the result (a Tuple for several), -1 for none

	ParamTypes []int

	unit   *Unit
	ssa    *ssa.Function
	slots  map[ssa.Value]int // this process's SSA values → slots
	pos    token.Pos
	def    []DefSite // value slot → defining instruction
	order  []Item    // top region: blocks and loops in reverse postorder
	loops  []*Loop
	inLoop []bool // block → inside some loop
	// domPre, domPost number the dominator tree (dominates).
	domPre, domPost []int32
	bad             string // why the function cannot be interpreted ("" when it can)
}

type DefSite struct{ Block, Instr int }

// Block is a basic block: instructions, the last one a terminator.
type Block struct {
	Instrs []Instr
	Preds  []int
	Succs  []int
	Idom   int // -1 for the entry block
}

// Op is an IR operation.
type Op uint8

const (
	OpNop Op = iota
	OpPhi
	OpBinOp     // X: token.Token
	OpUnOp      // X: token.Token (not MUL, not ARROW)
	OpLoad      // *Args[0]
	OpStore     // *Args[0] = Args[1]
	OpAlloc     // Type: the pointer type
	OpField     // Args[0].X; Name: field key
	OpFieldAddr // &Args[0].X; Name: field key
	OpIndex     // Args[0][Args[1]]
	OpIndexAddr // &Args[0][Args[1]]
	OpLookup    // Args[0][Args[1]] on a map or string; X=1: comma-ok
	OpMapUpdate // Args[0][Args[1]] = Args[2]
	OpMakeMap
	OpMakeSlice // Args: len, cap
	OpSlice     // Args: x, low, high, max (-1 when absent)
	OpConvert   // conversions and type changes; X: source type
	OpMakeInterface
	OpTypeAssert // X: asserted type; Aux: 1 comma-ok; Name: asserted type
	OpExtract    // X: index
	OpMakeClosure
	OpCall
	OpDefer
	OpGo
	OpRunDefers
	OpIf
	OpJump
	OpReturn
	OpPanic
	OpNext    // range iteration step: unknown
	OpUnknown // anything else: an unknown result; Name says what
)

// Call modes.
const (
	CallStatic  = iota // Name: callee; Func: embedded callee + 1 (0 none)
	CallDynamic        // Args[0]: the function value
	CallInvoke         // Args[0]: the interface value; Name: method; Iface: interface type
	CallBuiltin        // Name: builtin
)

// Instr is one IR instruction.
type Instr struct {
	Op    Op
	ID    int   // value slot defined, -1 for none
	Type  int   // result type, -1 for none
	Args  []int // operand value slots (-1: absent)
	X     int
	Aux   int
	Mode  int // OpCall, OpDefer, OpGo
	Func  int // embedded function + 1 (0 none): static callee, closure
	Name  string
	Iface string
	Pos   string // position of literal conditions (OpIf) and calls

	pos token.Pos
	fn  *ssa.Function // static callee or closure body, in this process
}

// Const kinds.
const (
	ConstValue   = iota // a constant: Str for strings, Val (exact) for others
	ConstNil            // the zero value of Type
	ConstGlobal         // the address of package variable Name
	ConstFunc           // function Name (Func: embedded + 1)
	ConstBuiltin        // builtin Name
)

// Const is a constant operand.
type Const struct {
	Kind int
	Type int
	Str  string // string constants
	Val  string // other constants: constant.Value.ExactString
	Name string
	Func int
	// Lit says where a string constant's text is in the source, when it
	// is exactly one literal of the function: the literal's position
	// (PosString in a summary) and whether its bytes map one to one onto
	// the source (a raw literal or one without escapes).
	PosString string
	Exact     bool

	pos token.Pos
	fn  *ssa.Function
	g   *ssa.Global
}

// Type kinds.
const (
	TOther = iota
	TString
	TInt
	TUint
	TFloat
	TBool
	TComplex
	TStruct
	TPointer
	TSlice
	TArray
	TMap
	TInterface
	TFunc
	TChan
	TTuple
	TBytes // []byte
)

// Type is an entry of a Unit's type table.
type Type struct {
	Kind    int
	Name    string  // types.TypeString with full paths (named types and pointers to them)
	Elem    int     // pointer, slice, array, map value, chan element; -1 otherwise
	Key     int     // map key; -1 otherwise
	Len     int64   // array length
	Bits    int     // TInt, TUint: the width (64 for int, uint, uintptr)
	Fields  []Field // struct fields, tuple elements
	Methods []string
}

// Field is a struct field or tuple element.
type Field struct {
	Name     string
	Type     int
	Key      string // "field:pkg.T.name" for fields of named structs
	Embedded bool
}

// Item is an element of a region: a block, or a loop (its header first).
type Item struct {
	Block int
	Loop  *Loop
}

// Loop is a natural loop.
type Loop struct {
	Header int
	Body   []bool // block → in this loop (nested loops included)
	Items  []Item // header, then the body in reverse postorder, inner loops folded
	Back   []int  // predecessors of the header inside the loop
	// A range over a slice: the header tests idx+1 < len(slice); the
	// body reads slice[idx+1]. The evaluator then runs the body once per
	// element of a known slice.
	RangeSlice, RangeIdx, RangeNext int // value slots; -1 when not a range loop
	RangeLen                        int
	// rangeIdxRead: the body reads the index other than to read the
	// element (rangeLoop then runs each combination of optional
	// elements apart).
	RangeIdxRead bool
}

// Accessors for what lowering and linking derive in this process: a
// Summary does not carry it (gob ignores unexported fields), so it stays
// unexported and read-only to the interpreter.

// Unit is the unit the function belongs to (its type table, its bundle).
func (f *Func) Unit() *Unit { return f.unit }

// SSA is the function lowered, nil for a function of a summary.
func (f *Func) SSA() *ssa.Function { return f.ssa }

// Defs maps a value slot to the instruction defining it.
func (f *Func) Defs() []DefSite { return f.def }

// Order is the top region: blocks and loops in reverse postorder.
func (f *Func) Order() []Item { return f.order }

// InLoop maps a block to whether it is inside some loop.
func (f *Func) InLoop() []bool { return f.inLoop }

// Bad says why the function cannot be interpreted, "" when it can.
func (f *Func) Bad() string { return f.bad }

// TokenPos is the instruction's position in this process (NoPos in a
// summary, which carries Pos).
func (in *Instr) TokenPos() token.Pos { return in.pos }

// SSAFunc is the static callee or closure body in this process, nil in a
// summary.
func (in *Instr) SSAFunc() *ssa.Function { return in.fn }

// TokenPos is the constant's position in this process (NoPos in a
// summary, which carries PosString).
func (c *Const) TokenPos() token.Pos { return c.pos }

// SSAFunc is the function a ConstFunc names, in this process.
func (c *Const) SSAFunc() *ssa.Function { return c.fn }

// SSAGlobal is the package variable a ConstGlobal addresses, in this
// process.
func (c *Const) SSAGlobal() *ssa.Global { return c.g }

// ParseConst reads a Const's Val, the constant.Value.ExactString of a
// number: an integer, a float, or a fraction "a/b"; nil for anything else.
func ParseConst(s string) constant.Value {
	if i := strings.IndexByte(s, '/'); i > 0 {
		a, b := ParseConst(s[:i]), ParseConst(s[i+1:])
		if a == nil || b == nil || constant.Sign(b) == 0 {
			return nil
		}
		return constant.BinaryOp(a, token.QUO, b)
	}
	if k := constant.MakeFromLiteral(s, token.FLOAT, 0); k.Kind() != constant.Unknown {
		return k
	}
	if strings.HasPrefix(s, "-") {
		if k := ParseConst(s[1:]); k != nil {
			return constant.UnaryOp(token.SUB, k, 0)
		}
	}
	return nil
}
