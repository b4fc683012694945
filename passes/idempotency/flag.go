package idempotency

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
)

// This file reads the idempotency flag a retrier call passes in its
// variadic options.

// flag is what the options of one call say about idempotency.
type flag uint8

const (
	flagNone    flag = iota // no option sets it: the SDK's default, false
	flagTrue                // the last option that sets it says true
	flagFalse               // the last option that sets it says false
	flagUnknown             // some option cannot be read (a spread slice, a value from elsewhere)
)

// flagRead is a flag with the option it was read from.
type flagRead struct {
	flag   flag
	option *sdk.IdempotencyOption // the option that decided flagTrue/flagFalse
	pos    token.Pos              // that option call's left parenthesis
}

// readFlag decodes the variadic options argument v of a call.
func readFlag(v ssa.Value) flagRead {
	elems, ok := variadicElems(v)
	if !ok {
		return flagRead{flag: flagUnknown}
	}
	out := flagRead{flag: flagNone}
	for _, e := range elems {
		r := readOption(e)
		switch r.flag {
		case flagUnknown:
			return r
		case flagTrue, flagFalse:
			out = r
		}
	}
	return out
}

// variadicElems returns the values stored in the slice a variadic call
// built, or none for a nil slice; ok is false when v is a slice from
// elsewhere (`opts...`).
func variadicElems(v ssa.Value) ([]ssa.Value, bool) {
	switch v := v.(type) {
	case *ssa.Const:
		return nil, v.IsNil()
	case *ssa.Slice:
		alloc, ok := v.X.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return nil, false
		}
		var out []ssa.Value
		for _, r := range *alloc.Referrers() {
			ia, ok := r.(*ssa.IndexAddr)
			if !ok {
				if r == v {
					continue
				}
				return nil, false
			}
			if ia.Referrers() == nil {
				return nil, false
			}
			for _, u := range *ia.Referrers() {
				st, ok := u.(*ssa.Store)
				if !ok || st.Addr != ia {
					return nil, false
				}
				out = append(out, st.Val)
			}
		}
		return out, true
	}
	return nil, false
}

// readOption decodes one option value.
func readOption(v ssa.Value) flagRead {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		}
		break
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return flagRead{flag: flagUnknown}
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return flagRead{flag: flagUnknown}
	}
	obj, ok := callee.Object().(*types.Func)
	if !ok {
		return flagRead{flag: flagUnknown}
	}
	id, ok := sdk.IdentityOf(obj)
	if !ok || !sdk.InSDK(id.Pkg) {
		return flagRead{flag: flagUnknown}
	}
	if o := sdk.LookupIdempotencyOption(id); o != nil {
		return flagRead{flag: optionValue(call.Call.Args, obj), option: o, pos: call.Pos()}
	}
	for _, c := range sdk.RetryOptionContainers {
		if c == id {
			return containerFlag(call.Call.Args, call.Pos())
		}
	}
	if strings.Contains(id.Name, "Idempotent") || strings.Contains(id.Name, "RetryOptions") {
		return flagRead{flag: flagUnknown}
	}
	return flagRead{flag: flagNone}
}

// optionValue reads the value of an idempotency option from its
// arguments, by the signature the SDK version at hand declares.
func optionValue(args []ssa.Value, obj *types.Func) flag {
	sig, _ := obj.Type().(*types.Signature)
	if sig == nil || sig.Params().Len() == 0 {
		return flagTrue // WithIdempotent()
	}
	if len(args) != 1 {
		return flagUnknown
	}
	arg := args[0]
	if sig.Variadic() {
		elems, ok := variadicElems(arg)
		switch {
		case !ok || len(elems) > 1:
			return flagUnknown
		case len(elems) == 0:
			return flagTrue
		}
		arg = elems[0]
	}
	c, ok := arg.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
		return flagUnknown
	}
	if constant.BoolVal(c.Value) {
		return flagTrue
	}
	return flagFalse
}

// containerFlag reads the retry options a container option carries
// (its variadic or slice argument); the finding is placed on the
// container, at pos.
func containerFlag(args []ssa.Value, pos token.Pos) flagRead {
	if len(args) != 1 {
		return flagRead{flag: flagUnknown}
	}
	r := readFlag(args[0])
	if r.flag == flagTrue || r.flag == flagFalse {
		r.pos = pos
	}
	return r
}
