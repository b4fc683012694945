package querysite

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// dbHost is the pass as package dbhandle sees it (dbhandle.Host): the
// bodies and functions querysite sees, the callers it knows (paramkey.go),
// the stores into package variables (text.go) and the entry points calls
// reach (resolve.go), so that a handle is traced through what the rest of
// the pass trusts.
type dbHost struct{ a *pkgAnalysis }

func (h dbHost) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return h.a.prog.Blocks(fn) }

func (h dbHost) Funcs() []*ssa.Function { return h.a.funcs }

func (h dbHost) UnknownField(tn *types.TypeName, i int) bool { return h.a.prog.UnknownField(tn, i) }

func (h dbHost) KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int) {
	return h.a.knownCallers(p)
}

func (h dbHost) GlobalStores(g *ssa.Global) ([]*ssa.Store, bool) { return h.a.globalStores(g) }

func (h dbHost) Entry(common *ssa.CallCommon) *sdk.Entry { return h.a.target(common).entry }
