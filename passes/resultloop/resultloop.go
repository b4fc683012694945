package resultloop

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/config"
)

//go:embed doc.go
var doc string

const name = "resultloop"

// Analyzer reports result loops that never run or drop the read's errors.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryNoSet      = "no-result-set"
	categoryUncheckErr = "err-not-checked"
	categoryEOF        = "eof-not-tested"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	ssaRes := sdkssa.Of(pass)
	if !cfg.IsPkgInScope(pass.Pkg) || ssaRes == nil {
		return nil, nil
	}
	checkTableResults(pass, cfg, groups(ssaRes.SrcFuncs), streamPreloaded(pass))
	checkQueryLoops(pass, cfg, ssaRes.SrcFuncs)
	return nil, nil
}

// checkTableResults reports, per table result: NextRow with no set ever
// selected (unary results only: a stream result has its first set
// received when it is created, since v3.53.0), and NextResultSet's bool
// loop with Err never called.
func checkTableResults(pass *analysis.Pass, cfg *config.Config, gs []*group, preloaded bool) {
	for _, g := range gs {
		if g.unknown {
			continue
		}
		api := describeCall(&g.origin.Call)
		unselected := g.family == sdk.ResultTableUnary || g.family == sdk.ResultTableStream && !preloaded
		if unselected && !g.has(sdk.OpSelectBool) && !g.has(sdk.OpSelectErr) {
			if c, ok := g.first(sdk.OpNextRowBool); ok {
				kind := "a table-service result has no result set selected"
				if g.family == sdk.ResultTableStream {
					kind = "before v3.53.0 a table-service stream result has no result set received"
				}
				report.Report(pass, cfg, name, analysis.Diagnostic{
					Pos: c.pos, Category: categoryNoSet,
					Message: fmt.Sprintf("NextRow on the result of %s before any NextResultSet: it reads no row; %s until NextResultSet(ctx) or NextResultSetErr(ctx) selects one, so NextRow returns false; loop with for res.NextResultSet(ctx) { for res.NextRow() { … } } and check res.Err()", api, kind),
				})
				continue
			}
		}
		if c, ok := g.first(sdk.OpSelectBool); ok && !errorsObserved(g) {
			what, unchecked := "context and truncation errors (more than 1000 rows: truncated result)", "neither res.Err() nor any Scan's error is checked"
			if g.family != sdk.ResultTableUnary {
				what, unchecked = "stream receive, context and truncation errors", "res.Err() is never checked"
			}
			report.Report(pass, cfg, name, analysis.Diagnostic{
				Pos: c.pos, Category: categoryUncheckErr,
				Message: fmt.Sprintf("the result of %s is read with NextResultSet without an error check; NextResultSet returns false on %s as on the end of the result, and %s, so a failed read returns partial rows as success; check res.Err() after the loop", api, what, unchecked),
			})
		}
	}
}

// errorsObserved reports whether the code sees the iteration's errors
// somewhere: Err(), a NextResultSetErr whose error is used, or — on a
// unary result, whose only other loss is a cancelled context — a Scan whose
// error is used (every scan returns the scanner's error, truncation
// included). A stream's receive errors end the loop before any scan, so
// there only Err and NextResultSetErr count.
func errorsObserved(g *group) bool {
	if g.has(sdk.OpErr) || g.hasUsed(sdk.OpSelectErr) {
		return true
	}
	return g.family == sdk.ResultTableUnary && g.hasUsed(sdk.OpScan)
}

// checkQueryLoops reports query-service NextResultSet/NextRow calls in a
// loop whose error is only ever compared with nil: io.EOF, the normal end,
// and a failure then leave the loop alike.
func checkQueryLoops(pass *analysis.Pass, cfg *config.Config, fns []*ssa.Function) {
	for _, fn := range fns {
		var cyclic map[*ssa.BasicBlock]bool
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || !call.Call.IsInvoke() {
					continue
				}
				fam := sdk.ResultFamilyOf(call.Call.Value.Type())
				if fam != sdk.ResultQuery && fam != sdk.ResultQuerySet {
					continue
				}
				method := call.Call.Method.Name()
				if sdk.ResultMethodOp(fam, method) != sdk.OpNextErr {
					continue
				}
				errV := extractOf(call, 1)
				if errV == nil || !onlyNilCompared(errV) {
					continue
				}
				if cyclic == nil {
					cyclic = cyclicBlocks(fn)
				}
				if !cyclic[b] {
					continue
				}
				report.Report(pass, cfg, name, analysis.Diagnostic{
					Pos: call.Pos(), Category: categoryEOF,
					Message: fmt.Sprintf("the error of %s is only compared with nil; io.EOF (the normal end) and a failed read leave the loop alike, so a broken stream returns partial rows as success; test errors.Is(err, io.EOF) to end the loop and return any other error", method),
				})
			}
		}
	}
}

// extractOf returns the Extract of component i of call's tuple, or nil.
func extractOf(call *ssa.Call, i int) *ssa.Extract {
	refs := call.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			return e
		}
	}
	return nil
}

// onlyNilCompared reports whether every use of v compares it with nil.
func onlyNilCompared(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	compared := false
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if (r.Op != token.EQL && r.Op != token.NEQ) || !(isNilConst(r.X) || isNilConst(r.Y)) {
				return false
			}
			compared = true
		default:
			return false
		}
	}
	return compared
}

// cyclicBlocks returns the blocks of fn that lie on a cycle of its
// control-flow graph (the bodies of loops).
func cyclicBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		seen := map[*ssa.BasicBlock]bool{}
		work := append([]*ssa.BasicBlock(nil), b.Succs...)
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if x == b {
				out[b] = true
				break
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return out
}

// streamPreloaded reports whether the SDK the package is built against
// receives a stream's first result set when the stream is opened (since
// v3.53.0). The version is read from the module-cache file name of
// table/result; when it is unknown (vendored, replaced), the current
// behaviour is assumed and stream results are not reported.
func streamPreloaded(pass *analysis.Pass) bool {
	p := sdk.FindImport(pass.Pkg, sdk.PkgTableResult)
	if p == nil {
		return true
	}
	obj := p.Scope().Lookup("StreamResult")
	if obj == nil {
		return true
	}
	v, ok := sdk.VersionFromFile(pass.Fset.Position(obj.Pos()).Filename)
	return !ok || !sdk.VersionBefore(v, sdk.StreamFirstSetSince)
}

// describeCall names the SDK function or method call calls, e.g.
// "Session.Execute".
func describeCall(call *ssa.CallCommon) string {
	var fn *types.Func
	if call.IsInvoke() {
		fn = call.Method
	} else if f := call.StaticCallee(); f != nil {
		fn, _ = f.Object().(*types.Func)
	}
	if fn == nil {
		return "the SDK call"
	}
	id, ok := sdk.IdentityOf(fn)
	if !ok || id.Recv == "" {
		return fn.Name()
	}
	return id.Recv + "." + id.Name
}
