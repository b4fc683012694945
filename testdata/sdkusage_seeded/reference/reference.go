// Package reference reads the service's reference tables through the
// table service.
package reference

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Repo reads reference data.
type Repo struct{ c table.Client }

// New wires the repository to the driver's table client.
func New(c table.Client) *Repo { return &Repo{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// names runs a read and collects its name column.
func (r *Repo) names(ctx context.Context, q string, params *table.QueryParameters) ([]string, error) {
	var out []string
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, q, params)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var n string
				if err := res.ScanNamed(named.OptionalWithDefault("name", &n)); err != nil {
					return err
				}
				out = append(out, n)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// Currencies lists the currencies: the migration seeds three and the Go
// code only renames them.
func (r *Repo) Currencies(ctx context.Context) ([]string, error) {
	return r.names(ctx, `SELECT name FROM currencies;`, nil)
}

// RenameCurrency changes a currency's name: its key is a constant, so no
// row is added.
func (r *Repo) RenameCurrency(ctx context.Context, name string) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), `DECLARE $name AS Utf8;
UPSERT INTO currencies (code, name) VALUES ("USD", $name);`,
			table.NewQueryParameters(table.ValueParam("$name", types.TextValue(name))))
		return err
	})
}

// RetitlePlan renames a plan: UPDATE adds no row.
func (r *Repo) RetitlePlan(ctx context.Context, id uint64, title string) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), `DECLARE $id AS Uint64; DECLARE $title AS Utf8;
UPDATE plans SET title = $title WHERE id = $id;`,
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$title", types.TextValue(title))))
		return err
	})
}

// Plans lists the plans the migration inserts.
func (r *Repo) Plans(ctx context.Context) ([]string, error) {
	return r.names(ctx, `SELECT title AS name FROM plans ORDER BY name;`, nil)
}

// Countries is the faulty twin: the migration seeds two countries, but
// AddCountry adds any country a caller names.
func (r *Repo) Countries(ctx context.Context) ([]string, error) {
	return r.names(ctx, `SELECT name FROM countries;`, nil) // want `SELECT from countries may return more than 1000 rows through \S+: no LIMIT; .*; it reads table countries, primary key .*`
}

// AddCountry adds a country.
func (r *Repo) AddCountry(ctx context.Context, code, name string) error {
	return r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), `DECLARE $code AS Utf8; DECLARE $name AS Utf8;
UPSERT INTO countries (code, name) VALUES ($code, $name);`,
			table.NewQueryParameters(table.ValueParam("$code", types.TextValue(code)), table.ValueParam("$name", types.TextValue(name))))
		return err
	})
}

// Cities is the other faulty twin: no write in the module fills cities,
// so another program does, with any number of rows.
func (r *Repo) Cities(ctx context.Context) ([]string, error) {
	return r.names(ctx, `SELECT name FROM cities;`, nil) // want `SELECT from cities may return more than 1000 rows through \S+: no LIMIT; .*; it reads table cities, primary key .*`
}
