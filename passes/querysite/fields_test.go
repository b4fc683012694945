package querysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestFieldTexts checks query text kept in unexported struct fields of the
// analysed package: traced to the values the package stores, except when
// the field's address escapes, the field is exported, or the stored value
// is entirely unknown (then the field's key is kept).
func TestFieldTexts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", reporter, "./fields")
}
