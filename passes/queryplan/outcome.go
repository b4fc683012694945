package queryplan

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file says, for every query site, what queryplan did with it: which
// accesses it planned, and why the rest was not checked. Rules stay silent
// when they are not sure; the outcomes are how a user tells "checked and
// clean" from "never looked at" (ydblint -explain, -stats). They are
// computed on demand, from the sites and catalogue the Result keeps, so the
// rules never pay for them.

// TextRecovery says how much of a site's query text (or, for BulkUpsert,
// ReadRows and ReadTable, its table path) querysite recovered.
type TextRecovery int

const (
	// TextNone: nothing recovered.
	TextNone TextRecovery = iota
	// TextPartial: recovered with holes (Go values ydblint cannot compute).
	TextPartial
	// TextFull: every byte known.
	TextFull
)

func (r TextRecovery) String() string {
	switch r {
	case TextPartial:
		return "partial"
	case TextFull:
		return "full"
	}
	return "none"
}

// SkipCode is a stable, machine-readable reason why (part of) a site was
// not checked.
type SkipCode string

const (
	SkipExcluded       SkipCode = "excluded"          // the configuration excludes the package
	SkipNotYQL         SkipCode = "not-yql"           // PostgreSQL syntax
	SkipExplainOnly    SkipCode = "explain-only"      // explained or validated, never executed
	SkipNoText         SkipCode = "no-text"           // the query text was not recovered
	SkipHoles          SkipCode = "holes"             // the text has pieces ydblint cannot compute
	SkipParseError     SkipCode = "parse-error"       // the YQL front end did not understand the text
	SkipNoDML          SkipCode = "no-dml"            // DDL, PRAGMA or other statements only
	SkipNoTable        SkipCode = "no-table"          // DML that reads and writes no table (SELECT 1, AS_TABLE only)
	SkipTableUnknown   SkipCode = "table-unknown"     // the table is not in the catalogue
	SkipTableAmbiguous SkipCode = "table-ambiguous"   // several catalogue tables match
	SkipSchemaConflict SkipCode = "schema-conflict"   // conflicting definitions of the table
	SkipSchemaPartial  SkipCode = "schema-incomplete" // DDL of the table not fully understood
	SkipColumnStore    SkipCode = "column-store"      // a column table: key rules do not apply
	SkipNoTablePath    SkipCode = "no-table-path"     // BulkUpsert/ReadRows/ReadTable table argument not recovered
	SkipBindingUnknown SkipCode = "binding-unknown"   // database/sql argument binding mode unknown
	SkipVerdictUnknown SkipCode = "verdict-unknown"   // table known, but the planner cannot tell how it is read
	SkipSchemaCall     SkipCode = "schema-call"       // CreateTable/AlterTable/DropTable: read into the catalogue
)

// Skip is one reason why (part of) a site was not checked.
type Skip struct {
	Code SkipCode
	// Detail is one human phrase ("table <d.table>/events not in the
	// catalogue (3 tables known)"); for SkipHoles, the hole's Go
	// expression.
	Detail string
	// Pos is a more precise position than the site's (a hole), or NoPos.
	Pos token.Pos
}

// Check is one access queryplan planned on a known table.
type Check struct {
	// Op is the statement or API: SELECT, UPSERT, UPDATE, DELETE,
	// BulkUpsert, ReadRows, ReadTable, ….
	Op    string
	Table string // displayed path
	Key   string // "(a, b)", or "index idx (a, b)"
	// Verdict is POINT, RANGE, FULL, DEPENDS or UNKNOWN for reads, WRITE
	// for writes and keyed sites.
	Verdict string
	// Why is the planner's reason for a verdict other than POINT ("" if none).
	Why string
}

// SiteOutcome is what queryplan did with one query site.
type SiteOutcome struct {
	Site *site.Site
	// Text is how much of the text (or the table path of a keyed site)
	// was recovered.
	Text TextRecovery
	// Checks are the accesses planned on known tables, in text order.
	Checks []Check
	// Skips say why the site, or a part of it, was not checked.
	Skips []Skip
}

// Resolved reports whether at least one table of the site was found in the
// catalogue.
func (o *SiteOutcome) Resolved() bool { return len(o.Checks) > 0 }

