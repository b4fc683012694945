package fullscan

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
	"github.com/ydblint/ydblint/passes/schemafact"
)

//go:embed doc.go
var doc string

const name = "fullscan"

// Analyzer reports reads whose filter cannot use the key they read with.
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
	categoryFullScan = "full-scan"
	categoryDepends  = "depends"
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
	reportSchemaConflicts(pass, cfg, plans.Schema)
	checkReads(pass, cfg, plans) // variants.go: each read once per site across text variants
	return nil, nil
}

// readCategory says how one read is reported: full-scan when the planner is
// sure it touches every partition, depends (with -strict) when the outcome
// depends on the server, "" when it is not.
func readCategory(cfg *config.Config, st *queryplan.Statement, read *keyplan.Access) string {
	// Not reported: full by design (BATCH), an intended export (no WHERE),
	// DEPENDS without -strict.
	if !queryplan.ScanReported(read, cfg.Strict) {
		return ""
	}
	if st.Site.Query.ScanQuery && !cfg.Strict {
		return "" // a scan query reads many rows on purpose
	}
	if read.Verdict == keyplan.Depends {
		return categoryDepends
	}
	if read.Hash != nil && (read.Hash.Missing || read.Hash.ColumnArg != nil) {
		return "" // hashprefix reports it, with the hash-specific fix
	}
	return categoryFullScan
}

