// Package lookupjoin reads cities in batches: a list of keys joined with
// the table on its whole key is YDB's batch lookup (one point read per
// key), not a scan; joins that leave part of the key, or filter the table
// itself, depend on the server and are reported with -strict.
package lookupjoin

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// CityKey is one primary key of cities.
type CityKey struct {
	City   string
	Number uint64
}

// Directory reads cities.
type Directory struct{ c table.Client }

// NewDirectory wires the directory to the driver's table client.
func NewDirectory(c table.Client) *Directory { return &Directory{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

func keysParam(keys []CityKey) *table.QueryParameters {
	rows := make([]types.Value, 0, len(keys))
	for _, k := range keys {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("city", types.TextValue(k.City)),
			types.StructFieldValue("number", types.Uint64Value(k.Number)),
		))
	}
	return table.NewQueryParameters(table.ValueParam("$keys", types.ListValue(rows...)))
}

// count runs a read and counts its rows.
func (d *Directory) count(ctx context.Context, q string, params *table.QueryParameters) (int, error) {
	n := 0
	err := d.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		n = 0
		_, res, err := s.Execute(ctx, readTx, q, params)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				n++
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return n, err
}

// Populations reads the cities of the keys: a batch lookup.
func (d *Directory) Populations(ctx context.Context, keys []CityKey) (int, error) {
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>;
SELECT c.city, c.number, c.population
FROM AS_TABLE($keys) AS k
JOIN cities AS c ON c.city = k.city AND c.number = k.number;`, keysParam(keys))
}

// Mayors is the same lookup from the list parameter itself, with USING.
func (d *Directory) Mayors(ctx context.Context, keys []CityKey) (int, error) {
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>;
SELECT c.mayor FROM $keys AS k LEFT JOIN cities AS c USING (city, number);`, keysParam(keys))
}

// ByCity joins on the first key column only: every number of each city,
// a range per key at best.
func (d *Directory) ByCity(ctx context.Context, keys []CityKey) (int, error) {
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>;
SELECT c.number FROM AS_TABLE($keys) AS k JOIN cities AS c ON c.city = k.city;`, keysParam(keys)) // want `SELECT may read every partition of table cities.*city is compared with another table of the join`
}

// Populous filters the table itself besides the join: whether KQP still
// looks the keys up depends on the server version.
func (d *Directory) Populous(ctx context.Context, keys []CityKey, least uint64) (int, error) {
	params := keysParam(keys)
	params.Add(table.ValueParam("$least", types.Uint64Value(least)))
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>; DECLARE $least AS Uint64;
SELECT c.city FROM AS_TABLE($keys) AS k
JOIN cities AS c ON c.city = k.city AND c.number = k.number WHERE c.population >= $least;`, params) // want `SELECT may read every partition of table cities.*compared with another table of the join`
}
