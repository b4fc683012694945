// Package prefixsearch finds cities by the start of their name, as a
// search box does. cities is keyed (city, number): a LIKE with a
// parameter pattern is no key range (YDB does not know the pattern when it
// compiles the query), StartsWith with a parameter is.
package prefixsearch

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Search struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Search { return &Search{db: db} }

// ByPrefix scans every partition.
func (s *Search) ByPrefix(ctx context.Context, prefix string) (query.Result, error) {
	return s.db.Query().Query(ctx, `
		DECLARE $pattern AS Utf8;
		SELECT city, number FROM cities WHERE city LIKE $pattern LIMIT 20;`, // want `SELECT reads every partition of cities.*the LIKE pattern is not known at compile time.*for a prefix search, bind the prefix without % and filter with StartsWith\(city, \$prefix\), or give the range explicitly \(city >= \$from AND city < \$to\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$pattern").Text(prefix+"%").Build()))
}

// ByPrefixFixed is its correct twin: a key range.
func (s *Search) ByPrefixFixed(ctx context.Context, prefix string) (query.Result, error) {
	return s.db.Query().Query(ctx, `
		DECLARE $prefix AS Utf8;
		SELECT city, number FROM cities WHERE StartsWith(city, $prefix) LIMIT 20;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$prefix").Text(prefix).Build()))
}

// Rename sets the mayor of the cities of a population: UPDATE cannot name
// an index, so the WHERE reads every partition.
func (s *Search) Rename(ctx context.Context, population uint64, name string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pop AS Uint64; DECLARE $name AS Utf8;
		UPDATE cities SET mayor = $name WHERE population = $pop;`, // want `UPDATE reads every partition of cities.*index idx_population leads with population, but UPDATE cannot read through an index: select the keys through it and update by key, UPDATE cities ON SELECT city, number, <the new values AS their columns> FROM cities VIEW idx_population WHERE …`
		query.WithParameters(ydb.ParamsBuilder().Param("$pop").Uint64(population).Param("$name").Text(name).Build()))
}

// RenameFixed is Rename's twin: the keys come through the index.
func (s *Search) RenameFixed(ctx context.Context, population uint64, name string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pop AS Uint64; DECLARE $name AS Utf8;
		UPDATE cities ON SELECT city, number, $name AS mayor FROM cities VIEW idx_population WHERE population = $pop;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$pop").Uint64(population).Param("$name").Text(name).Build()))
}

// Forget deletes the cities of a population: the same for DELETE.
func (s *Search) Forget(ctx context.Context, population uint64) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pop AS Uint64;
		DELETE FROM cities WHERE population = $pop;`, // want `DELETE reads every partition of cities.*DELETE FROM cities ON SELECT city, number FROM cities VIEW idx_population WHERE …`
		query.WithParameters(ydb.ParamsBuilder().Param("$pop").Uint64(population).Build()))
}

// ForgetFixed is Forget's twin.
func (s *Search) ForgetFixed(ctx context.Context, population uint64) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pop AS Uint64;
		DELETE FROM cities ON SELECT city, number FROM cities VIEW idx_population WHERE population = $pop;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$pop").Uint64(population).Build()))
}

// Retire clears the mayor of the cities whose name starts with a prefix:
// an UPDATE's WHERE builds key ranges as a SELECT's does, so the same
// LIKE reads every partition and gets the same advice.
func (s *Search) Retire(ctx context.Context, prefix string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pattern AS Utf8;
		UPDATE cities SET mayor = NULL WHERE city LIKE $pattern;`, // want `UPDATE reads every partition of cities.*the LIKE pattern is not known at compile time.*for a prefix search, bind the prefix without % and filter with StartsWith\(city, \$prefix\), or give the range explicitly \(city >= \$from AND city < \$to\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$pattern").Text(prefix+"%").Build()))
}

// RetireFixed is Retire's twin: a key range.
func (s *Search) RetireFixed(ctx context.Context, prefix string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $prefix AS Utf8;
		UPDATE cities SET mayor = NULL WHERE StartsWith(city, $prefix);`,
		query.WithParameters(ydb.ParamsBuilder().Param("$prefix").Text(prefix).Build()))
}

// Purge deletes the cities whose name starts with a prefix: the same for
// DELETE.
func (s *Search) Purge(ctx context.Context, prefix string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $pattern AS Utf8;
		DELETE FROM cities WHERE city LIKE $pattern;`, // want `DELETE reads every partition of cities.*the LIKE pattern is not known at compile time.*filter with StartsWith\(city, \$prefix\), or give the range explicitly \(city >= \$from AND city < \$to\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$pattern").Text(prefix+"%").Build()))
}

// PurgeFixed is Purge's twin: an explicit range.
func (s *Search) PurgeFixed(ctx context.Context, from, to string) error {
	return s.db.Query().Exec(ctx, `
		DECLARE $from AS Utf8; DECLARE $to AS Utf8;
		DELETE FROM cities WHERE city >= $from AND city < $to;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$from").Text(from).Param("$to").Text(to).Build()))
}
