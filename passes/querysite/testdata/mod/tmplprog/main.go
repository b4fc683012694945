// Command tmplprog keeps its tables under a folder from the command line,
// like the SDK's examples: the helpers that create and query the tables
// all receive the program's package var, so their holes carry its
// identity; the CreateTable helper writes the options itself.
package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path"
	"text/template"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/options"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

var prefix string

// archiveRoot is prefix's twin rooted at a value without identity: the
// variable, not the path.Join that last assigned it, names its tables.
var archiveRoot string

// roots hands over the deployment's root folder at start-up.
var roots = make(chan string, 1)

func main() {
	flag.StringVar(&prefix, "prefix", "", "tables folder")
	flag.StringVar(&archiveRoot, "archive-root", "", "archive tables folder")
	flag.Parse()
	ctx := context.Background()
	db, err := ydb.Open(ctx, os.Getenv("YDB"))
	if err != nil {
		panic(err)
	}
	prefix = path.Join(db.Name(), prefix)
	_ = createTable(ctx, db.Table(), path.Join(prefix, "schools")) // want `api=table.Session.CreateTable kind=createtable table="__ydblint_hole_0__/schools" cols=\[city:Utf8\?,number:Uint32\?\] pk=\[city,number\] chain=example.com/app/tmplprog.createTable`
	_ = createCities(ctx, db.Table(), prefix)
	_ = count(ctx, db.Table(), prefix) // want `api=table.Session.Execute text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\);\\nSELECT COUNT\(\*\) FROM cities;" holes=\[var:example.com/app/tmplprog.prefix\] params=\{\}\? chain=example.com/app/tmplprog.count`
	archiveRoot = path.Join(<-roots, archiveRoot)
	_ = countIn(ctx, db.Table(), archiveRoot) // want `api=table.Session.Execute text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\);\\nSELECT COUNT\(\*\) FROM cities;" holes=\[var:example.com/app/tmplprog.archiveRoot\] params=\{\}\? chain=example.com/app/tmplprog.countIn`
	_ = archive(ctx, db)
	_ = expire(ctx, db.Table(), prefix, 3) // want `api=table.Session.Execute text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\);\\nSELECT COUNT\(\*\) FROM cities;" holes=\[var:example.com/app/tmplprog.prefix\] params=\{\}\? chain=example.com/app/tmplprog.expire>example.com/app/tmplprog.count`
	feed(ctx, db)
	_ = twoFolders(ctx, db)
	_ = createTable(ctx, db.Table(), os.Getenv("EXTRA_TABLE")) // want `api=table.Session.CreateTable kind=createtable table="__ydblint_hole_0__" cols=\[city:Utf8\?,number:Uint32\?\] pk=\[city,number\] chain=example.com/app/tmplprog.createTable`
}

// createTable is a wrapper: its sites are its callers, with its options.
func createTable(ctx context.Context, c table.Client, path string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		return s.CreateTable(ctx, path,
			options.WithColumn("city", types.Optional(types.TypeText)),
			options.WithColumn("number", types.Optional(types.TypeUint32)),
			options.WithPrimaryKeyColumn("city", "number"),
		)
	})
}

// createCities builds the path itself from its parameter: the site is its
// own, the parameter's hole keyed by the package var every caller passes.
func createCities(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		if err := s.CreateTable(ctx, path.Join(folder, "cities"), // want `api=table.Session.CreateTable kind=createtable table="__ydblint_hole_0__/cities" cols=\[id:Uint64\] pk=\[id\]`
			options.WithColumn("id", types.TypeUint64),
			options.WithPrimaryKeyColumn("id"),
		); err != nil {
			return err
		}
		return s.CreateTable(ctx, path.Join(folder, "streets"), // want `api=table.Session.CreateTable kind=createtable table="__ydblint_hole_0__/streets" cols=\[city_id:Uint64,id:Uint64\] pk=\[city_id,id\]`
			options.WithColumn("city_id", types.TypeUint64),
			options.WithColumn("id", types.TypeUint64),
			options.WithPrimaryKeyColumn("city_id", "id"),
		)
	})
}

var countQuery = template.Must(template.New("count").Parse(`PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
SELECT COUNT(*) FROM cities;`))

type templateConfig struct{ TablePathPrefix string }

func render(t *template.Template, data any) string {
	var buf bytes.Buffer
	_ = t.Execute(&buf, data)
	return buf.String()
}

// count renders under its parameter and also lists the streets: its first
// SDK call makes it a wrapper, the second is a site of its own.
func count(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), render(countQuery, templateConfig{TablePathPrefix: folder}), nil)
		if err != nil {
			return err
		}
		_ = res.Close()
		_, res, err = s.Execute(ctx, table.DefaultTxControl(), render(countQuery, templateConfig{TablePathPrefix: folder + "/old"}), nil) // want `api=table.Session.Execute text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__/old\\"\);\\nSELECT COUNT\(\*\) FROM cities;" holes=\[var:example.com/app/tmplprog.prefix\] params=\{\}`
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// expire counts in batches, each in a function literal it calls at once
// (to scope a defer), as the SDK's ttl example does: folder reaches count
// through the literal's capture of expire's parameter, which every caller
// passes the package's prefix.
func expire(ctx context.Context, c table.Client, folder string, batches int) error {
	for i := 0; i < batches; i++ {
		err := func() error {
			defer func() { _ = recover() }()
			return count(ctx, c, folder)
		}()
		if err != nil {
			return err
		}
	}
	return nil
}

// countIn counts the cities of the archive folder.
func countIn(ctx context.Context, c table.Client, folder string) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), render(countQuery, templateConfig{TablePathPrefix: folder}), nil)
		if err != nil {
			return err
		}
		return res.Close()
	})
}
