// Package billing charges customers.
package billing

import (
	"context"
	"log"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"

	"example.com/sdkusage/nestedretry/store"
)

type Billing struct {
	db    *ydb.Driver
	audit *store.Audit
}

func New(db *ydb.Driver) *Billing { return &Billing{db: db, audit: store.NewAudit(db)} }

const charge = "DECLARE $id AS Uint64; UPDATE customers SET balance = balance - 1 WHERE id = $id;"

func params(id uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())
}

// Charge writes through the client from inside Do.
func (b *Billing) Charge(ctx context.Context, id uint64) error { // want Charge:"entersRetrier\\(query\\.Client\\.Do\\)"
	return b.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		if _, err := s.QueryRow(ctx, "DECLARE $id AS Uint64; SELECT balance FROM customers WHERE id = $id;", params(id)); err != nil {
			return err
		}
		return b.db.Query().Exec(ctx, charge, params(id)) // want `query.Client.Exec in the closure of query.Client.Do takes a second session from the pool; .*; call Exec on the session`
	})
}

// ChargeFixed is Charge's correct twin.
func (b *Billing) ChargeFixed(ctx context.Context, id uint64) error { // want ChargeFixed:"entersRetrier\\(query\\.Client\\.Do\\)"
	return b.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		if _, err := s.QueryRow(ctx, "DECLARE $id AS Uint64; SELECT balance FROM customers WHERE id = $id;", params(id)); err != nil {
			return err
		}
		return s.Exec(ctx, charge, params(id))
	})
}

// ChargeTx audits through a helper that uses the client: outside the
// transaction.
func (b *Billing) ChargeTx(ctx context.Context, id uint64) error { // want ChargeTx:"entersRetrier\\(query\\.Client\\.DoTx\\)"
	return b.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, charge, params(id)); err != nil {
			return err
		}
		return b.audit.Record(ctx, "charge") // want `\(\*store.Audit\).Record in the closure of query.Client.DoTx runs outside its transaction; .*; \(\*example.com/sdkusage/nestedretry/store.Audit\).Record reaches query.Client.Exec \(store.go:\d+\);`
	})
}

// ChargeTxFixed is ChargeTx's correct twin.
func (b *Billing) ChargeTxFixed(ctx context.Context, id uint64) error { // want ChargeTxFixed:"entersRetrier\\(query\\.Client\\.DoTx\\)"
	return b.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		if err := tx.Exec(ctx, charge, params(id)); err != nil {
			return err
		}
		return store.RecordIn(ctx, tx, "charge")
	})
}

// Reconcile wraps a table retrier in retry.Retry.
func (b *Billing) Reconcile(ctx context.Context) error { // want Reconcile:"entersRetrier\\(retry\\.Retry\\)"
	return retry.Retry(ctx, func(ctx context.Context) error {
		return b.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error { // want `table.Client.Do in the closure of retry.Retry takes a second session from the pool;`
			return s.KeepAlive(ctx)
		})
	}, retry.WithIdempotent(true))
}

// Notify logs in a goroutine with the client on purpose: not reported.
func (b *Billing) Notify(ctx context.Context, id uint64) error { // want Notify:"entersRetrier\\(query\\.Client\\.Do\\)"
	return b.db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		go func() {
			if err := b.audit.Record(context.Background(), "notify"); err != nil {
				log.Print(err)
			}
		}()
		return s.Exec(ctx, charge, params(id))
	})
}