// readFinding phrases one read's finding; the message has neither the
// variant note nor the wrapper chain (checkReads adds them once).
func readFinding(st *queryplan.Statement, read *keyplan.Access, category string) queryplan.Finding {
	span := findingSpan(read)
	pos, end := st.Pos(span)

	verb := "reads every partition of"
	if category == categoryDepends {
		verb = "may read every partition of"
	}
	why := read.Break.Text
	if why == "" {
		why = fmt.Sprintf("the filter does not constrain the leading key column %s", read.Key[0])
	}
	msg := fmt.Sprintf("%s %s %s", statementKind(st, read), verb, st.HeadlineName(read.Ref, read.Table))
	if read.Index != nil {
		msg += " through index " + read.Index.Name
	}
	msg += ": " + why + "; " + st.DescribeTable(read.Ref, read.Table)
	if read.Index != nil {
		msg += fmt.Sprintf(", index %s key (%s)", read.Index.Name, strings.Join(read.Key, ", "))
	}

	d := analysis.Diagnostic{Pos: pos, End: end, Category: category}
	if ix := read.IndexHint; ix != nil && read.Index == nil && read.Source != nil {
		msg += fmt.Sprintf("; index %s leads with %s: read through it with VIEW %s", ix.Name, strings.Join(ix.Columns, ", "), ix.Name)
		if fix, ok := viewFix(st, read); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	} else if advice := writeThroughIndex(read); advice != "" {
		msg += advice + writeIndexIsAsync(read.IndexHint)
		if fix, ok := writeOnFix(st, read); ok { // writefix.go
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	} else if advice := likeAdvice(read); advice != "" {
		msg += advice
	} else if category == categoryFullScan {
		msg += fmt.Sprintf("; filter on %s, or change the key so that it starts with the column you filter on", read.Key[0])
	}
	if st.Site.Query.ScanQuery {
		msg += " (a scan query: the scan may be intended; reported only with -strict)"
	}
	d.Message = msg
	return queryplan.Finding{Pos: pos, End: end, Category: category, Message: msg, St: st, Payload: readPayload{d: d, off: span.Start, holds: []int{st.Variant}}}
}

// findingSpan is where a read's finding is placed: the construct that
// ended its key prefix, or, for a side of a JOIN, its FROM item — the
// break there may be the ON of the join or the WHERE of another side
// (`FROM a CROSS JOIN b WHERE a.k = $k` breaks b's key at a's predicate),
// which does not say which table is scanned.
func findingSpan(read *keyplan.Access) yql.Span {
	if read.Join && read.Source != nil && read.Source.Span != (yql.Span{}) {
		return read.Source.Span
	}
	if read.Break.Span == (yql.Span{}) && read.Ref != nil {
		return read.Ref.NodeSpan()
	}
	return read.Break.Span
}

// writeThroughIndex is the advice for an UPDATE or DELETE whose WHERE pins a
// secondary index's leading column: UPDATE and DELETE cannot name an index
// (VIEW is SELECT's), so YDB's docs have the rows' keys selected through it
// and the write made by key, `UPDATE t ON SELECT …` / `DELETE FROM t ON
// SELECT …`; the subquery must return every primary key column
// (update#update-on, delete#delete-on). "" for other reads.
func writeThroughIndex(read *keyplan.Access) string {
	ix := read.IndexHint
	if ix == nil || read.Index != nil || read.Table == nil || len(read.Table.PrimaryKey) == 0 {
		return ""
	}
	t, key := read.Table.Name(), strings.Join(read.Table.PrimaryKey, ", ")
	switch read.Kind {
	case keyplan.AccessUpdateWhere:
		return fmt.Sprintf("; index %s leads with %s, but UPDATE cannot read through an index: select the keys through it and update by key, "+
			"UPDATE %s ON SELECT %s, <the new values AS their columns> FROM %s VIEW %s WHERE …", ix.Name, strings.Join(ix.Columns, ", "), t, key, t, ix.Name)
	case keyplan.AccessDeleteWhere:
		return fmt.Sprintf("; index %s leads with %s, but DELETE cannot read through an index: select the keys through it and delete by key, "+
			"DELETE FROM %s ON SELECT %s FROM %s VIEW %s WHERE …", ix.Name, strings.Join(ix.Columns, ", "), t, key, t, ix.Name)
	}
	return ""
}

// likeAdvice is the fix for a LIKE with a parameter pattern on the
// leading key column: YDB builds no key range from a pattern it does not
// know when it compiles the query, but it does from StartsWith with a
// parameter, and from an explicit range (keyplan: ReasonLikeParam; a
// StartsWith is a guaranteed prefix range). "" for any other break.
func likeAdvice(read *keyplan.Access) string {
	if read.Break.Code != keyplan.ReasonLikeParam || len(read.Key) == 0 || read.Break.Column != read.Key[0] {
		return ""
	}
	col := read.Key[0]
	return fmt.Sprintf("; for a prefix search, bind the prefix without %% and filter with StartsWith(%s, $prefix), "+
		"or give the range explicitly (%s >= $from AND %s < $to): YDB reads those as a key range", col, col, col)
}

// readPayload is what reporting a read's finding needs beyond its message.
type readPayload struct {
	d     analysis.Diagnostic
	off   int   // the finding's offset in the statement's text (suppression)
	holds []int // the site's text variants it holds for (indices into its texts)
}

// viewFix inserts " VIEW <index>" after the table name of the FROM item.
func viewFix(st *queryplan.Statement, read *keyplan.Access) (analysis.SuggestedFix, bool) {
	at := read.Ref.NodeSpan().End
	edits, ok := st.Edits([]keyplan.TextEdit{{Start: at, End: at, NewText: " VIEW " + read.IndexHint.Name}})
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Read %s through index %s", read.Table.Name(), read.IndexHint.Name),
		TextEdits: edits,
	}, true
}

func statementKind(st *queryplan.Statement, read *keyplan.Access) string {
	switch read.Kind {
	case keyplan.AccessUpdateWhere:
		return "UPDATE"
	case keyplan.AccessDeleteWhere:
		return "DELETE"
	}
	if _, ok := st.Stmt().(*yql.SelectStmt); ok {
		return "SELECT"
	}
	return "subquery"
}

// reportSchemaConflicts says once per package that a table is defined with
// different keys, and that every rule is silent on it. fullscan carries the
// message because it is the rule that applies to every table.
func reportSchemaConflicts(pass *analysis.Pass, cfg *config.Config, res *schemafact.Result) {
	for _, p := range res.Problems {
		if p.Category != schemafact.CategoryConflict || !p.Pos.IsValid() {
			continue
		}
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: p.Pos, End: p.End, Category: "schema-conflict",
			Message: p.Message,
		})
	}
}
