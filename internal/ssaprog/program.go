package ssaprog

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Program is the package's SSA program as one consumer sees it.
type Program struct {
	Prog *ssa.Program
	Pkg  *ssa.Package

	funcs []*ssa.Function
	// plan holds the bodies the consumer needs; nil: every body.
	plan *bodyPlan
	// hide is set when the program holds bodies the plan leaves out.
	hide bool
}

func newProgram(prog *ssa.Program, pkg *ssa.Package, pass *analysis.Pass, plan *bodyPlan, hide bool) *Program {
	p := &Program{Prog: prog, Pkg: pkg, plan: plan, hide: hide}
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		p.funcs = append(p.funcs, fn)
		if !p.shows(fn) {
			return
		}
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if fn := prog.FuncValue(obj); fn != nil {
				add(fn)
			}
		}
	}
	return p
}

// Funcs returns the package's declared functions in source order, each
// followed by the function literals of the bodies this view shows: with
// every body, buildssa's SrcFuncs. The package initialiser is not among
// them (Pkg.Func("init")).
func (p *Program) Funcs() []*ssa.Function { return p.funcs }

// Blocks returns the body of fn as this view has it: none for a function
// the consumer's plan leaves out, even where the program has built it for
// another consumer (EveryBody). A consumer that reads every body through
// Blocks sees the same program whichever packages get every body.
func (p *Program) Blocks(fn *ssa.Function) []*ssa.BasicBlock {
	if fn == nil || !p.shows(fn) {
		return nil
	}
	return fn.Blocks
}

// shows reports whether this view shows fn's body. Synthetic functions
// (wrappers, thunks, the package initialiser) are built alike in every
// program; a function literal goes with its enclosing declaration.
func (p *Program) shows(fn *ssa.Function) bool {
	if !p.hide {
		return true
	}
	top := fn
	for top.Parent() != nil {
		top = top.Parent()
	}
	if top.Synthetic != "" {
		return true
	}
	decl, ok := top.Syntax().(*ast.FuncDecl)
	return !ok || p.plan.keep[decl]
}

// UnknownUse reports whether obj (a function, a field or a package var)
// may be called or written by a function whose body this view does not
// show.
func (p *Program) UnknownUse(obj types.Object) bool { return p.plan.unknownUse(obj) }

// UnknownField reports whether field i of the struct type named by tn may
// be written by a function whose body this view does not show.
func (p *Program) UnknownField(tn *types.TypeName, i int) bool {
	return p.plan.unknownField(tn, i)
}

// callsNoReturn reports whether a body this view shows (the package
// initialiser's included) calls a function noReturn says never returns:
// the builder ends the block there (emitCall), so the body differs from
// one built without the answers.
func (p *Program) callsNoReturn(noReturn func(*types.Func) bool) bool {
	if noReturn == nil {
		return false
	}
	fns := slices.Clip(p.funcs)
	var addInit func(fn *ssa.Function)
	addInit = func(fn *ssa.Function) {
		fns = append(fns, fn)
		for _, anon := range fn.AnonFuncs {
			addInit(anon)
		}
	}
	if init := p.Pkg.Func("init"); init != nil {
		addInit(init)
	}
	for _, fn := range fns {
		for _, b := range p.Blocks(fn) {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if callee := call.Call.StaticCallee(); callee != nil {
					if obj, ok := callee.Object().(*types.Func); ok && noReturn(obj) {
						return true
					}
				}
			}
		}
	}
	return false
}
