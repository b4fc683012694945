package nullkey

import (
	_ "embed"
	"fmt"
	"go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/analysisutil"
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

//go:embed doc.go
var doc string

const name = "nullkey"

// Analyzer reports NULL or possibly-NULL values written into key columns,
// and writes YDB rejects for their key columns.
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
	categoryNull       = "null-key"
	categoryOptional   = "optional-key"
	categoryMissingKey = "missing-key"
	categoryUpdateKey  = "update-key"
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
	var writes []queryplan.Finding
	for _, st := range plans.Statements {
		for _, w := range st.Plan.Writes {
			if w.Table == nil {
				continue
			}
			for _, f := range w.Findings {
				if d, ok := checkFinding(cfg, st, w, f); ok {
					writes = append(writes, d)
				}
			}
		}
	}
	reportWrites(pass, cfg, writes)
	for _, ks := range plans.KeyedSites {
		if ks.Site.Kind == sdk.KindBulkUpsert {
			checkRows(pass, cfg, plans, ks.Site, []*schema.Table{ks.Table})
		}
	}
	for _, kc := range plans.KeyedChoices {
		if kc.Site.Kind == sdk.KindBulkUpsert {
			checkRows(pass, cfg, plans, kc.Site, kc.Tables)
		}
	}
	return nil, nil
}

// checkFinding phrases one write-side finding of the planner; ok is false
// when the finding is not this rule's to report (or not without -strict).
func checkFinding(cfg *config.Config, st *queryplan.Statement, w *keyplan.Write, f keyplan.Finding) (_ queryplan.Finding, ok bool) {
	var category, msg string
	table := st.DescribeTable(w.Ref, w.Table)
	tname := st.HeadlineName(w.Ref, w.Table)
	switch f.Code {
	case keyplan.FindNullKey:
		category = categoryNull
		if f.Literal && !f.NotNull {
			// A NULL typed into the query for a nullable key is almost
			// always a deliberate sentinel row (read back with IS NULL);
			// YDB stores it. Only -strict asks about it.
			if !cfg.Strict {
				return queryplan.Finding{}, false
			}
			msg = fmt.Sprintf("a literal NULL is written to key column %s of %s: a NULL key; YDB stores it, sorts it before every value and finds it only by IS NULL; %s; fine for a deliberate sentinel row, otherwise write a real key value", f.Column, tname, table)
			break
		}
		msg = fmt.Sprintf("NULL%s is written to %skey column %s of %s", valueText(st, f), notNullWord(f.NotNull), f.Column, tname)
		msg += nullConsequence(f.NotNull, table)
	case keyplan.FindOptionalKey:
		category = categoryOptional
		if f.NotNull {
			msg = fmt.Sprintf("an Optional value%s is written to NOT NULL key column %s of %s: YDB rejects the statement; YDB's error: Can't set NULL or optional value to not null column; %s; bind a non-Optional value", valueText(st, f), f.Column, tname, table)
		} else {
			msg = fmt.Sprintf("an Optional value%s is written to key column %s of %s: a possible NULL key; a NULL key sorts first and matches no = predicate; %s; bind a non-Optional value", valueText(st, f), f.Column, tname, table)
		}
	case keyplan.FindMissingKeyColumn, keyplan.FindOnMissingKeyColumn:
		if f.HashColumn {
			return queryplan.Finding{}, false // hashprefix reports a missing hash column with the hash to write
		}
		category = categoryMissingKey
		msg = fmt.Sprintf("%s does not write key column %s of %s: YDB rejects it; YDB's error: Missing key column in input; %s; add the column", w.Kind, f.Column, tname, table)
	case keyplan.FindUpdateKeyColumn:
		category = categoryUpdateKey
		msg = fmt.Sprintf("UPDATE sets key column %s of %s: YDB rejects it; YDB's error: Cannot update primary key column; %s; delete the row and insert it with the new key", f.Column, tname, table)
	default:
		return queryplan.Finding{}, false
	}
	pos, end := st.Pos(f.Span)
	via := queryplan.Via(st.Site)
	return queryplan.Finding{Pos: pos, End: end, Category: category, Message: msg + via, St: st,
		Payload: writePayload{msg: msg, via: via, off: f.Span.Start}}, true
}

// writePayload is what a write finding keeps for reporting: its message
// without the notes, the site's wrapper chain, and the byte of the
// statement's text it points at (for ydblint:ignore inside the text).
type writePayload struct {
	msg, via string
	off      int
}

// reportWrites reports each write finding once per site across the ways
// the site's text is built. The wrapper chain is part of what makes two
// findings one: the same literal run through two wrappers is told twice.
// A finding that holds for every way says nothing of them, nor do the
// findings of a fault every text has at a literal of its own (the same
// NULL written in both branches); one that holds for some names the texts
// it holds for (queryplan.WhichNote), as fullscan and hashprefix do.
func reportWrites(pass *analysis.Pass, cfg *config.Config, fs []queryplan.Finding) {
	kept, notes := queryplan.OncePerSite(pass.Fset, fs)
	for i, f := range kept {
		p := f.Payload.(writePayload)
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: f.Pos, End: f.End, Category: f.Category, Message: p.msg + notes[i] + p.via,
		}, report.InYQL(f.St.YQL(p.off)))
	}
}

