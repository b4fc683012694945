// Package tracks reads a music catalogue through v3.42.7's table service
// (before the query service): each read has a faulty form and its twin.
package tracks

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
)

// Track is one row of tracks.
type Track struct {
	ID    uint64
	Name  string
	Plays uint64
}

// Repo reads tracks.
type Repo struct{ c table.Client }

// New wires the repository to the driver's table client.
func New(c table.Client) *Repo { return &Repo{c: c} }

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

const topTracks = `SELECT track_id, name, plays FROM tracks ORDER BY track_id LIMIT 50;`

// Top scans the nullable name into a plain string.
func (r *Repo) Top(ctx context.Context) ([]Track, error) {
	var out []Track
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, topTracks, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var t Track
				if err := res.Scan(&t.ID, &t.Name, &t.Plays); err != nil { // want `Scan scans result column 2 \(name\), Utf8\?, into \*string: .*; the table service scans an Optional value only into a double pointer`
					return err
				}
				out = append(out, t)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// TopFixed is Top's correct twin: ScanWithDefaults reads NULL as "".
func (r *Repo) TopFixed(ctx context.Context) ([]Track, error) {
	var out []Track
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, topTracks, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var t Track
				if err := res.ScanWithDefaults(&t.ID, &t.Name, &t.Plays); err != nil {
					return err
				}
				out = append(out, t)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// Plays reads the plays counter by name into an int64.
func (r *Repo) Plays(ctx context.Context) ([]int64, error) {
	var out []int64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, topTracks, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var n int64
				if err := res.ScanNamed(named.Required("plays", &n)); err != nil { // want `ScanNamed scans column plays, Uint64 NOT NULL, into \*int64: .*; the table service cannot decode Uint64 into int64`
					return err
				}
				out = append(out, n)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}

// PlaysFixed is Plays' correct twin.
func (r *Repo) PlaysFixed(ctx context.Context) ([]uint64, error) {
	var out []uint64
	err := r.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		out = out[:0]
		_, res, err := s.Execute(ctx, readTx, topTracks, nil)
		if err != nil {
			return err
		}
		defer res.Close()
		for res.NextResultSet(ctx) {
			for res.NextRow() {
				var n uint64
				if err := res.ScanNamed(named.Required("plays", &n)); err != nil {
					return err
				}
				out = append(out, n)
			}
		}
		return res.Err()
	}, table.WithIdempotent())
	return out, err
}
