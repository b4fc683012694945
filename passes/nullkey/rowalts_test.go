package nullkey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/nullkey"
)

// TestRowAlternatives: a batching writer whose table is a field set by its
// constructor (called once per index table) writes rows whose fields come
// from an interface method with several implementations. A row is
// reported only for a fault it has under every table the path may name:
// the implementation without the leading key column (badwriter), never a
// pairing (tixwriter: tag rows lack `duration`, the key of one table
// only), never an implementation that is never converted to the interface
// (badidx.legacyIndex), and nothing when the table field is exported,
// written elsewhere, or set from a value that is not a known text
// (loosewriter).
func TestRowAlternatives(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rowalts")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, nullkey.Analyzer, "example.com/rowalts/tixwriter", "example.com/rowalts/badwriter", "example.com/rowalts/loosewriter", "example.com/rowalts/setup", "example.com/rowalts/ddlwriter", "example.com/rowalts/sepwriter", "example.com/rowalts/sepbad")
}

// TestOldSDKRowAlternatives: the same shape against SDK releases from
// before v3.57 that real services still pin (StructValueOption was an
// interface in v3.26).
func TestOldSDKRowAlternatives(t *testing.T) {
	for _, v := range []string{"v3.26.10", "v3.42.7", "v3.56.1"} {
		t.Run(v, func(t *testing.T) {
			dir, err := filepath.Abs(filepath.Join("../../testdata/oldsdk", v))
			if err != nil {
				t.Fatal(err)
			}
			analysistest.Run(t, dir, nullkey.Analyzer, "./indexrows")
		})
	}
}
