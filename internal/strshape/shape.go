// Package strshape is an abstraction of the string values a program can
// build: a finite description of a set of strings made of literal pieces,
// unknown pieces (holes), alternatives, optional pieces and repetition, in
// the spirit of the string analyses used to check embedded SQL (the Java
// String Analyzer of Christensen, Møller and Schwartzbach; the JDBC checker
// of Gould, Su and Devanbu), cut down to what query text needs.
//
// A Shape is immutable. Its operations (Concat, Alt, Optional, Loop, Join)
// keep every shape within Limits: beyond the size or depth bound the
// result is widened to a hole, which consumers read as "unknown" and stay
// silent on. Enumerate turns a shape into concrete variants — every
// combination of choices when they are few, otherwise a representative set
// (each optional piece flipped on its own from "all present" and from "all
// absent", each alternative tried once) that is enough to tell, for a
// conjunction of optional filters, which ones a property depends on.
//
// The package knows nothing of Go, SSA or YQL: literal and hole pieces carry
// an opaque Ref chosen by the caller (querysite maps it back to Go source
// positions), and optional pieces an opaque Cond (the condition deciding
// them; the same Cond everywhere means the same run-time decision).
package strshape

// Kind says what a shape node is.
type Kind uint8

const (
	// KindLit is literal text.
	KindLit Kind = iota
	// KindHole is an unknown string.
	KindHole
	// KindCat is the concatenation of its parts.
	KindCat
	// KindAlt is one of its parts (branches of the program).
	KindAlt
	// KindOpt is its single part or the empty string, decided by Cond.
	KindOpt
	// KindRep is zero or more copies of its single part (a loop).
	KindRep
	// KindJoin is its parts but the last, each present or not as the part
	// itself says (an Opt or Rep part may be absent), with the last part as
	// separator between the present ones (strings.Join of a list built by
	// appends under conditions).
	KindJoin
)

// Shape is a node of the abstraction. Treat it as read-only.
type Shape struct {
	Kind  Kind
	Text  string   // KindLit
	Ref   int      // KindLit, KindHole: the caller's piece; -1 for a hole made by widening
	Cond  int      // KindOpt: the condition that decides it
	Parts []*Shape // KindCat, KindAlt, KindOpt (1), KindRep (1), KindJoin (items then separator)

	size, depth int
}

// Limits bound shapes and enumeration. Zero fields take the defaults.
type Limits struct {
	MaxNodes    int // nodes in one shape (default 256)
	MaxDepth    int // nesting depth (default 16)
	MaxVariants int // variants returned by Enumerate (default 16)
	MaxText     int // bytes of literal text in one shape (default 1 MiB)
}

// Default limits.
const (
	DefaultMaxNodes    = 256
	DefaultMaxDepth    = 16
	DefaultMaxVariants = 16
	DefaultMaxText     = 1 << 20
)

func (l Limits) norm() Limits {
	if l.MaxNodes <= 0 {
		l.MaxNodes = DefaultMaxNodes
	}
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultMaxDepth
	}
	if l.MaxVariants <= 0 {
		l.MaxVariants = DefaultMaxVariants
	}
	if l.MaxText <= 0 {
		l.MaxText = DefaultMaxText
	}
	return l
}

// Size is the number of nodes of s (shared nodes counted at each use).
func (s *Shape) Size() int {
	if s == nil {
		return 0
	}
	return s.size
}

// Depth is the nesting depth of s (a leaf has depth 1).
func (s *Shape) Depth() int {
	if s == nil {
		return 0
	}
	return s.depth
}

// IsHole reports whether s is a single unknown piece.
func (s *Shape) IsHole() bool { return s != nil && s.Kind == KindHole }

// Lit is literal text.
func Lit(text string, ref int) *Shape {
	return &Shape{Kind: KindLit, Text: text, Ref: ref, size: 1, depth: 1}
}

// Hole is an unknown string.
func Hole(ref int) *Shape { return &Shape{Kind: KindHole, Ref: ref, size: 1, depth: 1} }

// Empty is the empty string.
func Empty() *Shape { return &Shape{Kind: KindCat, size: 1, depth: 1} }

// widened is what a shape over the limits becomes.
func widened() *Shape { return Hole(-1) }

func node(l Limits, k Kind, cond int, parts []*Shape) *Shape {
	l = l.norm()
	s := &Shape{Kind: k, Cond: cond, Ref: -1, Parts: parts, size: 1, depth: 1}
	text := 0
	for _, p := range parts {
		if p == nil {
			return widened()
		}
		s.size += p.size
		s.depth = max(s.depth, p.depth+1)
		text += p.textLen()
	}
	if s.size > l.MaxNodes || s.depth > l.MaxDepth || text > l.MaxText {
		return widened()
	}
	return s
}

