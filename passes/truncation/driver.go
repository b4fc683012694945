package truncation

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

// This file answers "how does this module open its YDB driver?" from a
// syntactic scan of every Go file of the module (tests included): the
// driver is usually opened in main or a setup package that the package
// with the query never imports, so neither facts nor the package's own
// syntax can see it.

// optionUse counts the calls of one driver option by argument.
type optionUse struct {
	constTrue, constFalse, other int
}

// maybeTrue reports whether some call may pass true.
func (o optionUse) maybeTrue() bool { return o.constTrue+o.other > 0 }

// driverScan is what the module's Go files say about its drivers.
type driverScan struct {
	// complete is false when the walk hit a limit or a file did not parse:
	// an option may then be unseen, and the rule stays silent where that
	// would matter.
	complete bool
	// opens counts the calls that open a driver or a database/sql
	// connector (ydb.Open, MustOpen, New, Connector, MustConnector) and
	// sql.Open of a "ydb" driver.
	opens int
	// overQuery is ydb.WithExecuteDataQueryOverQueryClient; queryService
	// is ydb.WithQueryService.
	overQuery, queryService optionUse
	// sqlModeElsewhere is set when the module may pick database/sql's engine
	// in a way the scan does not decode: a DSN with query_mode or
	// go_query_mode, or the YDB_DATABASE_SQL_OVER_QUERY_SERVICE variable.
	sqlModeElsewhere bool
	// note says why complete is false.
	note string
}

// driverKey is the modscan.Derive key of a module's driverScan.
type driverKey struct{}

// scanModule scans the module holding dir, once per module scan of the
// process (s's, see package modscan).
func scanModule(s *session.Session, dir string) *driverScan {
	root := srcfiles.FindModuleRoot(dir)
	if root == "" {
		return &driverScan{note: "no go.mod above " + dir}
	}
	return modscan.Derive(s.Modules().Module(root), driverKey{}, scanFiles)
}

// scanFiles reads every Go file of the module (modscan.Module.GoSources)
// and counts the driver options and openers of those that mention the SDK.
func scanFiles(m *modscan.Module) *driverScan {
	out := &driverScan{complete: true}
	files, notes := m.GoSources()
	for _, n := range notes {
		if strings.HasSuffix(n.Rel, ".go") || strings.Contains(n.Msg, "walk stopped") || n.Rel == "." {
			out.complete = false
			out.note = n.String()
		}
	}
	for _, f := range files {
		if !bytes.Contains(f.Content, []byte(sdk.Module)) {
			continue
		}
		if bytes.Contains(f.Content, []byte(sdk.SQLOverQueryServiceEnv)) ||
			bytes.Contains(f.Content, []byte("query_mode=")) {
			out.sqlModeElsewhere = true
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, filepath.Join(m.Root(), filepath.FromSlash(f.Rel)), f.Content, parser.SkipObjectResolution)
		if err != nil {
			out.complete = false
			out.note = f.Rel + ": does not parse"
			continue
		}
		out.scanFile(af)
	}
	return out
}

// scanFile counts the option and opener calls of one file, by the name
// the file imports the SDK's root package (and database/sql) under.
func (s *driverScan) scanFile(f *ast.File) {
	ydbName, sqlName := "", ""
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		}
		switch path {
		case sdk.Module:
			ydbName = firstNonEmpty(name, "ydb")
		case "database/sql":
			sqlName = firstNonEmpty(name, "sql")
		}
	}
	if ydbName == "" || ydbName == "_" {
		return
	}
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		pkg, ok := sel.X.(*ast.Ident)
		if !ok {
			return true
		}
		switch {
		case pkg.Name == ydbName && sel.Sel.Name == sdk.DataQueryOverQueryClientOption.Name:
			s.overQuery.add(call)
		case pkg.Name == ydbName && sel.Sel.Name == sdk.SQLQueryServiceOption.Name:
			s.queryService.add(call)
		case pkg.Name == ydbName && isOpener(sel.Sel.Name):
			s.opens++
		case pkg.Name == sqlName && sel.Sel.Name == sdk.SQLOpen.Name && len(call.Args) > 0:
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if d, _ := strconv.Unquote(lit.Value); strings.HasPrefix(d, "ydb") {
					s.opens++
				}
			}
		}
		return true
	})
}

func (o *optionUse) add(call *ast.CallExpr) {
	if len(call.Args) == 1 {
		if id, ok := call.Args[0].(*ast.Ident); ok {
			switch id.Name {
			case "true":
				o.constTrue++
				return
			case "false":
				o.constFalse++
				return
			}
		}
	}
	o.other++
}

func isOpener(name string) bool {
	for _, o := range sdk.DriverOpeners {
		if o == name {
			return true
		}
	}
	return false
}
