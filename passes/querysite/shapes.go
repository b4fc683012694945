package querysite

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/strshape"
)

// This file recovers text built through string lists: a slice of
// conditions (or declarations, or columns) grown by append, some appends
// under an if, then joined with strings.Join. The list becomes a strshape
// Join whose items are optional where an if decides them; its enumeration
// becomes text variants, each carrying which optional pieces it holds as
// zero-length marker pieces (Text.Choices), so that planning can tell a
// filter present on every path from one left out on some.

// Choice is one decision of the program that a text variant depends on: an
// optional piece (an append under an if) present or absent in this
// variant.
type Choice struct {
	// ID is the same for every optional piece decided by the same if
	// statement, in every text of the package.
	ID int
	// Present says whether this variant holds the piece.
	Present bool
	// When is the Go condition of the if, as written ("req.OrgID != \"\""),
	// and Negated is set when the piece is appended in its else branch.
	When    string
	Negated bool
	// Pos and End delimit the if statement's condition.
	Pos, End token.Pos
}

// choiceMark is the marker piece's payload.
type choiceMark = site.Choice

// shapeLimits bound list shapes: at most 16 variants (the site bound), and
// small trees.
var shapeLimits = strshape.Limits{MaxNodes: 256, MaxDepth: 12, MaxVariants: maxVariants}

// listItem is one element of a recovered string list.
type listItem struct {
	t    texts
	opt  *site.Choice // nil: on every path
	elem ssa.Value
}

// listState memoises the lists of one strings.Join.
type listState struct {
	memo     map[ssa.Value][]*listItem
	visiting map[ssa.Value]bool
}

// listOf recovers the elements of a []string value built from a literal,
// nil or make(…, 0, n), appends of literals and of other such slices, and
// φ nodes where one incoming list extends the other (an append under an
// if). Loops and anything else fail.
func (a *pkgAnalysis) listOf(v ssa.Value, st *listState, c *ctx) ([]*listItem, bool) {
	if c.depth > maxDepth {
		return nil, false
	}
	if l, ok := st.memo[v]; ok {
		return l, true
	}
	if st.visiting[v] {
		return nil, false // a loop
	}
	st.visiting[v] = true
	defer delete(st.visiting, v)
	l, ok := a.listOf1(v, st, c)
	if ok {
		st.memo[v] = l
	}
	return l, ok
}

func (a *pkgAnalysis) listOf1(v ssa.Value, st *listState, c *ctx) ([]*listItem, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return nil, true
		}
	case *ssa.MakeSlice:
		if k, ok := v.Len.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(k.Value); exact && n == 0 {
				return nil, true
			}
		}
	case *ssa.Slice:
		elems, ok := sliceElems(v)
		if !ok {
			return nil, false
		}
		out := make([]*listItem, 0, len(elems))
		for _, e := range elems {
			out = append(out, &listItem{t: a.text(e, nil, c.deeper()), elem: e})
		}
		return out, true
	case *ssa.Call:
		b, ok := v.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(v.Call.Args) != 2 {
			return nil, false
		}
		base, ok := a.listOf(v.Call.Args[0], st, c.deeper())
		if !ok {
			return nil, false
		}
		more, ok := a.listOf(v.Call.Args[1], st, c.deeper())
		if !ok {
			return nil, false
		}
		out := make([]*listItem, 0, len(base)+len(more))
		return append(append(out, base...), more...), true
	case *ssa.Phi:
		return a.listPhi(v, st, c)
	}
	return nil, false
}

