package monotonickey

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// Secondary indexes. A GLOBAL index is a table of its own partitioned by
// its key, so an index leading with a growing column hot-spots its last
// partition exactly as a primary key does (categories monotonic-schema and
// monotonic-write, with the same evidence: the column's type, or the value
// a write puts into it).

func indexRemedy(t *schema.Table, ix *schema.Index) string {
	lead := ix.Columns[0]
	good := lead
	if len(t.PrimaryKey) > 0 && t.PrimaryKey[0] != lead {
		good = t.PrimaryKey[0] + ", " + lead
	}
	return fmt.Sprintf("lead the index with a well-distributed column, e.g. INDEX %s GLOBAL ON (%s), or drop it if reads by %s alone are rare",
		ix.Name, good, lead)
}

func indexDesc(ix *schema.Index) string {
	kind := "GLOBAL"
	switch {
	case ix.Unique:
		kind += " UNIQUE"
	case ix.Async:
		kind += " ASYNC"
	}
	s := fmt.Sprintf("%s index %s", kind, ix.Name)
	if !ix.Src.IsZero() {
		s += fmt.Sprintf(" (schema: %s)", ix.Src)
	}
	return s
}

// indexReported remembers, per package, the indexes already reported by
// type, so that each is reported once, at the first write.
type indexReported map[*schema.Index]bool

// reportIndexSchema reports the table's secondary indexes whose leading
// column has a time or Serial type.
func reportIndexSchema(pass *analysis.Pass, cfg *config.Config, done indexReported, t *schema.Table, pos, end token.Pos, s *site.Site, opts ...report.Option) {
	for _, m := range keyplan.LeadingIndexMonotonic(t) {
		if done[m.Index] {
			continue
		}
		done[m.Index] = true
		c := t.Column(m.Column)
		typ := "a monotonic type"
		if c != nil && c.Type != "" {
			typ = c.Type
		}
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: pos, End: end, Category: categorySchema,
			Message: fmt.Sprintf("index %s of %s leads with %s, of type %s: one index partition takes every insert; %s, and the index is partitioned by its own key; it is the %s on %s; %s",
				m.Index.Name, t.Name(), m.Column, typ, monotonicWhy(typ, m.Kind), indexDesc(m.Index), queryplan.DescribeTable(t), indexRemedy(t, m.Index)) + queryplan.Via(s),
		}, opts...)
	}
}

// indexFills lists the monotonic-write findings of a write that fills an
// index's leading column from a clock or a counter.
func indexFills(st *queryplan.Statement, w *keyplan.Write) []queryplan.Finding {
	var out []queryplan.Finding
	for _, f := range keyplan.IndexMonotonicFills(w) {
		out = append(out, fillFinding(st, f.Value.Span, fmt.Sprintf("%s fills %s, the leading column of index %s, with a value that grows with time; the value is %s: every new row lands in the index's last partition; it is the %s on %s; %s",
			w.Kind, f.Index.Columns[0], f.Index.Name, fillDesc(f.Value), indexDesc(f.Index), st.DescribeTable(w.Ref, w.Table), indexRemedy(w.Table, f.Index))))
	}
	return out
}

// checkIndexRows reports BulkUpsert rows whose field for an index's leading
// column comes from a clock or a counter (indexes monotonic by type are
// reported by reportIndexSchema instead).
func checkIndexRows(pass *analysis.Pass, cfg *config.Config, ks *queryplan.KeyedSite) {
	if ks.Site.Bulk == nil {
		return
	}
	t := ks.Table
	byType := map[*schema.Index]bool{}
	for _, m := range keyplan.LeadingIndexMonotonic(t) {
		byType[m.Index] = true
	}
	for _, ix := range t.Indexes {
		if ix.Kind != "" || ix.Partial || len(ix.Columns) == 0 || byType[ix] || len(t.PrimaryKey) > 0 && ix.Columns[0] == t.PrimaryKey[0] {
			continue
		}
		lead := ix.Columns[0]
	rows:
		for _, row := range ks.Site.Bulk.Rows {
			if !row.Known {
				continue
			}
			for _, f := range row.Fields {
				if f.Name != lead || f.Value.Monotonic == "" {
					continue
				}
				report.Report(pass, cfg, name, analysis.Diagnostic{
					Pos: f.Pos, End: f.End, Category: categoryWrite,
					Message: fmt.Sprintf("BulkUpsert fills %s, the leading column of index %s, with a value that grows with time; the value is from %s: every new row lands in the index's last partition; it is the %s on %s; %s",
						lead, ix.Name, f.Value.Monotonic, indexDesc(ix), queryplan.DescribeTable(t), indexRemedy(t, ix)) + queryplan.Via(ks.Site),
				})
				break rows
			}
		}
	}
}
