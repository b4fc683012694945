package querysite

import (
	"testing"

	"github.com/ydblint/ydblint/internal/site"
)

func FuzzInferBind(f *testing.F) {
	f.Add("SELECT * FROM t WHERE a = ? AND b = '?'")
	f.Add("DECLARE $x AS Uint64?; SELECT $1")
	f.Fuzz(func(t *testing.T, s string) {
		m := inferBind(variant{lit(s, 0, 0, false)})
		if m == site.BindPositional || m == site.BindNumeric {
			_ = rewriteBind(variant{lit(s, 0, 0, false)}, m)
		}
	})
}
