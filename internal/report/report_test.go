package report_test

import (
	"fmt"
	"go/ast"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/suppress"
	"github.com/ydblint/ydblint/passes/config"
)

// literalMapper maps every YQL byte to the whole string literal, like a
// querysite segment that is not exact.
type literalMapper struct{ lit *ast.BasicLit }

func (m literalMapper) PosRange(start, end int) (token.Pos, token.Pos) {
	return m.lit.Pos(), m.lit.End()
}

// stmtSpans splits YQL at ';' and skips leading blanks and -- comment lines,
// standing in for the YQL parser's statement spans.
func stmtSpans(text string) []suppress.Span {
	var out []suppress.Span
	start := 0
	for _, piece := range strings.SplitAfter(text, ";") {
		s, e := start, start+len(strings.TrimSuffix(piece, ";"))
		start += len(piece)
		for s < e {
			if text[s] == ' ' || text[s] == '\n' {
				s++
			} else if strings.HasPrefix(text[s:e], "--") {
				nl := strings.IndexByte(text[s:e], '\n')
				if nl < 0 {
					s = e
				} else {
					s += nl + 1
				}
			} else {
				break
			}
		}
		if s < e {
			out = append(out, suppress.Span{Start: s, End: e})
		}
	}
	return out
}

// rule is a fake "fullscan" rule: it reports each call of q, and each
// FULLSCAN in the text given to yq, and misbehaves on request.
var rule = &analysis.Analyzer{
	Name:     "fullscan",
	Doc:      "fake rule for the report tests",
	Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer},
	Run:      report.WrapRun(run),
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	if !cfg.IsPkgInScope(pass.Pkg) {
		return nil, nil
	}
	// Stand in for queryplan, which records this for the real rules: the
	// package uses YDB, so its configuration errors are reported.
	pkgstate.Of(pass).SetUsesYDB(true)
	consts := map[string]*ast.BasicLit{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if vs, ok := n.(*ast.ValueSpec); ok && len(vs.Values) == 1 {
				if lit, ok := vs.Values[0].(*ast.BasicLit); ok {
					consts[vs.Names[0].Name] = lit
				}
			}
			return true
		})
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, _ := call.Fun.(*ast.Ident)
			if fn == nil {
				return true
			}
			if fn.Name == "boom" {
				panic("boom")
			}
			if len(call.Args) != 1 {
				return true
			}
			var lit *ast.BasicLit
			switch a := call.Args[0].(type) {
			case *ast.BasicLit:
				lit = a
			case *ast.Ident:
				lit = consts[a.Name]
			}
			if lit == nil {
				return true
			}
			text, _ := strconv.Unquote(lit.Value)
			d := analysis.Diagnostic{Pos: lit.Pos(), End: lit.End(), Message: "found " + text}
			switch fn.Name {
			case "q":
				report.Report(pass, cfg, "fullscan", d)
			case "twice":
				report.Report(pass, cfg, "fullscan", d)
				report.Report(pass, cfg, "fullscan", d)
			case "sub":
				d.Category = "missing-key"
				report.Report(pass, cfg, "fullscan", d)
			case "badEnd":
				d.End = lit.Pos() - 1
				report.Report(pass, cfg, "fullscan", d)
			case "outside":
				tf := pass.Fset.AddFile("outside.sql", -1, 10)
				tf.SetLines([]int{0})
				d.Pos, d.End = tf.Pos(0), tf.Pos(1)
				report.Report(pass, cfg, "fullscan", d)
			case "yq":
				y := report.YQL{Text: text, Stmts: stmtSpans(text), Map: literalMapper{lit}}
				report.NoteYQL(pass, cfg, "fullscan", y)
				for off := 0; ; {
					i := strings.Index(text[off:], "FULLSCAN")
					if i < 0 {
						break
					}
					y.Off = off + i
					report.Report(pass, cfg, "fullscan",
						analysis.Diagnostic{Pos: lit.Pos(), End: lit.End(), Message: fmt.Sprintf("found FULLSCAN at %d", y.Off)},
						report.InYQL(y))
					off += i + 1
				}
			}
			return true
		})
	}
	return nil, nil
}

