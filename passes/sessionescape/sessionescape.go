package sessionescape

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

const name = "sessionescape"

// Analyzer reports streams, sessions and transactions that outlive the
// retried closure they belong to.
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
	categoryStream  = "stream-escapes"
	categorySession = "session-escapes"
)

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	ssaRes := sdkssa.Of(pass)
	if !cfg.IsPkgInScope(pass.Pkg) || ssaRes == nil {
		return nil, nil
	}
	for _, fn := range ssaRes.SrcFuncs {
		checkCreateSessions(pass, cfg, fn)
		for _, rc := range sdkssa.RetriedClosures(fn) {
			checkStreams(pass, cfg, rc)
			checkParams(pass, cfg, rc)
		}
	}
	return nil, nil
}

// checkStreams reports streams opened on the closure's session that are
// stored in a captured variable or returned as the closure's value.
func checkStreams(pass *analysis.Pass, cfg *config.Config, rc sdkssa.RetriedClosure) {
	for _, b := range rc.Fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok || !queryStream(sdk.ResultFamilyOf(v.Type())) {
				continue
			}
			api, ok := streamOrigin(v)
			if !ok {
				continue
			}
			for _, esc := range escapes(v) {
				report.Report(pass, cfg, name, analysis.Diagnostic{
					Pos: esc.pos, Category: categoryStream,
					Message: fmt.Sprintf("the stream of %s %s; it is read after %s has returned the session to the pool (internal/query/client.go do: a nil error from the closure marks the session idle, open stream or not): the next user of the session gets SESSION_BUSY and this read fails or hangs; read it to the end inside the closure, or use the client's materialising call (db.Query().Query / QueryResultSet)", api, esc.how, rc.Retrier.API),
				})
			}
		}
	}
}

// queryStream reports whether f is a query-service stream: the session
// that produced it is busy until it is read to the end. Table-service
// streams (StreamReadTable, StreamExecuteScanQuery) are left out: their
// gRPC stream is not tied to the session's busy state in the SDK
// (internal/table/session.go), and the SDK's own ttl_readtable example
// reads one after Do returns.
func queryStream(f sdk.ResultFamily) bool {
	return f == sdk.ResultQuery || f == sdk.ResultQueryArrow
}

// streamOrigin reports whether v is returned by an SDK call on a session
// or transaction (not a client: the client's calls materialise).
func streamOrigin(v ssa.Value) (string, bool) {
	var call *ssa.Call
	switch v := v.(type) {
	case *ssa.Call:
		call = v
	case *ssa.Extract:
		call, _ = v.Tuple.(*ssa.Call)
	}
	if call == nil {
		return "", false
	}
	id, _, ok := sdkssa.Callee(&call.Call)
	if !ok || !sdk.InSDK(id.Pkg) || id.Recv == "" || id.Recv == "Client" {
		return "", false
	}
	return id.Recv + "." + id.Name, true
}

type escape struct {
	pos token.Pos
	how string
}

// escapes lists where v (or a φ it flows into) leaves the closure: a store
// to a captured variable, a return as the closure's value.
func escapes(v ssa.Value) []escape {
	var out []escape
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if seen[v] {
			return
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if fv, ok := r.Addr.(*ssa.FreeVar); ok && r.Val == v {
					out = append(out, escape{pos: posOr(r.Pos(), v.Pos()), how: "is stored in " + fv.Name() + ", captured from outside the closure"})
				}
			case *ssa.Return:
				out = append(out, escape{pos: posOr(r.Pos(), v.Pos()), how: "is returned as the closure's value"})
			case *ssa.Phi:
				walk(r)
			}
		}
	}
	walk(v)
	return out
}

func posOr(ps ...token.Pos) token.Pos {
	for _, p := range ps {
		if p.IsValid() {
			return p
		}
	}
	return token.NoPos
}

// checkParams reports the closure's session, transaction or connection
// stored in a captured variable or handed to a goroutine.
func checkParams(pass *analysis.Pass, cfg *config.Config, rc sdkssa.RetriedClosure) {
	for _, p := range rc.Fn.Params {
		if !sdk.IsRetrierHandle(p.Type()) {
			continue
		}
		refs := p.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			var how string
			var pos token.Pos
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val != ssa.Value(p) {
					break
				}
				switch addr := r.Addr.(type) {
				case *ssa.FreeVar:
					how, pos = "is stored in "+addr.Name()+", captured from outside the closure", r.Pos()
				case *ssa.Alloc:
					// The parameter's own variable, captured by a
					// function literal started with go.
					if g := goroutineCapturing(addr); g != nil {
						how, pos = "is captured by a goroutine", g.Pos()
					}
				}
			case *ssa.Go:
				how, pos = "is handed to a goroutine", r.Pos()
			case *ssa.MakeClosure:
				if g := goes(r); g != nil {
					how, pos = "is captured by a goroutine", g.Pos()
				}
			}
			if how == "" {
				continue
			}
			report.Report(pass, cfg, name, analysis.Diagnostic{
				Pos: posOr(pos, p.Pos()), Category: categorySession,
				Message: fmt.Sprintf("%s %s %s; it is used after %s has taken it back (the session returns to the pool when the closure returns; a transaction ends with it): concurrent or later use of it fails with SESSION_BUSY or a closed transaction; use it only inside the closure, and wait for goroutines before returning", p.Name(), typeString(p.Type()), how, rc.Retrier.API),
			})
		}
	}
}

// goroutineCapturing returns the go statement that starts a closure
// capturing the variable addr, or nil.
func goroutineCapturing(addr *ssa.Alloc) *ssa.Go {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if mc, ok := r.(*ssa.MakeClosure); ok {
			if g := goes(mc); g != nil {
				return g
			}
		}
	}
	return nil
}

// goes returns the go statement that starts the closure mc makes, or nil.
func goes(mc *ssa.MakeClosure) *ssa.Go {
	refs := mc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if g, ok := r.(*ssa.Go); ok && g.Call.Value == ssa.Value(mc) {
			return g
		}
	}
	return nil
}

func typeString(t types.Type) string {
	return "(" + types.TypeString(t, func(p *types.Package) string { return p.Name() }) + ")"
}
