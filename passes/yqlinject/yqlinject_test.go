package yqlinject_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/yqlinject"
)

func TestYqlinject(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, yqlinject.Analyzer,
		"example.com/sdkusage/yqlinject/catalog",
		"example.com/sdkusage/yqlinject/web",
		"example.com/sdkusage/yqlinject/api")
}

// TestYqlinjectStrict: numbers whose origin is not known are listed only
// with -strict; strings of unknown origin stay silent even then.
func TestYqlinjectStrict(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, dir, yqlinject.Analyzer, "example.com/sdkusage/yqlinject/reports")
}

// TestYqlinjectV3_26: the table service of v3.26.10, whose table/types
// constructors are UTF8Value and StringValue.
func TestYqlinjectV3_26(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/oldsdk/v3.26.10")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, yqlinject.Analyzer, "example.com/old32610/spliced")
}
