// Package loadgen fills and drains a table for a change-feed demo: writers
// loop forever against a table.Client, the way demo load generators do.
package loadgen

import (
	"context"
	"fmt"
	"math/rand"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const interval = 100 * time.Millisecond

// Filler writes random rows into one table.
type Filler struct {
	c     table.Client
	table string
	maxID int
}

func NewFiller(c table.Client, tableName string, maxID int) *Filler {
	return &Filler{c: c, table: tableName, maxID: maxID}
}

func (f *Filler) upsert() string {
	return fmt.Sprintf("DECLARE $id AS Uint64; DECLARE $value AS Utf8;\nUPSERT INTO %v (id, value) VALUES ($id, $value);", f.table)
}

// Fill ignores failed writes on purpose and says so with _ =: a demo that
// keeps going whatever happens. Not reported.
func (f *Filler) Fill(ctx context.Context) {
	query := f.upsert()
	for ctx.Err() == nil {
		params := table.NewQueryParameters(
			table.ValueParam("$id", types.Uint64Value(uint64(rand.Intn(f.maxID)))),
			table.ValueParam("$value", types.UTF8Value(fmt.Sprint("val-", rand.Intn(10)))),
		)
		_ = f.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
			_, err := tx.Execute(ctx, query, params)
			return err
		})
		time.Sleep(interval)
	}
}

// Drain deletes random rows and drops DoTx's error without saying so.
func (f *Filler) Drain(ctx context.Context) {
	query := fmt.Sprintf("DECLARE $id AS Uint64; DELETE FROM %v WHERE id = $id;", f.table)
	for ctx.Err() == nil {
		params := table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(uint64(rand.Intn(f.maxID)))))
		f.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error { // want `the error of table.Client.DoTx is dropped`
			_, err := tx.Execute(ctx, query, params)
			return err
		})
		time.Sleep(interval)
	}
}

// DrainChecked is Drain's correct twin: the error stops the loop.
func (f *Filler) DrainChecked(ctx context.Context) error {
	query := fmt.Sprintf("DECLARE $id AS Uint64; DELETE FROM %v WHERE id = $id;", f.table)
	for ctx.Err() == nil {
		params := table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(uint64(rand.Intn(f.maxID)))))
		err := f.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
			_, err := tx.Execute(ctx, query, params)
			return err
		})
		if err != nil {
			return err
		}
		time.Sleep(interval)
	}
	return ctx.Err()
}

// Run starts the writers the way the demo's main does.
func Run(ctx context.Context, c table.Client) {
	f := NewFiller(c, "cdc_source", 1000)
	go f.Fill(ctx)
	go f.Drain(ctx)
}
