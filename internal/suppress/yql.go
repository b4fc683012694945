package suppress

import (
	"sort"
	"strings"
)

// Span is a half-open byte range [Start, End) of YQL text, as the YQL
// parser reports statement spans (yql.Span has the same shape).
type Span struct{ Start, End int }

// maxYQL bounds the text scanned for directives.
const maxYQL = 1 << 20

// ParseYQL returns the directives in the `--` comments of YQL text and the
// problems with malformed ones. stmts are the statement spans of the text,
// in any order; a directive covers the statement that contains it or else
// the first one after it. Text longer than 1 MiB is not scanned.
func ParseYQL(text string, stmts []Span) ([]*Directive, []Problem) {
	if len(text) > maxYQL {
		return nil, nil
	}
	sorted := append([]Span(nil), stmts...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	var dirs []*Directive
	var problems []Problem
	for _, c := range lineComments(text) {
		d, msgs, named, ok := parse(text[c.Start+2 : c.End])
		if !ok {
			continue
		}
		for _, m := range msgs {
			problems = append(problems, Problem{Off: c.Start, EndOff: c.End, Rules: named, Msg: m})
		}
		if d == nil {
			continue
		}
		d.Off, d.EndOff = c.Start, c.End
		d.yqlCover = coveredStmt(text, sorted, c.Start)
		dirs = append(dirs, d)
	}
	return dirs, problems
}

// coveredStmt returns the statement containing off, else the statement
// whose last line the comment at off trails (only blanks and the
// statement's `;` between its end and the comment: the parser's span ends
// at the last token, so `WHERE k = $k -- ydblint:ignore …` and `…;  --
// ydblint:ignore …` would otherwise fall between statements), else the
// first one starting after it, else an empty span.
func coveredStmt(text string, sorted []Span, off int) Span {
	for _, s := range sorted {
		if s.Start <= off && off < s.End {
			return s
		}
	}
	for _, s := range sorted {
		if s.Start >= 0 && s.End > s.Start && s.End <= off && off <= len(text) && trails(text[s.End:off]) {
			return s
		}
	}
	for _, s := range sorted {
		if s.Start > off && s.End > s.Start {
			return s
		}
	}
	return Span{}
}

// trails reports whether gap, the text between a statement's end and a
// comment, keeps the comment on the statement's last line: blanks and at
// most one `;`.
func trails(gap string) bool {
	semis := 0
	for i := 0; i < len(gap); i++ {
		switch gap[i] {
		case ' ', '\t':
		case ';':
			semis++
		default:
			return false
		}
	}
	return semis <= 1
}

// MatchYQL returns the first directive that covers off for rule and marks it
// used, or nil.
func MatchYQL(dirs []*Directive, rule string, off int) *Directive {
	for _, d := range dirs {
		if d.Names(rule) && d.CoversOffset(off) {
			d.MarkUsed(rule)
			return d
		}
	}
	return nil
}

// lineComments returns the spans of the `--` comments of YQL text (from
// the dashes to the end of the line), skipping string literals, quoted
// identifiers, @@raw@@ strings and /* block */ comments. Unterminated
// constructs end the scan.
func lineComments(s string) []Span {
	var out []Span
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == '-' && i+1 < len(s) && s[i+1] == '-':
			end := i + 2
			for end < len(s) && s[end] != '\n' && s[end] != '\r' {
				end++
			}
			out = append(out, Span{i, end})
			i = end
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := indexFrom(s, "*/", i+2)
			if end < 0 {
				return out
			}
			i = end + 2
		case c == '@' && i+1 < len(s) && s[i+1] == '@':
			end := indexFrom(s, "@@", i+2)
			for end >= 0 && end+2 < len(s) && s[end+2] == '@' { // @@@@ is an escaped @@
				end = indexFrom(s, "@@", end+4)
			}
			if end < 0 {
				return out
			}
			i = end + 2
		case c == '\'' || c == '"' || c == '`':
			j := i + 1
			for j < len(s) && s[j] != c {
				if s[j] == '\\' && c != '`' {
					j++
				}
				j++
			}
			if j >= len(s) {
				return out
			}
			i = j + 1
		default:
			i++
		}
	}
	return out
}

func indexFrom(s, sub string, from int) int {
	if from > len(s) {
		return -1
	}
	if i := strings.Index(s[from:], sub); i >= 0 {
		return from + i
	}
	return -1
}
