package retryerr

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "retryerr"

// Analyzer reports errors a retried closure returns that hide the SDK
// error from the retrier.
var Analyzer = &analysis.Analyzer{
	Name: name,
	Doc:  analysisutil.MustExtractDoc(doc, name),
	URL:  report.URLBase + name,
	// queryplan runs first so that the package's shared state
	// (pkgstate, which report reads) says whether the package uses YDB.
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
	FactTypes:        []analysis.Fact{new(carriesSDKError), new(losesError)},
}

// Categories (headings of doc.go).
const (
	categoryFmt      = "fmt-no-wrap"
	categoryText     = "error-text"
	categoryNoUnwrap = "no-unwrap"
	categoryReplaced = "replaced"
)

// carriesSDKError is the fact that a function can return, as its last
// result, an error of an SDK call it makes (directly or through another
// function with the fact), unchanged or wrapped so that errors.As finds
// it.
type carriesSDKError struct {
	API string // the SDK method whose error it returns
	At  string // file:line of the call in this function
}

func (*carriesSDKError) AFact() {}

func (f *carriesSDKError) String() string { return "carriesSDKError(" + f.API + ")" }

// losesError is the fact that a function never returns its error
// parameter Param so that errors.As finds it, and on some path returns a
// value built from it that hides it (fmt.Errorf without %w, its text, a
// type without Unwrap).
type losesError struct {
	Param    int    // index among the call's arguments (the receiver first)
	Category string // how it hides it, a category of this rule
	How      string // what builds the value
	At       string // file:line of the construction
}

func (*losesError) AFact() {}

func (f *losesError) String() string { return "losesError(" + f.Category + ")" }

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	res := sdkssa.Of(pass)
	if res == nil {
		return nil, nil
	}
	exportFacts(pass, res.SrcFuncs)
	if plans, _ := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result); plans == nil || !plans.InScope {
		return nil, nil
	}
	reported := map[token.Pos]bool{}
	for _, fn := range res.SrcFuncs {
		for _, rc := range sdkssa.RetriedClosures(fn) {
			for _, d := range checkClosure(pass, rc) {
				if reported[d.Pos] {
					continue
				}
				reported[d.Pos] = true
				report.Report(pass, cfg, name, d)
			}
		}
	}
	return nil, nil
}

// checkClosure judges every error the closure returns.
func checkClosure(pass *analysis.Pass, rc sdkssa.RetriedClosure) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, ret := range returns(rc.Fn) {
		v := returned(ret)
		if v == nil {
			continue
		}
		t := newTracker(pass, nil)
		if _, ok := t.carries(v, 0); ok {
			continue
		}
		if ls := t.lossy(v, 0); len(ls) > 0 {
			for _, l := range ls {
				out = append(out, lossDiagnostic(pass, rc, l))
			}
			continue
		}
		how, ok := t.fresh(v, 0)
		if !ok {
			continue
		}
		if o, ok := guardedBy(t, ret); ok {
			out = append(out, replacedDiagnostic(rc, ret, how, o))
		}
	}
	return out
}

// returns lists fn's return instructions whose last result is an error.
func returns(fn *ssa.Function) []*ssa.Return {
	res := fn.Signature.Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(r.Results) == res.Len() {
			out = append(out, r)
		}
	}
	return out
}

// returned is the error ret returns. In a function with defer
// statements or range-over-func loops, results pass through a variable:
// the value is the one stored into it in ret's block, and a return that
// stores none there (the recover block, a loop body's early exit) returns
// nil.
func returned(ret *ssa.Return) ssa.Value {
	v := ret.Results[len(ret.Results)-1]
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return v
	}
	cell, ok := load.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	instrs := ret.Block().Instrs
	for i := len(instrs) - 1; i >= 0; i-- {
		if s, ok := instrs[i].(*ssa.Store); ok && s.Addr == ssa.Value(cell) {
			return s.Val
		}
	}
	return nil
}

// guardedBy reports whether ret runs only when an SDK error is in hand:
// it lies in the branch of an `err != nil` test of such an error, with no
// other test of that error (errors.Is, a comparison, a type switch)
// between the two. It returns the error's origin.
func guardedBy(t *tracker, ret *ssa.Return) (origin, bool) {
	b := ret.Block()
	for p := b.Idom(); p != nil; p = p.Idom() {
		if len(p.Instrs) == 0 {
			continue
		}
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		taken := -1
		for i, s := range p.Succs {
			if s.Dominates(b) {
				taken = i
			}
		}
		if taken < 0 {
			continue // b is after the branches join
		}
		if o, ok := nonNilTest(t, ifi.Cond, taken); ok {
			return o, true
		}
		if t.dependsOn(ifi.Cond, 0) {
			return origin{}, false
		}
	}
	return origin{}, false
}

