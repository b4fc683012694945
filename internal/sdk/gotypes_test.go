package sdk

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/internal/yql"
)

// bindCases reads the SDK's internal/bind/params.go and returns, for the
// type switch cases of function fn, the Go type of each single-type case
// and the internal/value constructor its return statement calls.
func bindCases(t *testing.T, fn string) map[string]string {
	t.Helper()
	if testing.Short() {
		t.Skip("reads the real SDK's source")
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: "../.."}
	pkgs, err := packages.Load(cfg, Module+"/internal/bind")
	if err != nil || len(pkgs) != 1 || len(pkgs[0].GoFiles) == 0 {
		t.Fatalf("load internal/bind: %v", err)
	}
	file := filepath.Join(filepath.Dir(pkgs[0].GoFiles[0]), "params.go")
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			cc, ok := n.(*ast.CaseClause)
			if !ok || len(cc.List) != 1 {
				return true
			}
			goType := types.ExprString(cc.List[0])
			for _, st := range cc.Body {
				ret, ok := st.(*ast.ReturnStmt)
				if !ok || len(ret.Results) == 0 {
					continue
				}
				ast.Inspect(ret.Results[0], func(n ast.Node) bool {
					call, ok := n.(*ast.CallExpr)
					if !ok {
						return true
					}
					if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok && x.Name == "value" && out[goType] == "" {
							out[goType] = sel.Sel.Name
						}
					}
					return true
				})
				break
			}
			return true
		})
	}
	if len(out) == 0 {
		t.Fatalf("no cases of %s found in %s", fn, file)
	}
	return out
}

// ctorYQL derives the YQL type a value constructor builds from its name
// (Int32Value → Int32, TextValue → Utf8, TimestampValueFromTime → Timestamp).
func ctorYQL(ctor string) string {
	if i := strings.Index(ctor, "Value"); i > 0 {
		ctor = ctor[:i]
	}
	return yql.CanonicalType(ctor)
}

// TestGoBindingsMatchSDK checks the table against the SDK's own conversion
// code: every row is a case of bind.toValue that calls the listed
// constructor, the constructor builds the listed YQL type, and every basic
// case of toValue has a row.
func TestGoBindingsMatchSDK(t *testing.T) {
	cases := bindCases(t, "toValue")
	rows := map[string]bool{}
	for _, b := range GoBindings {
		rows[b.Go] = true
		if got := cases[b.Go]; got != b.Ctor {
			t.Errorf("%s: toValue calls value.%s, table says %s", b.Go, got, b.Ctor)
		}
		if got := ctorYQL(b.Ctor); got != b.YQL {
			t.Errorf("%s: %s builds %s, table says %s", b.Go, b.Ctor, got, b.YQL)
		}
	}
	for goType := range cases {
		if _, isType := types.Universe.Lookup(goType).(*types.TypeName); isType && !rows[goType] {
			t.Errorf("toValue has a case for %s the table lacks", goType)
		}
	}
	nulls := bindCases(t, "asSQLNull")
	for _, b := range SQLNullBindings {
		key := "sql." + strings.TrimPrefix(b.Go, PkgSQL+".")
		if got := nulls[key]; got != b.Ctor {
			t.Errorf("%s: asSQLNull calls value.%s, table says %s", key, got, b.Ctor)
		}
		if got := ctorYQL(b.Ctor); got != b.YQL {
			t.Errorf("%s: %s builds %s, table says %s", b.Go, b.Ctor, got, b.YQL)
		}
	}
	if len(nulls) != len(SQLNullBindings) {
		t.Errorf("asSQLNull has %d cases, table %d", len(nulls), len(SQLNullBindings))
	}
}

// TestGoBindingOf checks the lookup on the type shapes services bind.
func TestGoBindingOf(t *testing.T) {
	src := `package p
import ("database/sql"; "database/sql/driver"; "encoding/json"; "time")
type Status string
type Blob []byte
type Valued int
func (Valued) Value() (driver.Value, error) { return int64(0), nil }
type Ptrv int
func (*Ptrv) Value() (driver.Value, error) { return int64(0), nil }
type Doc struct{}
func (Doc) MarshalJSON() ([]byte, error) { return nil, nil }
var (
	vInt int; vU64 uint64; vStr string; vBytes []byte; vTime time.Time; vDur time.Duration
	vPtr *int64; vPPtr **int64; vNull sql.NullString; vNullG sql.Null[int64]; vStatus Status; vBlob Blob
	vValued Valued; vPtrv *Ptrv; vDoc Doc; vAny any; vMsg json.RawMessage; vStrs []string
)`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importerFor(t)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v    string
		want string // "" when not decidable
		opt  bool
	}{
		{"vInt", "Int32", false}, {"vU64", "Uint64", false}, {"vStr", "Utf8", false},
		{"vBytes", "String", false}, {"vTime", "Timestamp", false}, {"vDur", "Interval", false},
		{"vPtr", "Int64", true}, {"vPPtr", "", false}, {"vNull", "Utf8", true}, {"vNullG", "Int64", true},
		{"vStatus", "Utf8", false}, {"vBlob", "String", false},
		{"vValued", "", false}, {"vPtrv", "", false}, {"vDoc", "", false}, {"vAny", "", false},
		{"vMsg", "", false}, {"vStrs", "", false},
	} {
		obj := pkg.Scope().Lookup(tc.v)
		got, opt, ok := GoBindingOf(obj.Type())
		if !ok {
			got = ""
		}
		if got != tc.want || (ok && opt != tc.opt) {
			t.Errorf("%s (%s): got %q optional=%v ok=%v, want %q optional=%v", tc.v, obj.Type(), got, opt, ok, tc.want, tc.opt)
		}
	}
}

// importerFor type-checks imports from source (the standard library only).
func importerFor(t *testing.T) types.Importer {
	t.Helper()
	return importer.ForCompiler(token.NewFileSet(), "source", nil)
}
