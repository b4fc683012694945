// Package alternatives writes the docs table (PRIMARY KEY (id), a Uuid)
// and the seqs table (PRIMARY KEY (seq)) with a text chosen at run time
// between two literals. A key filled from a clock in one text only is
// named by the Go literal that sets that text apart; every faulty method
// has a twin whose texts both spread the writes, which stays silent.
package alternatives

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Docs is the document store's repository.
type Docs struct {
	db *ydb.Driver
}

// NewDocs is called from main.
func NewDocs(db *ydb.Driver) *Docs { return &Docs{db: db} }

// Put stores a document; the sortable form, chosen for export, keys it by
// a time-ordered UUID, which sends every new row to the last partition.
func (d *Docs) Put(ctx context.Context, body string, sortable bool) error {
	q := "UPSERT INTO docs (id, body) VALUES (RandomUuid($body), $body)"
	if sortable {
		q = "UPSERT INTO docs (id, body) VALUES (Uuid::newV8ColumnKey(), $body)" // want `UPSERT fills leading key column id of docs with a value that grows with time; the value is Uuid::newV8ColumnKey\(\): every new row lands in the last partition; .* \(in 1 of the 2 ways the query text is built: the text at docs.go:28\)$`
	}
	return d.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$body").Text(body).Build(),
	))
}

// PutRandom keys both texts by a random UUID: silent.
func (d *Docs) PutRandom(ctx context.Context, body string, sortable bool) error {
	q := "UPSERT INTO docs (id, body) VALUES (RandomUuid($body), $body)"
	if sortable {
		q = "UPSERT INTO docs (id, body) VALUES (Uuid::newV7(), $body)"
	}
	return d.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$body").Text(body).Build(),
	))
}

// Stamp fills the sequence from the clock in both texts, each at a literal
// of its own: each finding says nothing of the texts.
func (d *Docs) Stamp(ctx context.Context, payload string, empty bool) error {
	q := "UPSERT INTO seqs (seq, payload) VALUES (CAST(CurrentUtcTimestamp() AS Uint64), $payload)" // want `UPSERT fills leading key column seq of seqs with a value that grows with time; the value is CurrentUtcTimestamp\(\): every new row lands in the last partition; .*with seq_hash = Digest::NumericHash\(seq\)$`
	if empty {
		q = "UPSERT INTO seqs (seq, payload) VALUES (CAST(CurrentUtcTimestamp() AS Uint64), '')" // want `UPSERT fills leading key column seq of seqs with a value that grows with time; the value is CurrentUtcTimestamp\(\): every new row lands in the last partition; .*with seq_hash = Digest::NumericHash\(seq\)$`
	}
	return d.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$payload").Text(payload).Build(),
	))
}
