package strshape

import (
	"strings"
	"testing"
)

// FuzzOps builds shapes from a random program of operations and checks that
// every result stays within the limits, that enumeration terminates within
// its bound, that no variant is longer than its shape allows, and that the
// predicates (IsEmpty, HasHole, OnlyChars) agree with every variant, and
// that OneCopy leaves no loop and makes no text s does not describe.
func FuzzOps(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte{4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6})
	f.Add([]byte{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3})
	f.Fuzz(func(t *testing.T, prog []byte) {
		l := Limits{MaxNodes: 64, MaxDepth: 8, MaxVariants: 16, MaxText: 256}
		stack := []*Shape{Lit("x", 0)}
		pop := func() *Shape {
			s := stack[len(stack)-1]
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			return s
		}
		for i, op := range prog {
			var s *Shape
			switch op % 8 {
			case 0:
				s = Lit(string(rune('a'+i%26)), i)
				if i%3 == 0 {
					s = Lit("/", i) // a separator, for OnlyChars
				}
			case 1:
				s = Hole(i)
			case 2:
				a, b := pop(), pop()
				s = Concat(l, a, b)
			case 3:
				a, b := pop(), pop()
				s = Alt(l, a, b)
			case 4:
				s = Optional(l, pop(), int(op/8)%5)
			case 5:
				s = Loop(l, pop())
			case 6:
				a, b, sep := pop(), pop(), pop()
				s = Join(l, []*Shape{a, b}, sep)
			case 7:
				s = Widen(l, pop())
			}
			if s.Size() > l.MaxNodes || s.Depth() > l.MaxDepth || s.textLen() > l.MaxText {
				t.Fatalf("op %d: shape over the limits: size %d depth %d", op, s.Size(), s.Depth())
			}
			stack = append(stack, s)
			if len(stack) > 32 {
				stack = stack[1:]
			}
		}
		for _, s := range stack {
			e := Enumerate(l, s)
			if len(e.Variants) == 0 || len(e.Variants) > l.MaxVariants {
				t.Fatalf("%s: %d variants", s, len(e.Variants))
			}
			empty, hole, slashes := IsEmpty(s), HasHole(s), OnlyChars(s, "/")
			for _, v := range e.Variants {
				if len(v.Atoms) > s.Size() {
					t.Fatalf("%s: variant of %d atoms from %d nodes", s, len(v.Atoms), s.Size())
				}
				for _, a := range v.Atoms {
					switch {
					case a.Hole && (!hole || empty):
						t.Fatalf("%s: a variant holds a hole; IsEmpty %v, HasHole %v", s, empty, hole)
					case !a.Hole && empty && a.Text != "":
						t.Fatalf("%s: IsEmpty, but a variant holds %q", s, a.Text)
					case !a.Hole && slashes && strings.Trim(a.Text, "/") != "":
						t.Fatalf("%s: OnlyChars(/), but a variant holds %q", s, a.Text)
					}
				}
			}
			// One copy of every loop: within the limits, no loop left, and
			// each of its variants is a variant of s (one copy is one of
			// the copies s describes) unless enumeration of s stopped short.
			one := OneCopy(l, s)
			if one.Size() > l.MaxNodes || one.Depth() > l.MaxDepth || one.textLen() > l.MaxText {
				t.Fatalf("OneCopy(%s) over the limits", s)
			}
			one.walk(func(n *Shape) {
				if n.Kind == KindRep {
					t.Fatalf("OneCopy(%s) = %s keeps a loop", s, one)
				}
			})
			if e.Exhaustive {
				all := map[string]bool{}
				for _, v := range e.Variants {
					all[v.Text(func(int) string { return "?" })] = true
				}
				for _, v := range Enumerate(l, one).Variants {
					if got := v.Text(func(int) string { return "?" }); !all[got] && !one.IsHole() {
						t.Fatalf("OneCopy(%s) = %s has variant %q, not one of s's", s, one, got)
					}
				}
			}
		}
	})
}
