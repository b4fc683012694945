package sdk

import "go/types"

// Identity is the (package path, receiver type name, name) triple used as
// the key of every table. Recv is the name of the receiver's named type with
// pointers and aliases removed, "" for package-level functions and vars.
type Identity struct {
	Pkg, Recv, Name string
}

// IdentityOf returns the identity of a function or method. For an interface
// method, Recv is the interface that declares it (types.Func of an invoke
// call is the declaring interface's method: catalogue §0 row 3).
func IdentityOf(fn *types.Func) (Identity, bool) {
	if fn == nil || fn.Pkg() == nil {
		return Identity{}, false
	}
	fn = fn.Origin()
	id := Identity{Pkg: fn.Pkg().Path(), Name: fn.Name()}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return Identity{}, false
	}
	if recv := sig.Recv(); recv != nil {
		name, ok := NamedTypeName(recv.Type())
		if !ok {
			return Identity{}, false
		}
		id.Recv = name
	}
	return id, true
}

// NamedTypeName returns the name of t's named type after removing one
// pointer and all aliases.
func NamedTypeName(t types.Type) (string, bool) {
	if tn := NamedType(t); tn != nil {
		return tn.Name(), true
	}
	return "", false
}

// NamedType returns the declaration of t's named type (of its origin, for
// an instance) after removing one pointer and all aliases, or nil.
func NamedType(t types.Type) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}

var (
	entryIndex     = map[Identity]*Entry{}
	funcIndex      = map[Identity]*Func{}
	hashIndex      = map[Identity]*HashFunc{}
	monoIndex      = map[Identity]*Monotonic{}
	passIndex      = map[Identity]bool{}
	valueCtorIndex = map[string]*ValueCtor{}
	typeCtorIndex  = map[string]*TypeCtor{}
)

func init() {
	for i := range Entries {
		e := &Entries[i]
		entryIndex[Identity{e.Pkg, e.Recv, e.Name}] = e
	}
	for i := range Funcs {
		f := &Funcs[i]
		funcIndex[Identity{f.Pkg, f.Recv, f.Name}] = f
	}
	for i := range HashFuncs {
		h := &HashFuncs[i]
		hashIndex[Identity{h.Pkg, h.Recv, h.Name}] = h
	}
	for i := range MonotonicSources {
		m := &MonotonicSources[i]
		monoIndex[Identity{m.Pkg, m.Recv, m.Name}] = m
	}
	for _, p := range Passthrough {
		passIndex[Identity{p.Pkg, p.Recv, p.Name}] = true
	}
	for i := range ValueCtors {
		valueCtorIndex[ValueCtors[i].Name] = &ValueCtors[i]
	}
	for i := range TypeCtors {
		typeCtorIndex[TypeCtors[i].Name] = &TypeCtors[i]
	}
}

// LookupEntry returns the entry point with the given identity, or nil.
func LookupEntry(id Identity) *Entry { return entryIndex[id] }

// LookupFunc returns the helper with the given identity, or nil.
func LookupFunc(id Identity) *Func { return funcIndex[id] }

// LookupHash returns the hash function with the given identity, or nil.
func LookupHash(id Identity) *HashFunc { return hashIndex[id] }

// LookupMonotonic returns the monotonic source with the given identity, or nil.
func LookupMonotonic(id Identity) *Monotonic { return monoIndex[id] }

// IsPassthrough reports whether id keeps the hash/monotonic property of its input.
func IsPassthrough(id Identity) bool { return passIndex[id] }

// IsTypesPkg reports whether path is SDK/types or the deprecated SDK/table/types.
func IsTypesPkg(path string) bool { return path == PkgTypes || path == PkgTableTypes }

// LookupValueCtor returns the value constructor pkg.name when pkg is one of
// the two types packages, or nil.
func LookupValueCtor(pkg, name string) *ValueCtor {
	if !IsTypesPkg(pkg) {
		return nil
	}
	c := valueCtorIndex[name]
	if c == nil || (c.TableTypesOnly && pkg != PkgTableTypes) || (c.NotInTableTypes && pkg == PkgTableTypes) {
		return nil
	}
	return c
}

// LookupTypeCtor returns the type constructor pkg.name, or nil.
func LookupTypeCtor(pkg, name string) *TypeCtor {
	if !IsTypesPkg(pkg) {
		return nil
	}
	return typeCtorIndex[name]
}

// InSDK reports whether path is a package of the ydb-go-sdk/v3 module.
func InSDK(path string) bool {
	return path == Module || len(path) > len(Module) && path[:len(Module)+1] == Module+"/"
}

// PrimitiveNames maps the values of the SDK/internal/types.Primitive
// constants of the given (imported) package to YQL names. The values differ
// between SDK versions, so the map is always built from the package at hand.
func PrimitiveNames(internalTypes *types.Package) map[uint64]string {
	out := map[uint64]string{}
	if internalTypes == nil {
		return out
	}
	prim := internalTypes.Scope().Lookup("Primitive")
	if prim == nil {
		return out
	}
	for _, name := range internalTypes.Scope().Names() {
		c, ok := internalTypes.Scope().Lookup(name).(*types.Const)
		if !ok || !types.Identical(c.Type(), prim.Type()) {
			continue
		}
		yql, ok := PrimitiveYQL[name]
		if !ok {
			continue
		}
		if v, exact := constUint64(c); exact {
			out[v] = yql
		}
	}
	return out
}
