package sqldb

import (
	"context"
	"database/sql"
	"strings"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/retry"
)

var global *sql.DB

func init() {
	global, _ = sql.Open("ydb", "grpc://localhost:2136/local?go_query_bind=declare,numeric,table_path_prefix(/local/app)")
}

func Connector(ctx context.Context, drv *ydb.Driver, id uint64, name *string) error {
	c, _ := ydb.Connector(drv, ydb.WithAutoDeclare(), ydb.WithPositionalArgs(), ydb.WithTablePathPrefix("/local/p"))
	db := sql.OpenDB(c)
	_, _ = db.ExecContext(ctx, "UPSERT INTO t (id, name) VALUES (?, ?) -- ?", id, name) // want `api=database/sql.DB.ExecContext text="UPSERT INTO t \(id, name\) VALUES \(\$p0, \$p1\) -- \?" params=\{\$p0:Uint64 const=false,\$p1:Utf8\?maybe-null\} mode=positional declare prefix=/local/p driver=ydb`
	return retry.Do(ctx, db, func(ctx context.Context, cc *sql.Conn) error {
		_, err := cc.ExecContext(ctx, "DELETE FROM t WHERE id = $id", sql.Named("id", id)) // want `api=database/sql.Conn.ExecContext .* params=\{\$id:Uint64 const=false\} mode=positional declare prefix=/local/p driver=ydb`
		return err
	})
}

func DSN(ctx context.Context) {
	_, _ = global.QueryContext(ctx, "SELECT * FROM t WHERE a = $1 AND b = $2", nil, (*int64)(nil)) // want `text="SELECT \* FROM t WHERE a = \$p0 AND b = \$p1" params=\{\$p0:Void,\$p1:Int64\?null\} mode=numeric declare prefix=/local/app driver=ydb`
}

type Repo struct{ db *sql.DB }

func (r *Repo) Unknown(ctx context.Context, id uint64) {
	_ = r.db.QueryRowContext(ctx, "SELECT * FROM t WHERE id = $p0", id, sql.Named("n", sql.NullString{})) // want `params=\{\$n:Utf8\?null\}\? mode=unknown`
}

func Stmt(ctx context.Context, db *sql.DB, v sql.NullInt64) {
	tx, _ := db.BeginTx(ctx, nil)
	st, _ := tx.PrepareContext(ctx, "SELECT 1 FROM t WHERE id = $id")
	_, _ = st.ExecContext(ctx, sql.Named("id", sql.NullInt64{Int64: 1, Valid: true}), sql.Named("v", v)) // want `api=database/sql.Stmt.ExecContext text="SELECT 1 FROM t WHERE id = \$id" params=\{\$id:Int64\?,\$v:Int64\?maybe-null\} mode=unknown`
}

// Users prepares its statements from text a helper builds: the prepared
// statement's site reads the text the same way a direct call's is read.
type Users struct{ db *sql.DB }

func selectByKey(table, key string) string {
	var b strings.Builder
	b.WriteString("SELECT name FROM ")
	b.WriteString(table)
	b.WriteString(" WHERE ")
	b.WriteString(key)
	b.WriteString(" = $id")
	return b.String()
}

func (u *Users) Name(ctx context.Context, id uint64) (string, error) {
	tx, err := u.db.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	st, err := tx.PrepareContext(ctx, selectByKey("users", "id"))
	if err != nil {
		return "", err
	}
	defer st.Close()
	var name string
	err = st.QueryRowContext(ctx, sql.Named("id", id)).Scan(&name) // want `api=database/sql.Stmt.QueryRowContext text="SELECT name FROM users WHERE id = \$id" params=\{\$id:Uint64 const=false\} mode=unknown`
	return name, err
}
