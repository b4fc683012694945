// Package users is a sign-up service's repository on the query service:
// every write runs in a DoTx closure.
package users

import (
	"context"
	"errors"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/sdkusage/retryerr/apperr"
)

const (
	insertUser = "DECLARE $id AS Utf8; DECLARE $email AS Utf8; INSERT INTO users (id, email) VALUES ($id, $email);"
	selectUser = "DECLARE $id AS Utf8; SELECT email FROM users WHERE id = $id;"
	deleteUser = "DECLARE $id AS Utf8; DELETE FROM users WHERE id = $id;"
)

type User struct{ ID, Email string }

type Repo struct{ db *ydb.Driver }

func NewRepo(db *ydb.Driver) *Repo { return &Repo{db: db} }

func userParams(u User) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(u.ID).Param("$email").Text(u.Email).Build())
}

func idParams(id string) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Text(id).Build())
}

// Create formats the SDK error with %v: a lock conflict is not retried.
func (r *Repo) Create(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertUser, userParams(u)); err != nil {
			return fmt.Errorf("insert user %s: %v", u.ID, err) // want `fmt.Errorf formats the error of TxActor.Exec without %w: not retried; the closure returns it, and query.Client.DoTx finds no YDB status in it \(errors.As\) and stops at the first attempt: ABORTED \(lock conflicts\), UNAVAILABLE, OVERLOADED and BAD_SESSION are not retried, and the cause is lost; format it with %w`
		}
		return nil
	})
}

// CreateFixed is Create's correct twin.
func (r *Repo) CreateFixed(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertUser, userParams(u)); err != nil {
			return fmt.Errorf("insert user %s: %w", u.ID, err)
		}
		return nil
	})
}

// Email rebuilds the error from its text.
func (r *Repo) Email(ctx context.Context, id string) (string, error) {
	var email string
	err := r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		row, err := tx.QueryRow(ctx, selectUser, idParams(id))
		if err != nil {
			if errors.Is(err, query.ErrNoRows) {
				return apperr.ErrNotFound // chosen on purpose after errors.Is
			}
			return errors.New("select user: " + err.Error()) // want `errors.New keeps only the text of the error of TxActor.QueryRow: .*; return the error itself, or fmt.Errorf\("…: %w", err\)`
		}
		if err := row.Scan(&email); err != nil {
			return apperr.Message{Text: "bad row"} // a scan error is not retryable: not reported
		}
		return nil
	}, query.WithIdempotent())
	return email, err
}

// EmailFixed is Email's correct twin.
func (r *Repo) EmailFixed(ctx context.Context, id string) (string, error) {
	var email string
	err := r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		row, err := tx.QueryRow(ctx, selectUser, idParams(id))
		if err != nil {
			if errors.Is(err, query.ErrNoRows) {
				return apperr.ErrNotFound
			}
			return err
		}
		return row.Scan(&email)
	}, query.WithIdempotent())
	return email, err
}

// Delete keeps the SDK error in a type without Unwrap.
func (r *Repo) Delete(ctx context.Context, id string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, deleteUser, idParams(id)); err != nil {
			return &apperr.TxError{Op: "delete user", Err: err} // want `\*apperr.TxError holds the error of TxActor.Exec but has no Unwrap: .*; add an Unwrap\(\) error method that returns it`
		}
		return nil
	})
}

// DeleteFixed is Delete's correct twin: OpError has Unwrap.
func (r *Repo) DeleteFixed(ctx context.Context, id string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, deleteUser, idParams(id)); err != nil {
			return &apperr.OpError{Op: "delete user", Err: err}
		}
		return nil
	})
}

// DeleteAll builds the error with the other package's constructor.
func (r *Repo) DeleteAll(ctx context.Context, ids []string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		for _, id := range ids {
			if err := tx.Exec(ctx, deleteUser, idParams(id)); err != nil {
				return apperr.NewTxError("delete "+id, err) // want `\*apperr.TxError holds the error of TxActor.Exec but has no Unwrap`
			}
		}
		return nil
	})
}

// DeleteAllFixed is DeleteAll's correct twin.
func (r *Repo) DeleteAllFixed(ctx context.Context, ids []string) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		var errs []error
		for _, id := range ids {
			if err := tx.Exec(ctx, deleteUser, idParams(id)); err != nil {
				errs = append(errs, apperr.NewOpError("delete "+id, err))
			}
		}
		if len(errs) > 0 {
			return apperr.BatchError{Errs: errs}
		}
		return nil
	})
}

// SignUp answers "conflict" for every failed insert: a lock conflict, an
// overloaded node and a broken session all become ErrConflict.
func (r *Repo) SignUp(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertUser, userParams(u)); err != nil {
			return apperr.ErrConflict // want `the closure returns apperr.ErrConflict in place of the error of TxActor.Exec; .*; return that error, wrapped with %w or in a type whose Unwrap returns it`
		}
		return nil
	})
}

// SignUpFixed is SignUp's correct twin: both stay visible.
func (r *Repo) SignUpFixed(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, insertUser, userParams(u)); err != nil {
			return errors.Join(apperr.ErrConflict, err)
		}
		return nil
	})
}

// Register replaces the error with a literal of its own type.
func (r *Repo) Register(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		err := tx.Exec(ctx, insertUser, userParams(u))
		if err == nil {
			return nil
		}
		return &apperr.TxError{Op: "register"} // want `the closure returns \*apperr.TxError in place of the error of TxActor.Exec`
	})
}

// RegisterFixed is Register's correct twin.
func (r *Repo) RegisterFixed(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		err := tx.Exec(ctx, insertUser, userParams(u))
		if err == nil {
			return nil
		}
		return &apperr.OpError{Op: "register", Err: err}
	})
}

// Validate returns errors made before any SDK call: nothing to lose.
func (r *Repo) Validate(ctx context.Context, u User) error {
	return r.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if u.Email == "" {
			return errors.New("empty email")
		}
		if u.ID == "" {
			return &apperr.TxError{Op: "validate", Err: errors.New("empty id")}
		}
		return tx.Exec(ctx, insertUser, userParams(u))
	})
}

// Emails reads with range-over-func loops, whose results pass through a
// variable the loop bodies share.
func (r *Repo) Emails(ctx context.Context) ([]string, error) {
	var out []string
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, "SELECT email FROM users")
		if err != nil {
			return fmt.Errorf("emails: %v", err) // want `fmt.Errorf formats the error of Session.Query without %w: not retried; the closure returns it, and query.Client.Do finds no YDB status`
		}
		defer func() { _ = res.Close(ctx) }()
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				var email string
				if err := row.Scan(&email); err != nil {
					return fmt.Errorf("scan: %v", err) // a scan error: not reported
				}
				out = append(out, email)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}

// EmailsFixed is Emails' correct twin.
func (r *Repo) EmailsFixed(ctx context.Context) ([]string, error) {
	var out []string
	err := r.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		out = out[:0]
		res, err := s.Query(ctx, "SELECT email FROM users")
		if err != nil {
			return fmt.Errorf("emails: %w", err)
		}
		defer func() { _ = res.Close(ctx) }()
		for rs, err := range res.ResultSets(ctx) {
			if err != nil {
				return err
			}
			for row, err := range rs.Rows(ctx) {
				if err != nil {
					return err
				}
				var email string
				if err := row.Scan(&email); err != nil {
					return err
				}
				out = append(out, email)
			}
		}
		return nil
	}, query.WithIdempotent())
	return out, err
}
