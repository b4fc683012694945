// Package ptrtext hands query text around as *string.
package ptrtext

import (
	"context"
	"fmt"
	"path"
	"strings"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const (
	findQuery = `PRAGMA TablePathPrefix("%v"); SELECT meta FROM files WHERE dir = $dir`
	listQuery = `PRAGMA TablePathPrefix("%v"); SELECT name FROM files WHERE dir = $dir LIMIT 10`
)

// withPrefix returns the address of a fresh variable written once.
func withPrefix(prefix *string, q string) *string {
	s := fmt.Sprintf(q, *prefix)
	return &s
}

type store struct {
	db     *ydb.Driver
	prefix string
}

// run only reads through q, here and in its closure.
func (st *store) run(ctx context.Context, q *string) error {
	if tx, ok := ctx.Value("tx").(query.Transaction); ok {
		_, err := tx.Query(ctx, *q)
		return err
	}
	return st.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.Query(ctx, *q)
		return err
	})
}

func (st *store) reads(ctx context.Context, first bool) {
	_ = st.run(ctx, withPrefix(&st.prefix, findQuery)) // want `text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\); SELECT meta FROM files WHERE dir = \$dir"`

	inclusive, exclusive := withPrefix(&st.prefix, findQuery), withPrefix(&st.prefix, listQuery)
	q := exclusive
	if first {
		q = inclusive
	}
	_ = st.run(ctx, q) // want `text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\); SELECT meta FROM files WHERE dir = \$dir" holes=\[field:example.com/app/ptrtext.store.prefix\] \| text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\); SELECT name FROM files WHERE dir = \$dir LIMIT 10" holes=\[field:example.com/app/ptrtext.store.prefix\]`

	local := "SELECT 1 FROM files"
	_ = st.run(ctx, &local) // want `text="SELECT 1 FROM files"`
}

// A local assigned on a branch, its address handed to the wrapper: the
// evaluator holds the cell's value at the call, one text per branch, in
// source order.
func (st *store) branches(ctx context.Context, byName bool) {
	q := "SELECT meta FROM files WHERE dir = $dir"
	if byName {
		q = "SELECT meta FROM files WHERE name = $name"
	}
	_ = st.run(ctx, &q) // want `text="SELECT meta FROM files WHERE dir = \$dir" \| text="SELECT meta FROM files WHERE name = \$name" params`
}

// Written through before the call: the evaluator's memory at the call holds
// what was stored. By a function that is not read-only: the pointee is not
// known.
func (st *store) unknown(ctx context.Context) {
	p := withPrefix(&st.prefix, findQuery)
	*p = "SELECT 2 FROM files"
	_ = st.run(ctx, p) // want `text="SELECT 2 FROM files" params`

	local := "SELECT 3 FROM files"
	rewrite(&local)
	_ = st.run(ctx, &local) // want `text="__ydblint_hole_0__" holes=\[\]`
}

func rewrite(q *string) { *q += " WHERE 1 = 0" }

// A wrapper that writes through its parameter forwards no text; its own
// site holds what it appends after the pointee it cannot know (the
// evaluator's text: more literal than the recognisers' whole hole).
func (st *store) runRewritten(ctx context.Context, q *string) error {
	*q += " LIMIT 1"
	_, err := st.db.Query().Query(ctx, *q) // want `text="__ydblint_hole_0__ LIMIT 1" holes=\[\]`
	return err
}

// prefixFor is the store's folder, or a bucket's folder joined from the
// request's directory (seaweedfs's getPrefix). The bucket's variant sets
// PRAGMA TablePathPrefix from a value without identity, whose tables only
// a suffix could name: it is left out, the store's variant stays.
func (st *store) prefixFor(dir string) *string {
	if strings.HasPrefix(dir, "/buckets/") {
		bucket := path.Join(st.prefix, dir[len("/buckets/"):])
		return &bucket
	}
	return &st.prefix
}

func (st *store) find(ctx context.Context, dir string) {
	_ = st.run(ctx, withPrefix(st.prefixFor(dir), findQuery)) // want `text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\); SELECT meta FROM files WHERE dir = \$dir" holes=\[field:example.com/app/ptrtext.store.prefix\] params`
}