// Planned reports whether at least one access got a verdict the rules act
// on (anything but UNKNOWN).
func (o *SiteOutcome) Planned() bool {
	for _, c := range o.Checks {
		if c.Verdict != keyplan.Unknown.String() {
			return true
		}
	}
	return false
}

// Sites returns the package's query sites, in source order.
func (r *Result) Sites() []*site.Site {
	if r == nil {
		return nil
	}
	return r.siteList
}

// Texts returns the parsed text variants of a YQL site, in the order of
// Site.Query.Texts: every variant, whether or not it has a statement the
// key planner plans (SELECT 1, DECLAREs, unparsable text). Nil for a
// site the rules must not judge (PostgreSQL syntax, explain-only) and for
// sites of other packages.
func (r *Result) Texts(s *site.Site) []*siteplan.Text {
	if r == nil {
		return nil
	}
	return r.texts[s]
}

// Outcomes returns one SiteOutcome per query site of the package, in source
// order. It re-plans every text (it is meant for -explain and -stats, not
// for rules) and never fails: a panic leaves the outcomes computed so far.
func (r *Result) Outcomes() (out []*SiteOutcome) {
	if r == nil {
		return nil
	}
	var cat *schema.Catalog
	if r.Schema != nil {
		cat = r.Schema.Catalog
	}
	if cat == nil {
		cat = schema.New()
	}
	defer func() { _ = recover() }()
	for _, s := range r.siteList {
		o := &SiteOutcome{Site: s}
		out = append(out, o)
		if !r.InScope {
			o.Text = textRecovery(s)
			o.add(SkipExcluded, "package excluded by include-pkgs/exclude-pkgs", token.NoPos)
			continue
		}
		switch s.Kind {
		case sdk.KindYQL:
			outcomeYQL(o, s, r.texts[s], cat)
		case sdk.KindBulkUpsert, sdk.KindReadRows, sdk.KindReadTable:
			outcomeKeyed(o, s, cat)
		default:
			o.Text = textRecovery(s)
			o.add(SkipSchemaCall, "schema change (read into the catalogue, not a query)", token.NoPos)
		}
	}
	return out
}

func (o *SiteOutcome) add(code SkipCode, detail string, pos token.Pos) {
	for _, s := range o.Skips {
		if s.Code == code && s.Detail == detail {
			return
		}
	}
	o.Skips = append(o.Skips, Skip{Code: code, Detail: detail, Pos: pos})
}

// textRecovery grades the site's texts, or a keyed site's table path.
func textRecovery(s *site.Site) TextRecovery {
	var texts []*site.Text
	switch {
	case s.Query != nil:
		texts = s.Query.Texts
	case s.Table != nil && s.Table.Path != nil:
		texts = []*site.Text{s.Table.Path}
	}
	if len(texts) == 0 || allHoles(texts) {
		return TextNone
	}
	for _, t := range texts {
		if len(t.Holes) > 0 {
			return TextPartial
		}
	}
	return TextFull
}

