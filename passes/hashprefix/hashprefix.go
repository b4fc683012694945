package hashprefix

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

const name = "hashprefix"

// Analyzer reports keyed access that omits or mis-computes the hash-prefix
// key column of a table.
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
	categoryMissing      = "missing-hash"
	categoryOfColumn     = "hash-of-column"
	categoryWriteMissing = "write-missing-hash"
	categoryMismatch     = "hash-mismatch"
)

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
	var reads readFindings
	for _, g := range plans.ReadGroups() {
		reads.group = g
		for _, m := range g.Members {
			if m.Read.Hash != nil && m.Read.Table != nil {
				checkRead(&reads, cfg, m.St, m.Read)
			}
		}
	}
	for _, st := range plans.Statements {
		for _, w := range st.Plan.Writes {
			if w.Table != nil && w.Table.Hash != nil {
				checkWrite(pass, cfg, st, w)
			}
		}
	}
	reads.report(pass, cfg)
	for _, ks := range plans.KeyedSites {
		if ks.Table.Hash != nil {
			checkKeyedSite(pass, cfg, plans, ks.Site, []*schema.Table{ks.Table})
		}
	}
	for _, kc := range plans.KeyedChoices {
		checkKeyedSite(pass, cfg, plans, kc.Site, kc.Tables)
	}
	return nil, nil
}

// hashDesc says what the hash column holds and where that is known from.
func hashDesc(h *schema.HashPrefix) string {
	if h.Bucket() {
		return bucketDesc(h)
	}
	if h.Func == "" {
		return fmt.Sprintf("%s holds a hash of %s computed in Go (%s evidence at %s)", h.Column, h.SourceColumn, h.Evidence, h.Src)
	}
	return fmt.Sprintf("%s holds %s(%s) (%s evidence at %s)", h.Column, h.Func, h.SourceColumn, h.Evidence, h.Src)
}

// checkRead reports reads that bind the source column but not the hash
// column (row 9 of the predicate table), compare the hash column with a
// function of a column (row 12), or hash another value than the one bound
// to the source column.
func checkRead(reads *readFindings, cfg *config.Config, st *queryplan.Statement, read *keyplan.Access) {
	hc := read.Hash
	h := hc.Hash
	table := st.DescribeTable(read.Ref, read.Table)
	tname := st.HeadlineName(read.Ref, read.Table)
	switch {
	case hc.Missing && !bucketScanQuery(cfg, st, h):
		span := read.Break.Span
		if read.Where != nil {
			span = read.Where.NodeSpan()
		}
		pos, end := st.Pos(span)
		bound := h.SourceColumn
		if h.Bucket() {
			bound = hc.SourceBinding.Column
		}
		msg := fmt.Sprintf("%s binds %s but not the hash-prefix column %s of %s: it reads every partition; %s; %s",
			kindOf(read), bound, h.Column, tname, table, hashDesc(h))
		d := analysis.Diagnostic{Pos: pos, End: end, Category: categoryMissing}
		if hc.Suggestion != "" {
			msg += fmt.Sprintf("; add %s to the WHERE clause", hc.Suggestion)
			if edits, ok := st.Edits(hc.Edits); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   fmt.Sprintf("Add %s", hc.Suggestion),
					TextEdits: edits,
				}}
			}
		} else if h.Bucket() {
			msg += "; " + bucketAdvice(h)
		} else {
			msg += fmt.Sprintf("; compare %s with the hash of the value bound to %s", h.Column, h.SourceColumn)
		}
		d.Message = msg
		reads.add(st, d, span.Start)
	case hc.ColumnArg != nil:
		span := hc.ColumnArg.Span
		pos, end := st.Pos(span)
		msg := fmt.Sprintf("hash-prefix column %s of %s is compared with a function of a column: the read scans every partition; the function depends on the row and cannot become a key range; %s; hash the bound value instead",
			h.Column, tname, table)
		d := analysis.Diagnostic{Pos: pos, End: end, Category: categoryOfColumn}
		if hc.Replace != nil {
			if edits, ok := st.Edits([]keyplan.TextEdit{*hc.Replace}); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message:   fmt.Sprintf("Hash the value: %s", hc.Replace.NewText),
					TextEdits: edits,
				}}
				msg = fmt.Sprintf("%s; write %s = %s", msg, h.Column, hc.Replace.NewText)
			}
		}
		d.Message = msg
		reads.add(st, d, span.Start)
	case hc.Mismatch && !mismatchUncertain(st, hc):
		span := hc.MismatchSpan
		pos, end := st.Pos(span)
		reads.add(st, analysis.Diagnostic{
			Pos: pos, End: end, Category: categoryMismatch,
			Message: fmt.Sprintf("hash-prefix column %s of %s is computed from a different value than the one bound to %s; the point lookup finds a key that was never written; %s; %s",
				h.Column, tname, h.SourceColumn, table, hashDesc(h)),
		}, span.Start)
	}
}

