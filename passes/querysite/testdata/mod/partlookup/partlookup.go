// Package partlookup reads a span index the way a tracing store does: the
// query is picked by name from a lookup table in another package, the name
// handed down through helpers that fan out over partitions.
package partlookup

import (
	"context"
	"sync"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/app/partlookup/queries"
)

var readTx = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Reader reads the index tables under one folder.
type Reader struct {
	db      *ydb.Driver
	folder  string
	byField string
}

// NewReader wires a Reader.
func NewReader(db *ydb.Driver, folder string) *Reader {
	return &Reader{db: db, folder: folder, byField: "by-tag"}
}

func (r *Reader) exec(ctx context.Context, q string, values ...table.ParameterOption) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, res, err := s.Execute(ctx, readTx, q, table.NewQueryParameters(values...))
		if err != nil {
			return err
		}
		return res.Close()
	})
}

func (r *Reader) inPartition(ctx context.Context, name string, p queries.Partition, values ...table.ParameterOption) error {
	q := queries.BuildPartitionQuery(name, r.folder, p)
	values = append(values, table.ValueParam("$ts", types.Int64Value(0)))
	return r.exec(ctx, q, values...)
}

func (r *Reader) overPartitions(ctx context.Context, parts []queries.Partition, name string, values ...table.ParameterOption) error {
	var wg sync.WaitGroup
	errs := make([]error, len(parts))
	for i, p := range parts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = r.inPartition(ctx, name, p, values...)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// ByTag passes a constant name: that entry's text only.
func (r *Reader) ByTag(ctx context.Context, parts []queries.Partition, hash uint64) error {
	return r.overPartitions(ctx, parts, "by-tag", table.ValueParam("$hash", types.Uint64Value(hash))) // want `api=table.Session.Execute text="DECLARE \$hash AS Uint64;\\nDECLARE \$limit AS Uint64;\\nSELECT trace_ids FROM .__ydblint_hole_0__/idx_tag___ydblint_hole_1_____ydblint_hole_2__.\\nWHERE idx_hash = \$hash AND rev_start_time <= \$ts\\nLIMIT \$limit" holes=\[field:example.com/app/partlookup.Reader.folder,field:example.com/app/partlookup/queries.Partition.Date,field:example.com/app/partlookup/queries.Partition.Num\] params=\{\$hash:Uint64 const=false\}\? chain=`
}

// ByTagMaybeOp picks one of two names: the two entries, nothing else.
func (r *Reader) ByTagMaybeOp(ctx context.Context, parts []queries.Partition, hash, opHash uint64, withOp bool) error {
	values := []table.ParameterOption{table.ValueParam("$hash", types.Uint64Value(hash))}
	name := "by-tag"
	if withOp {
		values = append(values, table.ValueParam("$op_hash", types.Uint64Value(opHash)))
		name = "by-tag-and-op"
	}
	return r.overPartitions(ctx, parts, name, values...) // want `api=table.Session.Execute text="DECLARE \$hash AS Uint64;\\nDECLARE \$limit AS Uint64;\\nSELECT trace_ids FROM .__ydblint_hole_0__/idx_tag___ydblint_hole_1_____ydblint_hole_2__.\\nWHERE idx_hash = \$hash AND rev_start_time <= \$ts\\nLIMIT \$limit" holes=\[field:example.com/app/partlookup.Reader.folder,field:example.com/app/partlookup/queries.Partition.Date,field:example.com/app/partlookup/queries.Partition.Num\] \| text="DECLARE \$hash AS Uint64;\\nDECLARE \$op_hash AS Uint64;\\nSELECT trace_ids FROM .__ydblint_hole_0__/idx_tag___ydblint_hole_1_____ydblint_hole_2__.\\nWHERE idx_hash = \$hash AND rev_start_time <= \$ts AND op_hash = \$op_hash" holes=\[field:example.com/app/partlookup.Reader.folder,field:example.com/app/partlookup/queries.Partition.Date,field:example.com/app/partlookup/queries.Partition.Num\] params=\{\$hash:Uint64 const=false,\$op_hash:Uint64 const=false\}\? chain=`
}

// ByField passes a name kept in a field: which entry runs is not known,
// so no text is recovered (never the union of the table).
func (r *Reader) ByField(ctx context.Context, parts []queries.Partition) error {
	return r.overPartitions(ctx, parts, r.byField) // want `api=table.Session.Execute text="__ydblint_hole_0__" holes=\[\] params=\{\}\? chain=`
}

// Search is the exported entry the HTTP handlers call with a query name:
// its ydbSink fact carries one text per name, each under its condition.
func (r *Reader) Search(ctx context.Context, parts []queries.Partition, name string, values ...table.ParameterOption) error {
	return r.overPartitions(ctx, parts, name, values...)
}

// ByMistake names no query of the table (BuildPartitionQuery panics): no
// text, never another entry's.
func (r *Reader) ByMistake(ctx context.Context, parts []queries.Partition) error {
	return r.overPartitions(ctx, parts, "by-nothing") // want `api=table.Session.Execute params=\{\}\? chain=`
}

// Defaulted passes its caller's name unless it is empty: the key is a φ of
// a parameter and a constant, not a parameter, so the text is not chosen.
func (r *Reader) Defaulted(ctx context.Context, parts []queries.Partition, name string) error {
	if name == "" {
		name = "by-service"
	}
	return r.overPartitions(ctx, parts, name) // want `api=table.Session.Execute text="__ydblint_hole_0__" holes=\[\] params=\{\}\? chain=`
}
