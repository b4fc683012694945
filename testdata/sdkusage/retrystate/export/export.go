// Package export archives old orders in batches, one retried transaction
// per batch, and counts what it moved.
package export

import (
	"context"
	"log"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

const archiveOne = `DECLARE $id AS Uint64;
UPSERT INTO orders_archive SELECT * FROM orders WHERE id = $id;
DELETE FROM orders WHERE id = $id;`

// Archiver moves orders to the archive table.
type Archiver struct {
	db    *ydb.Driver
	limit int
}

// NewArchiver wires the archiver; limit caps one run.
func NewArchiver(db *ydb.Driver, limit int) *Archiver { return &Archiver{db: db, limit: limit} }

func idParam(id uint64) query.ExecuteOption {
	return query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build())
}

// Archive sums the rows it moves over all batches: the sum must survive
// from one call of DoTx to the next, and an aborted attempt must not count.
func (a *Archiver) Archive(ctx context.Context, batches [][]uint64) (int, error) {
	moved := 0
	for _, ids := range batches {
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			for _, id := range ids {
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				moved++ // want `update of moved runs again when query.Client.DoTx retries the closure; .*; moved is captured from outside the closure; moved sums over the loop's calls of query.Client.DoTx, so count in a variable declared inside the closure and add it to moved after the call returns without error`
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
	}
	log.Printf("archived %d orders", moved)
	return moved, nil
}

// ArchiveCounted is Archive's correct twin: each call counts its own batch
// in a closure-local and publishes it at the end; the sum grows after the
// call succeeded.
func (a *Archiver) ArchiveCounted(ctx context.Context, batches [][]uint64) (int, error) {
	moved := 0
	for _, ids := range batches {
		var batch int
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			n := 0
			for _, id := range ids {
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				n++
			}
			batch = n
			return nil
		})
		if err != nil {
			return moved, err
		}
		moved += batch
	}
	return moved, nil
}

// Purge counts deleted rows through the table service; the call's error is
// checked in the if that makes it.
func (a *Archiver) Purge(ctx context.Context, batches [][]uint64) (deleted uint64, err error) {
	for _, ids := range batches {
		if err := a.db.Table().DoTx(ctx, func(ctx context.Context, tx table.TransactionActor) error {
			for _, id := range ids {
				if _, err := tx.Execute(ctx, "DECLARE $id AS Uint64; DELETE FROM orders_archive WHERE id = $id;",
					table.NewQueryParameters(table.ValueParam("$id", idValue(id)))); err != nil {
					return err
				}
				deleted += 1 // want `update of deleted runs again when table.Client.DoTx retries the closure; .*; deleted is captured from outside the closure; deleted sums over the loop's calls of table.Client.DoTx`
			}
			return nil
		}); err != nil {
			return deleted, err
		}
	}
	return deleted, nil
}

// ArchiveUpTo stops at the archiver's limit, reading the sum inside the
// closure: counting elsewhere would change when it stops, so it gets the
// advice without a rewrite.
func (a *Archiver) ArchiveUpTo(ctx context.Context, batches [][]uint64) (int, error) {
	moved := 0
	for _, ids := range batches {
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			for _, id := range ids {
				if moved >= a.limit {
					return nil
				}
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				moved++ // want `moved sums over the loop's calls of query.Client.DoTx`
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
	}
	return moved, nil
}

// ArchiveLogged counts each batch on its own, for the log line: the count
// is declared inside the loop, so it is a fresh one per call and a reset
// at the start of the closure is the fix.
func (a *Archiver) ArchiveLogged(ctx context.Context, batches [][]uint64) error {
	for i, ids := range batches {
		moved := 0
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			for _, id := range ids {
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				moved++ // want `update of moved .* set moved = 0 at the start of the closure or count in a local variable and assign moved at the end`
			}
			return nil
		})
		if err != nil {
			return err
		}
		log.Printf("batch %d: archived %d orders", i, moved)
	}
	return nil
}

// ArchiveLoggedReset is ArchiveLogged's correct twin.
func (a *Archiver) ArchiveLoggedReset(ctx context.Context, batches [][]uint64) error {
	for i, ids := range batches {
		moved := 0
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			moved = 0
			for _, id := range ids {
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				moved++
			}
			return nil
		})
		if err != nil {
			return err
		}
		log.Printf("batch %d: archived %d orders", i, moved)
	}
	return nil
}

// Audit counts what the archiver did since start.
type Audit struct{ moved int }

// ArchiveAudited also bumps a field of the same name: only the captured
// counter is rewritten, the field is another variable.
func (a *Archiver) ArchiveAudited(ctx context.Context, audit *Audit, batches [][]uint64) (int, error) {
	moved := 0
	for _, ids := range batches {
		err := a.db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
			for _, id := range ids {
				if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
					return err
				}
				audit.moved++
				moved++ // want `moved sums over the loop's calls of query.Client.DoTx`
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
	}
	return moved, nil
}

// ArchiveOrDie is the nightly job's loop: a failed batch ends the process
// (log.Fatalf never returns), so the sum grows only after a call
// succeeded, as after a return. The closure sits on a line of its own.
func (a *Archiver) ArchiveOrDie(ctx context.Context, batches [][]uint64) int {
	moved := 0
	for _, ids := range batches {
		if err := a.db.Query().DoTx(ctx,
			func(ctx context.Context, tx query.TxActor) error {
				for _, id := range ids {
					if err := tx.Exec(ctx, archiveOne, idParam(id)); err != nil {
						return err
					}
					moved++ // want `moved sums over the loop's calls of query.Client.DoTx`
				}
				return nil
			},
		); err != nil {
			log.Fatalf("archive: %v", err)
		}
	}
	return moved
}