// outcomeYQL explains a YQL site from its texts as queryplan planned them.
func outcomeYQL(o *SiteOutcome, s *site.Site, texts []*siteplan.Text, cat *schema.Catalog) {
	o.Text = textRecovery(s)
	q := s.Query
	switch {
	case q == nil:
		o.add(SkipNoText, "query text not recovered", token.NoPos)
		return
	case q.NotYQL && !q.ExplainOnly:
		o.add(SkipNotYQL, "not YQL (PostgreSQL syntax)", token.NoPos)
		return
	case q.ExplainOnly:
		o.add(SkipExplainOnly, "explained or validated only, never executed", token.NoPos)
		return
	case len(q.Texts) == 0:
		o.add(SkipNoText, "query text not recovered", token.NoPos)
		return
	case allHoles(q.Texts):
		for _, t := range q.Texts {
			for _, h := range t.Holes {
				desc := h.Desc
				if desc == "" {
					desc = "a Go value"
				}
				o.add(SkipNoText, "query text not recovered: "+desc, h.Pos)
			}
		}
		return
	}
	dml, touchesTable := false, false
	for _, tp := range texts {
		if len(tp.Script.Errors) > 0 {
			e := tp.Script.Errors[0]
			o.add(SkipParseError, "YQL not understood: "+displayText(e.Msg, tp.Text.Holes), token.NoPos)
		}
		for _, p := range tp.Plans {
			dml = true
			if len(p.Plan.Reads) > 0 || len(p.Plan.Writes) > 0 {
				touchesTable = true
			}
			for _, a := range p.Plan.Reads {
				o.read(a, tp, cat)
			}
			for _, w := range p.Plan.Writes {
				o.write(w, tp, cat)
			}
		}
	}
	if !dml && len(o.Skips) == 0 {
		o.add(SkipNoDML, "no SELECT, INSERT, UPSERT, REPLACE, UPDATE or DELETE in the text", token.NoPos)
	}
	if dml && !o.Planned() && len(o.Skips) == 0 && !touchesTable {
		// SELECT 1+1, SELECT $x, FROM AS_TABLE($rows): nothing of a
		// table's key to judge, and nothing else went wrong.
		o.add(SkipNoTable, "the statements read and write no table (no FROM, or only AS_TABLE and named expressions)", token.NoPos)
	}
	if !o.Planned() {
		o.holes(q.Texts)
	}
	// Last: it limits what nullkey and monotonickey know of the values,
	// not whether the statement was planned.
	if q.Params != nil && q.Params.Mode == site.BindUnknown {
		o.add(SkipBindingUnknown, "binding of unnamed arguments unknown (the handle's connector options or DSN were not traced)", token.NoPos)
	}
}

// holes names the unknown pieces of the texts, when they may be why the
// site was not planned.
func (o *SiteOutcome) holes(texts []*site.Text) {
	for _, t := range texts {
		for _, h := range t.Holes {
			desc := h.Desc
			if desc == "" {
				desc = "a Go value"
			}
			o.add(SkipHoles, desc, h.Pos)
		}
	}
}

func (o *SiteOutcome) read(a *keyplan.Access, tp *siteplan.Text, cat *schema.Catalog) {
	if a.Table == nil {
		o.unresolved(a.Ref, tp, cat, a.Break)
		return
	}
	if a.Break.Code == keyplan.ReasonColumnStore || a.Table.Store != schema.RowStore {
		o.add(SkipColumnStore, "table "+displayPath(a.Table.Path)+" is a column table (key rules do not apply)", token.NoPos)
		return
	}
	key := a.KeyName
	if key == "" || key == "PRIMARY KEY" {
		key = "(" + strings.Join(a.Key, ", ") + ")"
	} else {
		key = "index " + key + " (" + strings.Join(a.Key, ", ") + ")"
	}
	c := Check{Op: a.Kind.String(), Table: displayPath(a.Table.Path), Key: key, Verdict: a.Verdict.String()}
	if a.Verdict != keyplan.Point && a.Break.Code != keyplan.ReasonNone {
		c.Why = a.Break.Code.String()
	}
	o.Checks = append(o.Checks, c)
	if a.Verdict == keyplan.Unknown {
		detail := "how " + displayPath(a.Table.Path) + " is read is unknown"
		if a.Break.Text != "" {
			detail += ": " + displayText(a.Break.Text, tp.Text.Holes)
		}
		o.add(SkipVerdictUnknown, detail, token.NoPos)
	}
}

func (o *SiteOutcome) write(w *keyplan.Write, tp *siteplan.Text, cat *schema.Catalog) {
	if w.Table == nil {
		o.unresolved(w.Ref, tp, cat, keyplan.Reason{})
		return
	}
	o.Checks = append(o.Checks, Check{Op: w.Kind.String(), Table: displayPath(w.Table.Path), Key: w.Table.KeyString(), Verdict: "WRITE"})
}

