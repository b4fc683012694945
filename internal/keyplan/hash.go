package keyplan

import (
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// HashCheck is the hash-prefix check of one read (yql-semantics.md §3.4) on
// a table whose leading key column Hash.Column holds Hash.Func(SourceColumn).
type HashCheck struct {
	Hash *schema.HashPrefix
	// HashBinding and SourceBinding are the bindings of the two columns.
	HashBinding, SourceBinding Binding
	// Missing: the source column is pinned to points (or keyed by IN
	// (SELECT …) / a join) in every branch and the hash column is not
	// mentioned at all (no atom, no opaque piece): the read is FULL for
	// want of the hash (row 9). With bucket evidence (bucket.go) it is set
	// when a later key column is constrained instead; SourceBinding is then
	// that column's binding.
	Missing bool
	// ColumnArg is set when the hash column is compared with a function of
	// a column (`h = F(id)`, row 12): Span is that atom. Replace, when
	// non-nil, rewrites the compared value to F(<source value>).
	ColumnArg *Reason
	Replace   *TextEdit
	// Mismatch: `h = F($x) AND id = $y` with different expressions (or a
	// different function, or a Go-side hash of another parameter). The read
	// is POINT but probably wrong; report at low confidence. MismatchSpan
	// is the hash atom.
	Mismatch     bool
	MismatchSpan yql.Span
	// Suggestion is the predicate to add, e.g.
	// "order_hash = Digest::NumericHash($order_id)"; "" when it cannot be
	// written (Go-side hash, several source values, unknown text).
	Suggestion string
	// Edits insert Suggestion at the start of the WHERE expression
	// ("<Suggestion> AND "), wrapping the old predicate in parentheses when
	// it is an OR/XOR. Empty when Suggestion is empty or Missing is false.
	Edits []TextEdit
}

// TextEdit replaces [Start, End) of the YQL text with NewText.
type TextEdit struct {
	Start, End int
	NewText    string
}

func (st *planState) hashCheck(a *Access, t *schema.Table, branches [][]*atom) *HashCheck {
	h := t.Hash
	if h.Bucket() {
		return bucketCheck(a, h, branches)
	}
	hc := &HashCheck{Hash: h, HashBinding: a.Binding(h.Column), SourceBinding: a.Binding(h.SourceColumn)}
	if _, ok := t.IsKey(h.SourceColumn); !ok {
		hc.SourceBinding = Binding{Column: h.SourceColumn}
		// The source column is not a key column: find a point on it anyway.
		hc.SourceBinding = pointOn(h.SourceColumn, branches)
	}
	srcText := ""
	if v := hc.SourceBinding.Value; v != nil && hc.SourceBinding.Kind == BindPoint {
		srcText = st.text(v.NodeSpan())
	}
	if h.Func != "" && srcText != "" {
		hc.Suggestion = h.Column + " = " + h.Func + "(" + srcText + ")"
	}
	hc.Missing = (hc.SourceBinding.Kind == BindPoint || hc.SourceBinding.Kind == BindDepends) &&
		hc.HashBinding.Kind == BindNone && !hasOpaque(branches) && !mentions(branches, h.Column)

	// Row 12: h = F(column).
	for _, br := range branches {
		for _, at := range br {
			if at.kind != atomResidual || at.reason != ReasonColumnVsColumn || len(at.cols) != 1 || at.cols[0] != h.Column {
				continue
			}
			if call, ok := st.resolveNamed(at.value).(*yql.Call); ok && strings.EqualFold(call.Module, "Digest") {
				hc.ColumnArg = &Reason{Code: ReasonColumnVsColumn, Column: h.Column, Span: at.span,
					Text: h.Column + " is compared with " + call.FullName() + " of a column, not of a value"}
				if h.Func != "" && srcText != "" && at.value != nil {
					sp := at.value.NodeSpan()
					hc.Replace = &TextEdit{Start: sp.Start, End: sp.End, NewText: h.Func + "(" + srcText + ")"}
				}
			}
		}
	}

	// Mismatch between the hashed value and the source value.
	if hc.HashBinding.Kind == BindPoint && hc.SourceBinding.Kind == BindPoint &&
		hc.HashBinding.Value != nil && hc.SourceBinding.Value != nil {
		hv := st.resolveNamed(hc.HashBinding.Value)
		sv := hc.SourceBinding.Value
		switch x := hv.(type) {
		case *yql.Call:
			if strings.EqualFold(x.Module, "Digest") && len(x.Args) >= 1 {
				if !st.sameExpr(x.Args[0], sv) || (h.Func != "" && !strings.EqualFold(x.FullName(), h.Func)) {
					hc.Mismatch, hc.MismatchSpan = true, hc.HashBinding.Atom
				}
			}
		case *yql.ParamRef:
			if _, named := st.named(x.Name); !named {
				if of := st.paramInfo(x.Name).HashOf; of != "" {
					sp, ok := st.resolveNamed(sv).(*yql.ParamRef)
					if ok && sp.Name != of {
						hc.Mismatch, hc.MismatchSpan = true, hc.HashBinding.Atom
					}
				}
			}
		}
	}

	if hc.Missing && hc.Suggestion != "" && a.Where != nil {
		sp := a.Where.NodeSpan()
		wrap := false
		if b, ok := a.Where.(*yql.Binary); ok && (b.Op == yql.OpOr || b.Op == yql.OpXor) {
			wrap = true
		}
		if wrap {
			hc.Edits = []TextEdit{{Start: sp.Start, End: sp.Start, NewText: hc.Suggestion + " AND ("}, {Start: sp.End, End: sp.End, NewText: ")"}}
		} else {
			hc.Edits = []TextEdit{{Start: sp.Start, End: sp.Start, NewText: hc.Suggestion + " AND "}}
		}
	}
	return hc
}

// mentions reports whether any atom concerns col, even as a residual filter.
func mentions(branches [][]*atom, col string) bool {
	for _, br := range branches {
		for _, at := range br {
			if indexOf(at.cols, col) >= 0 {
				return true
			}
		}
	}
	return false
}

func hasOpaque(branches [][]*atom) bool {
	for _, br := range branches {
		for _, at := range br {
			if at.allUnknown {
				return true
			}
		}
	}
	return false
}

// pointOn binds a column outside the key the way Bindings would.
func pointOn(col string, branches [][]*atom) Binding {
	r := evalKey([]string{col}, branches, true)
	if len(r.bindings) == 1 {
		return r.bindings[0]
	}
	return Binding{Column: col}
}
