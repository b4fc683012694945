package querysite

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// sinkSummary is an in-package wrapper: its fact plus the text templates
// with Go positions and the call inside it that forwards.
type sinkSummary struct {
	fact  *sinkFact
	texts texts
	// tableTexts is the table path template (sinkFact.TableTexts).
	tableTexts texts
	inner      *ssa.CallCommon
	innerFn    *ssa.Function // the function (or closure) making inner
	pos        token.Pos
}

// callTarget is what a call reaches: an SDK entry point, or a wrapper
// (local summary or imported fact).
type callTarget struct {
	entry   *sdk.Entry
	wrapper *types.Func
	local   *sinkSummary
	fact    *sinkFact
}

func (t callTarget) ok() bool { return t.entry != nil || t.fact != nil }

// target resolves a call to an entry point or wrapper.
func (a *pkgAnalysis) target(common *ssa.CallCommon) callTarget {
	id, callee, ok := ssaval.CalleeIdentity(common)
	if !ok {
		return callTarget{}
	}
	if e := sdk.LookupEntry(id); e != nil {
		return callTarget{entry: e}
	}
	if a.cfgSinks != nil {
		fn := common.Method
		if callee != nil {
			fn, _ = callee.Object().(*types.Func)
		}
		if e := a.cfgSinks.Lookup(id, fn); e != nil {
			return callTarget{entry: e}
		}
	}
	if common.IsInvoke() {
		if e := a.shapeEntry(common.Method); e != nil {
			return callTarget{entry: e}
		}
		return callTarget{}
	}
	if callee == nil {
		return callTarget{}
	}
	obj, _ := callee.Object().(*types.Func)
	if s := a.localSinks[callee]; s != nil {
		return callTarget{wrapper: obj, local: s, fact: s.fact}
	}
	if obj != nil && obj.Pkg() != nil && obj.Pkg() != a.pass.Pkg {
		f := new(sinkFact)
		if a.pass.ImportObjectFact(obj.Origin(), f) {
			return callTarget{wrapper: obj, fact: f}
		}
	}
	return callTarget{}
}

// shapeEntry matches a method of a user-defined interface against the SDK
// entry points: same name, identical signature, and some SDK type that
// declares the entry point implements the user's interface.
func (a *pkgAnalysis) shapeEntry(m *types.Func) *sdk.Entry {
	sig, ok := m.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return nil
	}
	iface, ok := sig.Recv().Type().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for i := range sdk.Entries {
		e := &sdk.Entries[i]
		if e.Name != m.Name() || e.Recv == "" {
			continue
		}
		pkg := a.findPackage(e.Pkg)
		if pkg == nil {
			continue
		}
		tn, ok := pkg.Scope().Lookup(e.Recv).(*types.TypeName)
		if !ok {
			continue
		}
		t := tn.Type()
		if _, isIface := t.Underlying().(*types.Interface); !isIface {
			t = types.NewPointer(t)
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, pkg, e.Name)
		sm, ok := obj.(*types.Func)
		if !ok || !types.Identical(sm.Type(), m.Type()) {
			continue
		}
		if types.Implements(t, iface) {
			return e
		}
	}
	return nil
}

// modeHost is the pass as package sqlmode sees it (sqlmode.Host): the
// packages the analysed package imports.
type modeHost struct{ a *pkgAnalysis }

func (h modeHost) FindPackage(path string) *types.Package { return h.a.findPackage(path) }

// findPackage finds an imported package by path (transitively).
func (a *pkgAnalysis) findPackage(path string) *types.Package {
	if a.pkgByPath == nil {
		a.pkgByPath = map[string]*types.Package{}
		var walk func(p *types.Package, depth int)
		walk = func(p *types.Package, depth int) {
			if _, ok := a.pkgByPath[p.Path()]; ok || depth > 64 {
				return
			}
			a.pkgByPath[p.Path()] = p
			for _, imp := range p.Imports() {
				walk(imp, depth+1)
			}
		}
		walk(a.pass.Pkg, 0)
	}
	return a.pkgByPath[path]
}
