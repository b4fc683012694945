// Package lookupjoin reads cities in batches: a list of keys joined with
// the table on its key, or a prefix of it, is YDB's batch lookup (a point
// or a range read per key), not a scan; a join with a filter on the
// table's own columns depends on the server and is reported with -strict,
// a join on a later key column alone is a full scan.
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

// ByCity joins on the first key column only: a range of each city per
// key, still a lookup.
func (d *Directory) ByCity(ctx context.Context, keys []CityKey) (int, error) {
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>;
SELECT c.number FROM AS_TABLE($keys) AS k JOIN cities AS c ON c.city = k.city;`, keysParam(keys))
}

// ByNumber joins on the second key column only: no key prefix to look up.
func (d *Directory) ByNumber(ctx context.Context, keys []CityKey) (int, error) {
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>;
SELECT c.city FROM AS_TABLE($keys) AS k JOIN cities AS c ON c.number = k.number;`, keysParam(keys)) // want `SELECT reads every partition of cities.*`
}

// Growing compares a table column with the list's after the join: a
// filter on the joined rows, still a lookup.
func (d *Directory) Growing(ctx context.Context, keys []CityKey, least map[CityKey]uint64) (int, error) {
	rows := make([]types.Value, 0, len(keys))
	for _, k := range keys {
		rows = append(rows, types.StructValue(
			types.StructFieldValue("city", types.TextValue(k.City)),
			types.StructFieldValue("number", types.Uint64Value(k.Number)),
			types.StructFieldValue("population", types.Uint64Value(least[k])),
		))
	}
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64, population: Uint64>>;
SELECT c.city FROM AS_TABLE($keys) AS k
JOIN cities AS c ON c.city = k.city AND c.number = k.number
WHERE c.population > k.population;`, table.NewQueryParameters(table.ValueParam("$keys", types.ListValue(rows...))))
}

// Populous filters the table itself besides the join: whether KQP still
// looks the keys up depends on the server version.
func (d *Directory) Populous(ctx context.Context, keys []CityKey, least uint64) (int, error) {
	params := keysParam(keys)
	params.Add(table.ValueParam("$least", types.Uint64Value(least)))
	return d.count(ctx, `DECLARE $keys AS List<Struct<city: Utf8, number: Uint64>>; DECLARE $least AS Uint64;
SELECT c.city FROM AS_TABLE($keys) AS k
JOIN cities AS c ON c.city = k.city AND c.number = k.number WHERE c.population >= $least;`, params) // want `SELECT may read every partition of cities.*compared with another table of the join`
}
