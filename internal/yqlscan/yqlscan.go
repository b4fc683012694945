package yqlscan

// State is where a scan stands between two bytes of a text.
type State byte

// The states: code, inside one of the three quotes, or inside a comment.
// Each quote's value is its quote byte.
const (
	Code         State = 0
	SingleQuoted State = '\''
	DoubleQuoted State = '"'
	Backquoted   State = '`'
	LineComment  State = '-'
	BlockComment State = '*'
)

// Quoted reports whether st is inside a quote.
func (st State) Quoted() bool {
	return st == SingleQuoted || st == DoubleQuoted || st == Backquoted
}

// A Scanner reads the pieces of one text in order; its zero value starts in
// Code.
type Scanner struct {
	State State
}

// Step reads the text at s[i] (0 <= i < len(s)) and returns how many bytes
// it consumed, at least 1 and at most len(s)-i, and the state s[i] was read
// in. A byte read in Code is consumed alone, also when it opens a quote or a
// comment: the caller looks at it (a placeholder, or the opener itself), and
// the bytes after an opener are read in the new state. Inside '…' or "…" a
// backslash consumes the byte after it; a closing quote or `*/` returns the
// scanner to Code.
func (sc *Scanner) Step(s string, i int) (n int, in State) {
	in = sc.State
	ch := s[i]
	switch in {
	case Code:
		switch {
		case ch == '\'' || ch == '"' || ch == '`':
			sc.State = State(ch)
		case ch == '-' && i+1 < len(s) && s[i+1] == '-':
			sc.State = LineComment
		case ch == '/' && i+1 < len(s) && s[i+1] == '*':
			sc.State = BlockComment
		}
	case SingleQuoted, DoubleQuoted, Backquoted:
		switch {
		case ch == '\\' && in != Backquoted:
			if i+1 < len(s) {
				return 2, in
			}
		case ch == byte(in):
			sc.State = Code
		}
	case LineComment:
		if ch == '\n' {
			sc.State = Code
		}
	case BlockComment:
		if ch == '*' && i+1 < len(s) && s[i+1] == '/' {
			sc.State = Code
			return 2, in
		}
	}
	return 1, in
}
