package main

import (
	"context"
	"fmt"
	"path"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// archive keeps a second folder, built once from the database name: its
// helpers get that text from their only caller.
func archive(ctx context.Context, db *ydb.Driver) error {
	folder := path.Join(db.Name(), "archive")
	if err := createArchive(ctx, db.Query(), folder); err != nil { // want "api=query.Client.Exec text=\"DROP TABLE IF EXISTS `__ydblint_hole_0__/archive/cities`\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}\\? chain=example.com/app/tmplprog.createArchive"
		return err
	}
	if err := createArchive(ctx, db.Query(), folder); err != nil { // a retry: the same text again // want "api=query.Client.Exec text=\"DROP TABLE IF EXISTS `__ydblint_hole_0__/archive/cities`\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}\\? chain=example.com/app/tmplprog.createArchive"
		return err
	}
	if err := createOldCities(ctx, db.Table(), folder); err != nil {
		return err
	}
	return listArchive(ctx, db.Query(), folder) // want "api=query.Client.QueryResultSet text=\"SELECT id FROM `__ydblint_hole_0__/archive/cities`\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}\\? chain=example.com/app/tmplprog.listArchive"
}

func createArchive(ctx context.Context, c query.Client, folder string) error {
	if err := c.Exec(ctx, "DROP TABLE IF EXISTS `"+folder+"/cities`"); err != nil {
		return err
	}
	return c.Exec(ctx, fmt.Sprintf("CREATE TABLE `%s` (id Uint64, PRIMARY KEY (id))", path.Join(folder, "cities"))) // want "api=query.Client.Exec text=\"CREATE TABLE `__ydblint_hole_0__/archive/cities` \\(id Uint64, PRIMARY KEY \\(id\\)\\)\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}"
}

// createOldCities builds the path from its parameter: the CreateTable is a
// site of its own, where the parameter reads as its only caller's text.
func createOldCities(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path.Join(folder, "old_cities"), // want `api=table.Session.CreateTable kind=createtable table="__ydblint_hole_0__/archive/old_cities" cols=\[id:Uint64\] pk=\[id\]`
			options.WithColumn("id", types.TypeUint64),
			options.WithPrimaryKeyColumn("id"),
		)
	})
}

func listArchive(ctx context.Context, c query.Client, folder string) error {
	_, err := c.QueryResultSet(ctx, "SELECT id FROM `"+folder+"/cities`")
	return err
}

// twoFolders hands a helper two different folders: its own sites cannot
// know which, and keep the parameter's hole.
func twoFolders(ctx context.Context, db *ydb.Driver) error {
	if err := dropBoth(ctx, db.Query(), path.Join(db.Name(), "a")); err != nil { // want "api=query.Client.Exec text=\"DROP TABLE IF EXISTS `__ydblint_hole_0__/a/x`\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}\\? chain=example.com/app/tmplprog.dropBoth"
		return err
	}
	return dropBoth(ctx, db.Query(), path.Join(db.Name(), "b")) // want "api=query.Client.Exec text=\"DROP TABLE IF EXISTS `__ydblint_hole_0__/b/x`\" holes=\\[call:github.com/ydb-platform/ydb-go-sdk/v3.\\(\\*Driver\\).Name\\] params=\\{\\}\\? chain=example.com/app/tmplprog.dropBoth"
}

func dropBoth(ctx context.Context, c query.Client, folder string) error {
	if err := c.Exec(ctx, "DROP TABLE IF EXISTS `"+folder+"/x`"); err != nil {
		return err
	}
	return c.Exec(ctx, "DROP TABLE IF EXISTS `"+folder+"/y`") // want "api=query.Client.Exec text=\"DROP TABLE IF EXISTS `__ydblint_hole_0__/y`\" holes=\\[\\] params=\\{\\}"
}
