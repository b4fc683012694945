package querysite

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// sprintfVariants formats every variant of a non-constant format. A
// variant with a hole cannot be formatted (its verbs, hence which argument
// goes where, are unknown): the whole result is then a hole, as before.
// Choice markers of the format are kept on each result.
func (a *pkgAnalysis) sprintfVariants(format texts, elems []ssa.Value, argHints []ast.Expr, pos, end token.Pos, c *ctx) texts {
	hole := single(holePiece("", "fmt.Sprintf", pos, end))
	if format.cyclic || len(format.vs) == 0 {
		return hole
	}
	out := texts{truncated: format.truncated}
	for _, v := range format.vs {
		var fps, marks []piece
		f := ""
		for _, p := range v {
			switch {
			case p.mark != nil:
				marks = append(marks, p)
			case p.hole || p.param >= 0:
				return hole
			default:
				fps = append(fps, p)
				f += p.text
			}
		}
		t := a.sprintfPieces(fps, f, elems, argHints, pos, end, c)
		if len(marks) > 0 {
			t = concat(t, single(marks...))
		}
		out = union(out, t)
	}
	return out
}
