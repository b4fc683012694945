package site

import "go/token"

// BindMode says how database/sql arguments turn into YQL parameter names.
type BindMode int

const (
	// BindNative: parameters are bound by name (SDK params, sql.Named);
	// unnamed database/sql args become $p0, $p1, … .
	BindNative BindMode = iota
	// BindPositional: `?` placeholders become $p0, $p1, … (ydb.WithPositionalArgs).
	BindPositional
	// BindNumeric: `$1`, `$2`, … become $p0, $p1, … (ydb.WithNumericArgs).
	BindNumeric
	// BindUnknown: the connector options could not be determined; rules
	// must not map unnamed arguments to parameters.
	BindUnknown
)

// Params describes the parameters bound at a site.
type Params struct {
	// Known is true when the complete set of bound parameters is known (every
	// binding was decoded). When false, Bindings may be partial: a rule may
	// use a binding it has, but must not conclude a parameter is unbound.
	Known    bool
	Mode     BindMode
	Bindings []*Binding // sorted by Name
	// AutoDeclare is set when the driver adds DECLAREs (ydb.WithAutoDeclare);
	// the types then come from the Go values.
	AutoDeclare bool
}

// Lookup returns the binding for a parameter name (with or without '$').
func (p *Params) Lookup(name string) *Binding {
	if p == nil {
		return nil
	}
	if len(name) > 0 && name[0] == '$' {
		name = name[1:]
	}
	for _, b := range p.Bindings {
		if b.Name == name {
			return b
		}
	}
	return nil
}

// Binding is one parameter and the value bound to it.
type Binding struct {
	Name  string    // without '$'
	Pos   token.Pos // the Go expression that binds it
	End   token.Pos
	Value Value
	// NoDollar is set for a ydb.ParamsBuilder().Param(name) whose name has
	// no leading '$': the SDK sends it verbatim, so no `$name` in the YQL
	// text refers to it (Lookup still finds it by Name).
	NoDollar bool
}

// NullKind says whether a value is NULL.
type NullKind int

const (
	NotNull        NullKind = iota // never NULL as far as ydblint can tell (or not Optional)
	MaybeNull                      // an Optional whose presence depends on run-time data
	DefinitelyNull                 // always NULL (types.NullValue, a nil pointer, sql.NullX{} …)
	NullUnknown                    // could not tell
)

// Value classifies a bound value (a parameter value, a struct field of a
// BulkUpsert row, or a key tuple element).
type Value struct {
	// YDBType is the YDB type without Optional, when known ("Uint64").
	YDBType string
	// Optional is true when the value's YDB type is Optional<T> (a pointer,
	// BeginOptional, types.OptionalValue, types.Nullable*, sql.Null*).
	Optional bool
	Null     NullKind
	// Const is true for a value built from constants only; ConstText is its
	// Go spelling when short.
	Const     bool
	ConstText string
	// HashFunc is the hash function when the value is computed by one
	// ("hash/fnv.New64a", "github.com/cespare/xxhash/v2.Sum64", or a user
	// function wrapping one), and HashOf the identity (Origin) of the value
	// it hashes.
	HashFunc string
	HashOf   string
	// Monotonic names the source when the value increases with time or per
	// call ("time.Now", "atomic counter"); empty otherwise.
	Monotonic string
	// Origin is a stable identity of the Go value within its function
	// ("param:id", "field:x.ID", "call@file:line:col"), used to tell
	// whether two bindings carry the same value. Empty when unknown.
	Origin string
	// Desc is a short Go spelling for messages ("types.NullValue(types.TypeUint64)").
	Desc string
}
