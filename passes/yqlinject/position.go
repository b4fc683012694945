package yqlinject

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// Place is the kind of value position a hole takes in a statement.
type Place int

const (
	// PlaceCompare: the right-hand side of a comparison or assignment
	// (`id = %d`, `SET name = %s`, `$x = %s`).
	PlaceCompare Place = iota + 1
	// PlaceIn: an element of `IN (…)`, or the whole list after IN.
	PlaceIn
	// PlaceValues: an element of a `VALUES (…), (…)` tuple.
	PlaceValues
	// PlaceLimit: the count after LIMIT or OFFSET.
	PlaceLimit
	// PlacePattern: the operand of LIKE, ILIKE or BETWEEN … AND ….
	PlacePattern
	// PlaceQuoted: inside a quoted string literal (`'%s'`, `"%s"`).
	PlaceQuoted
)

func (p Place) String() string {
	switch p {
	case PlaceCompare:
		return "compared value"
	case PlaceIn:
		return "IN list"
	case PlaceValues:
		return "VALUES tuple"
	case PlaceLimit:
		return "LIMIT/OFFSET count"
	case PlacePattern:
		return "LIKE/BETWEEN operand"
	case PlaceQuoted:
		return "string literal"
	}
	return "?"
}

// Use is one hole of a text in a value position.
type Use struct {
	Hole  int   // the hole's number (yql.HoleIndex)
	Place Place // which value position
	// Off is the byte offset of the hole's placeholder in the text.
	Off int
	// Column is the column (or named expression) the value is compared
	// with or assigned to, when the statement says so plainly (`id = %d`:
	// "id"); the keyword for LIMIT and OFFSET ("limit", "offset"); "" otherwise.
	Column string
}

// dmlStarts are the first keywords of the statements whose values can be
// parameters: queries and writes. DDL (CREATE, ALTER, DROP, GRANT, …),
// PRAGMA, USE and DECLARE cannot take a parameter in place of a value, so
// a hole there is not this rule's business.
var dmlStarts = map[string]bool{
	"SELECT": true, "UPSERT": true, "INSERT": true, "REPLACE": true, "UPDATE": true,
	"DELETE": true, "VALUES": true, "FROM": true, "DISCARD": true, "BATCH": true,
}

// comparisons are the operators whose right operand is a value.
var comparisons = map[string]bool{
	"=": true, "==": true, "!=": true, "<>": true, "<": true, "<=": true, ">": true, ">=": true,
}

// tableFunctions take table paths, not values, as string arguments
// (`FROM CONCAT("a", "b")`, `FROM RANGE("dir")`).
var tableFunctions = map[string]bool{
	"CONCAT": true, "RANGE": true, "LIKE": true, "REGEXP": true, "FILTER": true, "EACH": true,
	"FOLDER": true, "WALKFOLDERS": true,
}

// ValueUses lists the holes of src (YQL with yql.HoleName placeholders)
// that stand in a value position of a query or write statement, in text
// order. A hole that names a table, a column, a direction or a keyword, a
// hole in DDL, PRAGMA or DECLARE, and every hole of a text the lexer
// rejects are left out: only positions where a declared parameter could
// stand instead are listed.
func ValueUses(src string) []Use {
	if !yql.ContainsHole(src) {
		return nil
	}
	toks, err := yql.Lex(src)
	if err != nil {
		return nil
	}
	var out []Use
	for _, st := range statements(toks) {
		if !isDML(st) {
			continue
		}
		for i := range st {
			out = append(out, usesAt(st, i)...)
		}
	}
	return out
}

