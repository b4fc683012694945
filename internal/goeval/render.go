package goeval

import (
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Rendering, for tests and debugging. A string reads as its text with:
//
//	<key>     a hole: its key, param:name for a parameter, ?desc otherwise
//	[x]?N     x or nothing, decided by condition N
//	(a|b)     a or b
//	{x}*      zero or more copies of x
//	join(a, b; sep)  the present items with sep between them
//
// Other values read as Go-like literals: T{f: v}, [a, b?N, c*] (an element
// under condition N, a repeated one), map[k: v], &v, f(args) for a call
// not interpreted, alt(a | b), and int[lo..hi] for an interval.

// String renders the result's value.
func (r *Result) String() string {
	var b strings.Builder
	r.e.renderer().Write(&b, r.V, r.h, true)
	return b.String()
}

// RenderShape renders a string shape of this evaluator.
func (e *Evaluator) RenderShape(s *strshape.Shape) string {
	var b strings.Builder
	e.t.WriteShape(&b, s)
	return b.String()
}

// renderer is the value package's Renderer over this evaluator's pieces,
// paths and cells.
func (e *Evaluator) renderer() value.Renderer {
	return value.Renderer{T: &e.t, Path: e.getPath, CellDesc: func(c int) string { return e.cells[c].desc }}
}
