package bindings

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// A parameter option bound through an immediately invoked function
// literal, which services write to pick a value per case:
//
//	table.NewQueryParameters(
//		table.ValueParam("$id", types.Uint64Value(id)),
//		func() table.ParameterOption {
//			if parent == nil {
//				return table.ValueParam("$parent", types.NullValue(types.TypeUint64))
//			}
//			return table.ValueParam("$parent", types.OptionalValue(types.Uint64Value(*parent)))
//		}(),
//	)
//
// Every return of the literal is a ValueParam of the same constant name,
// so the call binds that name whichever return runs; the value is the
// join of the returned values (joinValues): what they all agree on.

// iifeBinding is one parameter bound by an immediately invoked function
// literal: its name, the position of its first ValueParam and the join of
// the values its returns bind.
type iifeBinding struct {
	name     string
	pos, end token.Pos
	value    site.Value
}

// iifeParam decodes v when it is a call, without arguments, of a function
// literal whose every return is table.ValueParam with one constant name.
func (d *Decoder[C]) iifeParam(v ssa.Value, c C) (iifeBinding, bool) {
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) != 0 {
		return iifeBinding{}, false
	}
	var fn *ssa.Function
	switch f := call.Call.Value.(type) {
	case *ssa.MakeClosure:
		fn, _ = f.Fn.(*ssa.Function)
	case *ssa.Function:
		fn = f
	}
	if fn == nil || fn.Parent() == nil || len(fn.Blocks) == 0 {
		return iifeBinding{}, false // not a function literal, or no body
	}
	var b iifeBinding
	var values []site.Value
	for _, blk := range fn.Blocks {
		ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
		if !ok {
			continue // a panic, or a block that goes on
		}
		if len(ret.Results) != 1 {
			return iifeBinding{}, false
		}
		f, vargs, _, vcall := ssaval.HelperOf(ssaval.Peel(ret.Results[0]))
		if f == nil || f.Helper != sdk.HelperValueParam || len(vargs) != 2 {
			return iifeBinding{}, false
		}
		name, ok := ssaval.ConstString(vargs[0])
		if !ok || b.name != "" && name != b.name {
			return iifeBinding{}, false
		}
		if b.name == "" {
			b.name = name
			b.pos, b.end = d.host.CallRange(vcall)
		}
		values = append(values, d.Classify(vargs[1], d.host.Deeper(c)))
	}
	if b.name == "" {
		return iifeBinding{}, false
	}
	b.value = joinValues(values)
	return b, true
}

// joinValues is what every value of vs says: a type only when all have
// it (Optional or not alike), NULL-ness joined (always NULL on some paths
// only is maybe NULL), and the other properties only when all agree.
// vs is not empty.
func joinValues(vs []site.Value) site.Value {
	out := vs[0]
	for _, v := range vs[1:] {
		if v.YDBType != out.YDBType || v.Optional != out.Optional {
			out.YDBType, out.Optional = "", false
		}
		out.Null = joinNull(out.Null, v.Null)
		if !v.Const || !out.Const || v.ConstText != out.ConstText {
			out.Const, out.ConstText = false, ""
		}
		if v.HashFunc != out.HashFunc || v.HashOf != out.HashOf {
			out.HashFunc, out.HashOf = "", ""
		}
		if v.Monotonic != out.Monotonic {
			out.Monotonic = ""
		}
		if v.Origin != out.Origin {
			out.Origin = ""
		}
	}
	if out.YDBType == "" && out.Null != site.NullUnknown && len(vs) > 1 && !sameTypes(vs) {
		out.Null = site.NullUnknown // NULL-ness of values of different types says little
	}
	return out
}

func sameTypes(vs []site.Value) bool {
	for _, v := range vs[1:] {
		if v.YDBType != vs[0].YDBType || v.Optional != vs[0].Optional {
			return false
		}
	}
	return true
}

// joinNull joins the NULL-ness of two alternative values.
func joinNull(a, b site.NullKind) site.NullKind {
	switch {
	case a == b:
		return a
	case a == site.NullUnknown || b == site.NullUnknown:
		return site.NullUnknown
	}
	return site.MaybeNull // NULL on one path, not (or maybe) on the other
}
