// Package accounts looks accounts up by lists of ids and emails through
// the table service: a read on a whole unique key returns at most one row
// per list element, so it stays under the 1000-row cap exactly when the
// Go code keeps the list short.
package accounts

import (
	"context"
	"errors"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// MaxBatch is the most ids a batch lookup takes.
const MaxBatch = 100

// ErrTooMany is returned for a batch longer than MaxBatch.
var ErrTooMany = errors.New("accounts: too many ids in one lookup")

// Repo reads accounts.
type Repo struct{ c table.Client }

// New wires the repository to the driver's table client.
func New(c table.Client) *Repo { return &Repo{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// emails runs a read and collects the email column.
func (r *Repo) emails(ctx context.Context, q string, params *table.QueryParameters) ([]string, error) {
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
				var e string
				if err := res.ScanNamed(named.OptionalWithDefault("email", &e)); err != nil {
					return err
				}
				out = append(out, e)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// idList binds ids as a List<Uint64>.
func idList(ids []uint64) types.Value {
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return types.ListValue(vals...)
}

// Emails is the faulty case: any number of ids, from whoever calls it.
func (r *Repo) Emails(ctx context.Context, ids []uint64) ([]string, error) {
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// EmailsChecked is Emails' correct twin: a longer batch is refused.
func (r *Repo) EmailsChecked(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// EmailsTruncated is the other correct twin: the batch is cut to
// MaxBatch, the list is written in parentheses.
func (r *Repo) EmailsTruncated(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		ids = ids[:MaxBatch]
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN ($ids);`,
		table.NewQueryParameters(table.ValueParam("$ids", idList(ids))))
}

// First reads the first ids of a batch: ids[:min(len(ids), 50)].
func (r *Repo) First(ctx context.Context, ids []uint64) ([]string, error) {
	return r.byIDs(ctx, ids[:min(len(ids), 50)])
}

// Page reads a batch its caller checked.
func (r *Repo) Page(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	return r.byIDs(ctx, ids)
}

// byIDs is called only with bounded batches (First, Page).
func (r *Repo) byIDs(ctx context.Context, ids []uint64) ([]string, error) {
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// All is byIDs' faulty twin: an unexported helper one of whose callers
// (Everyone) passes a batch nobody bounds.
func (r *Repo) all(ctx context.Context, ids []uint64) ([]string, error) {
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// Few reads a checked batch through all.
func (r *Repo) Few(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	return r.all(ctx, ids)
}

// Everyone reads any batch through all.
func (r *Repo) Everyone(ctx context.Context, ids []uint64) ([]string, error) {
	return r.all(ctx, ids)
}

// Staff reads the fixed staff accounts: a list of constant length.
func (r *Repo) Staff(ctx context.Context) ([]string, error) {
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(types.Uint64Value(1), types.Uint64Value(2), types.Uint64Value(3)))))
}

// Sample reads the first ten account ids, built in a counted loop.
func (r *Repo) Sample(ctx context.Context) ([]string, error) {
	vals := make([]types.Value, 0, 10)
	for i := 0; i < 10; i++ {
		vals = append(vals, types.Uint64Value(uint64(i+1)))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// Known reports which of a checked batch of emails have accounts: the
// unique index holds one row per email.
func (r *Repo) Known(ctx context.Context, emails []string) ([]string, error) {
	emails = emails[:min(len(emails), MaxBatch)]
	vals := make([]types.Value, 0, len(emails))
	for _, e := range emails {
		vals = append(vals, types.TextValue(e))
	}
	return r.emails(ctx, `DECLARE $emails AS List<Utf8>;
SELECT email FROM accounts WHERE email IN $emails;`,
		table.NewQueryParameters(table.ValueParam("$emails", types.ListValue(vals...))))
}

// OnPlans is Known's faulty twin: plan is not unique, a short list of
// plans still holds any number of accounts.
func (r *Repo) OnPlans(ctx context.Context, plans []string) ([]string, error) {
	plans = plans[:min(len(plans), MaxBatch)]
	vals := make([]types.Value, 0, len(plans))
	for _, p := range plans {
		vals = append(vals, types.TextValue(p))
	}
	return r.emails(ctx, `DECLARE $plans AS List<Utf8>;
SELECT email FROM accounts VIEW accounts_plan_idx WHERE plan IN $plans;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		table.NewQueryParameters(table.ValueParam("$plans", types.ListValue(vals...))))
}

// Tagged reads the tags of a few accounts: the whole key (account_id,
// tag) pinned by two lists, 100 × 5 rows at most.
func (r *Repo) Tagged(ctx context.Context, ids []uint64) ([]string, error) {
	ids = ids[:min(len(ids), MaxBatch)]
	tags := []string{"admin", "billing", "owner", "support", "readonly"}
	tagVals := make([]types.Value, 0, len(tags))
	for _, t := range tags {
		tagVals = append(tagVals, types.TextValue(t))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>; DECLARE $tags AS List<Utf8>;
SELECT tag AS email FROM account_tags WHERE account_id IN $ids AND tag IN $tags;`,
		table.NewQueryParameters(
			table.ValueParam("$ids", idList(ids)),
			table.ValueParam("$tags", types.ListValue(tagVals...)),
		))
}

// TaggedAll is Tagged's faulty twin: 100 × 20 key values may exceed the
// cap.
func (r *Repo) TaggedAll(ctx context.Context, ids []uint64, tags [20]string) ([]string, error) {
	ids = ids[:min(len(ids), MaxBatch)]
	tagVals := make([]types.Value, 0, len(tags))
	for _, t := range tags {
		tagVals = append(tagVals, types.TextValue(t))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>; DECLARE $tags AS List<Utf8>;
SELECT tag AS email FROM account_tags WHERE account_id IN $ids AND tag IN $tags;`, // want `SELECT from account_tags may return more than 1000 rows through \S+; .*; nothing keeps it to 1000 rows: every column of the primary key pinned to at most 2000 values \(\$ids holds at most 100 values where the Go code builds it; \$tags holds at most 20 values`
		table.NewQueryParameters(
			table.ValueParam("$ids", idList(ids)),
			table.ValueParam("$tags", types.ListValue(tagVals...)),
		))
}

// Batch reads a checked batch with the parameters built by
// ydb.ParamsBuilder.
func (r *Repo) Batch(ctx context.Context, ids []uint64) ([]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		ydb.ParamsBuilder().Param("$ids").BeginList().AddItems(vals...).EndList().Build())
}

// Pair reads two accounts through a builder list of two items.
func (r *Repo) Pair(ctx context.Context, a, b uint64) ([]string, error) {
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		ydb.ParamsBuilder().Param("$ids").BeginList().Add().Uint64(a).Add().Uint64(b).EndList().Build())
}

// BatchAny is Batch's faulty twin: nothing bounds the batch.
func (r *Repo) BatchAny(ctx context.Context, ids []uint64) ([]string, error) {
	vals := make([]types.Value, 0, len(ids))
	for _, id := range ids {
		vals = append(vals, types.Uint64Value(id))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
		ydb.ParamsBuilder().Param("$ids").BeginList().AddItems(vals...).EndList().Build())
}

// Recent reads the five newest ids, built over a constant range.
func (r *Repo) Recent(ctx context.Context, newest uint64) ([]string, error) {
	var vals []types.Value
	for i := range 5 {
		vals = append(vals, types.Uint64Value(newest-uint64(i)))
	}
	return r.emails(ctx, `DECLARE $ids AS List<Uint64>;
SELECT email FROM accounts WHERE id IN $ids;`,
		table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
}

// Lookup binds the list inside the retried closure from a batch it
// checked before.
func (r *Repo) Lookup(ctx context.Context, ids []uint64) (map[uint64]string, error) {
	if len(ids) > MaxBatch {
		return nil, ErrTooMany
	}
	out := map[uint64]string{}
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		vals := make([]types.Value, 0, len(ids))
		for _, id := range ids {
			vals = append(vals, types.Uint64Value(id))
		}
		_, res, err := s.Execute(ctx, readTx, `DECLARE $ids AS List<Uint64>;
SELECT id, email FROM accounts WHERE id IN $ids;`,
			table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var id uint64
				var e string
				if err := res.ScanNamed(named.Required("id", &id), named.OptionalWithDefault("email", &e)); err != nil {
					return err
				}
				out[id] = e
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// LookupAll is Lookup's faulty twin: the batch is not checked.
func (r *Repo) LookupAll(ctx context.Context, ids []uint64) (int, error) {
	n := 0
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		vals := make([]types.Value, 0, len(ids))
		for _, id := range ids {
			vals = append(vals, types.Uint64Value(id))
		}
		_, res, err := s.Execute(ctx, readTx, `DECLARE $ids AS List<Uint64>;
SELECT id FROM accounts WHERE id IN $ids;`, // want `SELECT from accounts may return more than 1000 rows through \S+: no LIMIT; .*; it reads table accounts, primary key .*`
			table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
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

// LookupTrimmed cuts the batch it captures in the retried closure.
func (r *Repo) LookupTrimmed(ctx context.Context, ids []uint64) (int, error) {
	if len(ids) > MaxBatch {
		ids = ids[:MaxBatch]
	}
	n := 0
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		vals := make([]types.Value, 0, len(ids))
		for _, id := range ids {
			vals = append(vals, types.Uint64Value(id))
		}
		_, res, err := s.Execute(ctx, readTx, `DECLARE $ids AS List<Uint64>;
SELECT id FROM accounts WHERE id IN $ids;`,
			table.NewQueryParameters(table.ValueParam("$ids", types.ListValue(vals...))))
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
