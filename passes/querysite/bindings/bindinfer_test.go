package bindings

import (
	"testing"

	"github.com/ydblint/ydblint/internal/site"
)

func TestInferBind(t *testing.T) {
	cases := []struct {
		text string
		want site.BindMode
	}{
		{"SELECT * FROM orders WHERE order_id = ?", site.BindPositional},
		{"SELECT * FROM t WHERE a IN (?, ?) AND b BETWEEN ? AND ? LIMIT ?", site.BindPositional},
		{"UPSERT INTO t (a, b) VALUES (?, ?)", site.BindPositional},
		{"SELECT * FROM t WHERE a = $1 AND b = $2", site.BindNumeric},
		{"SELECT * FROM t WHERE a = $id", site.BindUnknown},
		{"SELECT * FROM t WHERE a = '?' -- ?\n", site.BindUnknown},
		{"SELECT * FROM t WHERE a = ? AND b = $1", site.BindUnknown},
		{"DECLARE $id AS Uint64?; SELECT * FROM t WHERE a = ?", site.BindUnknown},
		{"DECLARE $id AS Optional<Uint64>?; SELECT 1", site.BindUnknown},
		{"SELECT * FROM t WHERE a = /* ? */ $x", site.BindUnknown},
		{"SELECT `?` FROM t WHERE a=?", site.BindPositional},
		{"SELECT * FROM t WHERE s = 'it''s' AND a = ?", site.BindPositional},
	}
	for _, c := range cases {
		if got := InferBind([]Span{{Text: c.text}}); got != c.want {
			t.Errorf("InferBind(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	// A hole between pieces reads like an identifier: "<hole> ?" is not a value.
	v := []Span{{Text: "SELECT * FROM t WHERE a = "}, {Unknown: true}, {Text: " ?"}}
	if got := InferBind(v); got != site.BindUnknown {
		t.Errorf("hole before ?: %v", got)
	}
}
