package users

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const touchUser = "DECLARE $id AS Utf8; UPDATE users SET seen = CurrentUtcTimestamp() WHERE id = $id;"

// dbError names the operation, but with %v.
func dbError(op string, err error) error { // want dbError:"losesError\\(fmt-no-wrap\\)"
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %v", op, err)
}

// opError is dbError's correct twin.
func opError(op string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", op, err)
}

// touch runs the update and returns the SDK's error.
func (r *Repo) touch(ctx context.Context, tx query.TxActor, id string) error { // want touch:"carriesSDKError\\(TxActor.Exec\\)"
	if err := tx.Exec(ctx, touchUser, idParams(id)); err != nil {
		return fmt.Errorf("touch %s: %w", id, err)
	}
	return nil
}

// Touch builds the error in another function.
func (r *Repo) Touch(ctx context.Context, id string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return dbError("touch", tx.Exec(ctx, touchUser, idParams(id))) // want `users.dbError formats the error of TxActor.Exec without %w: not retried; the closure returns it, .*; users.dbError builds it at helpers.go:\d+;`
	})
}

// TouchFixed is Touch's correct twin.
func (r *Repo) TouchFixed(ctx context.Context, id string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return opError("touch", tx.Exec(ctx, touchUser, idParams(id)))
	})
}

// TouchAll gets the SDK error from a helper and formats it with %s.
func (r *Repo) TouchAll(ctx context.Context, ids []string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		for _, id := range ids {
			if err := r.touch(ctx, tx, id); err != nil {
				return fmt.Errorf("touch all: %s", err) // want `fmt.Errorf formats the error of \(\*Repo\).touch without %w: .*; \(\*Repo\).touch returns the error of TxActor.Exec \(helpers.go:\d+\);`
			}
		}
		return nil
	})
}

// TouchAllFixed is TouchAll's correct twin.
func (r *Repo) TouchAllFixed(ctx context.Context, ids []string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		for _, id := range ids {
			if err := r.touch(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}
