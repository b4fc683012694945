package goeval

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
)

// cellInfo describes a cell of the abstract heap.
type cellInfo struct {
	typ  *ir.Type // type of the contents
	unit *ir.Unit // unit of typ
	desc string
	// global: the cell of a package variable, by full name; g its SSA
	// global when this process has it, from the unit that named it.
	global   string
	g        *ssa.Global
	from     *ir.Unit
	initOnly int8 // 0 not asked, 1 yes, 2 no
}

// newCell allocates a cell id.
func (e *Evaluator) newCell(t *ir.Type, u *ir.Unit, desc string) int {
	e.cells = append(e.cells, cellInfo{typ: t, unit: u, desc: desc})
	return len(e.cells) - 1
}

// joinHeaps joins the heaps of two paths (see join2 for the conditions).
// A cell in one heap only was allocated on that path: the other cannot
// reach it.
func (e *Evaluator) joinHeaps(a, b *value.Heap, ca, cb int) *value.Heap {
	return value.MergeHeaps(a, b, func(x, y *value.Value) *value.Value { return e.join2(x, y, ca, cb) })
}
