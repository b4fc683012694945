// Package scan holds fullscan cases: every SDK entry-point family, and the
// clean twins that must stay silent.
package scan

import (
	"context"
	"database/sql"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/types"
)

func byUser(u uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$u").Uint64(u).Build())
}

// QueryService reads the seeds' (timestamp, userid) log table by userid.
func QueryService(ctx context.Context, db *ydb.Driver, u uint64) {
	_, _ = db.Query().QueryRow(ctx, `SELECT * FROM logs WHERE userid = $u`, byUser(u)) // want `SELECT reads every partition of logs: .*timestamp is not; table logs, primary key \(timestamp, userid\) \(schema: migrations/00002_fullscan.sql:7\)`

	_ = db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		_, err := s.Query(ctx, "DELETE FROM logs WHERE userevent = 'x'", byUser(u)) // want `DELETE reads every partition of logs\b`
		return err
	})
	_ = db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
		return tx.Exec(ctx, "UPDATE logs SET userevent = 'y' WHERE timestamp > $t OR userid = $u", byUser(u)) // want `UPDATE reads every partition of logs\b`
	})
}

// Predicates that defeat the key: functions on the key column, NOT IN,
// a lossy type comparison, a leading wildcard.
func Shapes(ctx context.Context, db *ydb.Driver) {
	c := db.Query()
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE String::ToLower(city) = 'moscow'")     // want `SELECT reads every partition of cities\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city NOT IN ('a', 'b')")               // want `SELECT reads every partition of cities\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city LIKE '%grad'")                    // want `SELECT reads every partition of cities\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city = 'a' OR population = 1")         // want `SELECT reads every partition of cities\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM logs WHERE CAST(timestamp AS Uint64) = 1")          // want `SELECT reads every partition of logs\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city != 'a'")                          // want `SELECT reads every partition of cities\b`
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities AS c WHERE c.number = 7 AND c.mayor = 'x'") // DEPENDS: idx_mayor is SYNC and may be chosen automatically
}

// TableService runs the same read through the table service with DECLARE.
func TableService(ctx context.Context, c table.Client, u uint64) error {
	return c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), "DECLARE $u AS Uint64; SELECT * FROM logs WHERE userid = $u;", // want `SELECT reads every partition of logs\b`
			table.NewQueryParameters(table.ValueParam("$u", types.Uint64Value(u))))
		return err
	})
}

// SQL uses database/sql.
func SQL(ctx context.Context, db *sql.DB, u uint64) {
	_ = db.QueryRowContext(ctx, "SELECT userevent FROM logs WHERE userid = $u", sql.Named("u", u)) // want `SELECT reads every partition of logs\b`
}

// Clean twins: key prefixes, keyset paging, BATCH, no WHERE, lookup joins,
// column tables, unknown tables, IN (SELECT …).
func Clean(ctx context.Context, db *ydb.Driver, u uint64) {
	c := db.Query()
	_, _ = c.QueryRow(ctx, "SELECT * FROM logs WHERE timestamp = $t AND userid = $u", byUser(u))
	_, _ = c.QueryRow(ctx, "SELECT * FROM logs WHERE timestamp > $t", byUser(u))
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE (city, number) > ($c, $n) ORDER BY city, number LIMIT 10")
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city = $c AND number > $n")
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities VIEW idx_population WHERE population = 10")
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities")
	_ = c.Exec(ctx, "BATCH DELETE FROM logs WHERE userevent = 'old'")
	_ = c.Exec(ctx, "BATCH UPDATE logs SET userevent = 'x' WHERE userid = 1")
	_, _ = c.QueryRow(ctx, "SELECT * FROM metrics WHERE host = 'a'")
	_, _ = c.QueryRow(ctx, "SELECT * FROM nosuchtable WHERE b = 1")
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city IN (SELECT name FROM favourites)")
	_, _ = c.QueryRow(ctx, "SELECT c.* FROM AS_TABLE($keys) AS k JOIN cities AS c ON c.city = k.city AND c.number = k.number")
	_, _ = c.QueryRow(ctx, "SELECT * FROM cities WHERE city LIKE 'Mos%'")
}

// NotYDB holds SQL-looking strings that never reach YDB.
func NotYDB() []string {
	q := "SELECT * FROM logs WHERE userid = 1"
	return []string{q, "DELETE FROM logs WHERE userevent = 'x'"}
}
