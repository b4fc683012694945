package sessionescape_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/sessionescape"
)

func TestSessionescape(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sessionescape.Analyzer, "example.com/sdkusage/sessionescape/reports")
}

func TestCreateSession(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sessionescape.Analyzer, "example.com/sdkusage/sessionescape/accounts", "example.com/sdkusage/sessionescape/accountsd")
}

// TestCreateSessionOldSDK: v3.42.7's CreateSession has the same result
// (ClosableSession, error).
func TestCreateSessionOldSDK(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/sdkusage_v3_42")
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, sessionescape.Analyzer, "example.com/sdkusage_v3_42/sessionescape/migrate")
}