// unresolved records why a table reference has no table.
func (o *SiteOutcome) unresolved(ref *yql.TableRef, tp *siteplan.Text, cat *schema.Catalog, why keyplan.Reason) {
	if ref == nil {
		if why.Text != "" {
			o.add(SkipVerdictUnknown, displayText(why.Text, tp.Text.Holes), token.NoPos)
		}
		return
	}
	if ref.Named != "" {
		return // a named expression: its own reads are planned
	}
	name := displayText(ref.Path, tp.Text.Holes)
	status, ok := tp.LookupStatus(ref.Span)
	if !ok {
		if why.Code == keyplan.ReasonColumnStore {
			o.add(SkipColumnStore, "table "+name+" is a column table", token.NoPos)
		}
		return
	}
	if why := tp.IncompleteWhy(ref.Span); why != "" && status == schema.LookupIncomplete.String() {
		// The table the lookup found says why, wherever its path's
		// last element is spelled otherwise (a hole's display).
		o.add(lookupSkip(status), "table "+name+" is incomplete: "+why, token.NoPos)
		return
	}
	o.add(lookupSkip(status), tableDetail(name, status, cat), token.NoPos)
}

func lookupSkip(status string) SkipCode {
	switch status {
	case schema.LookupAmbiguous.String():
		return SkipTableAmbiguous
	case schema.LookupConflict.String():
		return SkipSchemaConflict
	case schema.LookupIncomplete.String():
		return SkipSchemaPartial
	}
	return SkipTableUnknown
}

func tableDetail(name, status string, cat *schema.Catalog) string {
	switch status {
	case schema.LookupAmbiguous.String():
		return "table " + name + " matches several tables of the catalogue"
	case schema.LookupConflict.String():
		return "table " + name + " has conflicting definitions in the schema"
	case schema.LookupIncomplete.String():
		if why := incompleteReason(name, cat); why != "" {
			return "table " + name + " is incomplete: " + why
		}
		return "table " + name + ": its DDL was not fully understood"
	}
	if isSystemView(name) {
		return "table " + name + " is a system view: YDB keeps its schema, migrations never define it"
	}
	if len(cat.Tables) == 0 {
		return "table " + name + " not in the catalogue (the catalogue is empty: no migrations or DDL found; see -migrations)" + schemaParseNote(cat)
	}
	return fmt.Sprintf("table %s not in the catalogue (%d tables known)", name, len(cat.Tables)) + schemaParseNote(cat)
}

// incompleteReason returns why the catalogue's incomplete table that name
// refers to is incomplete (the statement and its place: "CREATE TABLE at
// migrations/0003.sql:2 not understood (expected ), found …)", "no PRIMARY
// KEY"), "" unless exactly one incomplete table ends in name's last element.
func incompleteReason(name string, cat *schema.Catalog) string {
	last := name[strings.LastIndexByte(name, '/')+1:]
	why := ""
	for _, t := range cat.Tables {
		if t == nil || t.Incomplete == "" || t.Path[strings.LastIndexByte(t.Path, '/')+1:] != last {
			continue
		}
		if why != "" {
			return ""
		}
		why = t.Incomplete
		if !strings.Contains(why, " at ") && t.Src.File != "" {
			why += " (" + t.Src.String() + ")"
		}
	}
	return why
}

// isSystemView reports whether a table reference names one of YDB's
// system views (.sys/partition_stats, /db/.sys/query_sessions, …).
func isSystemView(name string) bool {
	return strings.HasPrefix(name, ".sys/") || strings.Contains(name, "/.sys/")
}

// schemaParseNote says that some schema statements did not parse, which
// may be why a table is unknown: ydblint reports DDL as invalid only when
// it is certain YDB rejects it too (yqlcheck schema-syntax), so the rest
// is visible here.
func schemaParseNote(cat *schema.Catalog) string {
	n, first := 0, ""
	for _, w := range cat.Warnings {
		if msg, ok := strings.CutPrefix(w.Msg, "YQL parse error: "); ok {
			if n == 0 {
				first = w.Src.String() + ": " + msg
			}
			n++
		}
	}
	note := ""
	switch n {
	case 0:
	case 1:
		note = "; a schema statement did not parse, at " + first
	default:
		note = fmt.Sprintf("; %d schema statements did not parse, the first at %s", n, first)
	}
	return note + holeParseNote(cat)
}

