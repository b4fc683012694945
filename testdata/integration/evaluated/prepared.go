package evaluated

import (
	"context"
	"database/sql"
	"time"

	"example.com/integ/evaluated/qb"
)

// Archive reads jobs through database/sql, preparing each statement from
// text the builder package makes: the statement's runs are the sites, read
// as a direct call's text is.
type Archive struct{ db *sql.DB }

func NewArchive(db *sql.DB) *Archive { return &Archive{db: db} }

// Expired filters on run_at, not the key: every run of the prepared
// statement scans the table.
func (a *Archive) Expired(ctx context.Context, cutoff time.Time) ([]uint64, error) {
	st, err := a.db.PrepareContext(ctx, qb.NewSelect("scheduler_jobs").Columns("job_id").Where("run_at < $cutoff").String()) // want `SELECT reads every partition of scheduler_jobs.*the predicate does not constrain the key column job_id`
	if err != nil {
		return nil, err
	}
	defer st.Close()
	rows, err := st.QueryContext(ctx, sql.Named("cutoff", cutoff))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []uint64
	for rows.Next() {
		var id uint64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// State is Expired's twin on the key: silent.
func (a *Archive) State(ctx context.Context, id uint64) (string, error) {
	st, err := a.db.PrepareContext(ctx, qb.NewSelect("scheduler_jobs").Columns("state").Where("job_id = $id").String())
	if err != nil {
		return "", err
	}
	defer st.Close()
	var state string
	err = st.QueryRowContext(ctx, sql.Named("id", id)).Scan(&state)
	return state, err
}
