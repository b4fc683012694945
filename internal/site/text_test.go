package site

import (
	"go/token"
	"testing"
)

func TestPosRangeAndExactRange(t *testing.T) {
	// "SELECT * FROM t WHERE x": bytes 0-13 from an exact literal at 100,
	// 14-15 from an expression at [200, 210), the rest uncovered.
	text := &Text{
		YQL: "SELECT * FROM t WHERE x",
		Segments: []Segment{
			{Off: 0, Len: 14, Pos: 100, End: 114, Exact: true},
			{Off: 14, Len: 2, Pos: 200, End: 210},
		},
		Fallback: 50, FallbackEnd: 60,
	}
	tests := []struct {
		name               string
		start, end         int
		pos, posEnd        token.Pos
		exact              bool
		exactPos, exactEnd token.Pos
	}{
		{"inside the exact segment", 7, 8, 107, 108, true, 107, 108},
		{"empty range at a segment start", 0, 0, 100, 100, true, 100, 100},
		{"crossing into the next segment", 12, 15, 100, 114, false, 0, 0},
		{"inexact segment", 14, 15, 200, 210, false, 0, 0},
		{"uncovered", 20, 21, 50, 60, false, 0, 0},
		{"reversed", 8, 7, 108, 107, false, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if p, e := text.PosRange(tt.start, tt.end); p != tt.pos || e != tt.posEnd {
				t.Errorf("PosRange(%d, %d) = %d, %d, want %d, %d", tt.start, tt.end, p, e, tt.pos, tt.posEnd)
			}
			p, e, ok := text.ExactRange(tt.start, tt.end)
			if ok != tt.exact || p != tt.exactPos || e != tt.exactEnd {
				t.Errorf("ExactRange(%d, %d) = %d, %d, %v, want %d, %d, %v", tt.start, tt.end, p, e, ok, tt.exactPos, tt.exactEnd, tt.exact)
			}
		})
	}
	if _, _, ok := (*Text)(nil).ExactRange(0, 0); ok {
		t.Error("ExactRange of a nil text is ok")
	}
}

func TestParamsLookup(t *testing.T) {
	p := &Params{Bindings: []*Binding{{Name: "a"}, {Name: "id"}}}
	for _, name := range []string{"id", "$id"} {
		if b := p.Lookup(name); b == nil || b.Name != "id" {
			t.Errorf("Lookup(%q) = %v", name, b)
		}
	}
	if p.Lookup("$missing") != nil || p.Lookup("") != nil {
		t.Error("Lookup of an unbound name found a binding")
	}
	if (*Params)(nil).Lookup("id") != nil {
		t.Error("Lookup on nil Params found a binding")
	}
}
