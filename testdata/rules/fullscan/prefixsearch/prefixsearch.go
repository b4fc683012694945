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
		SELECT city, number FROM cities WHERE city LIKE $pattern LIMIT 20;`, // want `SELECT reads every partition of table cities.*the LIKE pattern is not known at compile time.*for a prefix search, bind the prefix without % and filter with StartsWith\(city, \$prefix\), or give the range explicitly \(city >= \$from AND city < \$to\)`
		query.WithParameters(ydb.ParamsBuilder().Param("$pattern").Text(prefix+"%").Build()))
}

// ByPrefixFixed is its correct twin: a key range.
func (s *Search) ByPrefixFixed(ctx context.Context, prefix string) (query.Result, error) {
	return s.db.Query().Query(ctx, `
		DECLARE $prefix AS Utf8;
		SELECT city, number FROM cities WHERE StartsWith(city, $prefix) LIMIT 20;`,
		query.WithParameters(ydb.ParamsBuilder().Param("$prefix").Text(prefix).Build()))
}
