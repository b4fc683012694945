package site

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

func h(n int) string { return yql.HoleName(n) }

func TestKeyed(t *testing.T) {
	const key = "field:example.com/repo.Repo.prefix"
	holes := []Hole{{Key: key}, {Key: ""}, {Key: "bad`key"}}
	tests := []struct{ name, in, want string }{
		{"no holes", "SELECT 1", "SELECT 1"},
		{"inside backticks", "SELECT * FROM `" + h(0) + "/orders`", "SELECT * FROM `{" + key + "}/orders`"},
		{"alone as a name", "DROP TABLE " + h(0) + ";", "DROP TABLE `{" + key + "}`;"},
		{"no key", "SELECT * FROM `" + h(1) + "/orders`", "SELECT * FROM `" + h(1) + "/orders`"},
		{"unusable key", "DROP TABLE " + h(2), "DROP TABLE " + h(2)},
		{"glued to an identifier", "DROP TABLE t_" + h(0), "DROP TABLE t_" + h(0)},
		{"in a string literal", "SELECT '" + h(0) + "' FROM t", "SELECT '" + h(0) + "' FROM t"},
		{"in a string literal with an escaped quote", `SELECT "a\"` + h(0) + `" FROM ` + h(0), `SELECT "a\"` + h(0) + `" FROM ` + "`{" + key + "}`"},
		{"in a comment", "-- " + h(0) + "\nDROP TABLE " + h(0), "-- " + h(0) + "\nDROP TABLE `{" + key + "}`"},
		{"in a block comment", "/* " + h(0) + " */ DROP TABLE " + h(0), "/* " + h(0) + " */ DROP TABLE `{" + key + "}`"},
		{"unterminated block comment", "DROP TABLE x /* " + h(0), "DROP TABLE x /* " + h(0)},
		{"unterminated line comment", "DROP TABLE x -- " + h(0), "DROP TABLE x -- " + h(0)},
		{"unterminated string", "SELECT '" + h(0), "SELECT '" + h(0)},
		{"escaped backtick stays inside the name", "SELECT * FROM `a``" + h(0) + "`", "SELECT * FROM `a``{" + key + "}`"},
		{"hole number out of range", "DROP TABLE " + h(7), "DROP TABLE " + h(7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _ := (&Text{YQL: tt.in, Holes: holes}).Keyed()
			if got != tt.want {
				t.Errorf("Keyed(%q) =\n%q, want\n%q", tt.in, got, tt.want)
			}
		})
	}
	if got, shifts := (*Text)(nil).Keyed(); got != "" || shifts != nil {
		t.Error("Keyed of a nil text is not empty")
	}
}

func TestShiftsOrig(t *testing.T) {
	in := "DROP TABLE " + h(0) + "; SELECT 1"
	keyed, shifts := (&Text{YQL: in, Holes: []Hole{{Key: "k"}}}).Keyed()
	if keyed != "DROP TABLE `{k}`; SELECT 1" {
		t.Fatalf("keyed = %q", keyed)
	}
	// "DROP" maps to itself, the replacement to the hole's start, and
	// "SELECT" to its original offset.
	for _, c := range []struct{ keyed, orig int }{
		{0, 0},
		{strings.Index(keyed, "`{k}`") + 2, strings.Index(in, h(0))},
		{strings.Index(keyed, "SELECT"), strings.Index(in, "SELECT")},
	} {
		if got := shifts.Orig(c.keyed); got != c.orig {
			t.Errorf("Orig(%d) = %d, want %d", c.keyed, got, c.orig)
		}
	}
	if got := Shifts(nil).Orig(5); got != 5 {
		t.Errorf("no shifts: Orig(5) = %d", got)
	}
}

func TestKeyPath(t *testing.T) {
	const key = "var:example.com/repo.prefix"
	text := &Text{Holes: []Hole{{Key: key}, {}}}
	tests := []struct{ name, in, want string }{
		{"no holes", "/local/orders", "/local/orders"},
		{"keyed prefix", h(0) + "/orders", "{" + key + "}/orders"},
		{"glued hole is keyed too", h(0) + "_orders", "{" + key + "}_orders"},
		{"hole without a key stays raw", h(1) + "/orders", h(1) + "/orders"},
		{"hole number out of range", h(9) + "/orders", h(9) + "/orders"},
		{"not a placeholder", yql.HolePrefix + "x__/orders", yql.HolePrefix + "x__/orders"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := text.KeyPath(tt.in); got != tt.want {
				t.Errorf("KeyPath(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
	if got := (&Text{YQL: h(0) + "/t", Holes: []Hole{{Key: key}}}).KeyedPath(); got != "{"+key+"}/t" {
		t.Errorf("KeyedPath = %q", got)
	}
	if got := (*Text)(nil).KeyPath(h(0)); got != h(0) {
		t.Errorf("nil text: KeyPath = %q, want the placeholder raw", got)
	}
	if (*Text)(nil).KeyedPath() != "" {
		t.Error("KeyedPath of a nil text is not empty")
	}
}

// FuzzKeyed checks that keying never fails on arbitrary text, leaves text
// without holes as it is, and maps every keyed offset back into the text.
func FuzzKeyed(f *testing.F) {
	for _, s := range []string{
		"SELECT 1",
		"SELECT * FROM `" + h(0) + "/t` WHERE a = '" + h(1) + "' -- " + h(0),
		"DROP TABLE " + h(0) + "; /* " + h(1),
		"`a``" + h(0) + "`" + h(12) + "x",
		h(0) + h(1) + "\"\\",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		text := &Text{YQL: in, Holes: []Hole{{Key: "k0"}, {Key: "k1"}, {}}}
		keyed, shifts := text.Keyed()
		if !yql.ContainsHole(in) && keyed != in {
			t.Fatalf("text without holes changed: %q → %q", in, keyed)
		}
		for off := 0; off <= len(keyed); off++ {
			if o := shifts.Orig(off); o < 0 || o > len(in) {
				t.Fatalf("Orig(%d) = %d outside [0, %d] for %q", off, o, len(in), in)
			}
		}
		_ = text.KeyPath(in)
	})
}