// checkWrite reports writes that leave the hash column out or fill it with a
// constant.
func checkWrite(pass *analysis.Pass, cfg *config.Config, st *queryplan.Statement, w *keyplan.Write) {
	h := w.Table.Hash
	table := st.DescribeTable(w.Ref, w.Table)
	tname := st.HeadlineName(w.Ref, w.Table)
	for _, f := range w.Findings {
		if f.Code != keyplan.FindMissingKeyColumn || !f.HashColumn {
			continue
		}
		pos, end := st.Pos(f.Span)
		hint := f.HashHint
		switch {
		case h.Bucket():
			hint = bucketValue(h)
		case hint == "":
			hint = fmt.Sprintf("the hash of %s", h.SourceColumn)
		}
		d := analysis.Diagnostic{
			Pos: pos, End: end, Category: categoryWriteMissing,
			Message: fmt.Sprintf("%s does not write the hash-prefix column %s of %s: YDB rejects it; YDB's error: Missing key column in input; %s; write %s = %s",
				w.Kind, h.Column, tname, table, h.Column, hint) + queryplan.Via(st.Site),
		}
		if fix, ok := addHashColumnFix(st, w); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		report.Report(pass, cfg, name, d, report.InYQL(st.YQL(f.Span.Start)))
	}
	kw := w.Key(h.Column)
	if kw == nil {
		return
	}
	constParamWrites(pass, cfg, st, w, kw) // constparam.go
	for _, v := range kw.Values {
		if v.Class != keyplan.ValLiteral {
			continue
		}
		pos, end := st.Pos(v.Span)
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: pos, End: end, Category: categoryWriteMissing,
			Message: fmt.Sprintf("%s writes a constant to the hash-prefix column %s of %s: every such row lands in one partition; keyed reads that %s miss it; %s; write %s",
				w.Kind, h.Column, tname, readsThat(h), table, hashExpr(h)) + queryplan.Via(st.Site),
		}, report.InYQL(st.YQL(v.Span.Start)))
	}
}

// addHashColumnFix adds the hash column and its value to a single-row
// INSERT/UPSERT/REPLACE … VALUES with an explicit column list, hashing the
// value the row writes to the source column. No fix is offered when the hash
// function is a Go one, the source value depends on the row, or there are
// several rows (each would need its own value).
func addHashColumnFix(st *queryplan.Statement, w *keyplan.Write) (analysis.SuggestedFix, bool) {
	h := w.Table.Hash
	ins, ok := st.Stmt().(*yql.InsertStmt)
	if !ok || h.Func == "" || len(ins.Columns) == 0 || len(ins.Values) != 1 || len(ins.Values[0]) == 0 {
		return analysis.SuggestedFix{}, false
	}
	src := w.Key(h.SourceColumn)
	if src == nil || len(src.Values) != 1 {
		return analysis.SuggestedFix{}, false
	}
	v := src.Values[0]
	if v.Class != keyplan.ValParam && v.Class != keyplan.ValLiteral {
		return analysis.SuggestedFix{}, false
	}
	sp := v.Span
	if sp.Start < 0 || sp.End > len(st.Text.YQL) || sp.Start >= sp.End {
		return analysis.SuggestedFix{}, false
	}
	value := fmt.Sprintf("%s(%s)", h.Func, st.Text.YQL[sp.Start:sp.End])
	col, row := ins.Columns[0].NodeSpan().Start, ins.Values[0][0].NodeSpan().Start
	edits, ok := st.Edits([]keyplan.TextEdit{
		{Start: col, End: col, NewText: h.Column + ", "},
		{Start: row, End: row, NewText: value + ", "},
	})
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Write %s = %s", h.Column, value),
		TextEdits: edits,
	}, true
}

// goHashAdvice is what to put in a row built in Go (BulkUpsert, ReadRows):
// the hash must be computed in Go, with the function the evidence shows,
// not as a YQL expression the row never passes through.
func goHashAdvice(h *schema.HashPrefix) string {
	if h.Bucket() {
		return bucketValue(h)
	}
	fn := "the same hash function"
	if h.Func != "" {
		fn = "the function YDB's " + h.Func + " computes"
	}
	advice := fmt.Sprintf("the hash of %s computed in Go with %s", h.SourceColumn, fn)
	if !h.Src.IsZero() {
		advice += fmt.Sprintf(", as the %s evidence at %s does", h.Evidence, h.Src)
	}
	return advice
}

func hashExpr(h *schema.HashPrefix) string {
	if h.Bucket() {
		return bucketValue(h)
	}
	if h.Func == "" {
		return "the hash of " + h.SourceColumn
	}
	return fmt.Sprintf("%s(<%s value>)", h.Func, h.SourceColumn)
}

