package monotonickey

import (
	_ "embed"
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "monotonickey"

// Analyzer reports row tables whose leading key column grows monotonically,
// by schema or by the values written to it, or follows a prefix of few
// values.
var Analyzer = &analysis.Analyzer{
	Name:             name,
	Doc:              analysisutil.MustExtractDoc(doc, name),
	URL:              report.URLBase + name,
	Requires:         []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, queryplan.Analyzer},
	Run:              report.WrapRun(run),
	RunDespiteErrors: true,
}

// Categories (headings of doc.go).
const (
	categorySchema = "monotonic-schema"
	categoryWrite  = "monotonic-write"
)

// remedy is the advice for table t, in t's own columns: a column of t that
// already holds a hash goes first; otherwise a new hash column of the next
// key column (or of the growing one when it is the whole key) does.
func remedy(t *schema.Table) string {
	const reorder = "put a well-distributed column first (reorder the key so that the growing column follows it)"
	key := t.PrimaryKey
	if len(key) == 0 {
		return reorder
	}
	for _, c := range t.Columns {
		if c != nil && strings.HasSuffix(strings.ToLower(c.Name), "hash") && !slices.Contains(key, c.Name) {
			return fmt.Sprintf("%s or prefix the key with its hash column %s: PRIMARY KEY (%s, %s)",
				reorder, c.Name, c.Name, strings.Join(key, ", "))
		}
	}
	src := key[0]
	if len(key) > 1 {
		src = key[1]
	}
	h := src + "_hash"
	return fmt.Sprintf("%s or prefix the key with a hash, e.g. PRIMARY KEY (%s, %s) with %s = Digest::NumericHash(%s)",
		reorder, h, strings.Join(key, ", "), h, src)
}

func run(pass *analysis.Pass) (any, error) {
	cfg := pass.ResultOf[config.Analyzer].(*config.Config)
	plans := pass.ResultOf[queryplan.Analyzer].(*queryplan.Result)
	if !plans.InScope {
		return nil, nil
	}
	// Register every statement's text, so that its ydblint:ignore
	// directives are checked (malformed ones, and with
	// report-unused-ignores unused ones) even where the rule finds nothing.
	for _, st := range plans.Statements {
		report.NoteYQL(pass, cfg, name, st.YQL(0))
	}
	// The schema problem is reported once per table and package, at the
	// first write: that is where the hot partition is made, and a package
	// that only reads the table can do nothing about its key.
	reported := make(map[*schema.Table]bool)
	indexes := make(indexReported)
	var fills []queryplan.Finding
	for _, st := range plans.Statements {
		for _, w := range st.Plan.Writes {
			if w.Table == nil || !isRowInsert(w) {
				continue
			}
			refPos, refEnd := st.Pos(w.Ref.NodeSpan())
			reportIndexSchema(pass, cfg, indexes, w.Table, refPos, refEnd, st.Site, report.InYQL(st.YQL(w.Ref.NodeSpan().Start)))
			fills = append(fills, indexFills(st, w)...)
			if col, kind := keyplan.LeadingKeyMonotonic(w.Table); kind != keyplan.MonotonicNone {
				if !reported[w.Table] {
					reported[w.Table] = true
					pos, end := st.Pos(w.Ref.NodeSpan())
					reportSchema(pass, cfg, w.Table, col, kind, pos, end, st.Site, report.InYQL(st.YQL(w.Ref.NodeSpan().Start)))
				}
				continue
			}
			if v, ok := keyplan.MonotonicFill(w); ok {
				fills = append(fills, fillFinding(st, v.Span, fmt.Sprintf("%s fills leading key column %s of %s with a value that grows with time; the value is %s: every new row lands in the last partition; %s; %s",
					w.Kind, w.Table.PrimaryKey[0], st.HeadlineName(w.Ref, w.Table), fillDesc(v), st.DescribeTable(w.Ref, w.Table), remedy(w.Table))))
			}
		}
	}
	reportFills(pass, cfg, fills)
	for _, ks := range plans.KeyedSites {
		if ks.Site.Kind != sdk.KindBulkUpsert {
			continue
		}
		t := ks.Table
		reportIndexSchema(pass, cfg, indexes, t, ks.Site.Pos, ks.Site.End, ks.Site)
		checkIndexRows(pass, cfg, ks)
		if col, kind := keyplan.LeadingKeyMonotonic(t); kind != keyplan.MonotonicNone {
			if !reported[t] {
				reported[t] = true
				reportSchema(pass, cfg, t, col, kind, ks.Site.Pos, ks.Site.End, ks.Site)
			}
			continue
		}
		checkRows(pass, cfg, plans, ks.Site, []*schema.Table{ks.Table})
	}
	for _, kc := range plans.KeyedChoices {
		if kc.Site.Kind == sdk.KindBulkUpsert {
			checkChoiceRows(pass, cfg, plans, kc) // schema and index reports stay with the tables' certain writes
		}
	}
	for _, kw := range prefixWrites(pass, plans) {
		reportPrefix(pass, cfg, kw)
	}
	return nil, nil
}

// fillPayload is what a monotonic-write finding of a statement keeps for
// reporting: its message without the notes, the site's wrapper chain, and
// the byte of the statement's text it points at (for ydblint:ignore inside
// the text).
type fillPayload struct {
	msg, via string
	off      int
}

