// Package orders reads orders through the query service.
package orders

import (
	"context"
	"errors"
	"io"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Order struct {
	ID     uint64
	UserID uint64
	Amount int64
}

type Store struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Store { return &Store{db: db} }

// readAll reads every row of every set, calling fn for each.
func readAll(ctx context.Context, res query.Result, fn func(query.Row) error) error {
	for {
		rs, err := res.NextResultSet(ctx)
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			if err := fn(row); err != nil {
				return err
			}
		}
	}
}

// Recent appends rows to the captured slice while the stream is still
// being received: a retry after a broken stream duplicates them.
func (s *Store) Recent(ctx context.Context) ([]Order, error) {
	var out []Order
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		res, err := sess.Query(ctx, "SELECT id, user_id, amount FROM orders ORDER BY id DESC LIMIT 100")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var o Order
			if err := row.Scan(&o.ID, &o.UserID, &o.Amount); err != nil {
				return err
			}
			out = append(out, o) // want `append to out runs again when query.Client.Do retries the closure; Set.NextRow can fail after it.*; out is captured from outside the closure;`
		}
	})
	return out, err
}

// RecentReset is Recent's correct twin: every attempt starts empty.
func (s *Store) RecentReset(ctx context.Context) ([]Order, error) {
	var out []Order
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		out = out[:0]
		res, err := sess.Query(ctx, "SELECT id, user_id, amount FROM orders ORDER BY id DESC LIMIT 100")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var o Order
			if err := row.Scan(&o.ID, &o.UserID, &o.Amount); err != nil {
				return err
			}
			out = append(out, o)
		}
	})
	return out, err
}

// RecentLocal is Recent's other correct twin: a local slice, published at
// the end of the attempt.
func (s *Store) RecentLocal(ctx context.Context) ([]Order, error) {
	var out []Order
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		res, err := sess.Query(ctx, "SELECT id, user_id, amount FROM orders ORDER BY id DESC LIMIT 100")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		var page []Order
		err = readAll(ctx, res, func(row query.Row) error {
			var o Order
			if err := row.Scan(&o.ID, &o.UserID, &o.Amount); err != nil {
				return err
			}
			page = append(page, o)
			return nil
		})
		if err != nil {
			return err
		}
		out = page
		return nil
	})
	return out, err
}

// ByUser groups orders by user in a captured map.
func (s *Store) ByUser(ctx context.Context) (map[uint64][]Order, error) {
	byUser := map[uint64][]Order{}
	seen := map[uint64]bool{}
	attempts := 0
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		attempts++ // counts attempts on purpose: not reported
		res, err := sess.Query(ctx, "SELECT id, user_id, amount FROM orders")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var o Order
			if err := row.Scan(&o.ID, &o.UserID, &o.Amount); err != nil {
				return err
			}
			seen[o.ID] = true                              // the same entry again on a retry: not reported
			byUser[o.UserID] = append(byUser[o.UserID], o) // want `read-modify-write of an entry of byUser runs again when .*; byUser is a map captured from outside the closure;`
		}
	})
	_ = attempts
	_ = seen
	return byUser, err
}

// ByUserFixed is ByUser's correct twin.
func (s *Store) ByUserFixed(ctx context.Context) (map[uint64][]Order, error) {
	byUser := map[uint64][]Order{}
	err := s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		clear(byUser)
		res, err := sess.Query(ctx, "SELECT id, user_id, amount FROM orders")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var o Order
			if err := row.Scan(&o.ID, &o.UserID, &o.Amount); err != nil {
				return err
			}
			byUser[o.UserID] = append(byUser[o.UserID], o)
		}
	})
	return byUser, err
}

