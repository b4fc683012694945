package schemafact

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// siteDDL is the DDL one query site contributes: YQL text to apply, or a
// decoded CreateTable definition.
type siteDDL struct {
	src  schema.Source
	text string           // YQL DDL; "" when def is set
	def  *schema.TableDef // KindCreateTable
	// orig is the recovered text that text was keyed from, and shifts map
	// text offsets back to it, for exact Go positions; nil for texts
	// synthesised from decoded options.
	orig   *site.Text
	shifts site.Shifts
	// variants > 1 means the site has several possible texts, which are
	// alternatives, not a sequence.
	variant int
	pos     token.Pos // the site
}

// siteDefinitions turns this package's query sites into DDL, in source
// order. srcOf maps a Go position to a module-relative source. It returns
// notes for sites whose definition could not be used.
func siteDefinitions(sites []*site.Site, srcOf func(token.Pos) schema.Source) (defs []siteDDL, notes []Problem) {
	for _, s := range sites {
		src := srcOf(s.Pos)
		switch s.Kind {
		case sdk.KindYQL:
			q := s.Query
			if q == nil || q.NotYQL {
				// PostgreSQL syntax has other types and key rules, and an
				// explained or validated statement is never executed.
				continue
			}
			n := 0
			for _, t := range q.Texts {
				if t == nil || !modscan.IsDDL(t.YQL) || otherDatabase(q, t.YQL) {
					continue
				}
				keyed, shifts := t.Keyed()
				defs = append(defs, siteDDL{src: src, text: keyed, orig: t, shifts: shifts, variant: n, pos: s.Pos})
				n++
			}
		case sdk.KindCreateTable:
			for _, p := range sitePaths(s) { // sitealt.go: each table the path may name
				if s.DDL == nil || !s.DDL.Known || s.DDL.Options == nil {
					notes = append(notes, Problem{
						Category: CategoryIncomplete, Pos: s.Pos, End: s.End, Src: src,
						Message: fmt.Sprintf("CreateTable of %s has options ydblint cannot decode; the table is known by name only", p),
					})
					// A placeholder, so that a query of the table says
					// why it is not checked instead of "not in the
					// catalogue".
					at := srcOf(s.Pos)
					defs = append(defs, siteDDL{src: src, def: &schema.TableDef{Path: p, Src: at, Incomplete: "CreateTable at " + at.String() + " has options ydblint cannot decode"}, pos: s.Pos})
					continue
				}
				defs = append(defs, siteDDL{src: src, def: createDef(p, s.DDL.Options, srcOf(s.Pos), srcOf), pos: s.Pos})
			}
		case sdk.KindAlterTable:
			for _, p := range sitePaths(s) {
				if s.DDL == nil || s.DDL.Options == nil {
					continue
				}
				if !s.DDL.Known {
					// Unknown alterations may add or drop anything: the table
					// can no longer be trusted, which the text form says with
					// an action the parser keeps opaque.
					defs = append(defs, siteDDL{src: src, text: "ALTER TABLE " + quotePath(p) + " SET (ydblint_unknown_options = TRUE);"})
					continue
				}
				if text := alterText(p, s.DDL.Options); text != "" {
					defs = append(defs, siteDDL{src: src, text: text})
				}
			}
		case sdk.KindDropTable:
			// Not applied: see schema.ProgramDDL. A Drop function in the
			// source says nothing about when it runs.
		}
	}
	return defs, notes
}

// sitePath is the keyed table path t of a CreateTable/AlterTable/DropTable
// site; false when the path was not recovered or its name is unknown.
func sitePath(t *site.Text) (string, bool) {
	if t == nil {
		return "", false
	}
	p := t.KeyedPath()
	if p == "" {
		return "", false
	}
	if _, _, ok := schema.NormalizePath(p, ""); !ok {
		return "", false
	}
	return p, true
}

func quotePath(p string) string { return "`" + strings.ReplaceAll(p, "`", "``") + "`" }

// createDef is the definition a CreateTable site with options o gives the
// table at p; src is the site's source.
func createDef(p string, o *site.TableOptions, src schema.Source, srcOf func(token.Pos) schema.Source) *schema.TableDef {
	def := &schema.TableDef{
		Path:              p,
		PrimaryKey:        append([]string(nil), o.PrimaryKey...),
		UniformPartitions: o.UniformPartitions,
		TTLColumn:         o.TTLColumn,
		Src:               src,
		KeySrc:            srcOf(o.PrimaryKeyPos),
	}
	for _, c := range o.Columns {
		def.Columns = append(def.Columns, schema.ColumnSpec{
			Name: c.Name, Type: c.YDBType, Optional: c.Optional, HasDefault: c.Default, Src: srcOf(c.Pos),
		})
	}
	for _, ix := range o.Indexes {
		def.Indexes = append(def.Indexes, schema.IndexSpec{
			Name: ix.Name, Columns: append([]string(nil), ix.Columns...), Cover: append([]string(nil), ix.Cover...),
			Async: ix.Async, Unique: ix.Unique, Src: srcOf(ix.Pos),
		})
	}
	return def
}

// alterText renders decoded AlterTable options as one ALTER TABLE
// statement, so that the catalogue applies them exactly like YQL DDL.
func alterText(p string, o *site.TableOptions) string {
	var actions []string
	for _, c := range o.Columns {
		if c.YDBType == "" || !isPlainIdent(c.Name) {
			actions = append(actions, "ADD COLUMN "+quoteIdent(c.Name)+" ydblint_unknown_type")
			continue
		}
		t := c.YDBType
		if c.Optional {
			t = "Optional<" + t + ">"
		}
		actions = append(actions, "ADD COLUMN "+quoteIdent(c.Name)+" "+t)
	}
	for _, name := range o.DropColumns {
		actions = append(actions, "DROP COLUMN "+quoteIdent(name))
	}
	for _, ix := range o.Indexes {
		a := "ADD INDEX " + quoteIdent(ix.Name) + " GLOBAL"
		if ix.Unique {
			a += " UNIQUE"
		}
		if ix.Async {
			a += " ASYNC"
		}
		a += " ON (" + quoteIdents(ix.Columns) + ")"
		if len(ix.Cover) > 0 {
			a += " COVER (" + quoteIdents(ix.Cover) + ")"
		}
		actions = append(actions, a)
	}
	for _, name := range o.DropIndexes {
		actions = append(actions, "DROP INDEX "+quoteIdent(name))
	}
	if len(actions) == 0 {
		return ""
	}
	return "ALTER TABLE " + quotePath(p) + " " + strings.Join(actions, ", ") + ";"
}

func isPlainIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !isIdentByte(s[i]) {
			return false
		}
	}
	return true
}

func quoteIdent(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func quoteIdents(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoteIdent(n)
	}
	return strings.Join(q, ", ")
}

// undecodedTableCalls returns the sources of this package's CreateTable
// sites whose table path or options were not recovered, so that the module
// scan's syntactic reading of the same call may stand in for them.
func undecodedTableCalls(sites []*site.Site, srcOf func(token.Pos) schema.Source) map[schema.Source]bool {
	var out map[schema.Source]bool
	for _, s := range sites {
		if s.Kind != sdk.KindCreateTable || s.Table == nil || s.DDL == nil {
			continue
		}
		if _, ok := sitePath(s.Table.Path); ok && s.DDL.Known && s.DDL.Options != nil {
			continue
		}
		if out == nil {
			out = map[schema.Source]bool{}
		}
		out[srcOf(s.Pos)] = true
	}
	return out
}
