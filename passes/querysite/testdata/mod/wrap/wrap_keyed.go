package wrap

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/app/partlookup/queries"
)

// ByName runs the named partition query: a wrapper whose text is one
// entry per name, each under the condition that the name argument is that
// key (the fact lists them in the order of the keys).
func ByName(ctx context.Context, db *ydb.Driver, name string, p queries.Partition) error { // want ByName:`ydbSink\(text=\{2=="by-service"\}DECLARE [^|]*\|\{2=="by-tag"\}DECLARE [^|]*\|\{2=="by-tag-and-op"\}DECLARE [^|]*\)`
	return db.Query().Exec(ctx, queries.BuildPartitionQuery(name, "/local/spans", p))
}

// Lowered rewrites its name before the lookup: the key is no longer the
// parameter, so nothing is summarised and the call is a site of its own
// with no text.
func Lowered(ctx context.Context, db *ydb.Driver, name string, p queries.Partition) error {
	if name == "" {
		name = "by-tag"
	}
	return db.Query().Exec(ctx, queries.BuildPartitionQuery(name, "/local/spans", p))
}
