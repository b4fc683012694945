package querysite

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Query text handed around as *string (a helper returns &text, a wrapper
// takes q *string and passes *q to the SDK) is the evaluator's, which
// follows a pointer through the cells it knows: a wrapper's *string
// parameter only read through is a "deref" parameter piece, {*k} in its
// ydbSink fact, and each caller instantiates it with the evaluator's text
// of what its argument points to at the call (the stores before it; a
// helper returning the address of its own variable interpreted, or run
// from its ydbEval summary in another package). A pointer written through
// where the evaluator cannot see is a hole.

// isStringPointer reports whether t is a pointer to a string type.
func isStringPointer(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isString(p.Elem())
}

// pointeeArgText is the text a *string argument arg points to at the call
// that passes it to a wrapper reading through it (a {*k} piece of its
// fact): the evaluator's text of the cell's value at that call
// (argAtCall), through the stores before it.
func (a *pkgAnalysis) pointeeArgText(arg ssa.Value, hint ast.Expr, c *ctx) texts {
	fn := arg.Parent()
	if fn == nil {
		pos, end := exprRange(hint, arg)
		return single(holePiece("", "text behind a pointer that is not a value of a function", pos, end))
	}
	ev := a.evaluator()
	all := a.resultText(ev, argAtCall(ev, fn, arg).Pointee(), hint, arg, c)
	if neu, known := knownPathPrefixes(all); known {
		return neu
	}
	return all
}
