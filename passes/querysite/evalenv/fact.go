package evalenv

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
)

// Fact (ydbEval) carries the evaluator's summaries of a package's exported
// functions and methods to its importers (goeval.Summary: the function
// lowered with what it needs that importers cannot name), so that a
// fluent builder, an options constructor or a query type's method in
// another package is interpreted at the caller with the caller's
// arguments. One package fact, sorted by name: gob of a map is not
// deterministic, and go vet caches facts by their bytes.
type Fact struct {
	Funcs []FuncSummary
	// Vars holds the values of the package's exported variables that only
	// its initialiser assigns (goeval.SummarizeGlobals), for importers
	// that read them directly: a template parsed once into a variable of
	// a queries package and executed where the query runs.
	Vars *goeval.Summary
}

// FuncSummary is one function's summary in a Fact.
type FuncSummary struct {
	Name string // (*ssa.Function).String of the summarised function
	S    *goeval.Summary
}

func (*Fact) AFact() {}

func (f *Fact) String() string {
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
func (f *Fact) global(name string) *goeval.Summary {
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

func (f *Fact) lookup(name string) *goeval.Summary {
	i := sort.Search(len(f.Funcs), func(i int) bool { return f.Funcs[i].Name >= name })
	if i < len(f.Funcs) && f.Funcs[i].Name == name {
		return f.Funcs[i].S
	}
	return nil
}

// SummaryRoot reports whether importers may ask for fn's summary: an
// exported function, or an exported method of an exported type, not
// generic (an instantiation is not named the same at the importer), that
// returns text (or its address) or a value of its own package (a
// builder, an option, a query interface).
func SummaryRoot(fn *types.Func) bool {
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
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem() // *string: the address of text, read through
		}
		if b, ok := t.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return true
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == fn.Pkg() {
			return true
		}
	}
	return false
}

// ExportSummaries exports the package's Fact: the summaries of its summary
// roots, each within the evaluator's Budget.Summary (one that does not fit
// is left out: its calls stay applications, holes at the importer), and
// the values of its exported variables.
func (p *Package) ExportSummaries() {
	env := p.Env()
	pass, prog := p.h.Pass(), p.h.Program()
	var out []FuncSummary
	for _, fn := range p.h.Funcs() {
		obj, _ := fn.Object().(*types.Func)
		if fn.Parent() != nil || obj == nil || obj.Pkg() != pass.Pkg || !SummaryRoot(obj) || len(prog.Blocks(fn)) == 0 {
			continue
		}
		s, err := goeval.Summarize(env, goeval.Budget{}, fn)
		if err != nil || s == nil {
			continue
		}
		out = append(out, FuncSummary{Name: fn.String(), S: s})
	}
	vars := goeval.SummarizeGlobals(env, goeval.Budget{}, p.h.Package(), p.exportedVars())
	if len(out) == 0 && vars == nil {
		return
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	pass.ExportPackageFact(&Fact{Funcs: out, Vars: vars})
}

// exportedVars returns the package's exported variables in name order;
// SummarizeGlobals keeps those only the initialiser assigns whose value it
// knows (a string, a template, a struct or map of them).
func (p *Package) exportedVars() []*ssa.Global {
	pkg := p.h.Package()
	if pkg == nil {
		return nil
	}
	scope := p.h.Pass().Pkg.Scope()
	var out []*ssa.Global
	for _, name := range scope.Names() {
		obj, ok := scope.Lookup(name).(*types.Var)
		if !ok || !obj.Exported() {
			continue
		}
		if g, ok := pkg.Members[name].(*ssa.Global); ok {
			out = append(out, g)
		}
	}
	return out
}
