package goeval

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval/ir"
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
func (e *Evaluator) joinHeaps(a, b *heap, ca, cb int) *heap {
	switch {
	case a == nil:
		return b
	case b == nil || a == b:
		return a
	}
	out := &heap{}
	i, j := 0, 0
	for i < len(a.ids) || j < len(b.ids) {
		switch {
		case j >= len(b.ids) || i < len(a.ids) && a.ids[i] < b.ids[j]:
			out.ids = append(out.ids, a.ids[i])
			out.vals = append(out.vals, a.vals[i])
			i++
		case i >= len(a.ids) || b.ids[j] < a.ids[i]:
			out.ids = append(out.ids, b.ids[j])
			out.vals = append(out.vals, b.vals[j])
			j++
		default:
			out.ids = append(out.ids, a.ids[i])
			out.vals = append(out.vals, e.join2(a.vals[i], b.vals[j], ca, cb))
			i++
			j++
		}
	}
	return out
}
