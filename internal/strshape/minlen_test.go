package strshape

import "testing"

func TestMinLen(t *testing.T) {
	var l Limits
	tests := []struct {
		name  string
		shape *Shape
		want  int
	}{
		{"literal", Lit("abc", 0), 3},
		{"hole", Hole(1), 0},
		{"concatenation", Concat(l, Lit("ab", 0), Hole(1), Lit("c", 2)), 3},
		{"shortest alternative", Alt(l, Lit("abcd", 0), Lit("x", 1)), 1},
		{"optional", Concat(l, Lit("a", 0), Optional(l, Lit("bcd", 1), 7)), 1},
		{"loop", Loop(l, Lit("ab", 0)), 0},
		{"join counts only definite items", Join(l, []*Shape{Lit("ab", 0), Optional(l, Lit("cde", 1), 7)}, Lit(", ", 2)), 2},
	}
	for _, tc := range tests {
		if got := MinLen(tc.shape); got != tc.want {
			t.Errorf("%s: MinLen = %d, want %d", tc.name, got, tc.want)
		}
	}
}
