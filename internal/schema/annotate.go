package schema

import (
	"strings"
)

// Hash annotations (yql-semantics §4 B). YDB has no column comments, so the
// user states a hash-prefix key in a line comment of the DDL:
//
//	CREATE TABLE orders (
//	    order_hash Uint64,  -- ydblint:hash order_hash = Digest::NumericHash(order_id)
//	    order_id   Uint64,
//	    PRIMARY KEY (order_hash, order_id)
//	);
//
// The unqualified form belongs to the CREATE TABLE statement that contains
// the comment, or to the CREATE TABLE statement that directly follows it
// (no other statement in between). The table-qualified form
//
//	-- ydblint:hash orders.order_hash = Digest::NumericHash(order_id)
//
// may stand anywhere in a file and applies, once the whole file has been
// applied, to the table the qualifier names (resolved like a query's table,
// with the TablePathPrefix in effect at the comment). Either form is
// accepted only when the column is the leading primary-key column and the
// argument is another primary-key column; anything else is a warning.

const annotationTag = "ydblint:hash"

// maxComments bounds the comments scanned per text.
const maxComments = 100000

// lineComment is a `--` comment: its byte offset and the text after `--`.
type lineComment struct {
	offset int
	body   string
}

// lineComments finds the `--` comments of a YQL text, skipping string
// literals, backticked identifiers, @@…@@ strings and /* … */ comments, so
// that "--" inside them is not taken for a comment.
func lineComments(text string) []lineComment {
	var out []lineComment
	n := len(text)
	for i := 0; i < n && len(out) < maxComments; {
		ch := text[i]
		switch {
		case ch == '-' && i+1 < n && text[i+1] == '-':
			end := strings.IndexByte(text[i:], '\n')
			if end < 0 {
				end = n
			} else {
				end += i
			}
			out = append(out, lineComment{offset: i, body: text[i+2 : end]})
			i = end
		case ch == '/' && i+1 < n && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += 2 + end + 2
		case ch == '@' && i+1 < n && text[i+1] == '@':
			// @@ … @@ with @@@@ standing for a literal @@.
			j := i + 2
			for {
				k := strings.Index(text[j:], "@@")
				if k < 0 {
					return out
				}
				j += k
				if j+3 < n && text[j+2] == '@' && text[j+3] == '@' {
					j += 4
					continue
				}
				break
			}
			i = j + 2
		case ch == '\'' || ch == '"' || ch == '`':
			j := i + 1
			for j < n && text[j] != ch {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		default:
			i++
		}
	}
	return out
}

// hashAnnotation is one parsed `-- ydblint:hash` comment.
type hashAnnotation struct {
	offset int
	table  string // "" for the unqualified form
	column string
	fn     string
	source string
}

// parseHashAnnotation parses the body of a comment. isAnnotation is false
// for ordinary comments; err describes a malformed annotation.
func parseHashAnnotation(body string) (a hashAnnotation, isAnnotation bool, err string) {
	s := strings.TrimSpace(body)
	if len(s) < len(annotationTag) || !strings.EqualFold(s[:len(annotationTag)], annotationTag) {
		return a, false, ""
	}
	s = s[len(annotationTag):]
	if s != "" && s[0] != ' ' && s[0] != '\t' {
		return a, false, ""
	}
	sc := &annScanner{s: s}
	// target: [table '.'] column, where table may be a path or backticked.
	var parts []string
	for {
		sc.space()
		name, ok := sc.name(true)
		if !ok {
			return a, true, "expected `[table.]column = Func(column)`"
		}
		parts = append(parts, name)
		if !sc.eat('.') {
			break
		}
	}
	a.column = parts[len(parts)-1]
	a.table = strings.Join(parts[:len(parts)-1], ".")
	sc.space()
	if !sc.eat('=') {
		return a, true, "expected `=` after the column"
	}
	sc.space()
	fn := sc.funcName()
	if fn == "" {
		return a, true, "expected a hash function call after `=`"
	}
	a.fn = fn
	sc.space()
	if !sc.eat('(') {
		return a, true, "expected `(` after " + fn
	}
	sc.space()
	src, ok := sc.name(false)
	if !ok {
		return a, true, "expected a column name as the argument of " + fn
	}
	a.source = src
	sc.space()
	if sc.peek() == ',' {
		return a, true, "only a hash of one column is supported"
	}
	if !sc.eat(')') {
		return a, true, "expected `)` after the argument of " + fn
	}
	sc.space()
	if !sc.done() {
		return a, true, "unexpected text after the annotation"
	}
	return a, true, ""
}

type annScanner struct {
	s string
	i int
}

func (sc *annScanner) done() bool { return sc.i >= len(sc.s) }

func (sc *annScanner) peek() byte {
	if sc.done() {
		return 0
	}
	return sc.s[sc.i]
}

func (sc *annScanner) space() {
	for !sc.done() && (sc.s[sc.i] == ' ' || sc.s[sc.i] == '\t' || sc.s[sc.i] == '\r') {
		sc.i++
	}
}

func (sc *annScanner) eat(b byte) bool {
	if sc.peek() == b {
		sc.i++
		return true
	}
	return false
}

func isIdentByte(b byte, path bool) bool {
	switch {
	case b >= 'a' && b <= 'z', b >= 'A' && b <= 'Z', b >= '0' && b <= '9', b == '_':
		return true
	case path && (b == '/' || b == '-'):
		return true
	}
	return false
}

// name reads a backticked name or an identifier (with '/' and '-' when
// path is set, for an unquoted table path).
func (sc *annScanner) name(path bool) (string, bool) {
	if sc.eat('`') {
		var b strings.Builder
		for !sc.done() {
			c := sc.s[sc.i]
			sc.i++
			switch c {
			case '`':
				return b.String(), b.Len() > 0
			case '\\':
				if !sc.done() {
					b.WriteByte(sc.s[sc.i])
					sc.i++
				}
			default:
				b.WriteByte(c)
			}
		}
		return "", false
	}
	start := sc.i
	for !sc.done() && isIdentByte(sc.s[sc.i], path) {
		sc.i++
	}
	return sc.s[start:sc.i], sc.i > start
}

// funcName reads `Name`, `Module::Name` or a dotted Go-style name.
func (sc *annScanner) funcName() string {
	start := sc.i
	for !sc.done() {
		c := sc.s[sc.i]
		switch {
		case isIdentByte(c, false), c == '.':
			sc.i++
		case c == ':' && sc.i+1 < len(sc.s) && sc.s[sc.i+1] == ':':
			sc.i += 2
		default:
			return sc.s[start:sc.i]
		}
	}
	return sc.s[start:sc.i]
}
