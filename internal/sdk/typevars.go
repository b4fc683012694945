package sdk

// typeVars are the package variables of the types packages that hold a
// column type (not a constant, not a constructor call): user code writes
// options.WithColumn("value", types.Optional(types.DefaultDecimal)). Every
// v3 release declares DefaultDecimal = DecimalType(22, 9) in table/types,
// and types re-exports it since types became the public package.
var typeVars = map[string]string{
	"DefaultDecimal": "Decimal",
}

// TypeVarYQL returns the YQL type held by the types-package variable
// pkg.name, when pkg is one of the two types packages and name is known.
func TypeVarYQL(pkg, name string) (string, bool) {
	if !IsTypesPkg(pkg) {
		return "", false
	}
	t, ok := typeVars[name]
	return t, ok
}
