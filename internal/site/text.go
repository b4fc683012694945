package site

import (
	"go/token"
	"sort"
)

// Text is recovered query text with a map from its bytes back to Go
// positions.
type Text struct {
	// YQL is the text with each unknown piece replaced by a hole placeholder
	// (yql.HoleName(i)).
	YQL string
	// Holes describes each hole, indexed by its number.
	Holes []Hole
	// Segments map byte ranges of YQL to Go positions, sorted by Off and
	// non-overlapping.
	Segments []Segment
	// Fallback is the position used for bytes that no segment covers (the
	// call, or the expression that produced the text).
	Fallback, FallbackEnd token.Pos
	// Choices are the optional pieces (appends under an if) this variant
	// holds or leaves out, by if statement; empty for text that has none.
	Choices []Choice
}

// Hole is one unknown piece of a text.
type Hole struct {
	// Key is a stable identity of the Go value that fills the hole, when it
	// has one that is the same wherever the value is used: a struct field
	// ("field:pkg.Type.name"), a package-level variable ("var:pkg.name"), a
	// function result ("call:pkg.Func"). Two holes with the same non-empty
	// Key hold the same string at run time as far as ydblint can tell, so a
	// table named by a hole in a query can be matched with a table created
	// by DDL whose name has the same hole. Empty when the value has no such
	// identity (a parameter, a local computation).
	Key string
	// Desc is a short human description ("d.tablePath", "%s argument").
	Desc string
	// Pos and End delimit the Go expression that fills the hole when it is
	// known (End is Pos otherwise).
	Pos, End token.Pos
}

// Segment maps YQL[Off:Off+Len] to Go source starting at Pos. When Exact is
// set, the Go text is the same bytes one to one (a raw string literal, or an
// interpreted one without escapes in the range), so Pos+i is byte i.
// Otherwise every byte maps to [Pos, End).
type Segment struct {
	Off, Len int
	Pos, End token.Pos
	Exact    bool
}

// Choice is one decision of the program that a text variant depends on: an
// optional piece (an append under an if) present or absent in this
// variant.
type Choice struct {
	// ID is the same for every optional piece decided by the same if
	// statement, in every text of the package.
	ID int
	// Present says whether this variant holds the piece.
	Present bool
	// When is the Go condition of the if, as written ("req.OrgID != \"\""),
	// and Negated is set when the piece is appended in its else branch.
	When    string
	Negated bool
	// Pos and End delimit the if statement's condition.
	Pos, End token.Pos
}

// PosRange maps the byte range [start, end) of YQL to a Go range. It returns
// the exact position of the text when the range lies inside one exact
// segment, the enclosing segment's range otherwise, and the fallback when no
// segment covers start.
func (t *Text) PosRange(start, end int) (token.Pos, token.Pos) {
	i := sort.Search(len(t.Segments), func(i int) bool {
		s := t.Segments[i]
		return s.Off+s.Len > start
	})
	if i < len(t.Segments) {
		s := t.Segments[i]
		if s.Off <= start {
			if s.Exact && end <= s.Off+s.Len {
				return s.Pos + token.Pos(start-s.Off), s.Pos + token.Pos(end-s.Off)
			}
			return s.Pos, s.End
		}
	}
	return t.Fallback, t.FallbackEnd
}

// ExactRange maps [start, end) of YQL to Go positions only when the whole
// range lies inside one segment that maps byte for byte (a string literal
// without escapes there). Suggested fixes use it: an edit is only offered
// where the bytes to change are exactly known in the Go source.
func (t *Text) ExactRange(start, end int) (token.Pos, token.Pos, bool) {
	if t == nil || start > end {
		return token.NoPos, token.NoPos, false
	}
	for _, seg := range t.Segments {
		if seg.Exact && seg.Off <= start && end <= seg.Off+seg.Len {
			return seg.Pos + token.Pos(start-seg.Off), seg.Pos + token.Pos(end-seg.Off), true
		}
	}
	return token.NoPos, token.NoPos, false
}
