package goeval

import (
	"strconv"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Lookup tables indexed by a parameter. A helper that picks its query
// text from a package map by one of its arguments (jaeger-ydb-store's
// queries.BuildPartitionQuery):
//
//	var byName = map[string]queryInfo{"by-tag": {"idx_tag", byTag}, …}
//	func BuildPartitionQuery(name, folder string, p Partition) string {
//		if i, ok := byName[name]; ok {
//			return fmt.Sprintf(i.query, folder+"/"+i.table+"_"+p.Suffix())
//		}
//		panic("query not found: " + name)
//	}
//
// called with a parameter of the function evaluated (a wrapper handing
// down its callers' query name) returns one of the table's texts, and
// which one each caller of the wrapper decides. The call is interpreted
// once per key of the table, the argument bound to that key, and each
// text is led by a HoleKeyEq piece: a condition, not text, saying that
// the variant is built when the parameter equals that key. Its Src is the
// local call that made the split, where a consumer places the entry's
// text of another package too (Piece.Src). A consumer
// instantiating the wrapper at a caller keeps the variants whose key the
// caller's argument can be; a key no entry has builds nothing.
//
// Only where that is the whole truth: the argument reaches the lookup
// unchanged, the map is a package variable whose keys are string
// constants, the callee returns a string, and a key that is not in the
// table builds no text (the callee panics or returns the empty string;
// it is interpreted once with the lookup missing to see). Otherwise the
// call is interpreted as any other, and the lookup's key is not known.

// maxKeySplit bounds the keys a call is interpreted for.
const maxKeySplit = 64

// keySplit interprets a call of fn once per key of the table it indexes
// by a parameter-valued argument (above); ok is false when no argument
// qualifies.
func (fr *frame) keySplit(fn *ir.Func, name string, args, free []*value.Value, h *value.Heap, in *ir.Instr) (*value.Value, *value.Heap, bool) {
	e := fr.e
	if rt := fn.TypeAt(fn.Result); rt == nil || rt.Kind != ir.TString {
		return nil, nil, false
	}
	for j, a := range args {
		if a == e.absentKey {
			continue
		}
		p, ok := e.soleParam(a)
		if !ok {
			continue
		}
		keys := fr.lookupKeys(fn, j, h)
		if len(keys) == 0 || len(keys) > maxKeySplit || len(keys) > e.b.Variants {
			continue
		}
		if !fr.absentBuildsNothing(fn, name, args, free, h, in, a) {
			continue
		}
		var out *value.Value
		var oh *value.Heap
		for _, k := range keys {
			s, err := strconv.Unquote(k)
			if err != nil {
				return nil, nil, false
			}
			args2 := append([]*value.Value(nil), args...)
			args2[j] = value.Str(e.lit(s, 0, "", 0, false))
			v, hh := fr.callFunc(fn, name, args2, free, h, in)
			if hh == nil || v == nil {
				continue // this entry's text panics or never returns
			}
			cond := value.Piece{Hole: true, Kind: value.HoleKeyEq, Desc: p.Desc, Why: p.Why, Param: p.Param, Equals: k, Src: e.local}
			v = e.fit(&ir.Type{Kind: ir.TString}, v)
			v = value.Str(strshape.Concat(e.lim, strshape.Hole(e.piece(cond)), v.Shape()))
			out = e.join2(out, v, 0, 0)
			oh = e.joinHeaps(oh, hh, 0, 0)
		}
		if out == nil {
			return nil, nil, false
		}
		return out, oh, true
	}
	return nil, nil, false
}

// soleParam returns the parameter piece a string value is exactly.
func (e *Evaluator) soleParam(v *value.Value) (value.Piece, bool) {
	ref := -1
	switch {
	case v == nil:
	case v.Kind() == value.KString && v.Shape() != nil && v.Shape().Kind == strshape.KindHole:
		ref = v.Shape().Ref
	case v.Kind() == value.KUnknown:
		ref = v.Hole()
	}
	if ref <= 0 {
		return value.Piece{}, false
	}
	p := e.Piece(ref)
	return p, p.Kind == value.HoleParam && p.Method == "" && !p.Deref
}

// lookupKeys returns the keys (constant.Value.ExactString, sorted) of the
// package map fn indexes by its parameter j, read where the call is made;
// nil when fn does not index one by j unchanged, or its keys are not all
// string constants.
func (fr *frame) lookupKeys(fn *ir.Func, j int, h *value.Heap) []string {
	e := fr.e
	def := map[int]*ir.Instr{}
	for b := range fn.Blocks {
		for i := range fn.Blocks[b].Instrs {
			if in := &fn.Blocks[b].Instrs[i]; in.ID >= 0 {
				def[in.ID] = in
			}
		}
	}
	for b := range fn.Blocks {
		for i := range fn.Blocks[b].Instrs {
			in := &fn.Blocks[b].Instrs[i]
			if in.Op != ir.OpLookup || len(in.Args) != 2 || in.Args[1] != j {
				continue
			}
			load := def[in.Args[0]]
			if load == nil || load.Op != ir.OpLoad || len(load.Args) != 1 {
				continue
			}
			ci := load.Args[0] - fn.ConstBase
			if ci < 0 || ci >= len(fn.Consts) || fn.Consts[ci].Kind != ir.ConstGlobal {
				continue
			}
			m, h1 := fr.load(h, e.constValue(fn, &fn.Consts[ci]))
			if m.Kind() != value.KPointer {
				return nil
			}
			c, _ := fr.load(h1, m)
			if c.Kind() != value.KMap || len(c.Keys()) == 0 {
				return nil
			}
			for _, k := range c.Keys() {
				if _, err := strconv.Unquote(k); err != nil || k == "" || k[0] != '"' {
					return nil
				}
			}
			return c.Keys()
		}
	}
	return nil
}

// absentBuildsNothing interprets the call with the lookup by argument a
// missing from the table, and reports whether that builds no text.
func (fr *frame) absentBuildsNothing(fn *ir.Func, name string, args, free []*value.Value, h *value.Heap, in *ir.Instr, a *value.Value) bool {
	e := fr.e
	saved := e.absentKey
	e.absentKey = a
	v, hh := fr.callFunc(fn, name, args, free, h, in)
	e.absentKey = saved
	if hh == nil || v == nil {
		return true
	}
	return v.Kind() == value.KString && strshape.IsEmpty(v.Shape())
}
