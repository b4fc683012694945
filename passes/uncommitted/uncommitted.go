package uncommitted

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "uncommitted"

// Analyzer reports read-write transactions begun and never committed, and
// dropped commit errors.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer, sdkssa.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categoryTable   = "table-tx-not-committed"
	categoryQuery   = "query-tx-not-committed"
	categoryDropped = "commit-error-dropped"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	plans := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	ssaRes := sdkssa.Of(pass)
	if !plans.InScope || ssaRes == nil {
		return nil, nil
	}
	u := &checker{pass: pass, cfg: cfg, writes: siteWrites(plans), version: sdkVersion(pass),
		globals: collectGlobalStores(ssaRes.SrcFuncs, ssaRes.Pkg), blanked: blankAssigned(pass)}
	for _, fn := range ssaRes.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				u.check(call)
			}
		}
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	cfg  *config.Config
	// writes answers "does the query text at this call write?".
	writes func(pos token.Pos) writeKnowledge
	// version is the SDK version from the module cache, "" when unknown.
	version string
	globals globalStores
	// blanked holds the Lparen of every call whose results are assigned
	// to _ explicitly: a deliberate choice, not reported.
	blanked map[token.Pos]bool
}

type writeKnowledge uint8

const (
	writeUnknown writeKnowledge = iota
	writesNo
	writesYes
)

func (u *checker) check(call ssa.CallInstruction) {
	c := call.Common()
	id, args, ok := sdkssa.Callee(c)
	if !ok {
		return
	}
	if cc := sdk.LookupCommitCall(id); cc != nil {
		u.checkDropped(call, cc)
		return
	}
	sc, isCall := call.(*ssa.Call)
	if !isCall {
		return
	}
	tc := sdk.LookupTxControlCall(id)
	switch {
	case tc == nil || tc.Arg >= len(args):
	case tc.InOptions:
		u.checkQueryClient(sc, tc.API, args[tc.Arg])
	default:
		u.checkTableExecute(sc, args[tc.Arg])
	}
}

// checkTableExecute: Session.Execute with an RW BeginTx and no CommitTx,
// whose returned transaction is dropped, on a text that writes.
func (u *checker) checkTableExecute(call *ssa.Call, txc ssa.Value) {
	if u.globals.evalTx(txc, 0) != txRWOpen {
		return
	}
	if tx := extractOf(call, 0); tx != nil && used(tx) {
		return // committed, continued or rolled back by the code
	}
	if u.writes(call.Pos()) != writesYes {
		return
	}
	report.Report(u.pass, u.cfg, name, analysis.Diagnostic{
		Pos: call.Pos(), Category: categoryTable,
		Message: "Session.Execute begins a read-write transaction without CommitTx() and drops the transaction; the table service never commits the transaction it returns, so these writes are lost when the transaction times out; add table.CommitTx() to the TxControl (table.TxControl(table.BeginTx(table.WithSerializableReadWrite()), table.CommitTx())) or commit the returned transaction",
	})
}

// checkQueryClient: a non-interactive query-service call with an RW BeginTx
// and no CommitTx.
func (u *checker) checkQueryClient(call *ssa.Call, api string, opts ssa.Value) {
	ctrl, ok := txControlOption(opts)
	if !ok || u.globals.evalTx(ctrl, 0) != txRWOpen {
		return
	}
	var what string
	switch {
	case u.version != "" && !sdk.VersionBefore(u.version, sdk.TxControlWithoutCommitSince):
		what = "since v3.126.1 the SDK refuses it: every call returns query.ErrTxControlWithoutCommit"
	case u.version != "":
		if u.writes(call.Pos()) != writesYes {
			return
		}
		what = "before v3.126.1 the SDK sends it as is and nobody can commit it: the writes are lost (v3.126.1+ returns query.ErrTxControlWithoutCommit)"
	default:
		if u.writes(call.Pos()) != writesYes {
			return
		}
		what = "the writes are lost (SDK v3.126.1+ refuses the call with query.ErrTxControlWithoutCommit)"
	}
	report.Report(u.pass, u.cfg, name, analysis.Diagnostic{
		Pos: call.Pos(), Category: categoryQuery,
		Message: fmt.Sprintf("%s runs with a read-write BeginTx and no CommitTx(); the call ends its own session and transaction: %s; add query.CommitTx() to the TxControl, or leave the TxControl out (the default commits)", api, what),
	})
}

// checkDropped: the error of a commit (or of a transactional retrier) is
// dropped.
func (u *checker) checkDropped(call ssa.CallInstruction, cc *sdk.CommitCall) {
	switch call.(type) {
	case *ssa.Defer, *ssa.Go:
	case *ssa.Call:
		if errorUsed(call.(*ssa.Call)) || u.blanked[call.Pos()] {
			return
		}
	default:
		return
	}
	report.Report(u.pass, u.cfg, name, analysis.Diagnostic{
		Pos: call.Pos(), Category: categoryDropped,
		Message: fmt.Sprintf("the error of %s is dropped; it is how a failed commit (ABORTED on a lock conflict, UNDETERMINED, a broken connection) is reported, and ignoring it treats writes that were never committed as done; check it", cc.API),
	})
}

// blankAssigned returns the Lparen of every call in `_ = f(…)` or
// `_, _ = f(…)`.
func blankAssigned(pass *analysis.Pass) map[token.Pos]bool {
	out := map[token.Pos]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			as, ok := n.(*ast.AssignStmt)
			if !ok || len(as.Rhs) != 1 {
				return true
			}
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
					return true
				}
			}
			if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				out[call.Lparen] = true
			}
			return true
		})
	}
	return out
}

// errorUsed reports whether the last (error) result of call is used.
func errorUsed(call *ssa.Call) bool {
	sig := call.Call.Signature()
	n := sig.Results().Len()
	switch n {
	case 0:
		return true
	case 1:
		return used(call)
	}
	e := extractOf(call, n-1)
	return e != nil && used(e)
}

func used(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

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

// siteWrites indexes the query sites by call range: whether every text
// variant of the site has an INSERT/UPSERT/REPLACE/UPDATE/DELETE.
func siteWrites(plans *queryplan.Result) func(token.Pos) writeKnowledge {
	type siteInfo struct {
		pos, end token.Pos
		variants map[int]bool // variant → writes
		n        int
	}
	var sites []*siteInfo
	index := map[any]*siteInfo{}
	for _, st := range plans.Statements {
		si := index[st.Site]
		if si == nil {
			si = &siteInfo{pos: st.Site.Pos, end: st.Site.End, variants: map[int]bool{}, n: len(st.Site.Query.Texts)}
			index[st.Site] = si
			sites = append(sites, si)
		}
		switch st.Stmt().(type) {
		case *yql.InsertStmt, *yql.UpdateStmt, *yql.DeleteStmt:
			si.variants[st.Variant] = true
		default:
			if _, ok := si.variants[st.Variant]; !ok {
				si.variants[st.Variant] = false
			}
		}
	}
	return func(p token.Pos) writeKnowledge {
		for _, si := range sites {
			if p < si.pos || p > si.end {
				continue
			}
			if si.n == 0 || len(si.variants) < si.n {
				return writeUnknown
			}
			for _, w := range si.variants {
				if !w {
					return writeUnknown
				}
			}
			return writesYes
		}
		return writeUnknown
	}
}

// sdkVersion is the SDK version the package is built against, from the
// module-cache file name of package table (or query); "" when unknown.
func sdkVersion(pass *analysis.Pass) string { return sdk.PackageVersion(pass.Pkg, pass.Fset) }
