package main

import (
	"context"
	"database/sql"
)

// auditTrail writes to Postgres: its transactions are Postgres's business.
type auditTrail struct {
	pg *sql.DB
}

func newAuditTrail(pg *sql.DB) *auditTrail { return &auditTrail{pg: pg} }

func (t *auditTrail) Record(ctx context.Context, from, to string, amount int64) error {
	tx, err := t.pg.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback() //nolint:errcheck
	if _, err := tx.ExecContext(ctx, "INSERT INTO audit (src, dst, amount) VALUES ($1, $2, $3)", from, to, amount); err != nil {
		return err
	}
	return tx.Commit()
}