// holeParseNote counts DDL texts with run-time pieces that the parser could
// not read as written (schema.HoleParseNote): not parse errors of what YDB
// runs, but a table they define may be missing for that reason.
func holeParseNote(cat *schema.Catalog) string {
	n, first := 0, ""
	for _, w := range cat.Warnings {
		if strings.HasPrefix(w.Msg, schema.HoleParseNote) {
			if n == 0 {
				first = w.Src.String()
			}
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return "; a schema statement with run-time pieces was not read, at " + first
	}
	return fmt.Sprintf("; %d schema statements with run-time pieces were not read, the first at %s", n, first)
}

func outcomeKeyed(o *SiteOutcome, s *site.Site, cat *schema.Catalog) {
	o.Text = textRecovery(s)
	op := keyedOp(s)
	var path *site.Text
	if s.Table != nil {
		path = s.Table.Path
		if path == nil && len(s.Table.Alternatives) > 0 {
			outcomeChoice(o, s, op, cat) // choice.go
			return
		}
	}
	if path == nil {
		o.add(SkipNoTablePath, op+" table path not recovered", token.NoPos)
		return
	}
	t, status := cat.Lookup(path.KeyedPath(), "")
	name := displayText(path.YQL, path.Holes)
	switch {
	case !status.OK() || t == nil:
		o.add(lookupSkip(status.String()), tableDetail(name, status.String(), cat), token.NoPos)
		o.holes([]*site.Text{path})
	case t.Store != schema.RowStore:
		o.add(SkipColumnStore, "table "+name+" is a column table", token.NoPos)
	default:
		o.Checks = append(o.Checks, Check{Op: op, Table: displayPath(t.Path), Key: t.KeyString(), Verdict: keyedVerdict(s), Why: rowsNote(s)})
	}
}

// keyedVerdict is what a keyed site does with its table's key.
func keyedVerdict(s *site.Site) string {
	verdict := "WRITE"
	if s.Kind != sdk.KindBulkUpsert {
		verdict = keyplan.Point.String()
		if s.Kind == sdk.KindReadTable {
			verdict = keyplan.Range.String()
			if s.Read == nil || len(s.Read.KeyRange) == 0 {
				verdict = keyplan.Full.String()
			}
		}
	}
	return verdict
}

func keyedOp(s *site.Site) string {
	switch s.Kind {
	case sdk.KindBulkUpsert:
		return "BulkUpsert"
	case sdk.KindReadRows:
		return "ReadRows"
	}
	return "ReadTable"
}

// displayText renders YQL with its holes as <description> for people. A
// table path that starts with the database's name (path.Join(db.Name(),
// "orders")) is shown relative to it, as the catalogue reads it: "orders".
func displayText(s string, holes []site.Hole) string {
	if !strings.Contains(s, yql.HolePrefix) {
		return s
	}
	for i, h := range holes {
		if h.Key != schema.DatabaseRootKey {
			continue
		}
		for _, lead := range []string{"", "/", "`", "`/"} {
			if rest, ok := strings.CutPrefix(s, lead+yql.HoleName(i)+"/"); ok && rest != "" {
				s = strings.TrimSuffix(lead, "/") + rest
				break
			}
		}
	}
	for i, h := range holes { // HoleName ends in "__": hole 1 is not a prefix of hole 12
		desc := h.Desc
		if desc == "" {
			desc = "?"
		}
		s = strings.ReplaceAll(s, yql.HoleName(i), "<"+desc+">")
	}
	return s
}

// DisplayPath renders a catalogue path for people, a hole key as the Go
// expression it stands for ("{field:pkg.T.table}" → "<pkg.T.table>").
func DisplayPath(p string) string { return displayPath(p) }

// DisplayText renders a query's text (a table path as the query names it)
// for people: holes as the Go expressions that fill them, a leading
// database name dropped (path.Join(db.Name(), "orders") → "orders").
func DisplayText(s string, holes []site.Hole) string { return displayText(s, holes) }

// allHoles reports whether every text is nothing but holes: the text is
// then not recovered at all, however querysite represents it.
func allHoles(texts []*site.Text) bool {
	for _, t := range texts {
		rest := t.YQL
		for i := range t.Holes {
			rest = strings.ReplaceAll(rest, yql.HoleName(i), "")
		}
		if strings.TrimSpace(rest) != "" {
			return false
		}
	}
	return len(texts) > 0
}