// fillFinding is the monotonic-write finding msg of statement st at the
// written value sp.
func fillFinding(st *queryplan.Statement, sp yql.Span, msg string) queryplan.Finding {
	pos, end := st.Pos(sp)
	via := queryplan.Via(st.Site)
	return queryplan.Finding{Pos: pos, End: end, Category: categoryWrite, Message: msg + via, St: st,
		Payload: fillPayload{msg: msg, via: via, off: sp.Start}}
}

// reportFills reports each monotonic write of a statement once per site
// across the ways the site's text is built. A fill that every text has
// says nothing of them (nor do the fills of a text each at a literal of
// its own); one that some texts have names them (queryplan.WhichNote), as
// fullscan and hashprefix do.
func reportFills(pass *analysis.Pass, cfg *config.Config, fs []queryplan.Finding) {
	kept, notes := queryplan.OncePerSite(pass.Fset, fs)
	for i, f := range kept {
		p := f.Payload.(fillPayload)
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: f.Pos, End: f.End, Category: f.Category, Message: p.msg + notes[i] + p.via,
		}, report.InYQL(f.St.YQL(p.off)))
	}
}

func isRowInsert(w *keyplan.Write) bool {
	switch w.Kind {
	case keyplan.WriteInsert, keyplan.WriteUpsert, keyplan.WriteReplace:
		return true
	}
	return false
}

func reportSchema(pass *analysis.Pass, cfg *config.Config, t *schema.Table, col string, kind keyplan.MonotonicKind, pos, end token.Pos, s *site.Site, opts ...report.Option) {
	c := t.Column(col)
	typ := "a monotonic type"
	if c != nil && c.Type != "" {
		typ = c.Type
	}
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: pos, End: end, Category: categorySchema,
		Message: fmt.Sprintf("key of %s leads with %s, of type %s: one partition takes every insert; %s; %s; %s",
			t.Name(), col, typ, monotonicWhy(typ, kind), queryplan.DescribeTable(t), remedy(t)) + queryplan.Via(s),
	}, opts...)
}

// monotonicWhy says why a column of type typ grows: its values sort by
// when they were written.
func monotonicWhy(typ string, kind keyplan.MonotonicKind) string {
	if kind == keyplan.MonotonicSerial {
		return typ + " is a Serial type: each new id is larger than the last"
	}
	return typ + " is a time type: rows written now all sort after every older row"
}

func fillDesc(v keyplan.WrittenValue) string {
	switch {
	case v.Func != "":
		return v.Func + "()"
	case v.ParamInfo.MonotonicSource != "":
		return fmt.Sprintf("$%s bound to %s", v.Param, v.ParamInfo.MonotonicSource)
	case v.Param != "":
		return "$" + v.Param
	}
	return "a clock value"
}

// checkRows reports BulkUpsert rows whose leading key field comes from a
// clock or a counter. tables are the tables the site's path may name (one,
// or a KeyedChoice); a row is reported only when every table it may go to
// (queryplan.RowTables) leads with the column it fills from the clock.
func checkRows(pass *analysis.Pass, cfg *config.Config, plans *queryplan.Result, s *site.Site, tables []*schema.Table) {
	if s.Bulk == nil {
		return
	}
	for _, row := range s.Bulk.Rows {
		rowTables := plans.RowTables(tables, row)
		table := queryplan.DescribeRowTables(tables, rowTables)
		faults := queryplan.EveryTable(rowTables, func(t *schema.Table) []leadFault { return leadFaults(t, row) },
			func(f leadFault) string { return f.field.Name })
		for _, f := range faults {
			reportLead(pass, cfg, s, row, f, table)
		}
	}
}

// checkChoiceRows is checkRows for a BulkUpsert whose table is one of
// several; nothing is reported when some table's key is monotonic by its
// type (that table's schema report is the one that applies).
func checkChoiceRows(pass *analysis.Pass, cfg *config.Config, plans *queryplan.Result, kc *queryplan.KeyedChoice) {
	for _, t := range kc.Tables {
		if _, kind := keyplan.LeadingKeyMonotonic(t); kind != keyplan.MonotonicNone {
			return
		}
	}
	checkRows(pass, cfg, plans, kc.Site, kc.Tables)
}

// leadFault is a row field filling the leading key column of a table
// from a monotonic source.
type leadFault struct {
	field *site.Field
	table *schema.Table
}

func leadFaults(t *schema.Table, row *site.Row) []leadFault {
	if len(t.PrimaryKey) == 0 || !row.Known {
		return nil
	}
	for _, f := range row.Fields {
		if f.Name == t.PrimaryKey[0] && f.Value.Monotonic != "" {
			return []leadFault{{field: f, table: t}}
		}
	}
	return nil
}

func reportLead(pass *analysis.Pass, cfg *config.Config, s *site.Site, row *site.Row, lf leadFault, table string) {
	f := lf.field
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: f.Pos, End: f.End, Category: categoryWrite,
		Message: fmt.Sprintf("BulkUpsert fills leading key column %s of %s with a value that grows with time; the value is from %s: every new row lands in the last partition; %s; %s",
			f.Name, lf.table.Name(), f.Value.Monotonic, table, remedy(lf.table)) + queryplan.RowOrigin(row) + queryplan.Via(s),
	})
}
