// Package querystore keeps the benchmark's rows through the query service:
// the shared path is quoted once into a field and formatted into each
// statement, the DDL's included.
package querystore

import (
	"context"
	"fmt"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/rules/fullscan/sharedpath/workload"
)

const (
	createQuery = `CREATE TABLE IF NOT EXISTS %s (
	hash Uint64,
	id Uint64,
	payload Utf8,
	PRIMARY KEY (hash, id)
) WITH (UNIFORM_PARTITIONS = %d)`
	readQuery  = `DECLARE $id AS Uint64; SELECT payload FROM %s WHERE hash = Digest::NumericHash($id) AND id = $id;`
	countQuery = `DECLARE $payload AS Utf8; SELECT COUNT(*) FROM %s WHERE payload = $payload;` // want `SELECT reads every partition of <params.TablePath>:.*table <params.TablePath>, primary key \(hash, id\)`
)

type storage struct {
	client     query.Client
	tablePath  string // quoted for YQL
	partitions uint64
}

// New builds the storage of one run.
func New(client query.Client, cfg *workload.Config) *storage {
	params := workload.ParseParams(cfg)
	return &storage{client: client, tablePath: fmt.Sprintf("`%s`", params.TablePath), partitions: params.Partitions}
}

// Create makes the table.
func (s *storage) Create(ctx context.Context) error {
	return s.client.Exec(ctx, fmt.Sprintf(createQuery, s.tablePath, s.partitions))
}

// Read is a keyed read: silent.
func (s *storage) Read(ctx context.Context, id uint64) (query.Row, error) {
	return s.client.QueryRow(ctx, fmt.Sprintf(readQuery, s.tablePath),
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Count filters on the payload.
func (s *storage) Count(ctx context.Context, payload string) (query.Row, error) {
	return s.client.QueryRow(ctx, fmt.Sprintf(countQuery, s.tablePath),
		query.WithParameters(ydb.ParamsBuilder().Param("$payload").Text(payload).Build()))
}
