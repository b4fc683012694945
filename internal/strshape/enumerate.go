package strshape

import (
	"slices"
	"strconv"
	"strings"
)

// Atom is one piece of a concrete variant: literal text or a hole, with the
// caller's Ref.
type Atom struct {
	Text string
	Ref  int
	Hole bool
}

// Variant is one concrete string of a shape, as pieces, with the decisions
// that produced it: the conditions whose optional pieces it holds (Present)
// and leaves out (Absent), each sorted.
type Variant struct {
	Atoms           []Atom
	Present, Absent []int
}

// Enumeration is the result of Enumerate.
type Enumeration struct {
	Variants []Variant
	// Exhaustive is set when Variants are every string the shape
	// describes (up to the copies of a loop: zero or one); otherwise they
	// are the representative set described in the package comment.
	Exhaustive bool
}

// choices is one assignment of every choice point of a shape.
type choices struct {
	cond map[int]bool    // optional pieces by condition: present?
	alt  map[*Shape]int  // alternatives: which part
	rep  map[*Shape]bool // loops: one copy (true) or none
}

func (c choices) clone() choices {
	out := choices{cond: make(map[int]bool, len(c.cond)), alt: make(map[*Shape]int, len(c.alt)), rep: make(map[*Shape]bool, len(c.rep))}
	for k, v := range c.cond {
		out.cond[k] = v
	}
	for k, v := range c.alt {
		out.alt[k] = v
	}
	for k, v := range c.rep {
		out.rep[k] = v
	}
	return out
}

// Enumerate lists the variants of s within l.MaxVariants.
func Enumerate(l Limits, s *Shape) Enumeration {
	l = l.norm()
	if s == nil {
		return Enumeration{}
	}
	conds := s.Conds()
	var alts, reps []*Shape
	seen := map[*Shape]bool{}
	s.walk(func(n *Shape) {
		if seen[n] {
			return
		}
		seen[n] = true
		switch n.Kind {
		case KindAlt:
			alts = append(alts, n)
		case KindRep:
			reps = append(reps, n)
		}
	})

	total := 1
	over := func(k int) bool {
		if total > l.MaxVariants/k {
			total = l.MaxVariants + 1
			return true
		}
		total *= k
		return false
	}
	for range conds {
		if over(2) {
			break
		}
	}
	for _, a := range alts {
		if total > l.MaxVariants || over(len(a.Parts)) {
			break
		}
	}
	for range reps {
		if total > l.MaxVariants || over(2) {
			break
		}
	}

	e := &enumerator{l: l, s: s, seen: map[string]bool{}}
	if total <= l.MaxVariants {
		e.exhaustive(conds, alts, reps)
		return Enumeration{Variants: e.out, Exhaustive: true}
	}
	e.representatives(conds, alts, reps)
	return Enumeration{Variants: e.out}
}

type enumerator struct {
	l    Limits
	s    *Shape
	out  []Variant
	seen map[string]bool
}

func (e *enumerator) exhaustive(conds []int, alts, reps []*Shape) {
	c := choices{cond: map[int]bool{}, alt: map[*Shape]int{}, rep: map[*Shape]bool{}}
	var rec func(i int)
	n := len(conds) + len(alts) + len(reps)
	rec = func(i int) {
		if len(e.out) >= e.l.MaxVariants {
			return
		}
		switch {
		case i == n:
			e.emit(c)
		case i < len(conds):
			for _, on := range []bool{true, false} {
				c.cond[conds[i]] = on
				rec(i + 1)
			}
		case i < len(conds)+len(alts):
			a := alts[i-len(conds)]
			for k := range a.Parts {
				c.alt[a] = k
				rec(i + 1)
			}
		default:
			r := reps[i-len(conds)-len(alts)]
			for _, on := range []bool{true, false} {
				c.rep[r] = on
				rec(i + 1)
			}
		}
	}
	rec(0)
}

// representatives emits, in this order and within the bound: everything
// present (first alternatives, one copy of each loop); everything absent;
// each condition alone absent from the first; each alone present in the
// second; each other alternative of each Alt in the first.
func (e *enumerator) representatives(conds []int, alts, reps []*Shape) {
	all := choices{cond: map[int]bool{}, alt: map[*Shape]int{}, rep: map[*Shape]bool{}}
	none := all.clone()
	for _, k := range conds {
		all.cond[k] = true
		none.cond[k] = false
	}
	for _, r := range reps {
		all.rep[r] = true
		none.rep[r] = false
	}
	e.emit(all)
	e.emit(none)
	for _, k := range conds {
		c := all.clone()
		c.cond[k] = false
		e.emit(c)
	}
	for _, k := range conds {
		c := none.clone()
		c.cond[k] = true
		e.emit(c)
	}
	for _, a := range alts {
		for i := 1; i < len(a.Parts); i++ {
			c := all.clone()
			c.alt[a] = i
			e.emit(c)
		}
	}
}