func TestReport(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, rule, "example.com/mod/a", "example.com/mod/b", "example.com/mod/skipped")
	checked := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if d.Category != "fullscan" {
				t.Errorf("%q: category %q, want fullscan", d.Message, d.Category)
			}
			switch d.Message {
			case "found plain":
				checked++
				if d.URL != "https://pkg.go.dev/github.com/ydblint/ydblint/passes/fullscan" {
					t.Errorf("URL %q", d.URL)
				}
			case "found sub":
				checked++
				if d.URL != "https://pkg.go.dev/github.com/ydblint/ydblint/passes/fullscan#hdr-Category_missing_key" {
					t.Errorf("URL %q", d.URL)
				}
			case "found bad end":
				checked++
				if d.End != d.Pos {
					t.Errorf("End before Pos not repaired: %v..%v", d.Pos, d.End)
				}
			case "ydblint:ignore needs a reason":
				checked++
				if !strings.HasSuffix(d.URL, "passes/config#hdr-Suppressing_diagnostics") {
					t.Errorf("URL %q", d.URL)
				}
			}
		}
	}
	if checked != 5 {
		t.Errorf("checked %d diagnostics, want 5", checked)
	}
}

func TestReportConfigErrors(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "badcfg"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, dir, rule, "example.com/badcfg/c")
}

// resultT is the ResultType of a failing rule: WrapRun must still return a
// value of that type, which drivers insist on.
type resultT struct{}

func reflectTypeOf() reflect.Type { return reflect.TypeFor[*resultT]() }

func TestWrapRunResultType(t *testing.T) {
	a := &analysis.Analyzer{Name: "nullkey", Doc: "x", ResultType: reflectTypeOf(), Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer}}
	a.Run = report.WrapRun(func(*analysis.Pass) (any, error) { return nil, fmt.Errorf("cannot") })
	pkg, fset, files := minimalPackage(t)
	var got []analysis.Diagnostic
	cfg, state := &config.Config{}, new(pkgstate.State)
	state.SetConfig(cfg)
	pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: files, Pkg: pkg,
		ResultOf: map[*analysis.Analyzer]any{config.Analyzer: cfg, pkgstate.Analyzer: state},
		Report:   func(d analysis.Diagnostic) { got = append(got, d) }}
	res, err := a.Run(pass)
	if err != nil {
		t.Fatalf("error escaped: %v", err)
	}
	if r, ok := res.(*resultT); !ok || r != nil {
		t.Errorf("result %#v, want a typed nil *resultT", res)
	}
	if len(got) != 1 || !strings.Contains(got[0].Message, "internal error: rule nullkey failed on package p: cannot") {
		t.Errorf("diagnostics %+v", got)
	}
}

