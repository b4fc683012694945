// Package alternatives reads tables whose query text is one of several
// texts chosen at run time (a flag, a switch over a sort order). A read
// that scans in some of the texts only names the texts it scans in, by
// the Go literal that sets them apart; every faulty method has a twin
// whose texts all use the key, which stays silent.
package alternatives

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Tickets is the support desk's repository.
type Tickets struct {
	db *ydb.Driver
}

// NewTickets is called from main.
func NewTickets(db *ydb.Driver) *Tickets { return &Tickets{db: db} }

// Lookup reads one ticket by its key, or every ticket in a status when the
// admin page asks for it: the status text scans every partition.
func (t *Tickets) Lookup(ctx context.Context, project, ticket uint64, status string, byStatus bool) error {
	q := "SELECT ticket_id FROM support_tickets WHERE project_id = $project AND ticket_id = $ticket"
	if byStatus {
		q = "SELECT ticket_id FROM support_tickets WHERE status = $status" // want `SELECT reads every partition of support_tickets\b.*table support_tickets, primary key \(project_id, ticket_id\) .*\(in 1 of the 2 ways the query text is built: the text at tickets.go:28\)$`
	}
	_, err := t.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$project").Uint64(project).Param("$ticket").Uint64(ticket).Param("$status").Text(status).Build(),
	))
	return err
}

// LookupInProject filters the status within the project: both texts use
// the key, silent.
func (t *Tickets) LookupInProject(ctx context.Context, project, ticket uint64, status string, byStatus bool) error {
	q := "SELECT ticket_id FROM support_tickets WHERE project_id = $project AND ticket_id = $ticket"
	if byStatus {
		q = "SELECT ticket_id FROM support_tickets WHERE project_id = $project AND status = $status"
	}
	_, err := t.db.Query().QueryResultSet(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$project").Uint64(project).Param("$ticket").Uint64(ticket).Param("$status").Text(status).Build(),
	))
	return err
}
