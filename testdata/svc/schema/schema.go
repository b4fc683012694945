// Package schema describes the tables: each function returns the options of
// one table, and the maps list them for the tool that creates them.
package schema

import (
	"os"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

type (
	// Definition returns a table's options.
	Definition func() []options.CreateTableOption
	// PartitionedDefinition returns a table's options for n partitions.
	PartitionedDefinition func(n uint64) []options.CreateTableOption
)

// Tables are created once.
var Tables = map[string]Definition{
	"service_names": ServiceNames,
	"spans":         Spans,
}

// PartitionTables are created per day, their names suffixed at run time.
var PartitionTables = map[string]PartitionedDefinition{
	"tag_index": TagIndex,
}

// Spans is keyed by a hash of the trace id.
func Spans() []options.CreateTableOption {
	res := []options.CreateTableOption{
		options.WithColumn("trace_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithColumn("span_id", types.Optional(types.TypeUint64)),
		options.WithColumn("payload", types.Optional(types.TypeString)),
		options.WithPrimaryKeyColumn("trace_hash", "trace_id", "span_id"),
	}
	if os.Getenv("COMPRESS") != "" {
		res = append(res, options.WithColumnFamilies(options.ColumnFamily{
			Name: "default", Compression: options.ColumnFamilyCompressionLZ4,
		}))
	}
	return res
}

// ServiceNames lists the services.
func ServiceNames() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("service_name", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("service_name"),
	}
}

// TagIndex is one day of the tag index.
func TagIndex(n uint64) []options.CreateTableOption {
	return append(indexColumns(),
		options.WithPrimaryKeyColumn("idx_hash", "rev_start_time"),
		options.WithPartitions(options.WithUniformPartitions(n)),
	)
}

func indexColumns() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("idx_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("rev_start_time", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_ids", types.Optional(types.TypeString)),
	}
}

// Tenants is created by the tenants repository itself.
func Tenants() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("tenant_id", types.TypeUint64),
		options.WithColumn("name", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("tenant_id"),
	}
}
