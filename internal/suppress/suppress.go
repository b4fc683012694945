package suppress

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// Rules are the rule names a directive may name, in documentation order.
var Rules = []string{"hashprefix", "nullkey", "fullscan", "monotonickey", "yqlcheck", "yqlinject", "resultloop", "retrystate", "uncommitted", "nestedretry", "retryerr", "txretry", "idempotency", "scantype", "sessionescape", "truncation"}

// All is the directive rule name that covers every rule.
const All = "all"

// Keyword is the directive keyword, after the comment marker.
const Keyword = "ydblint:ignore"

// Messages of Problems, exported so that callers and tests agree on them.
const (
	MsgNeedsReason = "ydblint:ignore needs a reason"
	MsgNeedsRule   = "ydblint:ignore needs a rule name and a reason"
	// MsgPlaceholderReason is the problem of a reason that is still a
	// placeholder such as <reason> (the editor's suppress action inserts
	// one), so that the directive cannot silence anything until replaced.
	MsgPlaceholderReason = "ydblint:ignore needs a reason: replace the <reason> placeholder"
)

// IsPlaceholderReason reports whether reason is a placeholder rather than a
// reason: one pair of angle brackets around the whole text, as in <reason>.
func IsPlaceholderReason(reason string) bool {
	inner, ok := strings.CutPrefix(reason, "<")
	if !ok {
		return false
	}
	inner, ok = strings.CutSuffix(inner, ">")
	return ok && !strings.ContainsAny(inner, "<>")
}

func knownRule(name string) bool { return name == All || slices.Contains(Rules, name) }

// Directive is one valid ydblint:ignore directive.
type Directive struct {
	Rules  []string // valid rule names in the order written, without repeats; may hold All
	Reason string

	// Pos and End delimit a Go directive's comment; NoPos for YQL.
	Pos, End token.Pos
	// Off and EndOff delimit a YQL directive's comment in its text.
	Off, EndOff int

	goCover  []posRange // Go: covered ranges
	yqlCover Span       // YQL: covered byte range; empty when nothing follows
	usedBy   []string
}

type posRange struct{ from, to token.Pos } // [from, to)

// Names reports whether the directive applies to rule (by name or by All).
func (d *Directive) Names(rule string) bool {
	return slices.Contains(d.Rules, rule) || slices.Contains(d.Rules, All)
}

// MarkUsed records that the directive suppressed a diagnostic of rule.
func (d *Directive) MarkUsed(rule string) {
	if !slices.Contains(d.usedBy, rule) {
		d.usedBy = append(d.usedBy, rule)
	}
}

// Used reports whether the directive suppressed a diagnostic of rule.
func (d *Directive) Used(rule string) bool { return slices.Contains(d.usedBy, rule) }

// UnusedFor reports whether the directive names rule explicitly (not only
// through All) and suppressed nothing for it. An All directive is never
// unused for one rule: only the union over all rules could say.
func (d *Directive) UnusedFor(rule string) bool {
	return slices.Contains(d.Rules, rule) && !d.Used(rule)
}

// CoversPos reports whether a Go directive covers pos.
func (d *Directive) CoversPos(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	for _, r := range d.goCover {
		if r.from <= pos && pos < r.to {
			return true
		}
	}
	return false
}

// CoversOffset reports whether a YQL directive covers the byte offset off.
func (d *Directive) CoversOffset(off int) bool {
	return d.yqlCover.Start <= off && off < d.yqlCover.End
}

// Problem is a malformed directive. Rules are the valid rules the directive
// named (not All); nil means the problem concerns every rule.
type Problem struct {
	Pos, End    token.Pos // Go
	Off, EndOff int       // YQL
	Rules       []string
	Msg         string
}

// Concerns reports whether the problem should be reported by rule.
func (p Problem) Concerns(rule string) bool {
	return len(p.Rules) == 0 || slices.Contains(p.Rules, rule)
}

