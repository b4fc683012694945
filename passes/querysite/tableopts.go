package querysite

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// maxOptionHelpers bounds the helper calls followed for one option list.
const maxOptionHelpers = 8

// optionElems returns the options of a CreateTable / AlterTable variadic
// list, the way services assemble them: a literal list, a slice built with
// append (through φ in branches and loops; every option a branch may add is
// kept), a variable captured by a closure, or the result of a function or
// method of this package that returns such a slice
// (store.createTableOptions()..., append(ArchiveTraces(), extra...)).
// Options a branch may add make the list a union of the branches'; a
// primary key appearing twice is rejected by tableOptions. Anything else
// (a slice from another package, a parameter) is unknown.
func (a *pkgAnalysis) optionElems(v ssa.Value, st *optState, depth int) ([]ssa.Value, bool) {
	if depth > maxDepth || len(st.seen) > 4*maxDepth {
		return nil, false
	}
	if st.seen[v] {
		return nil, true // a loop back edge adds nothing new
	}
	st.seen[v] = true
	if elems, ok := sliceElems(v); ok {
		return elems, true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		st.alternatives = true
		var out []ssa.Value
		for _, e := range x.Edges {
			el, ok := a.optionElems(e, st, depth+1)
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
		if b, _ := freeVarBinding(x); b != nil {
			return a.optionElems(b, st, depth+1)
		}
	case *ssa.Extract:
		if x.Index == 0 {
			if call, ok := x.Tuple.(*ssa.Call); ok {
				return a.optionElems(call, st, depth+1)
			}
		}
	case *ssa.Call:
		if b, isBuiltin := x.Call.Value.(*ssa.Builtin); isBuiltin {
			if b.Name() != "append" || len(x.Call.Args) != 2 {
				return nil, false
			}
			base, ok1 := a.optionElems(x.Call.Args[0], st, depth+1)
			more, ok2 := a.optionElems(x.Call.Args[1], st, depth+1)
			return append(base, more...), ok1 && ok2
		}
		return a.helperOptions(x, st, depth)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, false
		}
		addr := x.X
		if fv, ok := addr.(*ssa.FreeVar); ok {
			addr, _ = freeVarBinding(fv)
		}
		alloc, ok := addr.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return nil, false
		}
		var out []ssa.Value
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.Store:
				el, ok := a.optionElems(r.Val, st, depth+1)
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

// helperOptions follows a call to a function or method of this package
// that returns an option slice: the options of every return statement.
// Its parameters are unknown there, so options built from them
// (WithUniformPartitions(n)) decode without their value.
func (a *pkgAnalysis) helperOptions(call *ssa.Call, st *optState, depth int) ([]ssa.Value, bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg != a.pkg || len(callee.Blocks) == 0 || callee.Signature.Results().Len() != 1 {
		return nil, false
	}
	if st.helpers++; st.helpers > maxOptionHelpers {
		return nil, false
	}
	var out []ssa.Value
	found := false
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		el, ok := a.optionElems(ret.Results[0], st, depth+1)
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

// tableOptions decodes CreateTable / AlterTable options.
func (a *pkgAnalysis) tableOptions(v ssa.Value) (*site.TableOptions, bool) {
	opts := &site.TableOptions{}
	st := &optState{seen: map[ssa.Value]bool{}}
	elems, ok := a.optionElems(v, st, 0)
	if !ok {
		return opts, false
	}
	known := true
	pkCalls := 0
	for _, e := range elems {
		f, args, _, call := helperOf(peel(e))
		if f == nil {
			if !a.isSDKCall(peel(e)) {
				known = false
			}
			continue
		}
		pos, _ := a.callRange(call)
		switch f.Helper {
		case sdk.HelperWithColumn, sdk.HelperWithAddColumn:
			if len(args) != 2 {
				known = false
				continue
			}
			name, ok1 := constString(args[0])
			t, opt, ok2 := a.ydbType(args[1], 0)
			if !ok1 {
				known = false
				continue
			}
			if !ok2 {
				known = false
			}
			opts.Columns = append(opts.Columns, site.ColumnOption{Name: name, YDBType: t, Optional: opt, Pos: pos})
		case sdk.HelperWithColumnMeta, sdk.HelperWithAddColumnMeta:
			fields := structLitFields(peel(args[0]))
			ni, ti, di := fieldIndex(peel(args[0]).Type(), "Name"), fieldIndex(peel(args[0]).Type(), "Type"), fieldIndex(peel(args[0]).Type(), "DefaultValue")
			if fields == nil || ni < 0 || ti < 0 || fields[ni] == nil {
				known = false
				continue
			}
			name, ok := constString(fields[ni])
			if !ok {
				known = false
				continue
			}
			col := site.ColumnOption{Name: name, Pos: pos}
			if fields[ti] != nil {
				var tok bool
				col.YDBType, col.Optional, tok = a.ydbType(fields[ti], 0)
				known = known && tok
			}
			if di >= 0 && fields[di] != nil {
				if k, ok := peel(fields[di]).(*ssa.Const); !ok || k.Value != nil {
					col.Default = true
				}
			}
			opts.Columns = append(opts.Columns, col)
		case sdk.HelperWithPrimaryKeyColumn:
			cols, ok := constStrings(args[0])
			opts.PrimaryKey = append(opts.PrimaryKey, cols...)
			known = known && ok
			if pkCalls == 0 {
				opts.PrimaryKeyPos = pos
			}
			pkCalls++
		case sdk.HelperWithIndex, sdk.HelperWithAddIndex:
			idx, ok := a.indexOption(args, pos)
			known = known && ok
			opts.Indexes = append(opts.Indexes, idx)
		case sdk.HelperWithDropColumn:
			if s, ok := constString(args[0]); ok {
				opts.DropColumns = append(opts.DropColumns, s)
			} else {
				known = false
			}
		case sdk.HelperWithDropIndex:
			if s, ok := constString(args[0]); ok {
				opts.DropIndexes = append(opts.DropIndexes, s)
			} else {
				known = false
			}
		case sdk.HelperWithPartitions:
			if pf, pargs, _, _ := helperOf(peel(args[0])); pf != nil && pf.Helper == sdk.HelperWithUniformPartitions && len(pargs) == 1 {
				if k, ok := peel(pargs[0]).(*ssa.Const); ok && k.Value != nil {
					if n, ok := constant.Int64Val(constant.ToInt(k.Value)); ok && n < 1<<31 {
						opts.UniformPartitions = int(n)
					}
				}
			}
		case sdk.HelperWithTimeToLiveSettings:
			cur := args[0]
			for k := 0; k < 16; k++ {
				tf, targs, trecv, _ := helperOf(peel(cur))
				if tf != nil && tf.Helper == sdk.HelperTTLColumn && len(targs) == 1 {
					if s, ok := constString(targs[0]); ok {
						opts.TTLColumn = s
					}
					break
				}
				_, _, recv, _, ok := methodCall(peel(cur))
				if !ok || recv == nil {
					break
				}
				if tf != nil {
					cur = trecv
				} else {
					cur = recv
				}
			}
		}
	}
	if pkCalls > 1 && st.alternatives || hasDuplicate(opts.PrimaryKey) {
		// Key parts from different branches are alternatives, not one key.
		known = false
	}
	return opts, known
}

func hasDuplicate(names []string) bool {
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			if names[i] == names[j] {
				return true
			}
		}
	}
	return false
}

