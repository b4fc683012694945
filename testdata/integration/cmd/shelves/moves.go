package main

import (
	"context"
	"path"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// moves keeps the shelf moves in a folder of its own, built once here and
// handed to the helpers: the table they create and the one they read are
// the same (shelves_moves/moves below the database root, db.Name()).
func moves(ctx context.Context, db *ydb.Driver, shelf uint64, since time.Time) error {
	folder := path.Join(db.Name(), "shelves_moves")
	if err := createMoves(ctx, db.Table(), folder); err != nil {
		return err
	}
	return recentMoves(ctx, db.Table(), folder, shelf, since)
}

func createMoves(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(folder, "moves"),
			options.WithColumn("shelf_id", types.TypeUint64),
			options.WithColumn("moved_at", types.TypeTimestamp),
			options.WithColumn("item_id", types.TypeUint64),
			options.WithPrimaryKeyColumn("shelf_id", "moved_at", "item_id"),
		)
	})
}

// recentMoves picks its query on a branch; the retrier's closure reads it.
// Without a shelf the read scans every partition: reported once, for the
// one way of building the text that does.
func recentMoves(ctx context.Context, c table.Client, folder string, shelf uint64, since time.Time) error {
	var q string
	if shelf != 0 {
		q = "PRAGMA TablePathPrefix(\"" + folder + "\");\n" +
			"DECLARE $shelf_id AS Uint64; DECLARE $since AS Timestamp;\n" +
			"SELECT item_id FROM moves WHERE shelf_id = $shelf_id AND moved_at > $since;"
	} else {
		q = "PRAGMA TablePathPrefix(\"" + folder + "\");\n" +
			"DECLARE $shelf_id AS Uint64; DECLARE $since AS Timestamp;\n" +
			"SELECT item_id FROM moves WHERE moved_at > $since;" // want `SELECT reads every partition of shelves_moves/moves.*\(in 1 of the 2 ways the query text is built: the text at moves.go:48\)`
	}
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), q, table.NewQueryParameters(
			table.ValueParam("$shelf_id", types.Uint64Value(shelf)),
			table.ValueParam("$since", types.TimestampValueFromTime(since)),
		))
		if err != nil {
			return err
		}
		return res.Close()
	})
}
