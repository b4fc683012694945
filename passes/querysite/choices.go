package querysite

import (
	"go/ast"
	"go/token"
	"sort"

	"github.com/ydblint/ydblint/internal/site"
)

// A text variant records the decisions of the program it depends on as
// zero-length marker pieces (piece.mark): an optional piece — an append
// under an if, a clause added to a builder in a branch — present or absent
// in this variant. Text.Choices carries them to planning, which can then
// tell a filter present on every path from one left out on some. The
// evaluator decides which pieces are optional (evalChoice); this file
// keeps the markers consistent and names their ifs.

// consistent reports whether two variants agree on every choice both
// depend on (the same if cannot be taken and not taken in one run).
func consistent(x, y variant) bool {
	for _, p := range x {
		if p.mark == nil {
			continue
		}
		for _, q := range y {
			if q.mark != nil && q.mark.ID == p.mark.ID && q.mark.Present != p.mark.Present {
				return false
			}
		}
	}
	return true
}

// choicesOf collects a variant's markers, by ID, each once.
func choicesOf(v variant) []site.Choice {
	var out []site.Choice
	seen := map[int]bool{}
	for _, p := range v {
		if p.mark != nil && !seen[p.mark.ID] {
			seen[p.mark.ID] = true
			out = append(out, *p.mark)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// enclosingIfCond returns the condition of the innermost if statement
// whose condition contains pos: the Go text a Choice shows ("req.OrgID !=
// \"\"") and the range a finding about it points at.
func (a *pkgAnalysis) enclosingIfCond(pos token.Pos) ast.Expr {
	if !pos.IsValid() {
		return nil
	}
	var best ast.Expr
	for _, f := range a.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos > n.End() {
				return false
			}
			if is, ok := n.(*ast.IfStmt); ok && is.Cond != nil && is.Cond.Pos() <= pos && pos <= is.Cond.End() {
				best = is.Cond
			}
			return true
		})
	}
	return best
}
