package accounts

import (
	"context"
	"slices"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

// The lookups below fill a ydb.ParamsBuilder list in a loop, one Add per
// id: the list is as long as the loop runs, so it is bounded exactly when
// the loop is.

// Chunk checks the batch, then adds each id to the list it reassigns.
func (r *Repo) Chunk(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for _, id := range ids {
		list = list.Add().Uint64(id)
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		list.EndList().Build())
}

// ChunkAll is Chunk's faulty twin: nothing bounds the batch.
func (r *Repo) ChunkAll(ctx context.Context, ids []uint64) ([]string, error) {
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for _, id := range ids {
		list = list.Add().Uint64(id)
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		list.EndList().Build())
}

// ChunkTrimmed cuts the batch and adds in place: each Add returns the
// list it was called on, so the result is dropped.
func (r *Repo) ChunkTrimmed(ctx context.Context, ids []uint64) ([]string, error) {
	ids = ids[:min(len(ids), MaxBatch)]
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for i := range ids {
		list.Add().Uint64(ids[i])
	}
	params := list.EndList().Build()
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, params)
}

// WithLegacy looks each id up under its legacy id too: two items per id,
// at most 2×MaxBatch in all.
func (r *Repo) WithLegacy(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for _, id := range ids {
		list.Add().Uint64(id).Add().Uint64(id | legacyBit)
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		list.EndList().Build())
}

// legacyBit marks ids issued before the migration.
const legacyBit = 1 << 63

// Members is the faulty twin of a checked batch: it ranges over a set
// (a map), whose size nothing here bounds.
func (r *Repo) Members(ctx context.Context, set map[uint64]bool) ([]string, error) {
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for id := range set {
		list = list.Add().Uint64(id)
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		list.EndList().Build())
}

// Pages looks any number of ids up a page at a time: each page's list is
// made inside the outer loop and holds at most MaxBatch ids.
func (r *Repo) Pages(ctx context.Context, ids []uint64) ([]string, error) {
	var out []string
	for start := 0; start < len(ids); start += MaxBatch {
		page := ids[start:min(start+MaxBatch, len(ids))]
		list := ydb.ParamsBuilder().Param("$ids").BeginList()
		for _, id := range page {
			list = list.Add().Uint64(id)
		}
		emails, err := r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
			list.EndList().Build())
		if err != nil {
			return nil, err
		}
		out = append(out, emails...)
	}
	return out, nil
}

// OnePage is Pages' faulty twin: its page runs from start to the end.
func (r *Repo) OnePage(ctx context.Context, ids []uint64, start int) ([]string, error) {
	list := ydb.ParamsBuilder().Param("$ids").BeginList()
	for _, id := range ids[start:] {
		list = list.Add().Uint64(id)
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		list.EndList().Build())
}

// Chunked looks any number of ids up in chunks that slices.Chunk cuts to
// at most MaxBatch ids each.
func (r *Repo) Chunked(ctx context.Context, ids []uint64) ([]string, error) {
	var out []string
	for chunk := range slices.Chunk(ids, MaxBatch) {
		list := ydb.ParamsBuilder().Param("$ids").BeginList()
		for _, id := range chunk {
			list = list.Add().Uint64(id)
		}
		emails, err := r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
			list.EndList().Build())
		if err != nil {
			return nil, err
		}
		out = append(out, emails...)
	}
	return out, nil
}

// ChunkedBy is Chunked's faulty twin: the caller chooses the chunk size.
func (r *Repo) ChunkedBy(ctx context.Context, ids []uint64, size int) ([]string, error) {
	var out []string
	for chunk := range slices.Chunk(ids, size) {
		list := ydb.ParamsBuilder().Param("$ids").BeginList()
		for _, id := range chunk {
			list = list.Add().Uint64(id)
		}
		emails, err := r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
			list.EndList().Build())
		if err != nil {
			return nil, err
		}
		out = append(out, emails...)
	}
	return out, nil
}
