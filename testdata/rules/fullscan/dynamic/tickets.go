package dynamic

import (
	"context"
	"strings"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// TicketQuery is a search over support_tickets, keyed by
// (project_id, ticket_id).
type TicketQuery struct {
	ProjectID uint64
	Status    string
	Assignee  string
}

// Tickets runs its queries through the table service with DECLAREs that
// follow the filters, as a repository of the seaweedfs/temporal kind does.
type Tickets struct {
	pool table.Client
}

// Open wires the repository.
func Open(db *ydb.Driver) *Tickets { return &Tickets{pool: db.Table()} }

// Find always binds project_id: silent, however the DECLAREs and filters
// vary.
func (t *Tickets) Find(ctx context.Context, q TicketQuery) error {
	declares := []string{"DECLARE $project_id AS Uint64;"}
	where := []string{"project_id = $project_id"}
	params := []table.ParameterOption{table.ValueParam("$project_id", types.Uint64Value(q.ProjectID))}
	if q.Status != "" {
		declares = append(declares, "DECLARE $status AS Utf8;")
		where = append(where, "status = $status")
		params = append(params, table.ValueParam("$status", types.UTF8Value(q.Status)))
	}
	if q.Assignee != "" {
		declares = append(declares, "DECLARE $assignee AS Utf8;")
		where = append(where, "assignee = $assignee")
		params = append(params, table.ValueParam("$assignee", types.UTF8Value(q.Assignee)))
	}
	yql := strings.Join(declares, "\n") + "\nSELECT ticket_id FROM support_tickets WHERE " + strings.Join(where, " AND ") + ";"
	return t.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), yql, table.NewQueryParameters(params...))
		if err == nil {
			_ = res.Close()
		}
		return err
	})
}

// Unassigned forgets the project: every variant scans. Reported once.
func (t *Tickets) Unassigned(ctx context.Context, q TicketQuery) error {
	declares := []string{}
	where := []string{"assignee IS NULL"} // want `SELECT reads every partition of support_tickets.* \(in all 2 ways the query text is built\)$`
	var params []table.ParameterOption
	if q.Status != "" {
		declares = append(declares, "DECLARE $status AS Utf8;")
		where = append(where, "status = $status")
		params = append(params, table.ValueParam("$status", types.UTF8Value(q.Status)))
	}
	yql := strings.Join(declares, "\n") + "\nSELECT ticket_id FROM support_tickets WHERE " + strings.Join(where, " AND ") + ";"
	return t.pool.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, table.DefaultTxControl(), yql, table.NewQueryParameters(params...))
		if err == nil {
			_ = res.Close()
		}
		return err
	})
}