// nonNilTest reports whether taking successor taken of an If on cond
// means that an SDK error is not nil (err != nil true, err == nil false).
func nonNilTest(t *tracker, cond ssa.Value, taken int) (origin, bool) {
	op, ok := cond.(*ssa.BinOp)
	if !ok {
		return origin{}, false
	}
	want := map[token.Token]int{token.NEQ: 0, token.EQL: 1}
	i, ok := want[op.Op]
	if !ok || i != taken {
		return origin{}, false
	}
	x, y := op.X, op.Y
	if isNil(x) {
		x, y = y, x
	}
	if !isNil(y) {
		return origin{}, false
	}
	return t.carries(x, 0)
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// effect is what every finding costs: the detail after the headline.
func effect(rc sdkssa.RetriedClosure) string {
	return fmt.Sprintf("%s finds no YDB status in it (errors.As) and stops at the first attempt: ABORTED (lock conflicts), UNAVAILABLE, OVERLOADED and BAD_SESSION are not retried, and the cause is lost", rc.Retrier.API)
}

// String names the error the way a headline does: the error of the SDK
// method, or of the program function that returns it (see evidence).
func (o origin) String() string {
	if o.via != "" {
		return "the error of " + o.via
	}
	return "the error of " + o.api
}

// evidence is the part that says which SDK error a program function
// returns, "" for a direct call.
func (o origin) evidence() string {
	if o.via == "" {
		return ""
	}
	return fmt.Sprintf("; %s returns the error of %s (%s)", o.via, o.api, o.at)
}

func lossDiagnostic(pass *analysis.Pass, rc sdkssa.RetriedClosure, l loss) analysis.Diagnostic {
	var what, fix string
	switch l.category {
	case categoryFmt:
		what = fmt.Sprintf("%s formats %s without %%w", l.how, l.from)
		fix = "format it with %w"
	case categoryText:
		what = fmt.Sprintf("%s keeps only the text of %s", l.how, l.from)
		fix = `return the error itself, or fmt.Errorf("…: %w", err)`
	default:
		what = fmt.Sprintf("%s holds %s but has no Unwrap", l.how, l.from)
		fix = "add an Unwrap() error method that returns it"
	}
	evidence := l.from.evidence()
	if l.at != "" {
		evidence += fmt.Sprintf("; %s builds it at %s", l.how, l.at)
	}
	pos, end := span(pass, l.pos)
	if !pos.IsValid() {
		pos = rc.Fn.Pos()
	}
	return analysis.Diagnostic{
		Pos: pos, End: end, Category: l.category,
		Message: fmt.Sprintf("%s: not retried; the closure returns it, and %s%s; %s", what, effect(rc), evidence, fix),
	}
}

func replacedDiagnostic(rc sdkssa.RetriedClosure, ret *ssa.Return, how string, o origin) analysis.Diagnostic {
	return analysis.Diagnostic{
		Pos: ret.Pos(), Category: categoryReplaced,
		Message: fmt.Sprintf("the closure returns %s in place of %s; %s%s; return that error, wrapped with %%w or in a type whose Unwrap returns it", how, o, effect(rc), o.evidence()),
	}
}

// exportFacts gives carriesSDKError and losesError to the package's
// functions (not closures), until nothing changes, so that in-package
// call chains are followed whatever the declaration order.
func exportFacts(pass *analysis.Pass, funcs []*ssa.Function) {
	type judged struct {
		fn  *ssa.Function
		obj *types.Func
	}
	var decls []judged
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || obj.Pkg() != pass.Pkg || len(returns(fn)) == 0 {
			continue
		}
		decls = append(decls, judged{fn, obj})
	}
	for changed := true; changed; {
		changed = false
		for _, d := range decls {
			if !pass.ImportObjectFact(d.obj, new(carriesSDKError)) {
				if f := carriesFact(pass, d.fn); f != nil {
					pass.ExportObjectFact(d.obj, f)
					changed = true
				}
			}
			if !pass.ImportObjectFact(d.obj, new(losesError)) {
				if f := losesFact(pass, d.fn); f != nil {
					pass.ExportObjectFact(d.obj, f)
					changed = true
				}
			}
		}
	}
}

// carriesFact returns the carriesSDKError fact of fn, or nil: some return
// of its error result carries an SDK error.
func carriesFact(pass *analysis.Pass, fn *ssa.Function) *carriesSDKError {
	for _, ret := range returns(fn) {
		t := newTracker(pass, nil)
		if o, ok := t.carries(ret.Results[len(ret.Results)-1], 0); ok {
			return &carriesSDKError{API: o.api, At: posString(pass, o.pos)}
		}
	}
	return nil
}

// losesFact returns the losesError fact of fn, or nil: for an error
// parameter, no return carries it and some return hides it.
func losesFact(pass *analysis.Pass, fn *ssa.Function) *losesError {
	for i, p := range fn.Params {
		if !isErrorType(p.Type()) {
			continue
		}
		var found *losesError
		for _, ret := range returns(fn) {
			t := newTracker(pass, p)
			v := returned(ret)
			if v == nil {
				continue
			}
			if _, ok := t.carries(v, 0); ok {
				found = nil
				break
			}
			if ls := t.lossy(v, 0); len(ls) > 0 && found == nil {
				found = &losesError{Param: i, Category: ls[0].category, How: ls[0].how, At: posString(pass, ls[0].pos)}
			}
		}
		if found != nil {
			return found
		}
	}
	return nil
}

func posString(pass *analysis.Pass, p token.Pos) string {
	pos := pass.Fset.Position(p)
	f := pos.Filename
	if i := lastSlash(f); i >= 0 {
		f = f[i+1:]
	}
	return fmt.Sprintf("%s:%d", f, pos.Line)
}

// span returns the source range of the construction at pos: the call
// whose left parenthesis is at pos (SSA positions a call there), the
// composite literal whose brace is at pos (with its &), else pos alone.
func span(pass *analysis.Pass, pos token.Pos) (token.Pos, token.Pos) {
	for _, f := range pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, pos, pos)
		for i, n := range path {
			switch n := n.(type) {
			case *ast.CallExpr:
				if n.Lparen == pos {
					return n.Pos(), n.End()
				}
			case *ast.CompositeLit:
				if n.Lbrace != pos {
					continue
				}
				if i+1 < len(path) {
					if u, ok := path[i+1].(*ast.UnaryExpr); ok && u.Op == token.AND {
						return u.Pos(), u.End()
					}
				}
				return n.Pos(), n.End()
			}
		}
	}
	return pos, token.NoPos
}
