package badidx

import "github.com/ydb-platform/ydb-go-sdk/v3/table/types"

// legacyIndex is the pre-bucket layout, kept for a migration that never
// happened: nothing makes an Indexable of it, so no writer sees its rows.
type legacyIndex struct {
	baseIndex
	service string
}

func (l legacyIndex) StructFields(bucket uint8) []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("service", types.TextValue(l.service)),
	}
}