func TestReportOutsideWrapRun(t *testing.T) {
	pkg, fset, files := minimalPackage(t)
	var got []string
	pass := &analysis.Pass{Analyzer: rule, Fset: fset, Files: files, Pkg: pkg,
		Report: func(d analysis.Diagnostic) { got = append(got, d.Message) }}
	cfg := &config.Config{}
	x := files[0].Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
	y := files[0].Decls[1].(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
	report.Report(pass, cfg, "fullscan", analysis.Diagnostic{Pos: x.Pos(), Message: "x"})
	report.Report(pass, cfg, "fullscan", analysis.Diagnostic{Pos: y.Pos(), Message: "y"})
	if fmt.Sprint(got) != "[y]" {
		t.Errorf("got %q, want [y] (x is suppressed)", got)
	}
}

func minimalPackage(t *testing.T) (*types.Package, *token.FileSet, []*ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", "package p\n\n//ydblint:ignore fullscan test\nvar x = 1\n\nvar y = 2\n", parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	return types.NewPackage("p", "p"), fset, []*ast.File{f}
}

func TestAnchorMatchesGoDoc(t *testing.T) {
	var p comment.Parser
	for _, h := range []string{"Category missing-hash-column", "Category nullkey", "Suppressing diagnostics", "Options"} {
		doc := p.Parse("# " + h + "\n")
		heading, ok := doc.Content[0].(*comment.Heading)
		if !ok {
			t.Fatalf("%q did not parse as a heading", h)
		}
		if got, want := report.Anchor(h), heading.DefaultID(); got != want {
			t.Errorf("Anchor(%q) = %q, go/doc/comment says %q", h, got, want)
		}
	}
	if got := report.CategoryURL("fullscan", ""); got != "https://pkg.go.dev/github.com/ydblint/ydblint/passes/fullscan" {
		t.Errorf("CategoryURL = %q", got)
	}
}

// TestConfigErrorsOncePerPackage: the rules of one package share one
// pkgstate.State; the configuration errors are reported by whichever rule
// finishes first, and only in packages known to use YDB.
func TestConfigErrorsOncePerPackage(t *testing.T) {
	for _, tc := range []struct {
		name  string
		usage func(*pkgstate.State)
		want  int
	}{
		{"package using YDB", func(s *pkgstate.State) { s.SetUsesYDB(true) }, 1},
		{"package not using YDB", func(s *pkgstate.State) { s.SetUsesYDB(false) }, 0},
		// queryplan has not run (yet): a rule that does not read query
		// sites cannot tell, and leaves the errors to one that can.
		{"use not known", func(*pkgstate.State) {}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := &config.Config{Errors: []config.Error{{File: ".ydblint.yml", Line: 2, Key: "strikt", Msg: "unknown key"}}}
			state := new(pkgstate.State)
			state.SetConfig(cfg)
			tc.usage(state)
			pkg, fset, files := minimalPackage(t)
			count := 0
			for _, name := range []string{"hashprefix", "nullkey", "fullscan", "monotonickey"} {
				a := &analysis.Analyzer{Name: name, Doc: "x", Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer}}
				a.Run = report.WrapRun(func(*analysis.Pass) (any, error) { return nil, nil })
				pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: files, Pkg: pkg,
					ResultOf: map[*analysis.Analyzer]any{config.Analyzer: cfg, pkgstate.Analyzer: state},
					Report: func(d analysis.Diagnostic) {
						if strings.Contains(d.Message, "ydblint configuration: .ydblint.yml:2: strikt: unknown key") {
							count++
						}
					}}
				if _, err := a.Run(pass); err != nil {
					t.Fatal(err)
				}
			}
			if count != tc.want {
				t.Errorf("configuration error reported %d times, want %d", count, tc.want)
			}
		})
	}
}

// TestFailuresOncePerPackage: a fact analyzer's failure recorded in the
// package's state is reported once, by the first rule that finishes after
// it was recorded, at the package clause.
func TestFailuresOncePerPackage(t *testing.T) {
	state := new(pkgstate.State)
	state.SetConfig(&config.Config{})
	pkg, fset, files := minimalPackage(t)
	var got []string
	for i, name := range []string{"resultloop", "hashprefix", "nullkey"} {
		if i == 1 {
			state.AddFailure("querysite: panic: x")
		}
		a := &analysis.Analyzer{Name: name, Doc: "x", Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer}}
		a.Run = report.WrapRun(func(*analysis.Pass) (any, error) { return nil, nil })
		pass := &analysis.Pass{Analyzer: a, Fset: fset, Files: files, Pkg: pkg,
			ResultOf: map[*analysis.Analyzer]any{pkgstate.Analyzer: state},
			Report: func(d analysis.Diagnostic) {
				if strings.Contains(d.Message, "internal error") {
					got = append(got, d.Category+": "+d.Message)
				}
			}}
		if _, err := a.Run(pass); err != nil {
			t.Fatal(err)
		}
	}
	want := "hashprefix: " + report.FailureMessage("p", "querysite: panic: x")
	if len(got) != 1 || got[0] != want {
		t.Errorf("failure diagnostics %q, want [%q]", got, want)
	}
}
