package indexchoice

import (
	"context"
	"time"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Invites lists an organisation's pending invites. invites has a SYNC
// index by creation time and an ASYNC one by email: a filter that pins
// the email and bounds the time leaves KQP only the SYNC index to choose,
// and the finding advises that one, in its headline and its fix alike.
type Invites struct{ db *ydb.Driver }

// NewInvites wires the repository to the driver.
func NewInvites(db *ydb.Driver) *Invites { return &Invites{db: db} }

func (r *Invites) ids(ctx context.Context, q string, params ydb.Params) ([]uint64, error) {
	res, err := r.db.Query().QueryResultSet(ctx, q, query.WithParameters(params), query.WithIdempotent())
	if err != nil {
		return nil, err
	}
	defer res.Close(ctx)
	var ids []uint64
	for row, err := range res.Rows(ctx) {
		if err != nil {
			return nil, err
		}
		var id uint64
		if err := row.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}

// Recent pins email (only email_idx, ASYNC, leads with it) and bounds
// created_at (created_idx, SYNC, which KQP may choose): both name
// created_idx.
func (r *Invites) Recent(ctx context.Context, email string, since time.Time) ([]uint64, error) {
	return r.ids(ctx, `DECLARE $email AS Utf8; DECLARE $since AS Timestamp;
SELECT invite_id FROM invites WHERE email = $email AND created_at >= $since;`, // want `SELECT may read every partition of invites.*KQP may choose the SYNC index created_idx automatically; .*; .*; index created_idx leads with created_at: read through it with VIEW created_idx`
		ydb.ParamsBuilder().Param("$email").Text(email).Param("$since").Timestamp(since).Build())
}

// RecentFixed is Recent's twin: it names the index.
func (r *Invites) RecentFixed(ctx context.Context, email string, since time.Time) ([]uint64, error) {
	return r.ids(ctx, `DECLARE $email AS Utf8; DECLARE $since AS Timestamp;
SELECT invite_id FROM invites VIEW created_idx WHERE email = $email AND created_at >= $since;`,
		ydb.ParamsBuilder().Param("$email").Text(email).Param("$since").Timestamp(since).Build())
}
