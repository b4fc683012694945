package rows // want package:"ydbRowImpls\\(\\(rows.tagIndex\\).StructFields \\(rows.svcIndex\\).StructFields example.com/rowshape/rows.tagIndex→example.com/rowshape/rows.Indexable example.com/rowshape/rows.svcIndex→example.com/rowshape/rows.Indexable\\)"

// The package hands rows to sink: a literal row, fields returned by a
// function of the package, and fields returned by an interface method with
// two implementations.

import "github.com/ydb-platform/ydb-go-sdk/v3/table/types"

func sink(rows types.Value) {}

func literal() {
	sink(types.ListValue(types.StructValue(types.StructFieldValue("id", types.Uint64Value(1)), types.StructFieldValue("name", types.TextValue("a"))))) // want `^known=true \{id,name\}$`
}

func base(id uint64) []types.StructValueOption { // want base:"ydbRowShape\\({id}\\)"
	return []types.StructValueOption{types.StructFieldValue("id", types.Uint64Value(id))}
}

// appended rows take their first field from base: an alternative of one.
func appended() {
	sink(types.ListValue(types.StructValue(append(base(1), types.StructFieldValue("at", types.Uint64Value(2)))...))) // want `^known=true \{id,at\}@rows.base at rows.go:16:2 alternatives$`
}

// Indexable is implemented by the two index kinds.
type Indexable interface {
	StructFields() []types.StructValueOption
}

type tagIndex struct{ key string }

func (t tagIndex) StructFields() []types.StructValueOption { // want StructFields:"ydbRowShape\\({tag},converted\\)"
	return []types.StructValueOption{types.StructFieldValue("tag", types.TextValue(t.key))}
}

type svcIndex struct{}

func (svcIndex) StructFields() []types.StructValueOption { // want StructFields:"ydbRowShape\\({svc,op},converted\\)"
	return []types.StructValueOption{types.StructFieldValue("svc", types.TextValue("a")), types.StructFieldValue("op", types.TextValue("b"))}
}

// indexes converts both kinds to Indexable.
func indexes() []Indexable { return []Indexable{tagIndex{key: "k"}, svcIndex{}} }

func viaInterface(x Indexable) {
	sink(types.ListValue(types.StructValue(x.StructFields()...))) // want `^known=true \{svc,op\}@\(rows.svcIndex\).StructFields at rows.go:38:2 \{tag\}@\(rows.tagIndex\).StructFields at rows.go:32:2 alternatives$`
}
