package schemafact

import (
	"fmt"
	"go/token"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/querysite"
)

// maxKeyLen bounds a hole key used as a path segment.
const maxKeyLen = 512

// usableKey reports whether a hole key can stand for the hole inside a
// table path: non-empty, short, and free of the characters that delimit a
// quoted name or a key segment.
func usableKey(k string) bool {
	return k != "" && len(k) <= maxKeyLen && !strings.ContainsAny(k, "`{}\\\n\r'\"")
}

// holeAt parses a hole placeholder at text[i:], returning its number and
// length.
func holeAt(text string, i int) (n, length int, ok bool) {
	if !strings.HasPrefix(text[i:], yql.HolePrefix) {
		return 0, 0, false
	}
	j := i + len(yql.HolePrefix)
	for j < len(text) && j-i-len(yql.HolePrefix) < 7 && text[j] >= '0' && text[j] <= '9' {
		j++
	}
	if !strings.HasPrefix(text[j:], "__") {
		return 0, 0, false
	}
	n, ok = yql.HoleIndex(text[i : j+2])
	return n, j + 2 - i, ok
}

// KeyedText returns the YQL of t with every hole that has a usable
// Hole.Key replaced by "{Key}", so that the same Go value names the same
// table wherever it is used: `SELECT … FROM `__hole_0__/orders“ with
// key "field:example.com/repo.Repo.prefix" becomes
// "SELECT … FROM `{field:example.com/repo.Repo.prefix}/orders`". A hole
// inside a backtick-quoted name becomes {Key}; a hole standing alone where
// an identifier goes becomes `{Key}` (quoted, so the parser reads one
// name). Holes in string literals and comments, holes glued to other
// identifier characters, and holes without a usable key are left as they
// are: the parser then treats them as unknown.
//
// Rules that look tables up in the catalogue must spell query texts the
// same way, so they call this function too.
func KeyedText(t *querysite.Text) string {
	if t == nil {
		return ""
	}
	keyed, _ := keyHoles(t.YQL, t.Holes)
	return keyed
}

// offsetShift records that keyed-text offset keyed corresponds to original
// offset orig, from a replacement on.
type offsetShift struct {
	keyed, orig int
	flat        bool // every offset up to the next shift maps to orig
}

// origOffset maps an offset in the keyed text back to the original text:
// bytes after a replacement shift by its length difference, bytes inside
// one map to the hole's start.
func origOffset(shifts []offsetShift, off int) int {
	o := off
	for _, s := range shifts {
		if s.keyed > off {
			break
		}
		o = s.orig
		if !s.flat {
			o += off - s.keyed
		}
	}
	return o
}

// keyHoles does KeyedText's work and also returns the offset shifts.
func keyHoles(text string, holes []querysite.Hole) (string, []offsetShift) {
	if !yql.ContainsHole(text) {
		return text, nil
	}
	var shifts []offsetShift
	replace := func(b *strings.Builder, i, l int, with string) {
		shifts = append(shifts, offsetShift{b.Len(), i, true})
		b.WriteString(with)
		// Offsets inside the replacement map to the hole's start; the
		// next byte maps to the byte after the hole.
		shifts = append(shifts, offsetShift{b.Len(), i + l, false})
	}
	var b strings.Builder
	inBacktick := false
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case inBacktick:
			if n, l, ok := holeAt(text, i); ok && n < len(holes) && usableKey(holes[n].Key) {
				replace(&b, i, l, "{"+holes[n].Key+"}")
				i += l
				continue
			}
			if c == '`' {
				if i+1 < len(text) && text[i+1] == '`' { // `` is an escaped backtick
					b.WriteString("``")
					i += 2
					continue
				}
				inBacktick = false
			}
		case c == '`':
			inBacktick = true
		case c == '\'' || c == '"':
			end := skipString(text, i)
			b.WriteString(text[i:end])
			i = end
			continue
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = len(text) - i
			}
			b.WriteString(text[i : i+end])
			i += end
			continue
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				end = len(text)
			} else {
				end += i + 4
			}
			b.WriteString(text[i:end])
			i = end
			continue
		default:
			if n, l, ok := holeAt(text, i); ok {
				glued := (i > 0 && isIdentByte(text[i-1])) || (i+l < len(text) && isIdentByte(text[i+l]))
				if !glued && n < len(holes) && usableKey(holes[n].Key) {
					replace(&b, i, l, "`{"+holes[n].Key+"}`")
				} else {
					b.WriteString(text[i : i+l])
				}
				i += l
				continue
			}
		}
		b.WriteByte(c)
		i++
	}
	return b.String(), shifts
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// skipString returns the end of the string literal starting at text[i]
// (quote c), honouring backslash escapes; an unterminated literal runs to
// the end of the text.
func skipString(text string, i int) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case q:
			return j + 1
		}
	}
	return len(text)
}

// keyedPath returns a table path argument (CreateTable's path) with keyed
// holes replaced by {Key}; holes without a usable key stay raw, which the
// catalogue reads as an unknown prefix (leading segment) or an unknown
// table (last segment).
func keyedPath(t *querysite.Text) string {
	if t == nil {
		return ""
	}
	return KeyedPath(t.YQL, t.Holes)
}

