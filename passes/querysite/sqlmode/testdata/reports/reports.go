// Package reports runs its database/sql queries under the query mode its
// context carries: scans for the big reports, explain for the planner
// check. sink stands for the QueryContext call whose context querysite
// asks sqlmode about.
package reports

import (
	"context"
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

func sink(ctx context.Context) {}

// Daily scans, with a timeout derived from the scan context.
func Daily(ctx context.Context) {
	ctx = ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	sink(ctx) // want `scan=true explain=false`
}

// Plan explains a scan: both hold.
func Plan(ctx context.Context) {
	sink(ydb.WithQueryMode(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), ydb.ExplainQueryMode)) // want `scan=true explain=true`
}

// Data sets the data mode over a scan: the last mode wins.
func Data(ctx context.Context) {
	sink(ydb.WithQueryMode(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), ydb.DataQueryMode)) // want `scan=false explain=false`
}

// Maybe scans on one path only: the query is judged as the data query it
// is on the other.
func Maybe(ctx context.Context, big bool) {
	if big {
		ctx = ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	}
	sink(ctx) // want `scan=false explain=false`
}

// Always scans on both paths.
func Always(ctx context.Context, slow bool) {
	if slow {
		ctx = ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	} else {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ydb.WithQueryMode(ctx, ydb.ScanQueryMode), time.Second)
		defer cancel()
	}
	sink(ctx) // want `scan=true explain=false`
}

// Chosen takes the mode from its caller: unknown, so not a scan.
func Chosen(ctx context.Context, mode ydb.QueryMode) {
	sink(ydb.WithQueryMode(ctx, mode)) // want `scan=false explain=false`
}

// Later runs the scan in a closure that captures the context.
func Later(ctx context.Context) func() {
	scan := ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	return func() {
		sink(scan) // want `scan=true explain=false`
	}
}

// Shared keeps the scan context in a variable closures also write: it is
// stored once, so its mode is known.
func Shared(ctx context.Context) {
	scan := ydb.WithQueryMode(ctx, ydb.ScanQueryMode)
	run := func() { sink(scan) } // want `scan=true explain=false`
	run()
	sink(scan) // want `scan=true explain=false`
}

// Plain runs with the caller's context.
func Plain(ctx context.Context) {
	sink(ctx) // want `scan=false explain=false`
}
