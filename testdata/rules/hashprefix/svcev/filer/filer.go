// Package filer keeps file metadata in the entries table, keyed by a Go
// hash of the directory. The only evidence of the hash is the keyed reads:
// the hash is computed in Go (pathutil) and the directory reaches the
// query through a helper that hands back the pointer it was given.
package filer

import (
	"context"
	"strings"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/hashprefix/svcev/pathutil"
)

// Store is the metadata store.
type Store struct {
	db      *ydb.Driver
	buckets string
}

// New returns a Store.
func New(db *ydb.Driver, buckets string) *Store { return &Store{db: db, buckets: buckets} }

const findQuery = `DECLARE $dir_hash AS Int64; DECLARE $directory AS Utf8; DECLARE $name AS Utf8;
SELECT meta FROM entries WHERE dir_hash = $dir_hash AND directory = $directory AND name = $name;`

const listQuery = `DECLARE $directory AS Utf8;
SELECT name, meta FROM entries WHERE directory = $directory;` // want `SELECT binds directory but not the hash-prefix column dir_hash of entries\b.*table entries.*\(write evidence at hashprefix/svcev/filer/filer.go`

const listKeyedQuery = `DECLARE $dir_hash AS Int64; DECLARE $directory AS Utf8;
SELECT name, meta FROM entries WHERE dir_hash = $dir_hash AND directory = $directory;`

// exec runs q in the caller's transaction when there is one.
func (s *Store) exec(ctx context.Context, q string, params *table.QueryParameters) error {
	if tx, ok := ctx.Value(txKey{}).(query.Transaction); ok {
		return tx.Exec(ctx, q, query.WithParameters(params))
	}
	return s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		return sess.Exec(ctx, q, query.WithParameters(params))
	})
}

type txKey struct{}

// bucketDir returns the directory relative to its bucket; it hands back
// the pointer it was given and only reads through it.
func (s *Store) bucketDir(dir *string) (bucket string, short *string) {
	short = dir
	if strings.HasPrefix(*dir, s.buckets) {
		bucket = (*dir)[len(s.buckets):]
	}
	return
}

// Find reads one entry by its full key.
func (s *Store) Find(ctx context.Context, dir, name string) error {
	_, short := s.bucketDir(&dir)
	return s.exec(ctx, findQuery, table.NewQueryParameters(
		table.ValueParam("$dir_hash", types.Int64Value(pathutil.HashDir(*short))),
		table.ValueParam("$directory", types.UTF8Value(*short)),
		table.ValueParam("$name", types.UTF8Value(name))))
}

// List forgets the hash.
func (s *Store) List(ctx context.Context, dir string) error {
	return s.exec(ctx, listQuery, table.NewQueryParameters(
		table.ValueParam("$directory", types.UTF8Value(dir))))
}

// ListKeyed is the correct twin of List.
func (s *Store) ListKeyed(ctx context.Context, dir string) error {
	return s.exec(ctx, listKeyedQuery, table.NewQueryParameters(
		table.ValueParam("$dir_hash", types.Int64Value(pathutil.HashDirUnrolled(dir))),
		table.ValueParam("$directory", types.UTF8Value(dir))))
}

// entry is one row, filled by a composite literal and turned into query
// parameters by its own method.
type entry struct {
	DirHash   int64
	Directory string
	Name      string
	Meta      []byte
}

func (e *entry) params() *table.QueryParameters {
	return table.NewQueryParameters(
		table.ValueParam("$dir_hash", types.Int64Value(e.DirHash)),
		table.ValueParam("$directory", types.UTF8Value(e.Directory)),
		table.ValueParam("$name", types.UTF8Value(e.Name)),
		table.ValueParam("$meta", types.BytesValue(e.Meta)))
}

const upsertQuery = `DECLARE $dir_hash AS Int64; DECLARE $directory AS Utf8; DECLARE $name AS Utf8; DECLARE $meta AS String;
UPSERT INTO entries (dir_hash, directory, name, meta) VALUES ($dir_hash, $directory, $name, $meta);`

// Save writes an entry: dir_hash is the Go hash of the directory it
// writes, the evidence the reads above are checked against.
func (s *Store) Save(ctx context.Context, dir, name string, meta []byte) error {
	_, short := s.bucketDir(&dir)
	e := entry{pathutil.HashDir(dir), *short, name, meta}
	return s.exec(ctx, upsertQuery, e.params())
}

// SaveUnhashed forgets the hash column.
func (s *Store) SaveUnhashed(ctx context.Context, dir, name string, meta []byte) error {
	e := entry{0, dir, name, meta}
	return s.exec(ctx, `DECLARE $directory AS Utf8; DECLARE $name AS Utf8; DECLARE $meta AS String;
UPSERT INTO entries (directory, name, meta) VALUES ($directory, $name, $meta);`, e.params()) // want `UPSERT does not write the hash-prefix column dir_hash of entries\b.*table entries`
}

// Pin writes every entry to hash zero: the row struct is filled with a
// constant hash and its method binds it.
func (s *Store) Pin(ctx context.Context, dir, name string, meta []byte) error {
	e := entry{0, dir, name, meta}
	return s.exec(ctx, upsertQuery, e.params()) // want `UPSERT writes a constant to the hash-prefix column dir_hash of entries: every such row lands in one partition; \$dir_hash, bound at filer.go:\d+, is the constant 0, and keyed reads .*table entries`
}

// Restore binds the hash column to a constant inline.
func (s *Store) Restore(ctx context.Context, dir, name string, meta []byte) error {
	return s.exec(ctx, upsertQuery, table.NewQueryParameters( // want `UPSERT writes a constant to the hash-prefix column dir_hash of entries: every such row lands in one partition; \$dir_hash, bound at filer.go:\d+, is the constant 42.*table entries`
		table.ValueParam("$dir_hash", types.Int64Value(42)),
		table.ValueParam("$directory", types.UTF8Value(dir)),
		table.ValueParam("$name", types.UTF8Value(name)),
		table.ValueParam("$meta", types.BytesValue(meta))))
}

// RestoreHashed is the correct twin of Restore.
func (s *Store) RestoreHashed(ctx context.Context, dir, name string, meta []byte) error {
	return s.exec(ctx, upsertQuery, table.NewQueryParameters(
		table.ValueParam("$dir_hash", types.Int64Value(pathutil.HashDir(dir))),
		table.ValueParam("$directory", types.UTF8Value(dir)),
		table.ValueParam("$name", types.UTF8Value(name)),
		table.ValueParam("$meta", types.BytesValue(meta))))
}
