package querysite

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/tableopts"
)

// tableOptHost is the pass as package tableopts sees it (tableopts.Host):
// the bodies querysite sees, its decoding of types.Type values, the call
// ranges of its other findings (so that an option's position is the one a
// site's other evidence reports), and the entry points calls reach
// (resolve.go).
type tableOptHost struct{ a *pkgAnalysis }

func (h tableOptHost) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return h.a.prog.Blocks(fn) }

func (h tableOptHost) YDBType(v ssa.Value) (string, bool, bool) { return h.a.ydbType(v, 0) }

func (h tableOptHost) Entry(common *ssa.CallCommon) *sdk.Entry { return h.a.target(common).entry }

func (h tableOptHost) CallPos(call *ssa.Call) token.Pos {
	pos, _ := h.a.callRange(call)
	return pos
}

// optionReader decodes the package's CreateTable and AlterTable options.
func (a *pkgAnalysis) optionReader() *tableopts.Reader {
	return tableopts.NewReader(tableOptHost{a}, a.pkg)
}
