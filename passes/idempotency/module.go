package idempotency

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/internal/srcfiles"
)

// This file answers "may this module make every retry idempotent by
// default?" from a syntactic scan of every Go file of the module (tests
// included): the driver is opened in main or a setup package the package
// with the retrier never imports.

// moduleScan is what the module's Go files say about the default.
type moduleScan struct {
	// complete is false when the walk hit a limit or a file did not parse.
	complete bool
	// opens counts the calls that open a driver (ydb.Open, MustOpen, New,
	// Connector, MustConnector): a module that opens none gets its driver
	// from elsewhere, with options the scan cannot see.
	opens int
	// defaultMaybe is set when some ydb.WithDefaultIdempotent call may
	// pass true, or a file names the go_default_idempotent DSN parameter.
	defaultMaybe bool
}

// silent reports whether the module may set the default, or the scan
// cannot tell.
func (m *moduleScan) silent() bool { return !m.complete || m.defaultMaybe || m.opens == 0 }

// scanKey is the modscan.Derive key of a module's moduleScan.
type scanKey struct{}

// scanModule scans the module holding dir, once per module scan of the
// process (s's, see package modscan).
func scanModule(s *session.Session, dir string) *moduleScan {
	root := srcfiles.FindModuleRoot(dir)
	if root == "" {
		return &moduleScan{}
	}
	return modscan.Derive(s.Modules().Module(root), scanKey{}, scanFiles)
}

func scanFiles(m *modscan.Module) *moduleScan {
	out := &moduleScan{complete: true}
	files, notes := m.GoSources()
	for _, n := range notes {
		if strings.HasSuffix(n.Rel, ".go") || strings.Contains(n.Msg, "walk stopped") || n.Rel == "." {
			out.complete = false
		}
	}
	for _, f := range files {
		if bytes.Contains(f.Content, []byte(sdk.DefaultIdempotentDSNParam)) {
			out.defaultMaybe = true
		}
		if !bytes.Contains(f.Content, []byte(sdk.Module)) {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, filepath.Join(m.Root(), filepath.FromSlash(f.Rel)), f.Content, parser.SkipObjectResolution)
		if err != nil {
			out.complete = false
			continue
		}
		out.scanFile(af)
	}
	return out
}

// scanFile records the default-idempotent options and openers of one
// file, by the name it imports the SDK's root package under.
func (s *moduleScan) scanFile(f *ast.File) {
	ydbName := ""
	for _, imp := range f.Imports {
		if path, _ := strconv.Unquote(imp.Path.Value); path != sdk.Module {
			continue
		}
		ydbName = "ydb"
		if imp.Name != nil {
			ydbName = imp.Name.Name
		}
	}
	if ydbName == "" || ydbName == "_" {
		return
	}
	if ydbName == "." {
		s.complete = false // calls are not qualified: the scan cannot tell
		return
	}
	ast.Inspect(f, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != ydbName {
			return true
		}
		switch {
		case sel.Sel.Name == sdk.DefaultIdempotentOption.Name:
			// Any mention but a call with the constant false may set it
			// (a method value, an argument from configuration).
			s.defaultMaybe = s.defaultMaybe || !falseCall(f, sel)
		case isOpener(sel.Sel.Name):
			s.opens++
		}
		return true
	})
}

// falseCall reports whether sel is the function of a call whose one
// argument is the constant false.
func falseCall(f *ast.File, sel *ast.SelectorExpr) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		if call.Fun == sel && len(call.Args) == 1 {
			if id, ok := call.Args[0].(*ast.Ident); ok && id.Name == "false" {
				found = true
			}
		}
		return !found
	})
	return found
}

func isOpener(name string) bool {
	for _, o := range sdk.DriverOpeners {
		if o == name {
			return true
		}
	}
	return false
}
