// Package search is the integration corpus's case of yqlinject: a search
// repository that formats a caller's string and a page size into its text.
package search

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

type Repo struct{ db *ydb.Driver }

func New(db *ydb.Driver) *Repo { return &Repo{db: db} }

// Request is what the search API receives.
type Request struct {
	Term string
	Size int
}

// Find splices the term and the page size into the text.
func (r *Repo) Find(ctx context.Context, req Request) (query.ResultSet, error) {
	// One finding a line: golangci-lint keeps one issue per line (issues.uniq-by-line).
	q := fmt.Sprintf("SELECT doc_id FROM search_docs WHERE term = '%s' LIMIT %d;",
		req.Term, // want `req.Term is spliced into the YQL text as a string literal: YQL injection; the value is from parameter req of exported \(\*Repo\).Find`
		req.Size) // want `req.Size is spliced into the YQL text as the LIMIT count: a new query text per value; the value is from parameter req of exported \(\*Repo\).Find`
	return r.db.Query().QueryResultSet(ctx, q, query.WithIdempotent())
}

// FindParam is Find's correct twin.
func (r *Repo) FindParam(ctx context.Context, req Request) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx,
		"DECLARE $term AS Utf8; DECLARE $size AS Int64; SELECT doc_id FROM search_docs WHERE term = $term LIMIT $size;",
		query.WithParameters(ydb.ParamsBuilder().Param("$term").Text(req.Term).Param("$size").Int64(int64(req.Size)).Build()), query.WithIdempotent())
}