// statements splits tokens at top-level semicolons (EOF excluded).
func statements(toks []yql.Token) [][]yql.Token {
	var out [][]yql.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch {
		case t.Kind == yql.TokEOF:
			if start < i {
				out = append(out, toks[start:i])
			}
			return out
		case isOp(t, "(") || isOp(t, "["):
			depth++
		case isOp(t, ")") || isOp(t, "]"):
			depth--
		case isOp(t, ";") && depth <= 0:
			if start < i {
				out = append(out, toks[start:i])
			}
			start, depth = i+1, 0
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// isDML says whether a statement reads or writes rows: it starts with a
// query or write keyword, a parenthesis, or is a named expression
// (`$x = …`).
func isDML(st []yql.Token) bool {
	if len(st) == 0 {
		return false
	}
	t := st[0]
	switch t.Kind {
	case yql.TokIdent:
		return dmlStarts[strings.ToUpper(t.Value)]
	case yql.TokParam:
		return len(st) > 1 && isOp(st[1], "=")
	case yql.TokOp:
		return t.Text == "("
	}
	return false
}

// usesAt returns the value uses of the holes in token i of statement st.
func usesAt(st []yql.Token, i int) []Use {
	t := st[i]
	switch t.Kind {
	case yql.TokString:
		if !yql.ContainsHole(t.Text) || inTableFunction(st, i) {
			return nil
		}
		var out []Use
		for _, h := range holesIn(t.Text) {
			out = append(out, Use{Hole: h.n, Place: PlaceQuoted, Off: t.Offset + h.off, Column: comparedColumn(st, i)})
		}
		return out
	case yql.TokIdent:
		n, ok := yql.HoleIndex(t.Text)
		if !ok {
			return nil // a hole inside a longer name, or no hole
		}
		if i+1 < len(st) && (isOp(st[i+1], ".") || isOp(st[i+1], "(") || isOp(st[i+1], "::")) {
			return nil // a qualifier or a function name
		}
		if p, col := placeOf(st, i); p != 0 {
			return []Use{{Hole: n, Place: p, Off: t.Offset, Column: col}}
		}
	}
	return nil
}

// placeOf classifies a lone hole at token i by the tokens before it.
func placeOf(st []yql.Token, i int) (Place, string) {
	if i == 0 {
		return 0, ""
	}
	prev := st[i-1]
	switch {
	case prev.Kind == yql.TokOp && comparisons[prev.Text]:
		return PlaceCompare, comparedColumn(st, i)
	case isKeyword(prev, "LIMIT"):
		return PlaceLimit, "limit"
	case isKeyword(prev, "OFFSET"):
		return PlaceLimit, "offset"
	case isKeyword(prev, "LIKE"), isKeyword(prev, "ILIKE"), isKeyword(prev, "BETWEEN"):
		return PlacePattern, ""
	case isKeyword(prev, "AND") && i >= 3 && isKeyword(st[i-3], "BETWEEN"):
		return PlacePattern, ""
	case isKeyword(prev, "IN"):
		return PlaceIn, ""
	case isOp(prev, "(") || isOp(prev, ","):
		return listPlace(st, i)
	}
	return 0, ""
}

// listPlace classifies a hole that is an element of a parenthesized list:
// of IN, or of a VALUES tuple (the first or a later one).
func listPlace(st []yql.Token, i int) (Place, string) {
	open := enclosingOpen(st, i)
	if open <= 0 {
		return 0, ""
	}
	before := st[open-1]
	if isKeyword(before, "IN") {
		return PlaceIn, ""
	}
	// Walk back over earlier tuples: VALUES (…), (…), (…)
	for isOp(before, ",") && open >= 2 && isOp(st[open-2], ")") {
		prevOpen := matchingOpen(st, open-2)
		if prevOpen <= 0 {
			return 0, ""
		}
		open = prevOpen
		before = st[open-1]
	}
	if isKeyword(before, "VALUES") {
		return PlaceValues, ""
	}
	return 0, ""
}

// enclosingOpen returns the index of the "(" that encloses token i, or -1.
func enclosingOpen(st []yql.Token, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		switch {
		case isOp(st[j], ")"):
			depth++
		case isOp(st[j], "("):
			if depth == 0 {
				return j
			}
			depth--
		}
	}
	return -1
}

// matchingOpen returns the index of the "(" that the ")" at close closes, or -1.
func matchingOpen(st []yql.Token, close int) int {
	depth := 0
	for j := close; j >= 0; j-- {
		switch {
		case isOp(st[j], ")"):
			depth++
		case isOp(st[j], "("):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// inTableFunction says whether token i is an argument of a table function
// after FROM or JOIN (FROM CONCAT("a", "%s")): a table path, not a value.
func inTableFunction(st []yql.Token, i int) bool {
	open := enclosingOpen(st, i)
	if open < 2 {
		return false
	}
	fn, kw := st[open-1], st[open-2]
	return fn.Kind == yql.TokIdent && tableFunctions[strings.ToUpper(fn.Value)] &&
		(isKeyword(kw, "FROM") || isKeyword(kw, "JOIN"))
}

// comparedColumn returns the plain column name compared with (or assigned
// to) the value at token i: `id = %d` or `t.id = '%s'` give "id".
func comparedColumn(st []yql.Token, i int) string {
	if i < 2 || st[i-1].Kind != yql.TokOp || !comparisons[st[i-1].Text] {
		return ""
	}
	c := st[i-2]
	switch c.Kind {
	case yql.TokIdent, yql.TokQuotedIdent:
		if yql.ContainsHole(c.Value) {
			return ""
		}
		return c.Value
	case yql.TokParam:
		return c.Value
	}
	return ""
}

type holeAt struct{ n, off int }

// holesIn returns the hole placeholders inside one token's text, with
// their offsets in it.
func holesIn(s string) []holeAt {
	var out []holeAt
	for off := 0; ; {
		k := strings.Index(s[off:], yql.HolePrefix)
		if k < 0 {
			return out
		}
		start := off + k
		end := strings.Index(s[start+len(yql.HolePrefix):], "__")
		if end < 0 {
			return out
		}
		name := s[start : start+len(yql.HolePrefix)+end+2]
		if n, ok := yql.HoleIndex(name); ok {
			out = append(out, holeAt{n, start})
		}
		off = start + len(name)
	}
}

func isOp(t yql.Token, op string) bool { return t.Kind == yql.TokOp && t.Text == op }

func isKeyword(t yql.Token, kw string) bool {
	return t.Kind == yql.TokIdent && strings.EqualFold(t.Value, kw)
}
