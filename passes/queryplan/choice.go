package queryplan

import (
	"go/token"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
)

// KeyedChoice is a BulkUpsert, ReadRows or StreamReadTable site whose table
// path is one of several (site.TableArg.Alternatives: a field set by
// a constructor called once per table), every alternative resolved to a
// known row table, at least two distinct tables. Nothing says which row
// goes to which table: a rule may report a row only for a fault that holds
// under EVERY table (EveryTable), never for one pairing. A site with an
// alternative that does not resolve is neither a KeyedSite nor a
// KeyedChoice (silent).
type KeyedChoice struct {
	Site   *site.Site
	Tables []*schema.Table // distinct, in the order of the alternatives
}

// resolveChoice resolves every table alternative of a keyed site. It
// returns one table when all alternatives name the same one, or the
// choice; nil, nil when some alternative is not a known row table.
func resolveChoice(s *site.Site, cat *schema.Catalog) (*schema.Table, *KeyedChoice) {
	if s.Table == nil || s.Table.Path != nil || len(s.Table.Alternatives) < 2 {
		return nil, nil
	}
	var tables []*schema.Table
	seen := map[*schema.Table]bool{}
	for _, alt := range s.Table.Alternatives {
		t, status := cat.Lookup(alt.KeyedPath(), "")
		if !status.OK() || t == nil || t.Store != schema.RowStore {
			return nil, nil
		}
		if !seen[t] {
			seen[t] = true
			tables = append(tables, t)
		}
	}
	if len(tables) == 1 {
		return tables[0], nil
	}
	return nil, &KeyedChoice{Site: s, Tables: tables}
}

