package keyplan

import (
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// readHashEvidence records read-side hash-prefix evidence (the read
// counterpart of §4 A): a keyed read that pins the leading key column to
// Digest::F(v), or to a parameter bound in Go to a hash of the parameter v,
// while pinning another key column to the same v, says as clearly as a
// write does that the leading column holds F(that column). It matters when
// the only write of the table is elsewhere (a BulkUpsert, another module)
// or lost the hash: the other statements are then checked against it.
//
// Only a table without evidence (or with bucket evidence only, which this
// outranks) gets it, only through its primary key, and
// only when every OR branch binds the same value (Binding.Value is nil
// otherwise).
func (st *planState) readHashEvidence(a *Access, t *schema.Table) {
	if t.Hash != nil && !t.Hash.Bucket() || a.Index != nil || a.Batch || len(t.PrimaryKey) < 2 || len(a.Bindings) != len(a.Key) || len(a.Key) < 2 {
		return
	}
	lead := a.Bindings[0]
	if lead.Column != t.PrimaryKey[0] || lead.Kind != BindPoint || lead.Value == nil || lead.Null {
		return
	}
	hv := st.resolveNamed(lead.Value)
	for j := 1; j < len(a.Bindings); j++ {
		b := a.Bindings[j]
		if b.Kind != BindPoint || b.Value == nil || b.Null {
			continue
		}
		if hp := st.hashOfBinding(lead.Column, hv, b); hp != nil {
			a.HashEvidence, a.HashEvidenceSpan = hp, lead.Atom
			return
		}
	}
}

// hashOfBinding says whether hv (the leading column's value, named
// expressions resolved) is a hash of the value bound in b.
func (st *planState) hashOfBinding(col string, hv yql.Expr, b Binding) *schema.HashPrefix {
	switch x := hv.(type) {
	case *yql.Call:
		if !strings.EqualFold(x.Module, "Digest") || len(x.Args) < 1 {
			return nil
		}
		arg := st.resolveNamed(x.Args[0])
		if _, isCol := arg.(*yql.ColumnRef); isCol || !st.sameExpr(arg, b.Value) {
			return nil
		}
		return &schema.HashPrefix{Column: col, Func: x.FullName(), SourceColumn: b.Column, Evidence: "read"}
	case *yql.ParamRef:
		if _, named := st.named(x.Name); named {
			return nil
		}
		of := st.paramInfo(x.Name).HashOf
		if of == "" {
			return nil
		}
		sp, ok := st.resolveNamed(b.Value).(*yql.ParamRef)
		if !ok || sp.Name != of {
			return nil
		}
		return &schema.HashPrefix{Column: col, SourceColumn: b.Column, Evidence: "read"}
	}
	return nil
}
