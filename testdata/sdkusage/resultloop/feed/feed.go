// Package feed reads a news feed through the query service.
package feed

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Item struct {
	ID   uint64
	Body string
}

type Feed struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Feed { return &Feed{db: db} }

// Latest breaks out of the row loop on any error: a broken stream looks
// like the end of the feed.
func (f *Feed) Latest(ctx context.Context) ([]Item, error) {
	var items []Item
	err := f.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		items = items[:0]
		res, err := s.Query(ctx, "SELECT id, body FROM feed ORDER BY id DESC LIMIT 50")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		for {
			rs, err := res.NextResultSet(ctx) // want `the error of NextResultSet is only compared with nil`
			if err != nil {
				break
			}
			for {
				row, err := rs.NextRow(ctx) // want `the error of NextRow is only compared with nil`
				if err != nil {
					break
				}
				var it Item
				if err := row.Scan(&it.ID, &it.Body); err != nil {
					return err
				}
				items = append(items, it)
			}
		}
		return nil
	})
	return items, err
}

// LatestFixed is Latest's correct twin.
func (f *Feed) LatestFixed(ctx context.Context) ([]Item, error) {
	var items []Item
	err := f.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		items = items[:0]
		res, err := s.Query(ctx, "SELECT id, body FROM feed ORDER BY id DESC LIMIT 50")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		for {
			rs, err := res.NextResultSet(ctx)
			if err != nil {
				if errors.Is(err, io.EOF) {
					break
				}
				return err
			}
			for {
				row, err := rs.NextRow(ctx)
				if err == io.EOF {
					break
				}
				if err != nil {
					return err
				}
				var it Item
				if err := row.Scan(&it.ID, &it.Body); err != nil {
					return err
				}
				items = append(items, it)
			}
		}
		return nil
	})
	return items, err
}

// Page returns early with nil on any error of the set's rows.
func (f *Feed) Page(ctx context.Context, after uint64) (items []Item, err error) {
	rs, err := f.db.Query().QueryResultSet(ctx, fmt.Sprintf("SELECT id, body FROM feed WHERE id > %d ORDER BY id LIMIT 20", after))
	if err != nil {
		return nil, err
	}
	defer func() { _ = rs.Close(ctx) }()
	for {
		row, err := rs.NextRow(ctx) // want `the error of NextRow is only compared with nil`
		if err != nil {
			return items, nil
		}
		var it Item
		if err := row.Scan(&it.ID, &it.Body); err != nil {
			return nil, err
		}
		items = append(items, it)
	}
}

// PageRange is Page with the range form, which ends on io.EOF itself.
func (f *Feed) PageRange(ctx context.Context, after uint64) (items []Item, err error) {
	rs, err := f.db.Query().QueryResultSet(ctx, fmt.Sprintf("SELECT id, body FROM feed WHERE id > %d ORDER BY id LIMIT 20", after))
	if err != nil {
		return nil, err
	}
	defer func() { _ = rs.Close(ctx) }()
	for row, err := range rs.Rows(ctx) {
		if err != nil {
			return nil, err
		}
		var it Item
		if err := row.Scan(&it.ID, &it.Body); err != nil {
			return nil, err
		}
		items = append(items, it)
	}
	return items, nil
}

// One reads a single row outside any loop: a missing row and a failure
// both become "not found", which is the caller's contract here.
func (f *Feed) One(ctx context.Context, id uint64) (Item, bool, error) {
	rs, err := f.db.Query().QueryResultSet(ctx, fmt.Sprintf("SELECT id, body FROM feed WHERE id = %d", id))
	if err != nil {
		return Item{}, false, err
	}
	defer func() { _ = rs.Close(ctx) }()
	row, err := rs.NextRow(ctx)
	if err != nil {
		return Item{}, false, nil
	}
	var it Item
	return it, true, row.Scan(&it.ID, &it.Body)
}