func (a *pkgAnalysis) indexOption(args []ssa.Value, pos token.Pos) (site.IndexOption, bool) {
	idx := site.IndexOption{Pos: pos}
	if len(args) != 2 {
		return idx, false
	}
	name, ok := constString(args[0])
	if !ok {
		return idx, false
	}
	idx.Name = name
	elems, ok := sliceElems(args[1])
	if !ok {
		return idx, false
	}
	known := true
	for _, e := range elems {
		f, iargs, _, _ := helperOf(peel(e))
		if f == nil {
			known = false
			continue
		}
		switch f.Helper {
		case sdk.HelperWithIndexColumns:
			cols, ok := constStrings(iargs[0])
			idx.Columns = append(idx.Columns, cols...)
			known = known && ok
		case sdk.HelperWithDataColumns:
			cols, ok := constStrings(iargs[0])
			idx.Cover = append(idx.Cover, cols...)
			known = known && ok
		case sdk.HelperWithIndexType:
			tf, _, _, _ := helperOf(peel(iargs[0]))
			switch {
			case tf == nil:
				known = false
			case tf.Helper == sdk.HelperGlobalAsyncIndex:
				idx.Async = true
			case tf.Helper == sdk.HelperGlobalUniqueIndex:
				idx.Unique = true
			}
		}
	}
	return idx, known
}
