package bindings

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Parameter options forwarded through wrappers. Services pass
// table.ParameterOption lists down a chain of helpers, each of which may
// append its own, before one of them calls
// table.NewQueryParameters(values...):
//
//	func (r *Reader) exec(ctx context.Context, q string, values ...table.ParameterOption) error {
//		… s.Execute(ctx, tx, q, table.NewQueryParameters(values...)) …
//	}
//	func (r *Reader) since(ctx context.Context, name string, from int64, values ...table.ParameterOption) error {
//		values = append(values, table.ValueParam("$from", types.Int64Value(from)))
//		return r.exec(ctx, queries.Get(name), values...)
//	}
//	… r.since(ctx, "by-tag", from, table.ValueParam("$hash", types.Uint64Value(hash)))
//
// The wrapper's sink fact then names the option list parameter with role
// RoleParamOptions, and a caller's site decodes the options it passes
// (a variadic list, a slice literal, a slice grown with append). What the
// wrappers append themselves is not seen at the caller, so such Params are
// never Known: a rule may use the bindings found, never conclude that a
// parameter is unbound. A name bound twice with different values is
// dropped (appendedValues).

// RoleParamOptions marks a sink fact's Params index as a forwarded
// []table.ParameterOption (the role is stored as an int in the fact; it
// is not an SDK argument role, so it lives here rather than in sdk.Role).
const RoleParamOptions = sdk.Role(200)

// ForwardedOptions returns the index of the enclosing function's parameter
// whose option list reaches v = table.NewQueryParameters(list...), the list
// being that parameter or that parameter with elements appended; -1 when v
// is not such a call.
func (d *Decoder[C]) ForwardedOptions(v ssa.Value, c C) int {
	f, args, _, _ := ssaval.HelperOf(ssaval.Peel(v))
	if f == nil || f.Helper != sdk.HelperNewQueryParameters || len(args) != 1 {
		return -1
	}
	return d.OptionsBaseParam(args[0], c)
}

// OptionsBaseParam is Host.ParamIndex through append: the parameter an
// option list starts from (values = append(values, …)), or -1.
func (d *Decoder[C]) OptionsBaseParam(v ssa.Value, c C) int {
	for i := 0; i < 8; i++ {
		if k := d.host.ParamIndex(v, c); k >= 0 {
			return k
		}
		switch x := ssaval.Peel(v).(type) {
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "append" || len(x.Call.Args) != 2 {
				return -1
			}
			v = x.Call.Args[0]
		case *ssa.Phi:
			// values = append(values, …) under an if: every edge must
			// start from the same parameter.
			k := -1
			for _, e := range x.Edges {
				ek := d.OptionsBaseParam(e, c)
				if ek < 0 || k >= 0 && ek != k {
					return -1
				}
				k = ek
			}
			return k
		default:
			return -1
		}
	}
	return -1
}

// OptionListParams decodes the option list a caller passes to a wrapper
// that forwards it: never Known (see above).
func (d *Decoder[C]) OptionListParams(v ssa.Value, c C) *site.Params {
	s := newParams()
	elems, ok := d.host.AppendElems(ssaval.Peel(v))
	if !ok {
		s.p.Known = false
		return s.done()
	}
	p := d.appendedValues(elems, s, c)
	p.Known = false
	return p
}
