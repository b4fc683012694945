package ir

import "github.com/ydblint/ydblint/internal/strshape"

// The values of package variables a summary carries (Unit.Globals) are
// goeval's abstract values, encoded: goeval encodes and decodes them; this
// package only carries them.

// EncValue is an abstract value in a Summary (a package variable's value):
// the value's tree with the cells it points to inlined.
type EncValue struct {
	Kind   uint8      // the value's goeval.Kind
	Shape  []EncShape // KString: nodes, the root last
	Pieces []EncPiece
	Conds  []EncCond
	Lo, Hi int64
	Const  string // KConst: ExactString; ConstBool for booleans
	Bool   bool
	Elems  []EncValue
	Items  []EncItem
	Keys   []string
	Struct *EncStruct
	Name   string
	Func   int       // KFunc: embedded function + 1
	Deref  *EncValue // KPointer: the contents
	Path   []int
	Tmpl   *EncTmpl
}

// EncShape is a strshape node; Piece and Parts index the EncValue's
// Pieces and Shape.
type EncShape struct {
	Kind  strshape.Kind
	Text  string
	Piece int
	Cond  int // index in Conds + 1
	Parts []int
}

// EncPiece is a Piece without this process's positions.
type EncPiece struct {
	Hole      bool
	Text      string
	PosString string
	Off       int
	Exact     bool
	Zero      bool
	Src       string // Piece.Src as "file:line:col"
	Kind      uint8  // the hole's goeval.HoleKind
	Key, Desc string
	Why       string
}

// EncCond is a Cond without this process's positions.
type EncCond struct {
	PosString string
	Negated   bool
	Func      string
	Key       string
}

// EncItem is a slice element.
type EncItem struct {
	V     EncValue
	Conds []int // indices in the slice value's Conds + 1
	Rep   bool
}

// EncStruct is a struct type, by field names.
type EncStruct struct {
	Name     string
	Fields   []string
	Keys     []string
	Embedded []bool
}

// EncTmpl is a template: its parsed texts are parsed again at decoding.
type EncTmpl struct {
	Name   string
	HTML   bool
	Funcs  bool
	Delims [2]string
	Trees  []EncTree
	Bad    string
}

// EncTree is a template tree: the text it was parsed from, and the
// literal pieces that text is made of.
type EncTree struct {
	Name   string
	Text   string
	Starts []int
	Pieces []EncPiece
}
