package value

import (
	"go/token"
	"strconv"
	"strings"
)

// HoleKind says what an unknown piece stands for.
type HoleKind uint8

const (
	// HoleParam is a parameter of the function evaluated whose callers
	// are not all known.
	HoleParam HoleKind = iota + 1
	// HoleField is a field of a struct the evaluator does not know.
	HoleField
	// HoleVar is a package variable written outside its initialiser.
	HoleVar
	// HoleCall is the result of a call that is not interpreted.
	HoleCall
	// HoleRuntime is a value known only at run time: input, a map
	// iteration, a channel, an operation on unknown operands.
	HoleRuntime
	// HoleBound is where a bound was hit: budget, size, depth, recursion,
	// a loop that cannot be widened.
	HoleBound
	HoleSelf
	// HoleKeyEq is a condition, not text: it stands for the empty string
	// and says that the variant it leads is built only when parameter
	// Param equals the constant Equals (goeval's keysplit.go).
	HoleKeyEq
)

func (k HoleKind) String() string {
	names := [...]string{"", "param", "field", "var", "call", "runtime", "bound", "self", "keyeq"}
	if int(k) < len(names) {
		return names[k]
	}
	return "hole" + strconv.Itoa(int(k))
}

// Piece is a literal or a hole of a string shape (strshape Ref), or the
// hole of an unknown value (Value.Hole).
type Piece struct {
	Hole bool
	// Literal: its text, and where it comes from. Pos is the position of
	// the first byte of the constant's text in the source when the
	// constant is exactly one literal of its function (PosString instead
	// for a literal of a summary); with Exact, Pos+Off+i is byte i of
	// Text. Off is the piece's offset in that literal (a piece of a
	// format string, of a template).
	Text      string
	Pos       token.Pos
	PosString string
	Off       int
	Exact     bool
	// Zero: an empty literal standing for the zero value of a field,
	// joined with the field's stores (Env.Stores) because the field may
	// be read before any store; Key names the field. A consumer that
	// treats an unset field as "no text" can drop the variants built
	// from it.
	Zero bool
	// Src is where the piece was made, for holes and for literal text the
	// evaluator synthesises (path.Join's "/", a piece of a computed
	// format, a formatted number): the position of the SSA instruction
	// whose evaluation produced it (the load or selection of a field, the
	// call whose result is not known or which made the text), or of the
	// parameter or captured variable it stands for. SrcString instead
	// for a piece made in a summary's code (calls and ifs only); NoPos
	// and "" when the evaluator was at no instruction with a position.
	// Literal text made while another package's code runs (a summary, or
	// a body the Env allows) has as Src the innermost instruction of the
	// home package (the package of the outermost evaluation) that
	// reached it: the call a consumer can place the text at.
	// Two pieces that differ only in Src are distinct refs of the same
	// value: joins and loops compare pieces by identity without Src.
	Src       token.Pos
	SrcString string
	// At and Arg, on a hole: the value was spliced into text as argument
	// Arg-1 of the call at At (a formatted operand of fmt.Sprintf), in the
	// package of the outermost evaluation; a consumer places the hole at
	// that argument's expression, where the recognisers placed it. Like
	// Src they are not part of the piece's identity.
	At  token.Pos
	Arg int
	// Hole: what it stands for. Key is a stable identity of the Go value
	// when it has one that is the same wherever it is used (a field
	// "field:pkg.T.f", a package variable "var:pkg.v", a pure function
	// of keyed values "call:strings.ToLower(field:pkg.T.f)"); two holes
	// with the same non-empty Key hold the same string at run time.
	// Desc is a short description ("cfg.Table", "limit"), Why says why
	// the value is not known.
	Kind  HoleKind
	Key   string
	Desc  string
	Why   string
	Param int // HoleParam: the parameter's index (receiver included)
	// Method, on a HoleParam piece: the piece is the string that method
	// Method of the parameter returns (called with MethodArgs arguments
	// besides the receiver), not the parameter itself: a helper whose
	// query text is qb.FormatQuery(ctx) for its interface parameter qb.
	// A caller instantiates it with Invoke on its argument.
	Method     string
	MethodArgs int
	// Deref, on a HoleParam piece: the piece is the value the pointer
	// parameter points to when the function is entered, not the pointer
	// (a wrapper that takes q *string and runs *q). A caller instantiates
	// it with its argument's pointee. The evaluator makes it only where
	// the function reads through the parameter before anything it does
	// not follow could write through it (a store it follows is read
	// back; a call it does not interpret clears the pointee).
	Deref bool
	// Ranged: the hole is an integer printed in decimal, within [Lo, Hi]
	// (math.MinInt64 and math.MaxInt64 for unbounded sides): a LIMIT
	// clamped by the program.
	Ranged bool
	Lo, Hi int64
	// Equals, on a HoleKeyEq piece: the constant the parameter equals
	// (constant.Value.ExactString).
	Equals string
	Self   int
}

// Label is how a hole reads in renderings: its key, or ?desc.
func (p Piece) Label() string {
	switch {
	case p.Key != "":
		return p.Key
	case p.Kind == HoleParam && p.Method != "":
		return "param:" + p.Desc + "." + p.Method + "()"
	case p.Kind == HoleParam && p.Deref:
		return "param:*" + p.Desc
	case p.Kind == HoleParam:
		return "param:" + p.Desc
	case p.Kind == HoleKeyEq:
		return "param:" + p.Desc + "==" + p.Equals
	case p.Kind == HoleSelf:
		return "self" + strconv.Itoa(p.Self)
	case p.Ranged:
		return IntervalString(p.Lo, p.Hi)
	}
	return "?" + p.Desc
}

