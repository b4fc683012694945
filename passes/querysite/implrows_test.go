package querysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestImplementationRows checks row alternatives from the implementations
// of an interface method (one per type converted to the interface; a type
// never converted is left out; a type also held as any makes the rows
// unknown) and table alternatives from a field set by a constructor called
// once per table.
func TestImplementationRows(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", reporter, "./implrows")
}
