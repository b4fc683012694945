package strshape

import "testing"

func TestPredicates(t *testing.T) {
	var l Limits
	for _, tc := range []struct {
		name               string
		s                  *Shape
		empty, hole, slash bool
	}{
		{"nil", nil, false, false, false},
		{"empty literal", Lit("", 1), true, false, true},
		{"empty concatenation", Empty(), true, false, true},
		{"text", Lit("t", 1), false, false, false},
		{"slash", Lit("/", 1), false, false, true},
		{"hole", Hole(1), false, true, true},
		{"path of holes", Concat(l, Hole(1), Lit("/", 2), Hole(3)), false, true, true},
		{"path with a name", Concat(l, Hole(1), Lit("/events", 2)), false, true, false},
		{"optional hole", Optional(l, Hole(1), 4), false, true, true},
		{"alternative with text", Alt(l, Hole(1), Lit("a", 2)), false, true, false},
		{"repeated slash", Loop(l, Lit("/", 1)), false, false, true},
	} {
		if got := IsEmpty(tc.s); got != tc.empty {
			t.Errorf("%s: IsEmpty = %v, want %v", tc.name, got, tc.empty)
		}
		if got := HasHole(tc.s); got != tc.hole {
			t.Errorf("%s: HasHole = %v, want %v", tc.name, got, tc.hole)
		}
		if got := OnlyChars(tc.s, "/"); got != tc.slash {
			t.Errorf("%s: OnlyChars(/) = %v, want %v", tc.name, got, tc.slash)
		}
	}
}
