package evaluated

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/rules/fullscan/evaluated/partqueries"
)

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Watcher polls scheduler_jobs through the table service, with queries
// picked by name from another package's table. A finding is placed at the
// call that builds the text, not at the Execute it is handed to.
type Watcher struct {
	db *ydb.Driver
}

// NewWatcher is called from main.
func NewWatcher(db *ydb.Driver) *Watcher { return &Watcher{db: db} }

// Active lists the jobs in one state: state is not the key.
func (w *Watcher) Active(ctx context.Context, state string) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(
			ctx,
			readTx,
			partqueries.Build(partqueries.ActiveJobs), // want `SELECT reads every partition of scheduler_jobs: the predicate does not constrain the key column job_id; table scheduler_jobs, primary key \(job_id\) .*`
			table.NewQueryParameters(table.ValueParam("$state", types.UTF8Value(state))),
		)
		if err != nil {
			return err
		}
		return res.Close()
	}, table.WithIdempotent())
}

// Job reads one job by its key: silent.
func (w *Watcher) Job(ctx context.Context, id uint64) error {
	return w.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(
			ctx,
			readTx,
			partqueries.Build(partqueries.JobByID),
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id))),
		)
		if err != nil {
			return err
		}
		return res.Close()
	}, table.WithIdempotent())
}
