package tableopts

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/tableopt"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Host is what the reader asks of the pass: the function bodies it sees,
// the YDB type of a types.Type value, where a call starts in the source
// (the position a decoded option reports), and the entry point a call
// reaches (the SDK call a wrapper forwards to).
type Host interface {
	// Blocks are fn's basic blocks as the pass sees them (none when it
	// does not see the body).
	Blocks(fn *ssa.Function) []*ssa.BasicBlock
	// YDBType decodes a types.Type value: the YQL type without Optional,
	// whether it is Optional, and whether it is known.
	YDBType(v ssa.Value) (yql string, optional bool, ok bool)
	// CallPos is the position of the call expression of call.
	CallPos(call *ssa.Call) token.Pos
	// Entry is the SDK entry point (or configured sink) a call reaches,
	// nil for any other call.
	Entry(common *ssa.CallCommon) *sdk.Entry
}

// Reader decodes the option lists of one package's CreateTable and
// AlterTable calls.
type Reader struct {
	host Host
	pkg  *ssa.Package // the analysed package: helpers returning options are followed in it only
}

// NewReader returns a Reader of the option lists of pkg.
func NewReader(host Host, pkg *ssa.Package) *Reader { return &Reader{host: host, pkg: pkg} }

// maxOptionHelpers bounds the helper calls followed for one option list.
const maxOptionHelpers = 8

// optionElems returns the options of a CreateTable / AlterTable variadic
// list, the way services assemble them: a literal list, a slice built with
// append (through φ in branches and loops; every option a branch may add is
// kept), a variable captured by a closure, or the result of a function or
// method of the analysed package that returns such a slice
// (store.createTableOptions()..., append(ArchiveTraces(), extra...)).
// Options a branch may add make the list a union of the branches'; a
// primary key appearing twice is rejected by Decode. Anything else
// (a slice from another package, a parameter) is unknown.
func (r *Reader) optionElems(v ssa.Value, st *optState, depth int) ([]ssa.Value, bool) {
	if depth > ssaval.MaxDepth || len(st.seen) > 4*ssaval.MaxDepth {
		return nil, false
	}
	if st.seen[v] {
		return nil, true // a loop back edge adds nothing new
	}
	st.seen[v] = true
	if elems, ok := ssaval.SliceElems(v); ok {
		return elems, true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		st.alternatives = true
		var out []ssa.Value
		for _, e := range x.Edges {
			el, ok := r.optionElems(e, st, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, el...)
		}
		return out, true
	case *ssa.MakeSlice:
		if k, isConst := x.Len.(*ssa.Const); isConst && k.Value != nil && constant.Sign(k.Value) == 0 {
			return nil, true
		}
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return r.optionElems(b, st, depth+1)
		}
	case *ssa.Extract:
		if x.Index == 0 {
			if call, ok := x.Tuple.(*ssa.Call); ok {
				return r.optionElems(call, st, depth+1)
			}
		}
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin {
			if b.Name() != "append" || len(x.Call.Args) != 2 {
				return nil, false
			}
			base, ok1 := r.optionElems(x.Call.Args[0], st, depth+1)
			more, ok2 := r.optionElems(x.Call.Args[1], st, depth+1)
			return append(base, more...), ok1 && ok2
		}
		return r.helperOptions(x, st, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, false
		}
		addr := x.X
		if fv, ok := addr.(*ssa.FreeVar); ok {
			addr, _ = ssaval.FreeVarBinding(fv)
		}
		alloc, ok := addr.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return nil, false
		}
		var out []ssa.Value
		for _, ref := range *alloc.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				el, ok := r.optionElems(ref.Val, st, depth+1)
				if !ok {
					return nil, false
				}
				out = append(out, el...)
			case *ssa.UnOp, *ssa.DebugRef, *ssa.MakeClosure:
			default:
				return nil, false // the address escapes: written elsewhere
			}
		}
		return out, true
	}
	return nil, false
}

// optState is the walk state of optionElems.
type optState struct {
	seen    map[ssa.Value]bool
	helpers int
	// alternatives is set when the list joins branches (φ, several return
	// statements): options are then a union of what each may hold.
	alternatives bool
}

