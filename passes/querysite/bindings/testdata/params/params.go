package params

// The package hands parameters to sink: built by NewQueryParameters, by a
// ParamsBuilder chain, by an immediately invoked function literal picking
// a value per case, and by options appended on some paths only.

import (
	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func sink(p *table.QueryParameters) {}

func valueParams(id uint64) {
	sink(table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$note", types.NullValue(types.TypeText)))) // want `^known=true id=Uint64 note=Utf8\?null$`
}

func builder(id uint64) {
	sink(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("name").Text("x").Build()) // want `^known=true id=Uint64 name=Utf8 const nodollar$`
}

func picked(parent *uint64) {
	sink(table.NewQueryParameters(func() table.ParameterOption { // want `^known=true parent=Uint64\?maybe$`
		if parent == nil {
			return table.ValueParam("$parent", types.NullValue(types.TypeUint64))
		}
		return table.ValueParam("$parent", types.OptionalValue(types.Uint64Value(*parent)))
	}()))
}

func appended(id uint64, withLimit bool) {
	opts := []table.ParameterOption{table.ValueParam("$id", types.Uint64Value(id))}
	if withLimit {
		opts = append(opts, table.ValueParam("$limit", types.Uint64Value(10)))
	}
	// The minimal host knows literal slices only: the appended list is
	// not decoded.
	sink(table.NewQueryParameters(opts...)) // want `^known=false$`
}