// EveryTable runs check under each table of the choice and keeps the
// faults found under every one of them, matched by key; it returns the
// first table's version of each. A fault found under some tables only
// depends on which table the row goes to, which is not known.
func EveryTable[F any](tables []*schema.Table, check func(t *schema.Table) []F, key func(F) string) []F {
	if len(tables) == 0 {
		return nil
	}
	first := check(tables[0])
	if len(first) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, t := range tables[1:] {
		seen := map[string]bool{}
		for _, f := range check(t) {
			k := key(f)
			if !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	var out []F
	done := map[string]bool{}
	for _, f := range first {
		k := key(f)
		if count[k] == len(tables)-1 && !done[k] {
			done[k] = true
			out = append(out, f)
		}
	}
	return out
}

// DescribeTables names the tables of a choice for messages, each with its
// key and schema source.
func DescribeTables(tables []*schema.Table) string {
	if len(tables) == 1 {
		return DescribeTable(tables[0])
	}
	parts := make([]string, 0, len(tables))
	for _, t := range tables {
		src := t.KeySrc
		if src.IsZero() {
			src = t.Src
		}
		parts = append(parts, displayPath(t.Path)+" "+t.KeyString()+" (schema: "+src.String()+")")
	}
	return "every table the path may name (" + strings.Join(parts, "; ") + ")"
}

// RowOrigin says where a row's fields come from when an interface method
// or a function returns them ("" for a row built at the call), as a
// message part of its own ("; the row's fields come from …").
func RowOrigin(row *site.Row) string {
	if row == nil || row.Impl == "" {
		return ""
	}
	return "; the row's fields come from " + row.Impl
}

// outcomeChoice explains a keyed site with table alternatives: one check
// per resolved table, marked as one of n, or why an alternative is not
// known (then the site is not checked at all).
func outcomeChoice(o *SiteOutcome, s *site.Site, op string, cat *schema.Catalog) {
	alts := s.Table.Alternatives
	o.Text = textRecoveryOf(alts)
	var checks []Check
	for _, alt := range alts {
		t, status := cat.Lookup(alt.KeyedPath(), "")
		name := displayText(alt.YQL, alt.Holes)
		switch {
		case !status.OK() || t == nil:
			o.add(lookupSkip(status.String()), "one of "+strconv.Itoa(len(alts))+" table alternatives: "+tableDetail(name, status.String(), cat), token.NoPos)
			o.holes([]*site.Text{alt})
		case t.Store != schema.RowStore:
			o.add(SkipColumnStore, "table "+name+" is a column table", token.NoPos)
		default:
			why := "1 of " + strconv.Itoa(len(alts)) + " tables"
			if n := rowsNote(s); n != "" {
				why += ", " + n
			}
			checks = append(checks, Check{Op: op, Table: displayPath(t.Path), Key: t.KeyString(), Verdict: keyedVerdict(s), Why: why})
		}
	}
	if len(o.Skips) == 0 {
		o.Checks = append(o.Checks, checks...)
	}
}

// textRecoveryOf grades a list of table paths like query texts.
func textRecoveryOf(texts []*site.Text) TextRecovery {
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

// rowsNote says, for -explain, that the rows are alternatives from an
// interface method's implementations.
func rowsNote(s *site.Site) string {
	if s.Bulk == nil || !s.Bulk.Alternatives {
		return ""
	}
	n := 0
	for _, r := range s.Bulk.Rows {
		if r.Impl != "" {
			n++
		}
	}
	if !s.Bulk.Known {
		return "rows unknown"
	}
	return strconv.Itoa(n) + " row alternatives"
}

// RowTables returns the tables under which a fault of row must hold to be
// reported, given the tables the site's path may name (one, or a choice):
//
//   - a row built at the call (Row.Impl ""), at a site with one table: that
//     table, as always;
//   - otherwise only the site's tables that have a column for every field
//     of the row: a batch with a column the table lacks is rejected whole,
//     so such a row is either not written there or its write fails anyway
//     (nil when no table fits: nothing is reported);
//   - a row alternative from an implementation at a site with one table:
//     also every other row table of the catalogue the row fits. That the
//     implementation reaches this writer is a guess from types (it is
//     converted to the interface somewhere); a service may give each kind
//     of record its own writer, so the fault is reported only when it
//     would hold wherever such a row could be written.
func (r *Result) RowTables(tables []*schema.Table, row *site.Row) []*schema.Table {
	if row == nil || len(tables) == 0 {
		return nil
	}
	if row.Impl == "" && len(tables) == 1 {
		return tables
	}
	var out []*schema.Table
	for _, t := range tables {
		if RowFits(t, row) {
			out = append(out, t)
		}
	}
	if len(out) == 0 || row.Impl == "" || len(tables) > 1 || r == nil || r.Schema == nil || r.Schema.Catalog == nil {
		return out
	}
	for _, t := range r.Schema.Catalog.Tables {
		if t.Path != out[0].Path && t.Store == schema.RowStore && len(t.PrimaryKey) > 0 && RowFits(t, row) {
			out = append(out, t)
		}
	}
	return out
}

// RowFits reports whether the table has a column for every field of the
// row (positional fields, which name no column, never fit).
func RowFits(t *schema.Table, row *site.Row) bool {
	for _, f := range row.Fields {
		if f.Name == "" || t.Column(f.Name) == nil {
			return false
		}
	}
	return true
}

// RowTablesName names in a headline the tables a row may go to, as
// DescribeRowTables describes them in the detail: the site's one table,
// or the name the row's tables share (one table under several folders),
// else "every table the path may name".
func RowTablesName(tables, rowTables []*schema.Table) string {
	if len(tables) == 1 {
		return tables[0].Name()
	}
	if len(rowTables) == 0 {
		rowTables = tables
	}
	if len(rowTables) == 0 {
		return "the table"
	}
	n := rowTables[0].Name()
	for _, t := range rowTables[1:] {
		if t.Name() != n {
			return "every table the path may name"
		}
	}
	return n
}

// DescribeRowTables names, for a row's message, the tables of the site
// (tables) the row may go to (rowTables, from RowTables): all of them, or
// the ones with a column for every field of the row.
func DescribeRowTables(tables, rowTables []*schema.Table) string {
	if len(tables) == 1 {
		return DescribeTable(tables[0])
	}
	var fit []*schema.Table
	for _, t := range tables {
		for _, r := range rowTables {
			if r == t {
				fit = append(fit, t)
				break
			}
		}
	}
	switch {
	case len(fit) == len(tables) || len(fit) == 0:
		return DescribeTables(tables)
	case len(fit) == 1:
		return DescribeTable(fit[0]) + ", the only table the path may name with a column for every field of the row"
	}
	return strings.Replace(DescribeTables(fit), "every table the path may name", "every table the path may name with a column for every field of the row", 1)
}
