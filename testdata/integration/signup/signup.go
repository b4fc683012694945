// Package signup is the integration corpus's case of retryerr: a sign-up
// repository whose DoTx closures turn the SDK's error into their own.
package signup

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

const insertAccount = "DECLARE $id AS Uint64; DECLARE $email AS Utf8; INSERT INTO accounts (account_id, email) VALUES ($id, $email);"

// AccountError names the account a write failed for; it has no Unwrap.
type AccountError struct {
	ID  uint64
	Err error
}

func (e *AccountError) Error() string { return fmt.Sprintf("account %d: %v", e.ID, e.Err) }

type Repo struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

func params(id uint64, email string) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$email").Text(email).Build())
}

// Create formats the SDK error with %v.
func (r *Repo) Create(ctx context.Context, id uint64, email string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertAccount, params(id, email)); err != nil {
			return fmt.Errorf("create account %d: %v", id, err) // want `fmt.Errorf formats the error of TxActor.Exec without %w: not retried; the closure returns it, and query.Client.DoTx finds no YDB status in it`
		}
		return nil
	})
}

// CreateWrapped is Create's correct twin.
func (r *Repo) CreateWrapped(ctx context.Context, id uint64, email string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertAccount, params(id, email)); err != nil {
			return fmt.Errorf("create account %d: %w", id, err)
		}
		return nil
	})
}

// Import keeps the SDK error in a type without Unwrap.
func (r *Repo) Import(ctx context.Context, id uint64, email string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertAccount, params(id, email)); err != nil {
			return &AccountError{ID: id, Err: err} // want `\*AccountError holds the error of TxActor.Exec but has no Unwrap`
		}
		return nil
	})
}

// WriteError is AccountError's correct twin.
type WriteError struct {
	ID  uint64
	Err error
}

func (e *WriteError) Error() string { return fmt.Sprintf("account %d: %v", e.ID, e.Err) }

func (e *WriteError) Unwrap() error { return e.Err }

// ImportWrapped is Import's correct twin.
func (r *Repo) ImportWrapped(ctx context.Context, id uint64, email string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertAccount, params(id, email)); err != nil {
			return &WriteError{ID: id, Err: err}
		}
		return nil
	})
}
