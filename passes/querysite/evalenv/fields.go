package evalenv

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Query text kept in a struct field is a common shape in services:
//
//	type repo struct{ readQuery string }
//	func newRepo(prefix string) *repo {
//		return &repo{readQuery: fmt.Sprintf(readTemplate, prefix)}
//	}
//	func (r *repo) get(…) { s.Execute(ctx, tx, r.readQuery, params) }
//
// The evaluator reads such a field as the join of every value stored into
// it (goeval's resolveField, through Env.Stores), and this file is the
// index of those stores. An unexported field of a struct type declared in
// the analysed package can only be written by that package (reflect cannot
// set unexported fields), so when every write is a plain store through a
// field address whose address is not passed anywhere else, the field holds
// one of the stored values or the zero value "", which holds no statement.
// Exported fields, fields of types from other packages and generic types
// stay holes keyed by the field.

// fieldID names one field of one struct type.
type fieldID struct {
	obj   *types.TypeName
	field int
}

// fieldInfo is what the package does with one field.
type fieldInfo struct {
	stores  []*ssa.Store
	escaped bool
}

// fieldState is the package-wide index of field writes, built on first use.
type fieldState struct {
	info map[fieldID]*fieldInfo
}

// maxFieldStores bounds the writes to one field that are traced; a field
// written in more places is left a hole.
const maxFieldStores = 8

// localField returns the identity of field i of the struct type t (or *t)
// when the field is unexported and the type is a non-generic named struct
// declared in the analysed package.
func (p *Package) localField(t types.Type, i int) (fieldID, bool) {
	tn := sdkssa.LocalStruct(t, p.h.Pass().Pkg)
	if tn == nil {
		return fieldID{}, false
	}
	st := tn.Type().Underlying().(*types.Struct)
	if i < 0 || i >= st.NumFields() || st.Field(i).Exported() || !isString(st.Field(i).Type()) {
		return fieldID{}, false
	}
	return fieldID{obj: tn, field: i}, true
}

// fieldIndex scans every function of the package once for field addresses
// of local string fields: a store through the address is a write, a load is
// a read, any other use (the address passed to a function, stored, converted)
// means the field can be written where ydblint does not look.
func (p *Package) fieldIndex() *fieldState {
	if p.fields != nil {
		return p.fields
	}
	fs := &fieldState{info: map[fieldID]*fieldInfo{}}
	p.fields = fs
	for _, fn := range p.h.Funcs() {
		for _, b := range p.h.Program().Blocks(fn) {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				id, ok := p.localField(fa.X.Type(), fa.Field)
				if !ok {
					continue
				}
				fi := fs.info[id]
				if fi == nil {
					fi = &fieldInfo{}
					fs.info[id] = fi
				}
				stores, escaped := ssaval.FieldAddrUses(fa)
				fi.stores = append(fi.stores, stores...)
				fi.escaped = fi.escaped || escaped
			}
		}
	}
	return fs
}
