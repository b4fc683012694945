package implrows

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// lookup reads one row by key; each instance has its table and key column.
type lookup struct {
	db    query.Client
	table string
	key   string
}

func newLookup(db query.Client, table, key string) *lookup {
	return &lookup{db: db, table: table, key: key}
}

// get builds its text from two fields that vary together (users/user_id,
// orders/order_id): a union of each would pair users with order_id, so
// both stay holes.
func (l *lookup) get(ctx context.Context) error {
	return l.db.Exec(ctx, "SELECT * FROM "+l.table+" WHERE "+l.key+" = $id") // want `text="SELECT \* FROM __ydblint_hole_0__ WHERE __ydblint_hole_1__ = \$id" holes=\[field:example.com/app/implrows.lookup.table,field:example.com/app/implrows.lookup.key\]`
}

// byID reads by the id column from one of two tables: the table field is
// the only text its constructor's callers vary, so each table is a variant.
type byID struct {
	db    query.Client
	table string
}

func newByID(db query.Client, table string) *byID { return &byID{db: db, table: table} }

func (b *byID) get(ctx context.Context) error {
	return b.db.Exec(ctx, "SELECT * FROM "+b.table+" WHERE id = $id") // want `text="SELECT \* FROM users WHERE id = \$id" \| text="SELECT \* FROM orders WHERE id = \$id"`
}

// Lookups wires the readers.
func Lookups(ctx context.Context, db query.Client) error {
	for _, l := range []*lookup{newLookup(db, "users", "user_id"), newLookup(db, "orders", "order_id")} {
		if err := l.get(ctx); err != nil {
			return err
		}
	}
	for _, b := range []*byID{newByID(db, "users"), newByID(db, "orders")} {
		if err := b.get(ctx); err != nil {
			return err
		}
	}
	return nil
}