// Total sums amounts in a captured counter while the stream is received.
func (s *Store) Total(ctx context.Context) (total int64, n int, err error) {
	err = s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		res, err := sess.Query(ctx, "SELECT amount FROM orders")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var a int64
			if err := row.Scan(&a); err != nil {
				return err
			}
			total += a // want `update of total runs again when .*; total is captured from outside the closure;`
			n++        // want `update of n runs again when .*; n is captured from outside the closure;`
		}
	})
	return total, n, err
}

// TotalFixed is Total's correct twin.
func (s *Store) TotalFixed(ctx context.Context) (total int64, n int, err error) {
	err = s.db.Query().Do(ctx, func(ctx context.Context, sess query.Session) error {
		total, n = 0, 0
		res, err := sess.Query(ctx, "SELECT amount FROM orders")
		if err != nil {
			return err
		}
		defer func() { _ = res.Close(ctx) }()
		rs, err := res.NextResultSet(ctx)
		if err != nil {
			return err
		}
		for {
			row, err := rs.NextRow(ctx)
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			var a int64
			if err := row.Scan(&a); err != nil {
				return err
			}
			total += a
			n++
		}
	})
	return total, n, err
}

// Archive moves orders in a transaction and records what it moved; the
// commit after the closure can abort and rerun it.
func (s *Store) Archive(ctx context.Context, ids []uint64) (moved []uint64, err error) {
	err = s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		for _, id := range ids {
			if err := tx.Exec(ctx, "DECLARE $id AS Uint64; UPSERT INTO archive SELECT * FROM orders WHERE id = $id;",
				query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
				return err
			}
			moved = append(moved, id) // want `append to moved runs again when query.Client.DoTx retries the closure; TxActor.Exec can fail after it.*; moved is captured from outside the closure;`
		}
		return nil
	})
	return moved, err
}

// Audit appends once, after its last statement: only the commit follows.
func (s *Store) Audit(ctx context.Context, id uint64, log *[]string) (notes []string, err error) {
	err = s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM orders WHERE id = $id;",
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
			return err
		}
		notes = append(notes, "deleted") // want `append to notes runs again when query.Client.DoTx retries the closure; the commit query.Client.DoTx makes when the closure returns can fail after it.*; notes is captured from outside the closure;`
		return nil
	})
	return notes, err
}

// AuditFixed is Audit's correct twin.
func (s *Store) AuditFixed(ctx context.Context, id uint64) (notes []string, err error) {
	err = s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		notes = nil
		if err := tx.Exec(ctx, "DECLARE $id AS Uint64; DELETE FROM orders WHERE id = $id;",
			query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
			return err
		}
		notes = append(notes, "deleted")
		return nil
	})
	return notes, err
}

// Backfill sums the rows it moves over batches, one retried transaction
// per batch: resetting moved in the closure would lose the earlier
// batches, so the advice is to count per call and add after it.
func (s *Store) Backfill(ctx context.Context, batches [][]uint64) (moved int, err error) {
	for _, ids := range batches {
		err = s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			for _, id := range ids {
				if err := tx.Exec(ctx, "DECLARE $id AS Uint64; UPDATE orders SET archived = true WHERE id = $id;",
					query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
					return err
				}
				moved++ // want `update of moved runs again when .*; moved is captured from outside the closure; moved sums over the loop's calls of query.Client.DoTx, so count in a variable declared inside the closure and add it to moved after the call returns without error`
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
	}
	return moved, nil
}

// BackfillFixed is Backfill's correct twin: each call counts its own
// batch, and the sum grows only after the call succeeded.
func (s *Store) BackfillFixed(ctx context.Context, batches [][]uint64) (moved int, err error) {
	for _, ids := range batches {
		var batch int
		err = s.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			n := 0
			for _, id := range ids {
				if err := tx.Exec(ctx, "DECLARE $id AS Uint64; UPDATE orders SET archived = true WHERE id = $id;",
					query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())); err != nil {
					return err
				}
				n++
			}
			batch = n
			return nil
		})
		if err != nil {
			return moved, err
		}
		moved += batch
	}
	return moved, nil
}
