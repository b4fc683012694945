package dyntext

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// ByArchive picks its query on a branch, runs it in the retrier's closure,
// then reuses the variable for the next query: each closure reads the
// values stored on the paths that reach it.
func (r *Series) ByArchive(ctx context.Context, archived bool) error {
	var q string
	if archived {
		q = "SELECT title FROM series_archive WHERE series_id = $id"
	} else {
		q = "SELECT title FROM series WHERE series_id = $id"
	}
	err := r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, nil) // want `api=table.Session.Execute text="SELECT title FROM series_archive WHERE series_id = \$id" \| text="SELECT title FROM series WHERE series_id = \$id" params=\{\}`
		if err != nil {
			return err
		}
		return res.Close()
	})
	if err != nil {
		return err
	}
	q = "SELECT COUNT(*) FROM series"
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, nil) // want `api=table.Session.Execute text="SELECT COUNT\(\*\) FROM series" params=\{\}`
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Optional leaves the variable empty on one path: the empty text is one of
// its values, and holds no statement.
func (r *Series) Optional(ctx context.Context, count bool) error {
	var q string
	if count {
		q = "SELECT COUNT(*) FROM series"
	}
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, nil) // want `api=table.Session.Execute text="SELECT COUNT\(\*\) FROM series" params=\{\}`
		if err != nil {
			return err
		}
		return res.Close()
	})
}

// Later changes the variable after making the closure and before handing
// it to the retrier: the closure runs inside Do, after the assignment, and
// reads "SELECT 1" (the evaluator follows the captured cell to the call).
func (r *Series) Later(ctx context.Context, archived bool) error {
	var q string
	if archived {
		q = "SELECT title FROM series_archive"
	} else {
		q = "SELECT title FROM series"
	}
	op := func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, nil) // want `api=table.Session.Execute text="SELECT 1" params=\{\}`
		if err != nil {
			return err
		}
		return res.Close()
	}
	q = "SELECT 1"
	return r.db.Table().Do(ctx, op)
}

// Async runs the closure on another goroutine: it may read the variable
// after the next assignment. Not recovered.
func (r *Series) Async(ctx context.Context, archived bool) {
	var q string
	if archived {
		q = "SELECT title FROM series_archive"
	} else {
		q = "SELECT title FROM series"
	}
	go func() {
		_ = r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
			_, res, err := s.Execute(ctx, readTx, q, nil) // want `api=table.Session.Execute text="__ydblint_hole_0__" holes=\[\] params=\{\}`
			if err != nil {
				return err
			}
			return res.Close()
		})
	}()
	q = "SELECT 1"
	_ = q
}