// checkKeyedSite checks BulkUpsert rows and ReadRows keys: a row that has
// the source column but not the hash column, or writes a constant to it.
// tables are the tables the site's path may name (one, or a KeyedChoice):
// a fault is reported only when it holds under every table the row may go
// to (queryplan.RowTables, EveryTable), each hash-prefixed by the column.
func checkKeyedSite(pass *analysis.Pass, cfg *config.Config, plans *queryplan.Result, s *site.Site, tables []*schema.Table) {
	if s.Bulk == nil || !s.Bulk.Known {
		// StreamReadTable (no Bulk payload): its bounds are positional key
		// prefixes, and nothing in them says which column a value was
		// meant for.
		return
	}
	for _, row := range s.Bulk.Rows {
		rowTables := plans.RowTables(tables, row)
		table := queryplan.DescribeRowTables(tables, rowTables)
		tname := queryplan.RowTablesName(tables, rowTables)
		faults := queryplan.EveryTable(rowTables, func(t *schema.Table) []rowFault { return rowFaults(s, t, row) },
			func(f rowFault) string { return f.kind + "/" + f.column })
		for _, f := range faults {
			reportRow(pass, cfg, s, row, f, tname, table, rowAdvice(rowTables))
		}
	}
}

// rowFault is one hash-prefix fault of a row under one table. msg is
// given the tables the row may go to and what the column must hold there
// (rowAdvice): the fault is the same under each, the remedy is not.
type rowFault struct {
	pos, end token.Pos
	category string
	kind     string
	column   string
	msg      func(tname, table, advice string) string // the headline's name of the tables, their description
}

func reportRow(pass *analysis.Pass, cfg *config.Config, s *site.Site, row *site.Row, f rowFault, tname, table, advice string) {
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: f.pos, End: f.end, Category: f.category,
		Message: f.msg(tname, table, advice) + queryplan.RowOrigin(row) + queryplan.Via(s),
	})
}

// rowAdvice is what a row's hash column must hold, built in Go
// (goHashAdvice), under each table the row may go to. Every table's
// evidence is its own: the writer of jaeger-ydb-store's index tables
// sends a row to whichever table its constructor names, and the rows of
// idx_service_op_* (a hash of service and operation) must not be told to
// hold the hash idx_tag_v2_*'s reader computes. One phrase when every
// table's evidence says the same, else one per table, in the tables'
// order: "for idx_a, …; for idx_b, …".
func rowAdvice(tables []*schema.Table) string {
	type advice struct{ tables, text string }
	var out []advice
	for _, t := range tables {
		if t == nil || t.Hash == nil {
			continue
		}
		text := goHashAdvice(t.Hash)
		if i := slices.IndexFunc(out, func(a advice) bool { return a.text == text }); i >= 0 {
			out[i].tables += ", " + t.Name()
			continue
		}
		out = append(out, advice{tables: t.Name(), text: text})
	}
	if len(out) == 1 {
		return out[0].text
	}
	parts := make([]string, len(out))
	for i, a := range out {
		parts[i] = "for " + a.tables + ", " + a.text
	}
	return "what each table's evidence shows: " + strings.Join(parts, "; ")
}

// rowFaults lists the hash-prefix faults of one row under table t.
func rowFaults(s *site.Site, t *schema.Table, row *site.Row) []rowFault {
	h := t.Hash
	if h == nil {
		return nil
	}
	category, what := categoryMissing, "ReadRows key"
	if s.Kind == sdk.KindBulkUpsert {
		category, what = categoryWriteMissing, "BulkUpsert row"
	}
	if f := fieldOf(row, h.Column); f != nil && f.Value.Const && s.Kind == sdk.KindBulkUpsert {
		return []rowFault{{pos: f.Pos, end: f.End, category: categoryWriteMissing, kind: "const", column: h.Column,
			msg: func(tname, table, advice string) string {
				return fmt.Sprintf("BulkUpsert row writes a constant to hash-prefix column %s of %s: all such rows land in one partition; keyed reads that %s miss it; %s; write %s",
					h.Column, tname, readsThat(h), table, advice)
			}}}
	}
	has := rowKeyColumn(row, t.PrimaryKey, h) // bucket.go
	if !row.Known || hasField(row, h.Column) || has == "" {
		return nil
	}
	return []rowFault{{pos: row.Pos, end: row.End, category: category, kind: "missing/" + h.SourceColumn, column: h.Column,
		msg: func(tname, table, advice string) string {
			return fmt.Sprintf("%s has %s but not the hash-prefix column %s of %s; %s; add a field %s holding %s",
				what, has, h.Column, tname, table, h.Column, advice)
		}}}
}

func hasField(row *site.Row, col string) bool { return fieldOf(row, col) != nil }

func fieldOf(row *site.Row, col string) *site.Field {
	for _, f := range row.Fields {
		if f.Name == col {
			return f
		}
	}
	return nil
}

func kindOf(read *keyplan.Access) string {
	switch read.Kind {
	case keyplan.AccessUpdateWhere:
		return "UPDATE"
	case keyplan.AccessDeleteWhere:
		return "DELETE"
	}
	return "SELECT"
}