// valueText quotes the written expression when it is short and not itself
// the word NULL, e.g. " ($id)".
func valueText(st *queryplan.Statement, f keyplan.Finding) string {
	sp := f.Span
	if sp.Start < 0 || sp.End > len(st.Text.YQL) || sp.End-sp.Start > 40 || sp.Start >= sp.End {
		return ""
	}
	t := st.Text.YQL[sp.Start:sp.End]
	if strings.EqualFold(t, "NULL") || strings.ContainsAny(t, "\n\r") {
		return ""
	}
	return " (" + t + ")"
}

// nullConsequence is what follows the headline of a NULL written to a key
// column of the table described by table: the statement fails, or the row
// gets a NULL key.
func nullConsequence(notNull bool, table string) string {
	if notNull {
		return ": YDB rejects the statement; YDB's error: Can't set NULL or optional value to not null column; " + table
	}
	return ": a NULL key; YDB stores it, sorts it before every value and matches it by no = predicate; " + table + "; write a real key value"
}

// notNullWord qualifies a key column in a headline.
func notNullWord(notNull bool) string {
	if notNull {
		return "NOT NULL "
	}
	return ""
}

// rowFault is one key fault of a BulkUpsert row under one table.
type rowFault struct {
	pos, end token.Pos
	category string
	kind     string // with the column, what makes two tables' faults the same
	column   string
	msg      func(tname, table string) string // the headline's name of the table, its description
}

// checkRows checks the rows of a BulkUpsert against the key: every key
// column must be present (unless it has a default) and not NULL. tables
// are the tables the site's path may name (one, or a KeyedChoice); a fault
// is reported only when it holds under every table the row may go to
// (queryplan.RowTables, EveryTable).
func checkRows(pass *analysis.Pass, cfg *config.Config, plans *queryplan.Result, s *site.Site, tables []*schema.Table) {
	if s.Bulk == nil || !s.Bulk.Known {
		return
	}
	for _, row := range s.Bulk.Rows {
		if !row.Known {
			continue
		}
		rowTables := plans.RowTables(tables, row)
		table := queryplan.DescribeRowTables(tables, rowTables)
		tname := queryplan.RowTablesName(tables, rowTables)
		faults := queryplan.EveryTable(rowTables, func(t *schema.Table) []rowFault { return rowFaults(t, row) },
			func(f rowFault) string { return f.category + "/" + f.kind + "/" + f.column })
		for _, f := range faults {
			reportRow(pass, cfg, s, row, f, tname, table)
		}
	}
}

func reportRow(pass *analysis.Pass, cfg *config.Config, s *site.Site, row *site.Row, f rowFault, tname, table string) {
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: f.pos, End: f.end, Category: f.category,
		Message: f.msg(tname, table) + queryplan.RowOrigin(row) + queryplan.Via(s),
	})
}

// rowFaults lists the key faults of one decoded row under table t.
func rowFaults(t *schema.Table, row *site.Row) []rowFault {
	var out []rowFault
	for _, key := range t.PrimaryKey {
		col := t.Column(key)
		f := field(row, key)
		if f == nil {
			if col != nil && !col.HasDefault && !isHashColumn(t, key) {
				out = append(out, rowFault{pos: row.Pos, end: row.End, category: categoryMissingKey, kind: "missing", column: key,
					msg: func(tname, table string) string {
						return fmt.Sprintf("BulkUpsert row has no field for key column %s of %s: YDB rejects the batch; %s; add the field", key, tname, table)
					}})
			}
			continue
		}
		notNull := col != nil && col.NotNull
		switch {
		case f.Value.Null == site.DefinitelyNull:
			out = append(out, rowFault{pos: f.Pos, end: f.End, category: categoryNull, kind: "null/" + strconv.FormatBool(notNull), column: key,
				msg: func(tname, table string) string {
					return fmt.Sprintf("BulkUpsert writes NULL (%s) to %skey column %s of %s%s", desc(f.Value), notNullWord(notNull), key, tname, nullConsequence(notNull, table))
				}})
		case f.Value.Optional && notNull:
			out = append(out, rowFault{pos: f.Pos, end: f.End, category: categoryOptional, kind: "optional-notnull", column: key,
				msg: func(tname, table string) string {
					return fmt.Sprintf("BulkUpsert writes an Optional value (%s) to NOT NULL key column %s of %s: YDB rejects it; %s; write a non-Optional value", desc(f.Value), key, tname, table)
				}})
		case f.Value.Optional && f.Value.Null == site.MaybeNull:
			out = append(out, rowFault{pos: f.Pos, end: f.End, category: categoryOptional, kind: "maybe-null", column: key,
				msg: func(tname, table string) string {
					return fmt.Sprintf("BulkUpsert writes a value that may be NULL (%s) to key column %s of %s: a possible NULL key; %s; write a non-Optional value", desc(f.Value), key, tname, table)
				}})
		}
	}
	return out
}

func field(row *site.Row, col string) *site.Field {
	for _, f := range row.Fields {
		if f.Name == col {
			return f
		}
	}
	return nil
}

func isHashColumn(t *schema.Table, col string) bool { return t.Hash != nil && t.Hash.Column == col }

func desc(v site.Value) string {
	if v.Desc != "" {
		return v.Desc
	}
	return "value"
}
