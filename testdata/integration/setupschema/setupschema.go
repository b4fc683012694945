// Package setupschema lists the ledger's tables as functions returning
// their CreateTable options; only cmd/provision uses it.
package setupschema

import (
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Tables maps each table name to its options.
var Tables = map[string]func() []options.CreateTableOption{
	"ledger_entries": entries,
}

func entries() []options.CreateTableOption {
	return append(entryColumns(),
		options.WithPrimaryKeyColumn("account_id", "entry_id"),
		options.WithIndex("booked_idx", options.WithIndexColumns("booked_at")),
		options.WithIndex("account_booked_idx", options.WithIndexColumns("account_id", "booked_at")),
	)
}

func entryColumns() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("account_id", types.TypeUint64),
		options.WithColumn("entry_id", types.TypeUint64),
		options.WithColumn("booked_at", types.Optional(types.TypeTimestamp)),
		options.WithColumn("amount", types.Optional(types.TypeDouble)),
		options.WithColumn("memo", types.Optional(types.TypeUTF8)),
	}
}