// parse parses the text after the comment marker. It returns ok=false when
// the text is not a ydblint:ignore directive at all.
func parse(body string) (d *Directive, problems []string, named []string, ok bool) {
	body = strings.TrimLeft(body, " \t")
	rest, found := strings.CutPrefix(body, Keyword)
	if !found || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return nil, nil, nil, false
	}
	rest = strings.TrimSpace(rest)
	if rest == "" {
		return nil, []string{MsgNeedsRule}, nil, true
	}
	list, reason, _ := strings.Cut(strings.Replace(rest, "\t", " ", 1), " ")
	reason = strings.TrimSpace(reason)
	d = &Directive{Reason: reason}
	for _, name := range strings.Split(list, ",") {
		if name == "" {
			continue
		}
		if !knownRule(name) {
			problems = append(problems, fmt.Sprintf("ydblint:ignore names unknown rule %q (known: %s, %s)", name, strings.Join(Rules, ", "), All))
			continue
		}
		if !slices.Contains(d.Rules, name) {
			d.Rules = append(d.Rules, name)
		}
	}
	for _, r := range d.Rules {
		if r != All {
			named = append(named, r)
		}
	}
	if reason == "" {
		problems = append(problems, MsgNeedsReason)
		return nil, problems, named, true
	}
	if IsPlaceholderReason(reason) {
		problems = append(problems, MsgPlaceholderReason)
		return nil, problems, named, true
	}
	if len(d.Rules) == 0 {
		return nil, problems, named, true
	}
	return d, problems, named, true
}

// ParseGoFile returns the directives of one Go file and the problems with
// malformed ones. tf positions must belong to fset.
func ParseGoFile(fset *token.FileSet, f *ast.File) ([]*Directive, []Problem) {
	tf := fset.File(f.FileStart)
	if tf == nil {
		return nil, nil
	}
	type pending struct {
		d         *Directive
		line      int // the directive's line
		groupEnd  int // last line of its comment group
		ownLine   bool
		commentAt token.Pos
	}
	var dirs []*pending
	var problems []Problem
	for _, g := range f.Comments {
		groupEnd := tf.Line(g.End())
		for _, c := range g.List {
			body, isLine := strings.CutPrefix(c.Text, "//")
			if !isLine {
				continue
			}
			d, msgs, named, ok := parse(body)
			if !ok {
				continue
			}
			for _, m := range msgs {
				problems = append(problems, Problem{Pos: c.Pos(), End: c.End(), Rules: named, Msg: m})
			}
			if d == nil {
				continue
			}
			d.Pos, d.End = c.Pos(), c.End()
			dirs = append(dirs, &pending{d: d, line: tf.Line(c.Pos()), groupEnd: groupEnd, ownLine: true, commentAt: c.Pos()})
		}
	}
	if len(dirs) == 0 {
		return nil, problems
	}

	// One walk finds, for every directive, whether code precedes it on its
	// line, and the maximal nodes starting on the line after its group.
	type span struct{ from, to token.Pos }
	next := map[int]*span{} // line → covered range
	for _, p := range dirs {
		next[p.groupEnd+1] = nil
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.File, *ast.CommentGroup, *ast.Comment:
			return true
		}
		pos, end := n.Pos(), n.End()
		if !pos.IsValid() || !end.IsValid() {
			return true
		}
		for _, p := range dirs {
			if p.ownLine && (pos < p.commentAt && tf.Line(pos) == p.line || end <= p.commentAt && tf.Line(end) == p.line) {
				p.ownLine = false
			}
		}
		line := tf.Line(pos)
		if s, want := next[line]; want {
			switch {
			case s == nil:
				next[line] = &span{pos, end}
			case pos >= s.from && end <= s.to: // inside a node already taken
			default:
				s.from, s.to = min(s.from, pos), max(s.to, end)
			}
		}
		return true
	})

	out := make([]*Directive, 0, len(dirs))
	for _, p := range dirs {
		p.d.goCover = append(p.d.goCover, lineRange(tf, p.line))
		if s := next[p.groupEnd+1]; p.ownLine && s != nil {
			p.d.goCover = append(p.d.goCover, posRange{s.from, s.to})
		}
		out = append(out, p.d)
	}
	return out, problems
}

// lineRange returns [start of line, start of next line).
func lineRange(tf *token.File, line int) posRange {
	from := tf.LineStart(line)
	to := token.Pos(tf.Base() + tf.Size() + 1)
	if line < tf.LineCount() {
		to = tf.LineStart(line + 1)
	}
	return posRange{from, to}
}

// Set is the Go directives of a package.
type Set struct {
	dirs []*Directive
}

// Add adds directives (from ParseGoFile).
func (s *Set) Add(dirs ...*Directive) { s.dirs = append(s.dirs, dirs...) }

// Directives returns every directive in the order added.
func (s *Set) Directives() []*Directive { return s.dirs }

// Match returns the first directive that covers pos for rule and marks it
// used, or nil.
func (s *Set) Match(rule string, pos token.Pos) *Directive {
	if s == nil {
		return nil
	}
	for _, d := range s.dirs {
		if d.Names(rule) && d.CoversPos(pos) {
			d.MarkUsed(rule)
			return d
		}
	}
	return nil
}
