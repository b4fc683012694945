// Package reads holds hashprefix read cases for every entry-point family.
package reads

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"

	_ "example.com/rules/hashprefix/writes" // the evidence travels as a fact
)

func id(v uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(v).Build())
}

func QueryService(ctx context.Context, db *ydb.Driver, v uint64) {
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_id = $id", id(v)) // want `SELECT binds order_id but not the hash-prefix column order_hash of orders\b.*table orders, primary key \(order_hash, order_id\) \(schema: migrations/00001_hashprefix.sql:8\).*order_hash holds Digest::NumericHash\(order_id\) \(write evidence at .*writes.go:18\); add order_hash = Digest::NumericHash\(\$id\) to the WHERE clause`
	_ = db.Query().Exec(ctx, "DELETE FROM orders WHERE order_id = $id", id(v))                       // want `DELETE binds order_id but not the hash-prefix column order_hash`
	_ = db.Query().Exec(ctx, "UPDATE orders SET amount = 0 WHERE order_id = $id", id(v))              // want `UPDATE binds order_id but not the hash-prefix column order_hash`
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_hash = Digest::NumericHash(order_id) AND order_id = $id", id(v)) // want `hash-prefix column order_hash of orders is compared with a function of a column.*table orders`
	_, _ = db.Query().QueryRow(ctx, "SELECT amount FROM orders WHERE order_hash = Digest::NumericHash($other) AND order_id = $id", id(v))   // want `hash-prefix column order_hash of orders is computed from a different value.*table orders`
}

// Annotation evidence: users.user_hash is declared in the migration.
func Annotated(ctx context.Context, db *ydb.Driver, v uint64) {
	_, _ = db.Query().QueryRow(ctx, "SELECT name FROM users WHERE user_id = $uid", query.WithParameters(ydb.ParamsBuilder().Param("$uid").Uint64(v).Build())) // want `SELECT binds user_id but not the hash-prefix column user_hash of users\b.*table users.*annotation evidence at migrations/00001_hashprefix.sql:12`
}

func TableService(ctx context.Context, c table.Client, v uint64) error {
	return c.DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
		_, err := tx.Execute(ctx, "DECLARE $id AS Uint64; SELECT * FROM orders WHERE order_id = $id;", // want `SELECT binds order_id but not the hash-prefix column order_hash`
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(v))))
		return err
	})
}

func SQL(ctx context.Context, db *sql.DB, v uint64) {
	_ = db.QueryRowContext(ctx, "SELECT amount FROM orders WHERE order_id = $id", sql.Named("id", v)) // want `SELECT binds order_id but not the hash-prefix column order_hash`
}

// Clean twins.
func Clean(ctx context.Context, db *ydb.Driver, v uint64) {
	c := db.Query()
	_, _ = c.QueryRow(ctx, "SELECT * FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", id(v))
	_, _ = c.QueryRow(ctx, "SELECT * FROM orders WHERE order_id = $id AND order_hash = Digest::NumericHash($id)", id(v))
	_, _ = c.QueryRow(ctx, "$h = Digest::NumericHash($id); SELECT * FROM orders WHERE order_hash = $h AND order_id = $id;", id(v))
	_ = c.Exec(ctx, "DELETE FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", id(v))
	_, _ = c.QueryRow(ctx, "SELECT * FROM orders WHERE customer_id = 10") // fullscan's business, not hashprefix's
}