// listPhi merges the lists reaching a φ when one of them, the base, is a
// prefix of every other: the extra items are optional, decided by the if
// that branches between the edges.
func (a *pkgAnalysis) listPhi(phi *ssa.Phi, st *listState, c *ctx) ([]*listItem, bool) {
	if len(phi.Edges) < 2 || len(phi.Edges) > 4 {
		return nil, false
	}
	// Edges either carry the base list or one extension of it: an
	// if with a short-circuit condition (a && b) joins with three edges,
	// two of them from the condition's false branches.
	lists := make([][]*listItem, len(phi.Edges))
	base := -1
	for i, e := range phi.Edges {
		l, ok := a.listOf(e, st, c.deeper())
		if !ok {
			return nil, false
		}
		lists[i] = l
		if base < 0 || len(l) < len(lists[base]) {
			base = i
		}
	}
	ext := -1
	for i, l := range lists {
		if !samePrefix(lists[base], l) {
			return nil, false
		}
		if len(l) == len(lists[base]) {
			continue
		}
		if ext >= 0 && !samePrefix(lists[ext], l) || ext >= 0 && len(lists[ext]) != len(l) {
			return nil, false
		}
		if ext < 0 {
			ext = i
		}
	}
	if ext < 0 {
		return lists[base], true
	}
	ch, ok := a.branchChoice(phi, ext)
	if !ok {
		return nil, false
	}
	out := append([]*listItem(nil), lists[base]...)
	for _, it := range lists[ext][len(lists[base]):] {
		if it.opt != nil {
			// Nested ifs: keep the inner decision (the outer one is
			// implied by it).
			out = append(out, it)
			continue
		}
		cp := *it
		cp.opt = ch
		out = append(out, &cp)
	}
	return out, true
}

// samePrefix reports whether short's items are the first items of long.
func samePrefix(short, long []*listItem) bool {
	if len(short) > len(long) {
		return false
	}
	for i := range short {
		if short[i] != long[i] {
			return false
		}
	}
	return true
}

// branchChoice finds the if deciding which edge reaches phi: the block
// that immediately dominates phi's block ends with an If, and the edge's
// predecessor lies under one of its two successors.
func (a *pkgAnalysis) branchChoice(phi *ssa.Phi, edge int) (*site.Choice, bool) {
	b := phi.Block()
	idom := b.Idom()
	if idom == nil || len(idom.Instrs) == 0 || edge >= len(b.Preds) {
		return nil, false
	}
	iff, ok := idom.Instrs[len(idom.Instrs)-1].(*ssa.If)
	if !ok || len(idom.Succs) != 2 {
		return nil, false
	}
	pred := b.Preds[edge]
	var negated bool
	switch t, f := idom.Succs[0], idom.Succs[1]; {
	case t != b && t.Dominates(pred):
		negated = false // appended when the condition holds
	case f != b && f.Dominates(pred):
		negated = true // appended in the else branch
	default:
		return nil, false
	}
	cond := iff.Cond
	pos := cond.Pos()
	ch := &site.Choice{ID: int(pos), Negated: negated, Pos: pos, End: pos, When: "condition"}
	if e := a.enclosingIfCond(pos); e != nil {
		ch.ID, ch.Pos, ch.End, ch.When = int(e.Pos()), e.Pos(), e.End(), types.ExprString(e)
	}
	if !ch.Pos.IsValid() {
		return nil, false
	}
	return ch, true
}

// enclosingIfCond returns the condition of the innermost if statement
// whose condition contains pos.
func (a *pkgAnalysis) enclosingIfCond(pos token.Pos) ast.Expr {
	if !pos.IsValid() {
		return nil
	}
	var best ast.Expr
	for _, f := range a.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos > n.End() {
				return false
			}
			if is, ok := n.(*ast.IfStmt); ok && is.Cond != nil && is.Cond.Pos() <= pos && pos <= is.Cond.End() {
				best = is.Cond
			}
			return true
		})
	}
	return best
}