// helperOptions follows a call to a function or method of the analysed
// package that returns an option slice: the options of every return
// statement.
// Its parameters are unknown there, so options built from them
// (WithUniformPartitions(n)) decode without their value.
func (r *Reader) helperOptions(call *ssa.Call, st *optState, depth int) ([]ssa.Value, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != r.pkg || len(r.host.Blocks(callee)) == 0 || callee.Signature.Results().Len() != 1 {
		return nil, false
	}
	if st.helpers++; st.helpers > maxOptionHelpers {
		return nil, false
	}
	var out []ssa.Value
	found := false
	for _, b := range r.host.Blocks(callee) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		el, ok := r.optionElems(ret.Results[0], st, depth+1)
		if !ok {
			return nil, false
		}
		out = append(out, el...)
		if found {
			st.alternatives = true
		}
		found = true
	}
	return out, found
}

// Decode decodes the options of a CreateTable / AlterTable call, v being
// its options argument; known is false when the list or an option in it
// cannot be decoded.
func (r *Reader) Decode(v ssa.Value) (opts *site.TableOptions, known bool) {
	st := &optState{seen: map[ssa.Value]bool{}}
	elems, ok := r.optionElems(v, st, 0)
	if !ok {
		return &site.TableOptions{}, false
	}
	var d tableopt.Decoder
	known = true
	for _, e := range elems {
		known = d.Element(optArg{r.host, e}) && known
	}
	if d.KeyAmbiguous(st.alternatives) {
		known = false
	}
	return &d.Options, known
}

// optArg is an argument of an option call as SSA holds it: the SSA side
// of tableopt.Arg.
type optArg struct {
	host Host
	v    ssa.Value
}

func (x optArg) ConstString() (string, bool)    { return ssaval.ConstString(x.v) }
func (x optArg) ConstStrings() ([]string, bool) { return constStrings(x.v) }
func (x optArg) YDBType() (string, bool, bool)  { return x.host.YDBType(x.v) }

func (x optArg) ConstInt() (int64, bool) {
	k, ok := ssaval.Peel(x.v).(*ssa.Const)
	if !ok || k.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(k.Value))
}

func (x optArg) IsNil() bool {
	k, ok := ssaval.Peel(x.v).(*ssa.Const)
	return ok && k.Value == nil
}

func (x optArg) Call() (tableopt.Call, bool) {
	id, args, recv, call, ok := ssaval.MethodCall(ssaval.Peel(x.v))
	if !ok {
		return nil, false
	}
	return optCall{host: x.host, id: id, f: sdk.LookupFunc(id), args: args, recv: recv, call: call}, true
}

func (x optArg) Elems() ([]tableopt.Arg, bool) {
	elems, ok := ssaval.SliceElems(x.v)
	if !ok {
		return nil, false
	}
	out := make([]tableopt.Arg, len(elems))
	for i, e := range elems {
		out[i] = optArg{x.host, e}
	}
	return out, true
}

// Fields reads a struct literal: the fields it stores, by name.
func (x optArg) Fields() (map[string]tableopt.Arg, bool) {
	v := ssaval.Peel(x.v)
	fields := ssaval.StructLitFields(v)
	st, ok := types.Unalias(v.Type()).Underlying().(*types.Struct)
	if fields == nil || !ok || st.NumFields() != len(fields) {
		return nil, false
	}
	out := map[string]tableopt.Arg{}
	for i, f := range fields {
		if f != nil {
			out[st.Field(i).Name()] = optArg{x.host, f}
		}
	}
	return out, true
}

// optCall is a call with a known callee: the SSA side of tableopt.Call.
type optCall struct {
	host Host
	id   sdk.Identity
	f    *sdk.Func
	args []ssa.Value
	recv ssa.Value
	call *ssa.Call
}

func (c optCall) Func() *sdk.Func { return c.f }
func (c optCall) InSDK() bool     { return sdk.InSDK(c.id.Pkg) }
func (c optCall) NumArgs() int    { return len(c.args) }

func (c optCall) Arg(i int) tableopt.Arg {
	if i < 0 || i >= len(c.args) {
		return nil
	}
	return optArg{c.host, c.args[i]}
}

// Variadic: SSA passes a variadic parameter's arguments as one slice, the
// last argument.
func (c optCall) Variadic(i int) tableopt.Arg {
	if i != len(c.args)-1 {
		return nil
	}
	return c.Arg(i)
}

func (c optCall) Recv() tableopt.Arg {
	if c.recv == nil {
		return nil
	}
	return optArg{c.host, c.recv}
}

func (c optCall) Pos() token.Pos {
	return c.host.CallPos(c.call)
}

// constStrings decodes a variadic list of constant strings.
func constStrings(v ssa.Value) ([]string, bool) {
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		return nil, false
	}
	var out []string
	for _, e := range elems {
		s, ok := ssaval.ConstString(e)
		if !ok {
			return out, false
		}
		out = append(out, s)
	}
	return out, true
}
