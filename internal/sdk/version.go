package sdk

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Behaviour changes the SDK-usage rules depend on, by the first version
// that has them (verified in the SDK's history, see each rule's doc.go).
const (
	// StreamFirstSetSince: internal/table/scanner.NewStream receives the
	// first result set itself (commit c620cac35, v3.53.0).
	StreamFirstSetSince = "v3.53.0"
	// TxControlWithoutCommitSince: the query service refuses a read-write
	// BeginTx without CommitTx on a non-interactive call
	// (ErrTxControlWithoutCommit, commit 55c639cc5, v3.126.1).
	TxControlWithoutCommitSince = "v3.126.1"
)

// VersionFromFile returns the SDK module version in a file name of the
// module cache ("…/ydb-go-sdk/v3@v3.42.7/table/result/result.go", also
// under -trimpath), and false for any other file name (a vendor
// directory, a replace to a local checkout): the version is then unknown.
func VersionFromFile(filename string) (string, bool) {
	const marker = "ydb-go-sdk/v3@"
	i := strings.LastIndex(filename, marker)
	if i < 0 {
		return "", false
	}
	v := filename[i+len(marker):]
	if j := strings.IndexAny(v, `/\`); j >= 0 {
		v = v[:j]
	}
	if _, ok := parseVersion(v); !ok {
		return "", false
	}
	return v, true
}

// VersionBefore reports whether SDK version v is older than since. Both
// are "vMAJOR.MINOR.PATCH" with an optional pre-release or pseudo-version
// suffix, which is ignored (a pseudo-version counts as its base release).
// False when either does not parse.
func VersionBefore(v, since string) bool {
	a, ok1 := parseVersion(v)
	b, ok2 := parseVersion(since)
	if !ok1 || !ok2 {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

func parseVersion(v string) ([3]int, bool) {
	var out [3]int
	if !strings.HasPrefix(v, "v") {
		return out, false
	}
	v = v[1:]
	if i := strings.IndexAny(v, "-+"); i >= 0 {
		v = v[:i]
	}
	parts := strings.Split(v, ".")
	if len(parts) != 3 {
		return out, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return out, false
		}
		out[i] = n
	}
	return out, true
}

// PackageVersion is the SDK version pkg is built against: the module-cache
// file name of the first SDK package among table, query and the root
// package that pkg imports, directly or not; "" when unknown.
func PackageVersion(pkg *types.Package, fset *token.FileSet) string {
	for _, path := range []string{PkgTable, PkgQuery, PkgYDB} {
		p := FindImport(pkg, path)
		if p == nil {
			continue
		}
		for _, n := range p.Scope().Names() {
			obj := p.Scope().Lookup(n)
			if !obj.Pos().IsValid() {
				continue
			}
			if v, ok := VersionFromFile(fset.Position(obj.Pos()).Filename); ok {
				return v
			}
			break
		}
	}
	return ""
}

// FindImport finds the package with the given path among pkg's imports,
// transitively; nil when pkg does not reach it.
func FindImport(pkg *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) *types.Package
	walk = func(p *types.Package) *types.Package {
		if seen[p] {
			return nil
		}
		seen[p] = true
		if p.Path() == path {
			return p
		}
		for _, imp := range p.Imports() {
			if found := walk(imp); found != nil {
				return found
			}
		}
		return nil
	}
	return walk(pkg)
}

// ImportsSDK reports whether pkg imports a package of the SDK, directly or
// not.
func ImportsSDK(pkg *types.Package) bool {
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package) bool
	walk = func(p *types.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		if InSDK(p.Path()) {
			return true
		}
		for _, imp := range p.Imports() {
			if walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(pkg)
}
