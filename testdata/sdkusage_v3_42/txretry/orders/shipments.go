package orders

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

const ship = `DECLARE $id AS Int64;
UPDATE orders SET shipped = true WHERE id = $id;`

// Shipments marks orders shipped through the native table service.
type Shipments struct {
	c table.Client
}

// NewShipments wraps the driver's table client.
func NewShipments(c table.Client) *Shipments { return &Shipments{c: c} }

// Ship runs an interactive transaction on a session of its own (v3.42.7's
// CreateSession is already deprecated: "Use Do for queries with session").
func (s *Shipments) Ship(ctx context.Context, id int64) error {
	sess, err := s.c.CreateSession(ctx) //nolint:staticcheck
	if err != nil {
		return err
	}
	defer sess.Close(ctx) //nolint:errcheck
	tx, err := sess.BeginTransaction(ctx, table.TxSettings(table.WithSerializableReadWrite())) // want `table.Session.BeginTransaction begins an interactive transaction outside any retrier; the session is from table.Client.CreateSession`
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Execute(ctx, ship, table.NewQueryParameters(table.ValueParam("$id", types.Int64Value(id)))); err != nil {
		return err
	}
	_, err = tx.CommitTx(ctx)
	return err
}

// ShipRetried is Ship's twin: DoTx begins, runs and commits the
// transaction on every attempt, on a session of the pool.
func (s *Shipments) ShipRetried(ctx context.Context, id int64) error {
	return s.c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, ship, table.NewQueryParameters(table.ValueParam("$id", types.Int64Value(id))))
		return err
	}, table.WithIdempotent())
}
