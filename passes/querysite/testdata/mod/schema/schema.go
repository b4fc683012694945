package schema

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

//go:embed create.sql
var createSQL string

type Storage struct {
	tablePath string
}

func Create(ctx context.Context, db *ydb.Driver, s *Storage) {
	_ = db.Query().Exec(ctx, createSQL)                                                                 // want `text="CREATE TABLE users \(id Uint64, PRIMARY KEY \(id\)\);\\n"`
	_ = db.Query().Exec(ctx, fmt.Sprintf("CREATE TABLE %s (id Uint64, PRIMARY KEY (id))", s.tablePath)) // want `holes=\[field:example.com/app/schema.Storage.tablePath\]`
}