// joinList recovers strings.Join over a list built by appends: the list's
// shape (a Join with optional items) enumerated into variants, each with
// marker pieces saying which optional items it holds.
func (a *pkgAnalysis) joinList(slice ssa.Value, sepT texts, c *ctx) (texts, bool) {
	st := &listState{memo: map[ssa.Value][]*listItem{}, visiting: map[ssa.Value]bool{}}
	items, ok := a.listOf(slice, st, c)
	if !ok {
		return texts{}, false
	}
	var b shapeBuilder
	var parts []*strshape.Shape
	for _, it := range items {
		s := b.fromTexts(it.t)
		if it.opt != nil {
			s = strshape.Optional(shapeLimits, s, b.choice(it.opt))
		}
		parts = append(parts, s)
	}
	shape := strshape.Join(shapeLimits, parts, b.fromTexts(sepT))
	return b.variants(shape), true
}

// shapeBuilder turns recovered texts into shapes and back: pieces are kept
// in a table and shapes refer to them by index.
type shapeBuilder struct {
	pieces  []piece
	choices []*site.Choice
	byID    map[int]int
}

func (b *shapeBuilder) ref(p piece) int {
	b.pieces = append(b.pieces, p)
	return len(b.pieces) - 1
}

func (b *shapeBuilder) choice(ch *site.Choice) int {
	if b.byID == nil {
		b.byID = map[int]int{}
	}
	if i, ok := b.byID[ch.ID]; ok {
		return i
	}
	b.choices = append(b.choices, ch)
	b.byID[ch.ID] = len(b.choices) - 1
	return len(b.choices) - 1
}

// fromTexts is the alternative of t's variants; a value already cut short
// (truncated, or a loop) is a hole.
func (b *shapeBuilder) fromTexts(t texts) *strshape.Shape {
	if t.truncated || t.cyclic || len(t.vs) == 0 {
		return strshape.Hole(b.ref(holePiece("", "list element", token.NoPos, token.NoPos)))
	}
	alts := make([]*strshape.Shape, 0, len(t.vs))
	for _, v := range t.vs {
		parts := make([]*strshape.Shape, 0, len(v))
		for _, p := range v {
			if p.hole || p.param >= 0 {
				parts = append(parts, strshape.Hole(b.ref(p)))
			} else {
				parts = append(parts, strshape.Lit(p.text, b.ref(p)))
			}
		}
		alts = append(alts, strshape.Concat(shapeLimits, parts...))
	}
	return strshape.Alt(shapeLimits, alts...)
}

// variants enumerates a shape back into text variants with choice markers.
func (b *shapeBuilder) variants(s *strshape.Shape) texts {
	e := strshape.Enumerate(shapeLimits, s)
	out := texts{truncated: !e.Exhaustive}
	for _, v := range e.Variants {
		var vs variant
		for _, at := range v.Atoms {
			if at.Ref >= 0 && at.Ref < len(b.pieces) {
				vs = append(vs, b.pieces[at.Ref])
			} else {
				vs = append(vs, holePiece("", "list", token.NoPos, token.NoPos))
			}
		}
		for _, k := range v.Present {
			vs = append(vs, markPiece(b.choices[k], true))
		}
		for _, k := range v.Absent {
			vs = append(vs, markPiece(b.choices[k], false))
		}
		out.vs = append(out.vs, vs)
	}
	return out
}

func markPiece(ch *site.Choice, present bool) piece {
	m := *ch
	m.Present = present
	return piece{param: -1, mark: &m}
}

// consistent reports whether two variants agree on every choice both
// depend on (the same if cannot be taken and not taken in one run).
func consistent(x, y variant) bool {
	for _, p := range x {
		if p.mark == nil {
			continue
		}
		for _, q := range y {
			if q.mark != nil && q.mark.ID == p.mark.ID && q.mark.Present != p.mark.Present {
				return false
			}
		}
	}
	return true
}

// choicesOf collects a variant's markers, by ID, each once.
func choicesOf(v variant) []site.Choice {
	var out []site.Choice
	seen := map[int]bool{}
	for _, p := range v {
		if p.mark != nil && !seen[p.mark.ID] {
			seen[p.mark.ID] = true
			out = append(out, *p.mark)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}
