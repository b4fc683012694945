package site

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// Keying spells a hole by the identity of the Go value that fills it, so
// that the same value names the same table wherever it is used: the schema
// catalogue keys DDL this way, and every lookup of a query's table must
// spell the path the same way.

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

// keyOf returns the usable key of hole n, or "".
func keyOf(holes []Hole, n int) string {
	if n < len(holes) && usableKey(holes[n].Key) {
		return holes[n].Key
	}
	return ""
}

// Keyed returns the YQL of t with every hole that has a usable Hole.Key
// replaced by "{Key}", and the shifts that map offsets of the keyed text
// back to t.YQL: `SELECT … FROM `__hole_0__/orders“ with key
// "field:example.com/repo.Repo.prefix" becomes
// "SELECT … FROM `{field:example.com/repo.Repo.prefix}/orders`". A hole
// inside a backtick-quoted name becomes {Key}; a hole standing alone where
// an identifier goes becomes `{Key}` (quoted, so the parser reads one
// name). Holes in string literals and comments, holes glued to other
// identifier characters, and holes without a usable key are left as they
// are: the parser then treats them as unknown.
func (t *Text) Keyed() (string, Shifts) {
	if t == nil {
		return "", nil
	}
	text, holes := t.YQL, t.Holes
	if !yql.ContainsHole(text) {
		return text, nil
	}
	var shifts Shifts
	replace := func(b *strings.Builder, i, l int, with string) {
		shifts = append(shifts, shift{b.Len(), i, true})
		b.WriteString(with)
		// Offsets inside the replacement map to the hole's start; the
		// next byte maps to the byte after the hole.
		shifts = append(shifts, shift{b.Len(), i + l, false})
	}
	var b strings.Builder
	inBacktick := false
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case inBacktick:
			if n, l, ok := holeAt(text, i); ok && keyOf(holes, n) != "" {
				replace(&b, i, l, "{"+keyOf(holes, n)+"}")
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
		case c == '\'' || c == '"', c == '-' && strings.HasPrefix(text[i:], "--"), c == '/' && strings.HasPrefix(text[i:], "/*"):
			end := skipLiteral(text, i)
			b.WriteString(text[i:end])
			i = end
			continue
		default:
			if n, l, ok := holeAt(text, i); ok {
				glued := (i > 0 && isIdentByte(text[i-1])) || (i+l < len(text) && isIdentByte(text[i+l]))
				if k := keyOf(holes, n); !glued && k != "" {
					replace(&b, i, l, "`{"+k+"}`")
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

// KeyedPath returns t read as a table path (CreateTable's path, a
// BulkUpsert's table) with keyed holes replaced by {Key}: see KeyPath.
func (t *Text) KeyedPath() string {
	if t == nil {
		return ""
	}
	return t.KeyPath(t.YQL)
}

// KeyPath replaces the hole placeholders of p, a table path or a PRAGMA
// TablePathPrefix value read from t, that have a usable key by {Key}; the
// others stay raw, which schema.Catalog.Lookup reads as an unknown prefix
// (a leading segment) or an unknown table (the name). DDL paths and query
// paths are keyed by this one function, so the same Go value names the
// same table.
func (t *Text) KeyPath(p string) string {
	if !yql.ContainsHole(p) {
		return p
	}
	var holes []Hole
	if t != nil {
		holes = t.Holes
	}
	var b strings.Builder
	for i := 0; i < len(p); {
		if n, l, ok := holeAt(p, i); ok {
			if k := keyOf(holes, n); k != "" {
				b.WriteString("{" + k + "}")
			} else {
				b.WriteString(p[i : i+l])
			}
			i += l
			continue
		}
		b.WriteByte(p[i])
		i++
	}
	return b.String()
}

// skipLiteral returns the end of the string literal or comment starting at
// text[i]: a '…' or "…" literal honouring backslash escapes, a -- comment
// up to the newline, a /* */ comment. An unterminated one runs to the end
// of the text. (The YQL lexer reads more forms, @@…@@ strings among them;
// the keyed text was always read this way, and the catalogue's keys depend
// on it.)
func skipLiteral(text string, i int) int {
	switch text[i] {
	case '\'', '"':
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
	case '-':
		if end := strings.IndexByte(text[i:], '\n'); end >= 0 {
			return i + end
		}
		return len(text)
	default: // "/*"
		if end := strings.Index(text[i+2:], "*/"); end >= 0 {
			return i + 2 + end + 2
		}
		return len(text)
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Shifts map offsets of a keyed text back to the text it was keyed from.
type Shifts []shift

// shift records that keyed-text offset keyed corresponds to original
// offset orig, from a replacement on.
type shift struct {
	keyed, orig int
	flat        bool // every offset up to the next shift maps to orig
}

// Orig maps an offset in the keyed text back to the original text: bytes
// after a replacement shift by its length difference, bytes inside one map
// to the hole's start.
func (s Shifts) Orig(off int) int {
	o := off
	for _, sh := range s {
		if sh.keyed > off {
			break
		}
		o = sh.orig
		if !sh.flat {
			o += off - sh.keyed
		}
	}
	return o
}
