package querysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
)

// A direct site's text built on branches over its function's parameters
// (`if state != "" { q += " AND state = $state" }`) has a variant per
// branch. When every call of the function is known and none takes a
// branch, the variant is never built: a finding must not say "in all 2
// ways", nor hold for a text no run makes. reachableVariants runs the
// function's text once per call, with that call's arguments, and keeps the
// recognisers' variants some call builds.

// reachableVariants returns old without the variants no known call of the
// site's function builds. Only a strict subset of old's own variants is
// kept, with old's pieces (their positions and keys); a call whose text
// the evaluator cannot tell apart from old's variants (a hole without a
// key, a text old does not hold, a bound) leaves old as it is.
func (a *pkgAnalysis) reachableVariants(old texts, v ssa.Value, hint ast.Expr, c *ctx) texts {
	if len(old.vs) < 2 || old.truncated || old.hasParam() || c == nil || c.fn == nil {
		return old
	}
	if in, ok := v.(ssa.Instruction); !ok || in.Parent() != c.fn {
		return old
	}
	calls := a.completeCalls(c.fn)
	if len(calls) == 0 {
		return old
	}
	ev := a.evaluator()
	s, err := goeval.SummarizeAt(a.evalPackage().Env(), goeval.Budget{}, c.fn, v)
	if err != nil || s == nil {
		return old
	}
	built := map[string]bool{}
	for _, call := range calls {
		r := ev.Instantiate(s, ev.Args(call))
		neu := a.resultText(ev, r, hint, v, c)
		if neu.truncated || len(neu.vs) == 0 {
			return old
		}
		for _, nv := range neu.vs {
			for _, p := range nv {
				if p.param >= 0 || p.hole && p.key == "" {
					return old
				}
			}
			built[variantText(nv)] = true
		}
	}
	out := texts{}
	for _, ov := range old.vs {
		if k := variantText(ov); built[k] {
			out.vs = append(out.vs, ov)
			delete(built, k)
		}
	}
	if len(built) > 0 || len(out.vs) == 0 || len(out.vs) == len(old.vs) {
		return old // a text old does not hold, or nothing to leave out
	}
	return out
}

// completeCalls returns every call of fn when the package makes all of
// them: fn is a package-level function or method of the package, not
// generic, unexported (or in package main), never used as a value (no
// method value or expression either), with no interface of the package
// naming a method of that name, and at most maxArgTextCallers calls.
// Nil otherwise.
func (a *pkgAnalysis) completeCalls(fn *ssa.Function) []ssa.CallInstruction {
	if fn == nil || fn.Parent() != nil || fn.TypeParams().Len() > 0 || fn.Pkg != a.pkg {
		return nil
	}
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || obj.Exported() && a.pass.Pkg.Name() != "main" || a.prog.UnknownUse(obj) {
		return nil
	}
	st := a.paramKeyIndex()
	calls := st.callers[fn]
	if st.escaped[fn] || len(calls) == 0 || len(calls) > maxArgTextCallers {
		return nil
	}
	if fn.Signature.Recv() != nil && (a.interfaceNames(obj.Name()) || a.wrapped(obj)) {
		return nil
	}
	return calls
}

// interfaceNames reports whether an interface type of the package has a
// method named name: a call through it may reach a method of that name.
func (a *pkgAnalysis) interfaceNames(name string) bool {
	found := false
	for _, f := range a.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			it, ok := n.(*ast.InterfaceType)
			if !ok || found {
				return !found
			}
			for _, m := range it.Methods.List {
				for _, id := range m.Names {
					if id.Name == name {
						found = true
					}
				}
				if len(m.Names) == 0 {
					found = true // an embedded interface: its methods are not read here
				}
			}
			return false
		})
	}
	return found
}

// wrapped reports whether a synthetic function stands for the method m (a
// method value's bound wrapper, a method expression's thunk, a promoted
// method's wrapper) anywhere in the package's code: calls through it are
// not static calls of the method.
func (a *pkgAnalysis) wrapped(m *types.Func) bool {
	var ops []*ssa.Value
	for _, fn := range a.funcs {
		for _, b := range a.prog.Blocks(fn) {
			for _, in := range b.Instrs {
				ops = in.Operands(ops[:0])
				for _, op := range ops {
					if f, ok := (*op).(*ssa.Function); ok && f.Synthetic != "" && f.Object() == m {
						return true
					}
				}
			}
		}
	}
	return false
}