// KeyedPath replaces the hole placeholders of a table path (or a PRAGMA
// TablePathPrefix value) that have a usable key by {Key}; the others stay
// raw, which schema.Catalog.Lookup reads as an unknown prefix (a leading
// segment) or an unknown table (the name). DDL paths and query paths are
// keyed by this one function, so the same Go value names the same table.
func KeyedPath(text string, holes []querysite.Hole) string {
	if !yql.ContainsHole(text) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		if n, l, ok := holeAt(text, i); ok {
			if n < len(holes) && usableKey(holes[n].Key) {
				b.WriteString("{" + holes[n].Key + "}")
			} else {
				b.WriteString(text[i : i+l])
			}
			i += l
			continue
		}
		b.WriteByte(text[i])
		i++
	}
	return b.String()
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
	orig   *querysite.Text
	shifts []offsetShift
	// variants > 1 means the site has several possible texts, which are
	// alternatives, not a sequence.
	variant int
	pos     token.Pos // the site
}

// siteDefinitions turns this package's query sites into DDL, in source
// order. srcOf maps a Go position to a module-relative source. It returns
// notes for sites whose definition could not be used.
func siteDefinitions(sites []*querysite.Site, srcOf func(token.Pos) schema.Source) (defs []siteDDL, notes []Problem) {
	for _, s := range sites {
		src := srcOf(s.Pos)
		switch s.Kind {
		case querysite.KindYQL:
			if s.NotYQL {
				// PostgreSQL syntax has other types and key rules, and an
				// explained or validated statement is never executed.
				continue
			}
			n := 0
			for _, t := range s.Texts {
				if t == nil || !ddlPattern.MatchString(t.YQL) || otherDatabase(s, t.YQL) {
					continue
				}
				keyed, shifts := keyHoles(t.YQL, t.Holes)
				defs = append(defs, siteDDL{src: src, text: keyed, orig: t, shifts: shifts, variant: n, pos: s.Pos})
				n++
			}
		case querysite.KindCreateTable:
			for _, p := range sitePaths(s) { // sitealt.go: each table the path may name
				if !s.OptionsKnown || s.TableOptions == nil {
					notes = append(notes, Problem{
						Category: CategoryIncomplete, Pos: s.Pos, End: s.End, Src: src,
						Message: fmt.Sprintf("CreateTable of %s has options ydblint cannot decode; the table is not added to the schema", p),
					})
					continue
				}
				defs = append(defs, siteDDL{src: src, def: createDef(p, s, srcOf), pos: s.Pos})
			}
		case querysite.KindAlterTable:
			for _, p := range sitePaths(s) {
				if s.TableOptions == nil {
					continue
				}
				if !s.OptionsKnown {
					// Unknown alterations may add or drop anything: the table
					// can no longer be trusted, which the text form says with
					// an action the parser keeps opaque.
					defs = append(defs, siteDDL{src: src, text: "ALTER TABLE " + quotePath(p) + " SET (ydblint_unknown_options = TRUE);"})
					continue
				}
				if text := alterText(p, s.TableOptions); text != "" {
					defs = append(defs, siteDDL{src: src, text: text})
				}
			}
		case querysite.KindDropTable:
			// Not applied: see schema.ProgramDDL. A Drop function in the
			// source says nothing about when it runs.
		}
	}
	return defs, notes
}

// sitePath is the keyed table path of a CreateTable/AlterTable/DropTable
// site; false when the path was not recovered or its name is unknown.
func sitePath(s *querysite.Site) (string, bool) {
	if s.Table == nil {
		return "", false
	}
	p := keyedPath(s.Table)
	if p == "" {
		return "", false
	}
	if _, _, ok := schema.NormalizePath(p, ""); !ok {
		return "", false
	}
	return p, true
}

func quotePath(p string) string { return "`" + strings.ReplaceAll(p, "`", "``") + "`" }

func createDef(p string, s *querysite.Site, srcOf func(token.Pos) schema.Source) *schema.TableDef {
	o := s.TableOptions
	def := &schema.TableDef{
		Path:              p,
		PrimaryKey:        append([]string(nil), o.PrimaryKey...),
		UniformPartitions: o.UniformPartitions,
		TTLColumn:         o.TTLColumn,
		Src:               srcOf(s.Pos),
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
func alterText(p string, o *querysite.TableOptions) string {
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
func undecodedTableCalls(sites []*querysite.Site, srcOf func(token.Pos) schema.Source) map[schema.Source]bool {
	var out map[schema.Source]bool
	for _, s := range sites {
		if s.Kind != querysite.KindCreateTable {
			continue
		}
		if _, ok := sitePath(s); ok && s.OptionsKnown && s.TableOptions != nil {
			continue
		}
		if out == nil {
			out = map[schema.Source]bool{}
		}
		out[srcOf(s.Pos)] = true
	}
	return out
}