func (e *enumerator) emit(c choices) {
	if len(e.out) >= e.l.MaxVariants {
		return
	}
	v := Variant{}
	used := map[int]bool{}
	e.render(e.s, c, &v, used)
	for k := range used {
		if c.cond[k] {
			v.Present = append(v.Present, k)
		} else {
			v.Absent = append(v.Absent, k)
		}
	}
	slices.Sort(v.Present)
	slices.Sort(v.Absent)
	key := variantKey(v)
	if e.seen[key] {
		return
	}
	e.seen[key] = true
	e.out = append(e.out, v)
}

// render appends the atoms of s under c. used collects the conditions of
// the optional pieces reached (one inside an absent piece is not).
func (e *enumerator) render(s *Shape, c choices, v *Variant, used map[int]bool) {
	switch s.Kind {
	case KindLit:
		// Empty literals stay: the caller may hang data on their Ref.
		v.Atoms = append(v.Atoms, Atom{Text: s.Text, Ref: s.Ref})
	case KindHole:
		v.Atoms = append(v.Atoms, Atom{Ref: s.Ref, Hole: true})
	case KindCat:
		for _, p := range s.Parts {
			e.render(p, c, v, used)
		}
	case KindAlt:
		if k := c.alt[s]; k < len(s.Parts) {
			e.render(s.Parts[k], c, v, used)
		}
	case KindOpt:
		used[s.Cond] = true
		if c.cond[s.Cond] {
			e.render(s.Parts[0], c, v, used)
		}
	case KindRep:
		if c.rep[s] {
			e.render(s.Parts[0], c, v, used)
		}
	case KindJoin:
		items, sep := s.Parts[:len(s.Parts)-1], s.Parts[len(s.Parts)-1]
		first := true
		for _, it := range items {
			if !present(it, c, used) {
				continue
			}
			if !first {
				e.render(sep, c, v, used)
			}
			first = false
			body := it
			for body.Kind == KindOpt {
				body = body.Parts[0]
			}
			if body.Kind == KindRep {
				body = body.Parts[0]
			}
			e.render(body, c, v, used)
		}
	}
}

// present says whether a Join item is there under c.
func present(it *Shape, c choices, used map[int]bool) bool {
	switch it.Kind {
	case KindOpt:
		used[it.Cond] = true
		// An optional item inside an optional item (an append under
		// `a && b`, one Opt per edge) is there when each is: an empty
		// item would still bring its separator.
		return c.cond[it.Cond] && present(it.Parts[0], c, used)
	case KindRep:
		return c.rep[it]
	}
	return true
}

func variantKey(v Variant) string {
	var b strings.Builder
	for _, a := range v.Atoms {
		if a.Hole {
			b.WriteString("\x00h")
		} else {
			b.WriteString("\x00l")
			b.WriteString(a.Text)
		}
		b.WriteString(strconv.Itoa(a.Ref))
	}
	b.WriteString("\x01")
	for _, k := range v.Present {
		b.WriteString(strconv.Itoa(k) + ",")
	}
	b.WriteString("\x01")
	for _, k := range v.Absent {
		b.WriteString(strconv.Itoa(k) + ",")
	}
	return b.String()
}

// String renders s for tests and debugging: "lit", ?h, (a|b), [x]#cond,
// {x}*, join(a, [b]#1; sep).
func (s *Shape) String() string {
	if s == nil {
		return "<nil>"
	}
	var b strings.Builder
	s.format(&b)
	return b.String()
}

func (s *Shape) format(b *strings.Builder) {
	switch s.Kind {
	case KindLit:
		b.WriteString(strconv.Quote(s.Text))
	case KindHole:
		b.WriteString("?")
	case KindCat:
		for i, p := range s.Parts {
			if i > 0 {
				b.WriteString(" ")
			}
			p.format(b)
		}
	case KindAlt:
		b.WriteString("(")
		for i, p := range s.Parts {
			if i > 0 {
				b.WriteString("|")
			}
			p.format(b)
		}
		b.WriteString(")")
	case KindOpt:
		b.WriteString("[")
		s.Parts[0].format(b)
		b.WriteString("]#" + strconv.Itoa(s.Cond))
	case KindRep:
		b.WriteString("{")
		s.Parts[0].format(b)
		b.WriteString("}*")
	case KindJoin:
		b.WriteString("join(")
		n := len(s.Parts) - 1
		for i, p := range s.Parts[:n] {
			if i > 0 {
				b.WriteString(", ")
			}
			p.format(b)
		}
		b.WriteString("; ")
		s.Parts[n].format(b)
		b.WriteString(")")
	}
}

// Text joins a variant's atoms, writing hole(i) for the i-th hole.
func (v Variant) Text(hole func(i int) string) string {
	var b strings.Builder
	h := 0
	for _, a := range v.Atoms {
		if a.Hole {
			b.WriteString(hole(h))
			h++
			continue
		}
		b.WriteString(a.Text)
	}
	return b.String()
}
