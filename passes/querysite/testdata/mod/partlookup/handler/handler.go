// Package handler serves span searches through partlookup.Reader.
package handler

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/app/partlookup"
	"example.com/app/partlookup/queries"
)

// Handler answers service searches.
type Handler struct {
	r *partlookup.Reader
}

// New wires a Handler.
func New(r *partlookup.Reader) *Handler { return &Handler{r: r} }

// ByService runs the service query in every partition asked for.
func (h *Handler) ByService(ctx context.Context, parts []queries.Partition, hash uint64) error {
	return h.r.Search(ctx, parts, "by-service", table.ValueParam("$hash", types.Uint64Value(hash))) // want `api=table.Session.Execute text="DECLARE \$hash AS Uint64;\\nSELECT trace_ids FROM .__ydblint_hole_0__/idx_service___ydblint_hole_1_____ydblint_hole_2__.\\nWHERE rev_start_time <= \$ts" holes=\[field:example.com/app/partlookup.Reader.folder,field:example.com/app/partlookup/queries.Partition.Date,field:example.com/app/partlookup/queries.Partition.Num\] params=\{\$hash:Uint64 const=false\}\? chain=`
}

// ByName passes its caller's name on: a wrapper itself, no site here.
func (h *Handler) ByName(ctx context.Context, parts []queries.Partition, name string) error {
	return h.r.Search(ctx, parts, name)
}

// Recent asks for the tag query through ByName.
func (h *Handler) Recent(ctx context.Context, parts []queries.Partition) error {
	return h.ByName(ctx, parts, "by-tag-and-op") // want `api=table.Session.Execute text="DECLARE \$hash AS Uint64;\\nDECLARE \$op_hash AS Uint64;\\nSELECT trace_ids FROM .__ydblint_hole_0__/idx_tag___ydblint_hole_1_____ydblint_hole_2__.\\nWHERE idx_hash = \$hash AND rev_start_time <= \$ts AND op_hash = \$op_hash" holes=\[[^]]*\] params=\{\}\? chain=`
}
