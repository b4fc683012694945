package querysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/yql"
)

// evalFact carries the evaluator's summaries of a package's exported
// functions and methods to its importers (goeval.Summary: the function
// lowered with what it needs that importers cannot name), so that a
// fluent builder, an options constructor or a query type's method in
// another package is interpreted at the caller with the caller's
// arguments. One package fact, sorted by name: gob of a map is not
// deterministic, and go vet caches facts by their bytes.
type evalFact struct {
	Funcs []evalSummary
	// Vars holds the values of the package's exported variables that only
	// its initialiser assigns (goeval.SummarizeGlobals), for importers
	// that read them directly: a template parsed once into a variable of
	// a queries package and executed where the query runs.
	Vars *goeval.Summary
}

type evalSummary struct {
	Name string // (*ssa.Function).String of the summarised function
	S    *goeval.Summary
}

func (*evalFact) AFact() {}

func (f *evalFact) String() string {
	names := make([]string, len(f.Funcs))
	for i, s := range f.Funcs {
		names[i] = s.Name
	}
	if f.Vars != nil {
		var vars []string
		for _, g := range f.Vars.Unit.Globals {
			vars = append(vars, g.Name)
		}
		return "ydbEval(" + strings.Join(names, ", ") + "; vars " + strings.Join(vars, ", ") + ")"
	}
	return "ydbEval(" + strings.Join(names, ", ") + ")"
}

// global returns Vars when it holds the variable name.
func (f *evalFact) global(name string) *goeval.Summary {
	if f.Vars == nil {
		return nil
	}
	for _, g := range f.Vars.Unit.Globals {
		if g.Name == name {
			return f.Vars
		}
	}
	return nil
}

func (f *evalFact) lookup(name string) *goeval.Summary {
	i := sort.Search(len(f.Funcs), func(i int) bool { return f.Funcs[i].Name >= name })
	if i < len(f.Funcs) && f.Funcs[i].Name == name {
		return f.Funcs[i].S
	}
	return nil
}

// buildsText reports whether a string literal of the package starts a
// statement or holds a statement pair: the package may assemble query text
// for its importers, and its exported functions are summarised.
func buildsText(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && (yql.StartsStatement(lit.Value) || literalMentionsYQL(lit.Value)) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	return found
}

// summaryRoot reports whether importers may ask for fn's summary: an
// exported function, or an exported method of an exported type, not
// generic (an instantiation is not named the same at the importer), that
// returns text or a value of its own package (a builder, an option, a
// query interface).
func summaryRoot(fn *types.Func) bool {
	if fn == nil || !fn.Exported() || fn.Pkg() == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
		return false
	}
	if r := sig.Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || !n.Obj().Exported() {
			return false
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == fn.Pkg() {
			return true
		}
	}
	return false
}

// exportEvalSummaries summarises the package's summary roots, each within
// the evaluator's Budget.Summary; one that does not fit is left out (its
// calls stay applications, holes at the importer).
func (a *pkgAnalysis) exportEvalSummaries() {
	env := newEvalEnv(a)
	var out []evalSummary
	for _, fn := range a.funcs {
		obj, _ := fn.Object().(*types.Func)
		if fn.Parent() != nil || obj == nil || obj.Pkg() != a.pass.Pkg || !summaryRoot(obj) || len(a.prog.Blocks(fn)) == 0 {
			continue
		}
		s, err := goeval.Summarize(env, goeval.Budget{}, fn)
		if err != nil || s == nil {
			continue
		}
		out = append(out, evalSummary{Name: fn.String(), S: s})
	}
	vars := goeval.SummarizeGlobals(env, goeval.Budget{}, a.pkg, a.exportedVars())
	if len(out) == 0 && vars == nil {
		return
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	a.pass.ExportPackageFact(&evalFact{Funcs: out, Vars: vars})
}

// exportedVars returns the package's exported variables in name order;
// SummarizeGlobals keeps those only the initialiser assigns whose value it
// knows (a string, a template, a struct or map of them).
func (a *pkgAnalysis) exportedVars() []*ssa.Global {
	if a.pkg == nil {
		return nil
	}
	var out []*ssa.Global
	for _, name := range a.pass.Pkg.Scope().Names() {
		obj, ok := a.pass.Pkg.Scope().Lookup(name).(*types.Var)
		if !ok || !obj.Exported() {
			continue
		}
		if g, ok := a.pkg.Members[name].(*ssa.Global); ok {
			out = append(out, g)
		}
	}
	return out
}
