package queryplan

import (
	"fmt"
	"go/token"
	"path/filepath"
	"strings"

	"github.com/ydblint/ydblint/internal/site"
)

// This file names the texts of a multi-text site that a finding holds for.
// A site whose text is chosen among alternatives (φ branches, a switch over
// formats, a map of texts) differs from text to text by the Go literals it
// is made of: the literal that only the faulty texts hold is where the user
// finds them in their code.

// WhichNote is VariantNote for a finding that holds for the given variants
// of s (indices into s.Query.Texts), naming the texts it holds for when it
// does not hold for all of them: "(in 1 of the 2 ways the query text is
// built: the text at repo.go:42)". The texts are named by the position of
// the first Go literal that they hold and the others do not; when some
// faulty text has no such literal (it differs by what it leaves out), or
// not every way of building the text was listed, the note only counts.
func WhichNote(fset *token.FileSet, s *site.Site, holds []int) string {
	if s == nil || s.Query == nil {
		return ""
	}
	if fset == nil {
		return VariantNote(len(holds), len(s.Query.Texts), s.Query.TextsTruncated)
	}
	q := s.Query
	note := VariantNote(len(holds), len(q.Texts), q.TextsTruncated)
	if note == "" || q.TextsTruncated || len(holds) >= len(q.Texts) {
		return note
	}
	which := distinguishingPieces(q.Texts, holds)
	if len(which) == 0 {
		return note
	}
	return strings.TrimSuffix(note, ")") + ": " + describePieces(fset, which, len(holds)) + ")"
}

// distinguishingPieces returns the Go positions naming the texts of holds
// among texts: one literal every one of them holds and no other text does,
// when there is one; else the first such literal of each (in the order of
// holds, without repeats); nil when a text of holds has none. A literal
// whose words another text repeats from a literal of its own (the same
// PRAGMA line written in both branches) is named only when no literal
// with words of its own is there.
func distinguishingPieces(texts []*site.Text, holds []int) []token.Pos {
	in := map[int]bool{}
	for _, v := range holds {
		if v < 0 || v >= len(texts) || texts[v] == nil {
			return nil
		}
		in[v] = true
	}
	elsewhere := map[token.Pos]bool{}
	wordsElsewhere := map[string]bool{}
	for i, t := range texts {
		if in[i] || t == nil {
			continue
		}
		for _, seg := range t.Segments {
			elsewhere[seg.Pos] = true
			if w := segmentText(t, seg); w != "" {
				wordsElsewhere[w] = true
			}
		}
	}
	own := func(t *site.Text) []token.Pos {
		var distinct, repeated []token.Pos
		for _, seg := range t.Segments {
			switch {
			case !seg.Pos.IsValid() || elsewhere[seg.Pos]:
			case wordsElsewhere[segmentText(t, seg)]: // "" is never recorded
				repeated = append(repeated, seg.Pos)
			default:
				distinct = append(distinct, seg.Pos)
			}
		}
		return append(distinct, repeated...)
	}
	first := own(texts[holds[0]])
	for _, p := range first {
		if heldByAll(texts, holds, p) {
			return []token.Pos{p}
		}
	}
	var out []token.Pos
	seen := map[token.Pos]bool{}
	for _, v := range holds {
		ps := own(texts[v])
		if len(ps) == 0 {
			return nil
		}
		if !seen[ps[0]] {
			seen[ps[0]] = true
			out = append(out, ps[0])
		}
	}
	return out
}

// segmentText is the text of t a segment maps, trimmed of spaces; "" when
// the segment lies outside the text.
func segmentText(t *site.Text, seg site.Segment) string {
	if seg.Off < 0 || seg.Len < 0 || seg.Off+seg.Len > len(t.YQL) {
		return ""
	}
	return strings.TrimSpace(t.YQL[seg.Off : seg.Off+seg.Len])
}

// heldByAll reports whether every text of holds has a piece at p.
func heldByAll(texts []*site.Text, holds []int, p token.Pos) bool {
	for _, v := range holds {
		found := false
		for _, seg := range texts[v].Segments {
			if seg.Pos == p {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// describePieces phrases the positions: "the text at a.go:1" for one text,
// "the texts with the text at a.go:1" for several sharing a literal, "the
// texts at a.go:1 and a.go:5" for several with one literal each.
func describePieces(fset *token.FileSet, ps []token.Pos, texts int) string {
	at := make([]string, len(ps))
	for i, p := range ps {
		at[i] = ShortPos(fset, p)
	}
	switch {
	case texts == 1:
		return "the text at " + at[0]
	case len(at) == 1:
		return "the texts with the literal at " + at[0]
	}
	return "the texts at " + strings.Join(at[:len(at)-1], ", ") + " and " + at[len(at)-1]
}

// ShortPos renders a position as the rules print positions in messages:
// the file's base name and the line, the same under every driver (go vet
// and golangci-lint hand the analyzer different absolute paths).
func ShortPos(fset *token.FileSet, p token.Pos) string {
	if fset == nil || !p.IsValid() {
		return ""
	}
	pos := fset.Position(p)
	return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
}
