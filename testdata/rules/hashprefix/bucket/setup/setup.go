// Package setup creates the index tables; only the deploy tool runs it and
// no service package imports it.
package setup

import (
	"context"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

func tagIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("tag_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("ts", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("tag_hash", "ts", "trace_id"),
	}
}

func serviceIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("svc_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("ts", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("svc_hash", "ts", "trace_id"),
	}
}

func operationIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("op_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("ts", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("op_hash", "ts", "trace_id"),
	}
}

func kindIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("kind_hash", types.Optional(types.TypeUint64)),
		options.WithColumn("ts", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("kind_hash", "ts", "trace_id"),
	}
}

// tenantIndex leads with a bucket the callers choose themselves.
func tenantIndex() []options.CreateTableOption {
	return []options.CreateTableOption{
		options.WithColumn("tenant_bucket", types.Optional(types.TypeUint64)),
		options.WithColumn("ts", types.Optional(types.TypeInt64)),
		options.WithColumn("trace_id", types.Optional(types.TypeUTF8)),
		options.WithPrimaryKeyColumn("tenant_bucket", "ts", "trace_id"),
	}
}

// Create creates every index table under the database root.
func Create(ctx context.Context, db *ydb.Driver) error {
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := s.CreateTable(ctx, path.Join(db.Name(), "tag_index"), tagIndex()...); err != nil {
			return err
		}
		if err := s.CreateTable(ctx, path.Join(db.Name(), "service_index"), serviceIndex()...); err != nil {
			return err
		}
		if err := s.CreateTable(ctx, path.Join(db.Name(), "operation_index"), operationIndex()...); err != nil {
			return err
		}
		if err := s.CreateTable(ctx, path.Join(db.Name(), "kind_index"), kindIndex()...); err != nil {
			return err
		}
		return s.CreateTable(ctx, path.Join(db.Name(), "tenant_index"), tenantIndex()...)
	})
}
