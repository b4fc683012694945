package opts

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func sink(opts ...options.CreateTableOption) {}

func Literal() {
	sink( // want `known=true cols=\[id:Uint64 name:Utf8\] pk=\[id\]`
		options.WithColumn("id", types.TypeUint64),
		options.WithColumn("name", types.TypeUTF8),
		options.WithPrimaryKeyColumn("id"),
	)
}

// Options a branch may add are kept: the list is the union of the
// branches'.
func Branches(withTS bool) {
	opts := []options.CreateTableOption{
		options.WithColumn("id", types.TypeUint64),
		options.WithPrimaryKeyColumn("id"),
	}
	if withTS {
		opts = append(opts, options.WithColumn("ts", types.TypeTimestamp))
	}
	sink(opts...) // want `known=true cols=\[id:Uint64 ts:Timestamp\] pk=\[id\]`
}

// A primary key that differs between branches is not known.
func KeyOnBranches(byName bool) {
	opts := []options.CreateTableOption{options.WithColumn("id", types.TypeUint64)}
	if byName {
		opts = append(opts, options.WithPrimaryKeyColumn("name"))
	} else {
		opts = append(opts, options.WithPrimaryKeyColumn("id"))
	}
	sink(opts...) // want `known=false`
}

func columns() []options.CreateTableOption {
	return []options.CreateTableOption{options.WithColumn("id", types.TypeInt64)}
}

// A helper of the package returning the options is followed.
func Helper() {
	sink(append(columns(), options.WithPrimaryKeyColumn("id"))...) // want `known=true cols=\[id:Int64\] pk=\[id\]`
}

// Options from a parameter are unknown.
func Param(extra []options.CreateTableOption) {
	sink(extra...) // want `known=false cols=\[\] pk=\[\]`
}

// A wrapper writing the options itself: its callers' sites get them.
func createTable(ctx context.Context, s table.Session, path string) error {
	return s.CreateTable(ctx, path, // want `wrapped known=true cols=\[id:Uint64\] pk=\[id\]`
		options.WithColumn("id", types.TypeUint64),
		options.WithPrimaryKeyColumn("id"),
	)
}

// A wrapper whose key column is its parameter: not known at the SDK call.
func createKeyed(ctx context.Context, s table.Session, path, key string) error {
	return s.CreateTable(ctx, path, options.WithColumn(key, types.TypeUint64)) // want `wrapped known=false`
}
