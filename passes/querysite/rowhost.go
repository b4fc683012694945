package querysite

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/rowshape"
)

// rowHost is the pass as package rowshape sees it (rowshape.Host): row
// decoding reads positions, slices and values the way the rest of the
// pass does, without the pass's state.
type rowHost struct{ a *pkgAnalysis }

func (h rowHost) PosString(pos token.Pos) string { return h.a.posString(pos) }

func (h rowHost) CallRange(call *ssa.Call) (token.Pos, token.Pos) { return h.a.callRange(call) }

func (h rowHost) AppendElems(v ssa.Value) ([]ssa.Value, bool) {
	return h.a.appendElems(v, map[ssa.Value]bool{}, 0)
}

func (h rowHost) ClassifierIn(fn *ssa.Function) rowshape.Classifier {
	return h.a.classifier(&ctx{fn: fn})
}

// classifier classifies the values of rows decoded in context c, each one
// level deeper than c (as a field's value is one call below its row).
func (a *pkgAnalysis) classifier(c *ctx) rowshape.Classifier {
	return func(v ssa.Value) site.Value { return a.params.Classify(v, c.deeper()) }
}
