// Package queries keeps a span store's statements in a table keyed by
// name; each runs against one daily partition table (trace_spans_<day>).
package queries

import (
	"fmt"
	"strings"
)

const (
	putSpan = `DECLARE $trace_id AS Utf8; DECLARE $span_id AS Uint64; DECLARE $payload AS String;
UPSERT INTO ` + "`%s`" + ` (trace_hash, trace_id, span_id, payload)
VALUES (Digest::NumericHash($trace_id), $trace_id, $span_id, $payload);`

	getSpan = `DECLARE $trace_id AS Utf8; DECLARE $span_id AS Uint64;
SELECT payload FROM ` + "`%s`" + `
WHERE trace_hash = Digest::NumericHash($trace_id) AND trace_id = $trace_id AND span_id = $span_id;`

	spansOfTrace = `DECLARE $trace_id AS Utf8;
SELECT span_id, payload FROM ` + "`%s`" + `
WHERE trace_id = $trace_id;`

	spansOfTraceKeyed = `DECLARE $trace_id AS Utf8;
SELECT span_id, payload FROM ` + "`%s`" + `
WHERE trace_hash = Digest::NumericHash($trace_id) AND trace_id = $trace_id;`
)

type queryInfo struct {
	table string
	query string
}

var byName = map[string]queryInfo{
	"put-span":             {"trace_spans", putSpan},
	"get-span":             {"trace_spans", getSpan},
	"spans-of-trace":       {"trace_spans", spansOfTrace},
	"spans-of-trace-keyed": {"trace_spans", spansOfTraceKeyed},
}

// Day names one daily partition table; a day is split in Shards tables.
type Day struct {
	Date  string
	Shard int
}

// Suffix is the day's table-name suffix.
func (d Day) Suffix() string { return fmt.Sprintf("%s_%d", d.Date, d.Shard) }

// Build renders the named statement for one day's table under folder.
func Build(name, folder string, d Day) string {
	if i, ok := byName[name]; ok {
		b := new(strings.Builder)
		b.WriteString(folder + "/" + i.table)
		b.WriteString("_")
		b.WriteString(d.Suffix())
		return fmt.Sprintf(i.query, b.String())
	}
	panic("no statement " + name)
}
