package querysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/bindings"
)

// bindHost is the pass as package bindings sees it (bindings.Host over
// the pass's *ctx): call syntax, slices, the origins and hashes of Go
// values and the helpers the pass inlines, without the pass's state.
type bindHost struct{ a *pkgAnalysis }

func (h bindHost) CallRange(call *ssa.Call) (token.Pos, token.Pos) { return h.a.callRange(call) }

func (h bindHost) CallSyntax(call *ssa.Call) *ast.CallExpr { return h.a.src.Call(call.Pos()) }

func (h bindHost) AppendElems(v ssa.Value) ([]ssa.Value, bool) {
	return h.a.appendElems(v, map[ssa.Value]bool{}, 0)
}

func (h bindHost) FindPackage(path string) *types.Package { return h.a.findPackage(path) }

func (bindHost) Depth(c *ctx) int { return c.depth }

func (bindHost) Deeper(c *ctx) *ctx { return c.deeper() }

func (h bindHost) ThroughBinds(v ssa.Value, c *ctx) ssa.Value { return h.a.throughBinds(v, c) }

func (h bindHost) Origin(v ssa.Value) string { return h.a.origin(v) }

func (h bindHost) Desc(v ssa.Value) string { return h.a.desc(v) }

func (h bindHost) HashOf(v ssa.Value) (string, string, bool) { return h.a.hashes.Of(v) }

func (h bindHost) Inline(v ssa.Value, c *ctx) (ssa.Value, *ctx, bool) {
	return h.a.inlineResult(v, c) // paramsinline.go
}

func (bindHost) ParamIndex(v ssa.Value, c *ctx) int { return asParam(v, c) }

// ydbType decodes a types.Type value (package bindings), as table
// options declare column types with.
func (a *pkgAnalysis) ydbType(v ssa.Value, depth int) (yqlType string, optional bool, ok bool) {
	return a.params.YDBType(v, depth)
}

// callRange is the source range of a call's expression (the call's own
// position when there is no syntax for it).
func (a *pkgAnalysis) callRange(call *ssa.Call) (token.Pos, token.Pos) {
	if ce := a.src.Call(call.Pos()); ce != nil {
		return ce.Pos(), ce.End()
	}
	return call.Pos(), call.Pos()
}

// inferBind is bindings.InferBind of a variant: holes and parameters are
// text it does not know.
func inferBind(v variant) site.BindMode {
	spans := make([]bindings.Span, len(v))
	for i, p := range v {
		spans[i] = bindings.Span{Text: p.text, Unknown: p.hole || p.param >= 0}
	}
	return bindings.InferBind(spans)
}
