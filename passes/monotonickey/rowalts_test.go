package monotonickey_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/monotonickey"
)

// TestRowAlternatives: an appender whose table field its constructor sets
// per event kind writes rows from an interface method's implementations,
// each filling the leading key column from the clock. Reported per
// implementation when every table the path may name leads with that
// column; silent when only some do (which row goes where is not known).
func TestRowAlternatives(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/rowalts")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, monotonickey.Analyzer, "example.com/rowalts/eventwriter")
}
