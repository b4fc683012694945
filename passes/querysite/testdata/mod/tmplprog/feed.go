package main

import (
	"context"
	"fmt"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
)

// feed is the SDK's CDC example: the folder is the database root, joined
// once in the function that starts the workers, and a goroutine reads it
// when it runs. Assigned once where it is declared, before the goroutine
// starts, it is the database root there (the same key as every db.Name()).
func feed(ctx context.Context, db *ydb.Driver) {
	prefix := path.Join(db.Name())
	go func() {
		_ = purge(ctx, db, prefix) // want "api=query.Client.Exec text=\"PRAGMA TablePathPrefix\\(\\\\\"__ydblint_hole_0__\\\\\"\\); DELETE FROM cdc WHERE id < 10;\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\]"
	}()
	// A folder the workers may read after it is assigned again: its
	// tables are not known.
	folder := path.Join(db.Name(), "a")
	go func() {
		_ = purge(ctx, db, folder) // want "api=query.Client.Exec text=\"__ydblint_hole_0__\" holes=\\[\\]"
	}()
	folder = path.Join(db.Name(), "b")
	_ = folder
}

func purge(ctx context.Context, db *ydb.Driver, prefix string) error {
	return db.Query().Exec(ctx, fmt.Sprintf(`PRAGMA TablePathPrefix("%v"); DELETE FROM cdc WHERE id < 10;`, prefix))
}
