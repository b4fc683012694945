// Package bootstrap creates tables at start-up. The querying package does not
// import it: its DDL is found by the module scan.
package bootstrap

import (
	"context"
	"fmt"
	"path"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

const createCarts = `CREATE TABLE carts (
	cart_id Uint64,
	user_id Uint64,
	PRIMARY KEY (cart_id)
)`

// The same users table as the migration, keyed differently: a conflict.
const createUsers = "CREATE TABLE users (id Uint64, email Utf8, PRIMARY KEY (email))"

func Init(ctx context.Context, db *ydb.Driver, prefix string) error {
	for _, q := range []string{
		createCarts,
		createUsers,
		fmt.Sprintf("CREATE TABLE `%s` (sid Utf8, PRIMARY KEY (sid))", path.Join(db.Name(), "sessions")),
		fmt.Sprintf("CREATE TABLE `%s` (k Utf8, PRIMARY KEY (k))", prefix),
	} {
		if err := db.Query().Exec(ctx, q); err != nil {
			return err
		}
	}
	return nil
}
