package sdk

import "strings"

// PrimitiveHome is a named type under which a ydb-go-sdk/v3 release keeps
// its primitive YDB types (the values of the public table/types.Type*
// constants). The type moved once, so every v3 release a service still
// pins has one of these rows.
type PrimitiveHome struct {
	Pkg, Name string
	// Releases says which SDK releases use it; Verified lists the releases
	// whose source was checked.
	Releases, Verified string
}

// PrimitiveHomes lists where the primitive types live, newest first.
var PrimitiveHomes = []PrimitiveHome{
	{Pkg: PkgInternalTypes, Name: "Primitive", Releases: "v3.57.0 and later", Verified: verified},
	{Pkg: PkgInternalValue, Name: "PrimitiveType", Releases: "before v3.57.0",
		Verified: "v3.26.10 (int), v3.42.7, v3.56.1 (uint): table/types.TypeX = value.TypeX constants"},
}

// IsPrimitiveHome reports whether the named type pkg.name holds the SDK's
// primitive types in some v3 release.
func IsPrimitiveHome(pkg, name string) bool {
	for _, h := range PrimitiveHomes {
		if h.Pkg == pkg && h.Name == name {
			return true
		}
	}
	return false
}

// publicPrimitiveAliases maps the suffixes of the public Type* constants
// (types.TypeUTF8, table/types.TypeString) that differ from the internal
// constant they equal, in every v3 release.
var publicPrimitiveAliases = map[string]string{"String": "Bytes", "UTF8": "Text"}

// PublicPrimitiveYQL returns the YQL name of the public primitive type
// constant with the given name (TypeUint64 → Uint64, TypeUTF8 → Utf8,
// TypeString → String), for readers that see only the name (a syntactic
// scan without types).
func PublicPrimitiveYQL(constName string) (string, bool) {
	short, ok := strings.CutPrefix(constName, "Type")
	if !ok {
		return "", false
	}
	if alias, ok := publicPrimitiveAliases[short]; ok {
		short = alias
	}
	yql, ok := PrimitiveYQL[short]
	return yql, ok
}