// textLen is the literal bytes of s, counting each node once per use.
func (s *Shape) textLen() int {
	if s.Kind == KindLit {
		return len(s.Text)
	}
	n := 0
	for _, p := range s.Parts {
		n += p.textLen()
	}
	return n
}

// Concat is xs one after the other. Nested concatenations are flattened and
// adjacent literals stay separate pieces (their Refs differ).
func Concat(l Limits, xs ...*Shape) *Shape {
	var parts []*Shape
	for _, x := range xs {
		switch {
		case x == nil:
			return widened()
		case x.Kind == KindCat:
			parts = append(parts, x.Parts...)
		default:
			parts = append(parts, x)
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return node(l, KindCat, 0, parts)
}

// Alt is any one of xs. An alternative between a single shape is that
// shape; nested alternatives are flattened.
func Alt(l Limits, xs ...*Shape) *Shape {
	var parts []*Shape
	for _, x := range xs {
		switch {
		case x == nil:
			return widened()
		case x.Kind == KindAlt:
			parts = append(parts, x.Parts...)
		default:
			parts = append(parts, x)
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	if len(parts) == 0 {
		return widened()
	}
	return node(l, KindAlt, 0, parts)
}

// Optional is x or nothing, as cond decides.
func Optional(l Limits, x *Shape, cond int) *Shape {
	return node(l, KindOpt, cond, []*Shape{x})
}

// Loop is zero or more copies of x.
func Loop(l Limits, x *Shape) *Shape {
	return node(l, KindRep, 0, []*Shape{x})
}

// Join is items with sep between the present ones. An item that is Optional
// or Loop may be absent; its separator goes with it.
func Join(l Limits, items []*Shape, sep *Shape) *Shape {
	if len(items) == 0 {
		return Empty()
	}
	parts := make([]*Shape, 0, len(items)+1)
	parts = append(parts, items...)
	parts = append(parts, sep)
	return node(l, KindJoin, 0, parts)
}

// Widen returns s when it is within the limits, else a hole.
func Widen(l Limits, s *Shape) *Shape {
	l = l.norm()
	if s == nil || s.size > l.MaxNodes || s.depth > l.MaxDepth || s.textLen() > l.MaxText {
		return widened()
	}
	return s
}

// OneCopy is s with every loop replaced by one copy of its body: the text
// a loop that runs once builds. A consumer that cannot tell how many times
// a loop runs, and for which zero copies may be a text the program never
// builds (`WHERE ` with nothing after it when every caller passes a
// filter), reads this instead of enumerating s.
func OneCopy(l Limits, s *Shape) *Shape {
	if s == nil {
		return nil
	}
	switch s.Kind {
	case KindLit, KindHole:
		return s
	case KindRep:
		return OneCopy(l, s.Parts[0])
	}
	ps := make([]*Shape, len(s.Parts))
	same := true
	for i, p := range s.Parts {
		ps[i] = OneCopy(l, p)
		same = same && ps[i] == p
	}
	if same {
		return s
	}
	switch s.Kind {
	case KindCat:
		return Concat(l, ps...)
	case KindAlt:
		return Alt(l, ps...)
	case KindOpt:
		return Optional(l, ps[0], s.Cond)
	case KindJoin:
		return Join(l, ps[:len(ps)-1], ps[len(ps)-1])
	}
	return s
}

// Conds lists the conditions of the optional pieces of s, in first-use
// order, each once.
func (s *Shape) Conds() []int {
	var out []int
	seen := map[int]bool{}
	s.walk(func(n *Shape) {
		if n.Kind == KindOpt && !seen[n.Cond] {
			seen[n.Cond] = true
			out = append(out, n.Cond)
		}
	})
	return out
}

func (s *Shape) walk(f func(*Shape)) {
	if s == nil {
		return
	}
	f(s)
	for _, p := range s.Parts {
		p.walk(f)
	}
}

// MinLen is the fewest bytes a string of shape s has.
func MinLen(s *Shape) int {
	switch s.Kind {
	case KindLit:
		return len(s.Text)
	case KindCat:
		n := 0
		for _, p := range s.Parts {
			n += MinLen(p)
		}
		return n
	case KindAlt:
		n := -1
		for _, p := range s.Parts {
			if m := MinLen(p); n < 0 || m < n {
				n = m
			}
		}
		return max(n, 0)
	case KindJoin:
		n := 0
		for _, p := range s.Parts[:len(s.Parts)-1] {
			if p.Kind != KindOpt && p.Kind != KindRep {
				n += MinLen(p)
			}
		}
		return n
	}
	return 0
}
