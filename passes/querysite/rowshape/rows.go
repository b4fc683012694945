package rowshape

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// maxRows bounds the rows decoded per BulkUpsert / ReadRows.
const maxRows = 64

// Host is what row decoding needs of the query-site pass: how it spells
// positions and call ranges, and how it traces slices and values.
type Host interface {
	// PosString renders a position stably across drivers ("file.go:line:col").
	PosString(pos token.Pos) string
	// CallRange is the source range of a call's expression (the call's
	// own position when there is no syntax for it).
	CallRange(call *ssa.Call) (pos, end token.Pos)
	// AppendElems returns the elements of a slice built by a literal, a
	// variadic list or appends (through φ in loops, captured cells and
	// the package's functions returning it); ok is false when some are
	// not known.
	AppendElems(v ssa.Value) (elems []ssa.Value, ok bool)
	// ClassifierIn classifies the values of fn's own body (ExportShapes
	// decodes the slices fn returns).
	ClassifierIn(fn *ssa.Function) Classifier
}

// Bodies gives the function bodies the pass sees (an *ssaprog.Program,
// which hides those the pass does not need).
type Bodies interface {
	Blocks(fn *ssa.Function) []*ssa.BasicBlock
}

// Classifier describes a value handed to a field or key constructor as
// Row fields carry it, in the context the rows are decoded in.
type Classifier func(v ssa.Value) site.Value

// Decoder decodes the rows, keys and key ranges of one package's sites.
type Decoder struct {
	pass *analysis.Pass
	host Host
	// shapes is nil until ExportShapes has run: before, the package's own
	// row-returning functions and implementations are not known.
	shapes *shapeState
}

// NewDecoder returns the row decoder of the package pass analyses.
func NewDecoder(pass *analysis.Pass, host Host) *Decoder {
	return &Decoder{pass: pass, host: host}
}

// Rows decodes BulkUpsert rows / ReadRows keys: a List<Struct<…>> built
// with types.ListValue(types.StructValue(types.StructFieldValue(…))…), the
// list's items possibly appended to a slice in a loop.
func (d *Decoder) Rows(v ssa.Value, cl Classifier) ([]*site.Row, bool) {
	v = ssaval.Peel(v)
	if f, args, _, _ := ssaval.HelperOf(v); f != nil && f.Helper == sdk.HelperBulkUpsertDataRows && len(args) == 1 {
		v = ssaval.Peel(args[0])
	}
	name, args, _, ok := ssaval.CtorCall(v)
	if !ok || name != "ListValue" || len(args) != 1 {
		return nil, false
	}
	items, ok := d.host.AppendElems(args[0])
	rows, known := d.ItemRows(items, cl)
	return rows, ok && known
}

// ItemRows decodes the rows of a list's items (types.StructValue(…) each,
// possibly several through a helper); known is false when a row is not
// fully decoded or there are more than maxRows.
func (d *Decoder) ItemRows(items []ssa.Value, cl Classifier) (rows []*site.Row, known bool) {
	known = true
	for _, it := range items {
		for _, r := range d.structRows(it, cl) {
			if len(rows) >= maxRows {
				return rows, false
			}
			rows = append(rows, r)
			known = known && r.Known
		}
	}
	return rows, known
}

// structRows decodes types.StructValue(types.StructFieldValue(name, v)…):
// one row, or one per alternative field list (fieldAlts, implrows.go).
func (d *Decoder) structRows(v ssa.Value, cl Classifier) []*site.Row {
	v = ssaval.Peel(v)
	r := &site.Row{Pos: v.Pos(), End: v.Pos()}
	name, args, call, ok := ssaval.CtorCall(v)
	if !ok || name != "StructValue" || len(args) != 1 {
		return []*site.Row{r}
	}
	r.Pos, r.End = d.host.CallRange(call)
	alts, ok := d.fieldAlts(args[0], cl, 0)
	if !ok {
		return []*site.Row{r}
	}
	out := make([]*site.Row, 0, len(alts))
	for _, alt := range alts {
		out = append(out, &site.Row{Pos: r.Pos, End: r.End, Fields: alt.fields, Known: alt.known, Impl: alt.impl})
	}
	return out
}

// tupleRow decodes a key-prefix tuple types.TupleValue(v…).
func (d *Decoder) tupleRow(v ssa.Value, cl Classifier) *site.Row {
	v = ssaval.Peel(v)
	r := &site.Row{Pos: v.Pos(), End: v.Pos()}
	name, args, call, ok := ssaval.CtorCall(v)
	if !ok || name != "TupleValue" || len(args) != 1 {
		return r
	}
	r.Pos, r.End = d.host.CallRange(call)
	elems, ok := ssaval.SliceElems(args[0])
	if !ok {
		return r
	}
	r.Known = true
	for i, e := range elems {
		pos, end := e.Pos(), e.Pos()
		if call, ok := ssaval.Peel(e).(*ssa.Call); ok {
			pos, end = d.host.CallRange(call)
		}
		r.Fields = append(r.Fields, &site.Field{Index: i, Pos: pos, End: end, Value: cl(e)})
	}
	return r
}

// KeyRanges decodes StreamReadTable key-range options: one row per bound.
func (d *Decoder) KeyRanges(opts ssa.Value, cl Classifier) []*site.Row {
	elems, ok := ssaval.SliceElems(opts)
	if !ok {
		return nil
	}
	var out []*site.Row
	for _, e := range elems {
		f, args, _, _ := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil || len(args) != 1 {
			continue
		}
		switch f.Helper {
		case sdk.HelperReadGreater, sdk.HelperReadGreaterOrEqual, sdk.HelperReadLess, sdk.HelperReadLessOrEqual:
			out = append(out, d.tupleRow(args[0], cl))
		case sdk.HelperReadKeyRange:
			for _, fv := range ssaval.StructLitFields(args[0]) {
				if fv != nil {
					if k, ok := ssaval.Peel(fv).(*ssa.Const); ok && k.Value == nil {
						continue
					}
					out = append(out, d.tupleRow(fv, cl))
				}
			}
		}
	}
	return out
}
