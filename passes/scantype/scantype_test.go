package scantype_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/scantype"
)

func module(t *testing.T, name string) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("../../testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestScantype: the table service's and the query service's decoders
// (v3.156.1), default mode.
func TestScantype(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage"), scantype.Analyzer,
		"example.com/sdkusage/scantype/series",
		"example.com/sdkusage/scantype/episodes")
}

// TestStrict adds the stale-null category.
func TestStrict(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, module(t, "sdkusage"), scantype.Analyzer,
		"example.com/sdkusage/scantype/series",
		"example.com/sdkusage/scantype/episodes",
		"example.com/sdkusage/scantype/schedule")
}

// TestScantypeV3_42: v3.42.7's table service, whose scanner has the same
// cases for the judged destinations.
func TestScantypeV3_42(t *testing.T) {
	analysistest.Run(t, module(t, "sdkusage_v3_42"), scantype.Analyzer,
		"example.com/sdkusage_v3_42/scantype/tracks")
}
