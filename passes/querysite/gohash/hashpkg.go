package gohash

import (
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
)

// Helpers reports whether the package may declare a Go hash helper a
// YDB package calls (util.HashStringToLong(dir) computing a hash-prefix
// column): it imports a package of sdk.HashFuncs directly, and it is not a
// dependency in the module cache. Such a package does not reach the SDK,
// so without this it would get no SSA and export no ydbHash facts.
func Helpers(pass *analysis.Pass) bool {
	hashPkgs := false
	for _, imp := range pass.Pkg.Imports() {
		if sdk.IsHashPkg(imp.Path()) {
			hashPkgs = true
			break
		}
	}
	if !hashPkgs {
		return false
	}
	for _, f := range pass.Files {
		name := filepath.ToSlash(pass.Fset.File(f.Pos()).Name())
		if strings.Contains(name, "/pkg/mod/") || strings.Contains(name, "/vendor/") {
			return false
		}
	}
	return true
}
