package sdk

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// sdkFile parses one file of an SDK package of the module's SDK version.
func sdkFile(t *testing.T, pkg, name string) *ast.File {
	t.Helper()
	if testing.Short() {
		t.Skip("reads the real SDK's source")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: "../.."}
	pkgs, err := packages.Load(cfg, Module+"/"+pkg)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].GoFiles) == 0 {
		t.Fatalf("load %s: %v", pkg, err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(filepath.Dir(pkgs[0].GoFiles[0]), name), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// pointerCases returns the *T cases of the type switches in fd whose T
// the rule judges (a basic type, []byte, time.Time, time.Duration); with
// double, the **T cases.
func pointerCases(fd *ast.FuncDecl, double ...bool) []string {
	var out []string
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cc, ok := n.(*ast.CaseClause)
		if !ok {
			return true
		}
		for _, e := range cc.List {
			star, ok := e.(*ast.StarExpr)
			if !ok {
				continue
			}
			if len(double) > 0 && double[0] {
				if star, ok = star.X.(*ast.StarExpr); !ok {
					continue
				}
			}
			if g := types.ExprString(star.X); ScanGoJudged(g) {
				out = append(out, g)
			}
		}
		return true
	})
	return out
}

// TestQueryCastTargets checks the table against each value type's castTo
// in internal/value/value.go.
func TestQueryCastTargets(t *testing.T) {
	f := sdkFile(t, "internal/value", "value.go")
	recvYQL := map[string]string{
		"boolValue": "Bool", "int8Value": "Int8", "int16Value": "Int16", "int32Value": "Int32",
		"int64Value": "Int64", "uint8Value": "Uint8", "uint16Value": "Uint16", "uint32Value": "Uint32",
		"uint64Value": "Uint64", "floatValue": "Float", "doubleValue": "Double", "textValue": "Utf8",
		"bytesValue": "String", "jsonValue": "Json", "jsonDocumentValue": "JsonDocument",
		"timestampValue": "Timestamp", "dateValue": "Date", "datetimeValue": "Datetime", "intervalValue": "Interval",
	}
	seen := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != "castTo" || fd.Recv == nil || len(fd.Recv.List) != 1 {
			continue
		}
		recv := strings.TrimPrefix(types.ExprString(fd.Recv.List[0].Type), "*")
		yqlType, ok := recvYQL[recv]
		if !ok {
			continue
		}
		seen[yqlType] = true
		got := pointerCases(fd)
		want := QueryCastTargets[yqlType]
		slices.Sort(got)
		w := slices.Clone(want)
		slices.Sort(w)
		if !slices.Equal(got, w) {
			t.Errorf("%s (%s.castTo): the SDK casts into %v, the table says %v", yqlType, recv, got, w)
		}
	}
	for y := range QueryCastTargets {
		if !seen[y] {
			t.Errorf("%s: no castTo found in the SDK", y)
		}
	}
}

// TestTableScanSources checks that scanRequired has a case of its own
// for every destination of the table, and scanOptional one for its
// double pointer.
func TestTableScanSources(t *testing.T) {
	f := sdkFile(t, "internal/table/scanner", "scanner.go")
	cases := map[string][]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if ok && fd.Name.Name == "scanRequired" {
			cases[fd.Name.Name] = pointerCases(fd)
		}
		if ok && fd.Name.Name == "scanOptional" {
			cases[fd.Name.Name] = pointerCases(fd, true)
		}
	}
	for g := range TableScanSources {
		if !slices.Contains(cases["scanRequired"], g) {
			t.Errorf("scanRequired has no *%s case", g)
		}
		if !slices.Contains(cases["scanOptional"], g) {
			t.Errorf("scanOptional has no **%s case", g)
		}
	}
}

func TestScanTables(t *testing.T) {
	for _, tc := range []struct {
		yql, goType  string
		query, table bool
	}{
		{"Uint64", "uint64", true, true},
		{"Uint64", "int64", false, false},
		{"Uint64", "string", true, false},
		{"Int32", "int64", true, false},
		{"Int32", "int", true, true},
		{"Utf8", "[]byte", true, true},
		{"String", "string", true, true},
		{"Timestamp", "time.Time", true, true},
		{"Timestamp", "uint64", true, true},
		{"Interval", "time.Duration", true, true},
		{"Interval", "int32", false, false},
		{"Date", "uint32", false, true},
		{"Double", "float32", false, false},
	} {
		if got := QueryCasts(tc.yql, tc.goType); got != tc.query {
			t.Errorf("QueryCasts(%s, %s) = %v, want %v", tc.yql, tc.goType, got, tc.query)
		}
		if got := TableScans(tc.yql, tc.goType); got != tc.table {
			t.Errorf("TableScans(%s, %s) = %v, want %v", tc.yql, tc.goType, got, tc.table)
		}
	}
}
