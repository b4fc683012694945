package schema

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

//go:embed create.sql
var createSQL string

// A pattern querysite does not expand: the text is not known, never the
// empty string the declaration spells.
//
//go:embed dro?.sql
var dropSQL string

// Rewritten by init: the file's text is not the variable's value.
//
//go:embed tmpl.sql
var tmplSQL string

func init() { tmplSQL = strings.TrimSpace(tmplSQL) }

type Storage struct {
	tablePath string
}

func Create(ctx context.Context, db *ydb.Driver, s *Storage) {
	_ = db.Query().Exec(ctx, dropSQL)                                                                   // want `holes=\[var:example.com/app/schema.dropSQL\]`
	_ = db.Query().Exec(ctx, tmplSQL)                                                                   // want `holes=\[var:example.com/app/schema.tmplSQL\]`
	_ = db.Query().Exec(ctx, createSQL)                                                                 // want `text="CREATE TABLE users \(id Uint64, PRIMARY KEY \(id\)\);\\n"`
	_ = db.Query().Exec(ctx, fmt.Sprintf("CREATE TABLE %s (id Uint64, PRIMARY KEY (id))", s.tablePath)) // want `holes=\[field:example.com/app/schema.Storage.tablePath\]`
}
