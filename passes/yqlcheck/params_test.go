package yqlcheck

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

func TestCollectParams(t *testing.T) {
	for _, tc := range []struct {
		q                 string
		live, dead, unDef string // space-separated names
		opaque            bool
	}{
		{q: "DECLARE $x AS String; SELECT 42;", dead: "x"},
		{q: "DECLARE $id AS Uint64; SELECT * FROM t WHERE id = $id", live: "id"},
		{q: "DECLARE $b AS Timestamp; $old = SELECT id FROM t WHERE ts < $b; DELETE FROM t WHERE id = 0", dead: "b old"},
		{q: "DECLARE $b AS Timestamp; $old = SELECT id FROM t WHERE ts < $b; DELETE FROM t WHERE id IN $old", live: "b old"},
		{q: "SELECT ListMap($l, ($x) -> { RETURN $x + $y })", opaque: true},
		{q: "SELECT ListMap($l, ($x) -> ($x + $y))", live: "l x y", unDef: "l y"},
		{q: "DEFINE ACTION $a() AS SELECT 1; END DEFINE; DO $a()", opaque: true},
	} {
		sp := collectParams(yql.Parse(tc.q))
		if sp.opaque != tc.opaque {
			t.Errorf("%s: opaque %v, want %v", tc.q, sp.opaque, tc.opaque)
			continue
		}
		if tc.opaque {
			continue
		}
		for _, n := range strings.Fields(tc.live) {
			if !sp.live[n] {
				t.Errorf("%s: $%s not live", tc.q, n)
			}
		}
		for _, n := range strings.Fields(tc.dead) {
			if sp.live[n] {
				t.Errorf("%s: $%s live, want dead", tc.q, n)
			}
		}
		for _, n := range strings.Fields(tc.unDef) {
			if sp.defined[n] || sp.declares[n] != nil {
				t.Errorf("%s: $%s defined", tc.q, n)
			}
		}
	}
}

// FuzzCollectParams: arbitrary text never panics, and every use lies in it.
func FuzzCollectParams(f *testing.F) {
	f.Add("DECLARE $x AS String; $y = $x; SELECT $y FROM t WHERE a = $z")
	f.Add("SELECT ListMap($l, ($x) -> { RETURN $x })")
	f.Fuzz(func(t *testing.T, q string) {
		sp := collectParams(yql.Parse(q))
		for _, spans := range sp.uses {
			for _, s := range spans {
				if s.Start < 0 || s.End > len(q) || s.Start > s.End {
					t.Fatalf("use span %+v out of %q", s, q)
				}
			}
		}
	})
}
