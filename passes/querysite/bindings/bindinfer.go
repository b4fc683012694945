package bindings

import (
	"strings"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yqlscan"
)

// A Span is one piece of a query's text: literal text, or a piece whose
// text is not known (a hole or a parameter of the traced function).
type Span struct {
	Text    string
	Unknown bool
}

// InferBind tells the database/sql binding mode from the text itself when
// the *sql.DB cannot be traced to its connector: a `?` in expression
// position outside literals and comments only runs under positional
// binding (YQL has no such syntax), a `$1` only under numeric binding.
// It returns BindUnknown when the text has neither, has both, or has a `?`
// that may be YQL's Optional type suffix (`Uint64?`).
//
// The mode decides only how the text is read (the placeholders become
// parameters with unknown values, so predicate shapes can be checked); the
// site's Params.Mode stays BindUnknown, so no argument is ever mapped to a
// placeholder by guess.
func InferBind(v []Span) site.BindMode {
	positional, numeric, typeSuffix := false, false, false
	var sc yqlscan.Scanner
	prev := "" // the last word or punctuation byte before the current byte, for `?`
	space := false
	for _, p := range v {
		if p.Unknown {
			prev, space = "x", false // unknown text: treat like an identifier
			continue
		}
		s := p.Text
		for i, n := 0, 0; i < len(s); i += n {
			var in yqlscan.State
			n, in = sc.Step(s, i)
			if in != yqlscan.Code {
				if in.Quoted() && sc.State == yqlscan.Code {
					prev = "'" // a closed literal or name: a `?` after it is no value
				}
				continue
			}
			ch := s[i]
			switch {
			case ch == '?':
				if expressionPosition(prev) {
					positional = true
				} else {
					typeSuffix = true
				}
			case ch == '$' && i+1 < len(s) && s[i+1] >= '1' && s[i+1] <= '9':
				numeric = true
			}
			switch {
			case ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r':
				space = true
			case isIdentByte(ch) && !space && prev != "" && isIdentByte(prev[len(prev)-1]):
				prev += string(ch)
			default:
				prev, space = string(ch), false
			}
		}
	}
	switch {
	case typeSuffix || positional == numeric:
		return site.BindUnknown
	case positional:
		return site.BindPositional
	}
	return site.BindNumeric
}

// expressionPosition: the text before a `?` ends with an operator or
// punctuation, or with a keyword after which a value follows.
func expressionPosition(prev string) bool {
	if prev == "" {
		return false
	}
	last := prev[len(prev)-1]
	if !isIdentByte(last) {
		// After a type's closing '>' (Optional<Uint64>?) or a quote a `?`
		// is not a value.
		return last != '>' && last != '\'' && last != '?'
	}
	switch strings.ToUpper(prev) {
	case "AND", "OR", "NOT", "IN", "LIKE", "ILIKE", "BETWEEN", "LIMIT", "OFFSET", "THEN", "ELSE", "WHEN",
		"SELECT", "IS", "VALUES", "RETURN", "BY", "XOR":
		return true
	}
	return false
}

func isIdentByte(ch byte) bool {
	return ch == '_' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= '0' && ch <= '9'
}