// Cond is a decision of the program that optional pieces depend on: which
// edge of an if the path took. The same Cond id in two optional pieces is
// the same run-time decision.
type Cond struct {
	ID int
	// Pos is the position of the if's condition (PosString in a summary).
	Pos       token.Pos
	PosString string
	// Negated: the optional piece is there when the condition is false.
	Negated bool
	// Func is the function holding the if.
	Func string
	Key  string
	// Complement is the condition of the if's other edge, 0 when none.
	Complement int
}

// Tables interns pieces and conditions. Refs and ids are assigned in
// evaluation order, which is deterministic.
type Tables struct {
	pieces   []Piece
	pieceIdx map[string]int
	// ident maps a ref to the first ref interned with the same piece but
	// for where it was made (Src): the piece's identity, by which joins,
	// loops and memos compare values.
	ident    []int
	identIdx map[string]int
	conds    []Cond
	condIdx  map[string]int
	// Stable, when set, names the functions whose result is keyed by
	// their name alone (Env.StableResult).
	Stable func(name string) bool
}

// Init makes t empty but for ref 0, the widening hole.
func (t *Tables) Init() {
	t.pieces = []Piece{{Hole: true, Kind: HoleBound, Desc: "widened", Why: "a bound was hit"}} // ref 0: strshape's widening hole (ref -1 is mapped here)
	t.pieceIdx = map[string]int{}
	t.ident = []int{0}
	t.identIdx = map[string]int{}
	t.conds = []Cond{{}}
	t.condIdx = map[string]int{}
}

// Intern returns the ref of p, the same for the same piece made at the
// same place.
func (t *Tables) Intern(p Piece) int {
	var b strings.Builder
	if p.Hole {
		b.WriteString("h\x00" + strconv.Itoa(int(p.Kind)) + "\x00" + p.Key + "\x00" + p.Desc + "\x00" + p.Why + "\x00" + strconv.Itoa(p.Param) + "\x00" + strconv.Itoa(p.Self) + "\x00" + p.Method + "\x00" + strconv.Itoa(p.MethodArgs) + "\x00" + strconv.FormatBool(p.Deref) + "\x00" + p.Equals)
		if p.Ranged {
			b.WriteString("r" + IntervalString(p.Lo, p.Hi))
		}
	} else {
		b.WriteString("l\x00" + p.Text + "\x00" + strconv.Itoa(int(p.Pos)) + "\x00" + p.PosString + "\x00" + strconv.Itoa(p.Off) + "\x00" + strconv.FormatBool(p.Exact) + "\x00" + strconv.FormatBool(p.Zero) + "\x00" + p.Key)
	}
	id := b.String()
	k := id + "\x00" + strconv.Itoa(int(p.Src)) + "\x00" + p.SrcString + "\x00" + strconv.Itoa(int(p.At)) + "\x00" + strconv.Itoa(p.Arg)
	if i, ok := t.pieceIdx[k]; ok {
		return i
	}
	i := len(t.pieces)
	t.pieces = append(t.pieces, p)
	t.pieceIdx[k] = i
	first, ok := t.identIdx[id]
	if !ok {
		first = i
		t.identIdx[id] = i
	}
	t.ident = append(t.ident, first)
	return i
}

// Same reports whether refs a and b are the same piece but for where they
// were made.
func (t *Tables) Same(a, b int) bool {
	return a == b || a > 0 && b > 0 && a < len(t.ident) && b < len(t.ident) && t.ident[a] == t.ident[b]
}

// Piece returns the piece with ref r (0, the widening hole, when r is
// not a ref).
func (t *Tables) Piece(r int) Piece {
	if r < 0 || r >= len(t.pieces) {
		return t.pieces[0]
	}
	return t.pieces[r]
}

// Cond returns the condition with id c (the zero Cond when c is not one).
func (t *Tables) Cond(c int) Cond {
	if c <= 0 || c >= len(t.conds) {
		return Cond{}
	}
	return t.conds[c]
}

// AddSelf adds the hole standing for loop marker id while a loop is
// widened. It is not interned: each marker is its own piece.
func (t *Tables) AddSelf(id int) int {
	ref := len(t.pieces)
	t.pieces = append(t.pieces, Piece{Hole: true, Kind: HoleSelf, Self: id, Desc: "loop-carried value", Why: "value carried by a loop"})
	t.ident = append(t.ident, ref)
	return ref
}

// PairConds records that conditions a and b are the two edges of one if.
func (t *Tables) PairConds(a, b int) {
	t.conds[a].Complement, t.conds[b].Complement = b, a
}

// InternCond returns the id of c, the same for the same Key.
func (t *Tables) InternCond(c Cond) int {
	if i, ok := t.condIdx[c.Key]; ok {
		return i
	}
	c.ID = len(t.conds)
	t.conds = append(t.conds, c)
	t.condIdx[c.Key] = c.ID
	return c.ID
}

// ShortName strips package paths from a full name for descriptions:
// "(*example.com/qb.Select).Where" → "(*qb.Select).Where".
func ShortName(name string) string {
	b := make([]byte, 0, len(name))
	seg := 0
	for i := 0; i < len(name); i++ {
		c := name[i]
		if c == '/' {
			b = b[:seg]
			continue
		}
		b = append(b, c)
		if strings.IndexByte("(*[]{}, ", c) >= 0 {
			seg = len(b)
		}
	}
	return string(b)
}

// IntervalString spells an integer interval: int[lo..hi], -inf and +inf
// for an unbounded side.
func IntervalString(lo, hi int64) string {
	l, h := "-inf", "+inf"
	if lo != NegInf {
		l = strconv.FormatInt(lo, 10)
	}
	if hi != PosInf {
		h = strconv.FormatInt(hi, 10)
	}
	return "int[" + l + ".." + h + "]"
}
