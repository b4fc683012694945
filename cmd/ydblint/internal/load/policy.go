package load

import (
	"bytes"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/yql"
)

// sqlPkg is database/sql: its callers are analysed like the SDK's.
const sqlPkg = "database/sql"

// YDB is the policy for ydblint's analyzers: a package needs source when
// passes/querysite or passes/schemafact could export a fact for it, that is
// when it is neither in the standard library nor a library package of
// ydb-go-sdk, and it imports (transitively) ydb-go-sdk, database/sql or
// one of sinkPkgs (the packages of configured sinks), or is one of
// sinkPkgs, or mentions a YQL statement (mentionsYQL), or embeds a file
// outside the module cache (embedsText); a package outside
// the module cache and vendor directories that imports a hash package
// (sdk.IsHashPkg), SDK library or not.
// Everything else has no facts ydblint's rules read and is read from
// export data. (No-return facts, internal/noreturn, of other
// packages, a helper that always calls log.Fatal in a package that does
// not reach the SDK, are not computed: a call to it then looks like it can
// return. The standard library's are a table there, so os, log and
// testing need no source.)
func YDB(sinkPkgs []string) Policy {
	sinks := map[string]bool{}
	for _, p := range sinkPkgs {
		sinks[p] = true
	}
	return func(graph map[string]*packages.Package) map[string]bool {
		reach := map[string]bool{}
		seen := map[string]bool{}
		var reaches func(p *packages.Package) bool
		reaches = func(p *packages.Package) bool {
			if seen[p.ID] {
				return reach[p.ID]
			}
			seen[p.ID] = true
			r := false
			for path, imp := range p.Imports {
				if sdk.InSDK(path) || sdk.InSDK(imp.PkgPath) || imp.PkgPath == sqlPkg || sinks[imp.PkgPath] || reaches(imp) {
					r = true
				}
			}
			reach[p.ID] = r
			return r
		}
		need := map[string]bool{}
		for id, p := range graph {
			if !standard(p) && hashHelpers(p) {
				need[id] = true
				continue
			}
			if standard(p) || sdk.IsLibrary(p.PkgPath) {
				continue
			}
			if reaches(p) || sinks[p.PkgPath] || mentionsYQL(p.GoFiles) || embedsText(p.GoFiles) {
				need[id] = true
			}
		}
		return need
	}
}

// hashHelpers is passes/querysite's hashHelpers: p imports a hash package
// (sdk.IsHashPkg) directly and none of its files is in the module cache or
// a vendor directory. passes/querysite summarises such a package, reaching
// the SDK or not, and exports ydbHash facts for its hash helpers (seaweedfs
// util.HashStringToLong, which a YDB store calls for its dir_hash column).
func hashHelpers(p *packages.Package) bool {
	imports := false
	for path, imp := range p.Imports {
		if sdk.IsHashPkg(path) || sdk.IsHashPkg(imp.PkgPath) {
			imports = true
			break
		}
	}
	if !imports {
		return false
	}
	for _, name := range p.CompiledGoFiles {
		name = filepath.ToSlash(name)
		if strings.Contains(name, "/pkg/mod/") || strings.Contains(name, "/vendor/") {
			return false
		}
	}
	return true
}

// standard reports whether p is in the standard library: no module, and
// an import path whose first element has no dot.
func standard(p *packages.Package) bool {
	if p.Module != nil {
		return false
	}
	first, _, _ := strings.Cut(p.PkgPath, "/")
	return !strings.Contains(first, ".")
}

// mentionCache remembers, per file state, what scanFile found in a file:
// the module cache does not change, so a long-lived process reads each
// dependency once.
var mentionCache sync.Map // mentionKey → fileScan

type mentionKey struct {
	path  string
	size  int64
	mtime time.Time
}

// fileScan is what the policy reads of one Go file.
type fileScan struct {
	yql    bool // fileMentionsYQL
	embeds bool // a //go:embed directive
}

// scanFile reads name once per state; false when it cannot be read.
func scanFile(name string) (fileScan, bool) {
	fi, err := os.Stat(name)
	if err != nil {
		return fileScan{}, false
	}
	k := mentionKey{name, fi.Size(), fi.ModTime()}
	if v, ok := mentionCache.Load(k); ok {
		return v.(fileScan), true
	}
	b, err := os.ReadFile(name)
	if err != nil {
		return fileScan{}, false
	}
	f := fileScan{yql: fileMentionsYQL(b), embeds: bytes.Contains(b, []byte("//go:embed ")) && embedsString(b)}
	mentionCache.Store(k, f)
	return f, true
}

func mentionsYQL(files []string) bool {
	for _, name := range files {
		if f, ok := scanFile(name); ok && f.yql {
			return true
		}
	}
	return false
}

// embedsText reports whether a package outside the module cache and
// vendor directories embeds a file into a string variable with
// //go:embed (embedsString): querysite reads such a variable as query
// text and exports it to the package's importers (a package of .sql files
// with no Go literal). A library's embedded assets are not query text, and
// stay export data; nor are an embed.FS or a []byte, which querysite does
// not read.
func embedsText(files []string) bool {
	for _, name := range files {
		name := filepath.ToSlash(name)
		if strings.Contains(name, "/pkg/mod/") || strings.Contains(name, "/vendor/") {
			return false
		}
	}
	for _, name := range files {
		if f, ok := scanFile(name); ok && f.embeds {
			return true
		}
	}
	return false
}

// embedsString reports whether the Go source src has a //go:embed
// directive directly above the declaration of a string variable, alone
// (`var Jobs string`) or in a var block (`Jobs string`). Only blank lines
// and other comments may stand between, as the go command requires.
func embedsString(src []byte) bool {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, scanner.ScanComments)
	// step counts what followed the directive: 1 after it, 2 after the
	// variable's name; 0 when no directive is pending.
	step := 0
	for {
		_, tok, lit := sc.Scan()
		switch {
		case tok == token.EOF:
			return false
		case tok == token.COMMENT:
			if strings.HasPrefix(lit, "//go:embed ") {
				step = 1
			}
		case step == 0:
		case tok == token.SEMICOLON && lit == "\n" && step == 1:
			// the newline after the directive's line
		case tok == token.VAR && step == 1:
		case tok == token.IDENT && step == 1:
			step = 2
		case tok == token.IDENT && step == 2 && lit == "string":
			return true
		default:
			step = 0
		}
	}
}

// fileMentionsYQL is mentionsYQL's test of one file: the cheap byte test
// first, then the string literals.
func fileMentionsYQL(b []byte) bool {
	return (yql.HasStatementPair(string(b)) || yql.MayStartStatement(string(b))) && stringHasPair(b)
}

// stringHasPair reports whether a string literal of the Go source src
// holds a statement pair (yql.HasStatementPair), as querysite's mentionsYQL
// checks, or starts a statement (yql.StartsStatement: a builder's first
// piece, which querysite summarises for importers) (comments do not count:
// generated packages such as OpenTelemetry's semconv quote SQL in their
// documentation). Only files whose bytes hold a pair get here.
func stringHasPair(src []byte) bool {
	var sc scanner.Scanner
	fset := token.NewFileSet()
	sc.Init(fset.AddFile("", -1, len(src)), src, nil, 0)
	for {
		_, tok, lit := sc.Scan()
		if tok == token.EOF {
			return false
		}
		if tok == token.STRING && len(lit) >= 8 && (yql.HasStatementPair(lit) || yql.StartsStatement(lit)) {
			return true
		}
	}
}
