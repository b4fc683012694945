package analysisutil

import (
	"go/build"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// gorootSrc is $GOROOT/src with a trailing separator, "" when unknown.
var gorootSrc = func() string {
	if build.Default.GOROOT == "" {
		return ""
	}
	return filepath.Join(build.Default.GOROOT, "src") + string(filepath.Separator)
}()

// InGOROOT reports whether the pass's package is a standard-library
// package: its files lie under $GOROOT/src. The passes that answer for the
// standard library from knowledge tables return early on it (under go vet
// they run on every dependency).
func InGOROOT(pass *analysis.Pass) bool {
	if gorootSrc == "" || len(pass.Files) == 0 {
		return false
	}
	tf := pass.Fset.File(pass.Files[0].FileStart)
	return tf != nil && strings.HasPrefix(tf.Name(), gorootSrc)
}
