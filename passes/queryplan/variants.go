package queryplan

import (
	"fmt"
	"go/token"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/site"
)

// This file groups the text variants of a site for the rules: a site whose
// text is built in several ways (φ branches, filters appended under ifs)
// has one Statement per variant, and a finding that holds in several of
// them is one finding of the site, said once with the number of variants it
// holds for.

// ReadGroup is one read of one statement across the variants of a site.
type ReadGroup struct {
	Site    *site.Site
	Members []ReadMember
	// Variants is the number of text variants of the site.
	Variants int
}

// ReadMember is the read in one variant.
type ReadMember struct {
	St   *Statement
	Read *keyplan.Access
}

// ReadGroups returns the reads of every planned statement grouped across
// variants: the same site, the same planned statement (by its rank among
// the variant's planned statements, so optional DECLAREs before it do not
// matter), the same read (by rank) of the same table. Groups come in
// statement order.
func (r *Result) ReadGroups() []*ReadGroup {
	type key struct {
		site        *site.Site
		stmt, read  int
		table, kind string
	}
	var out []*ReadGroup
	index := map[key]*ReadGroup{}
	rank := map[*Statement]int{}
	next := map[[2]any]int{}
	for _, st := range r.Statements {
		vk := [2]any{st.Site, st.Variant}
		rank[st] = next[vk]
		next[vk]++
	}
	for _, st := range r.Statements {
		for i, rd := range st.Plan.Reads {
			k := key{site: st.Site, stmt: rank[st], read: i, kind: fmt.Sprint(rd.Kind)}
			if rd.Table != nil {
				k.table = rd.Table.Path
			}
			g := index[k]
			if g == nil || rd.Table == nil {
				g = &ReadGroup{Site: st.Site, Variants: max(1, st.Variants)}
				index[k] = g
				out = append(out, g)
			}
			g.Members = append(g.Members, ReadMember{St: st, Read: rd})
		}
	}
	return out
}

// VariantReads turns members into the planner's view of the variants:
// whether each one is a finding (full(member)), and the optional pieces
// its text holds and leaves out.
func VariantReads(ms []ReadMember, full func(ReadMember) bool) []keyplan.VariantRead {
	out := make([]keyplan.VariantRead, 0, len(ms))
	for _, m := range ms {
		v := keyplan.VariantRead{Full: full(m)}
		for _, ch := range m.St.Text.Choices {
			if ch.Present {
				v.Present = append(v.Present, ch.ID)
			} else {
				v.Absent = append(v.Absent, ch.ID)
			}
		}
		out = append(out, v)
	}
	return out
}

// ChoiceOf returns the choice with the given ID among the members' texts.
func ChoiceOf(ms []ReadMember, id int) (site.Choice, bool) {
	for _, m := range ms {
		for _, ch := range m.St.Text.Choices {
			if ch.ID == id {
				return ch, true
			}
		}
	}
	return site.Choice{}, false
}

// VariantNote is the message suffix that says how many of a site's text
// variants a finding holds for: "" for a text built one way.
func VariantNote(holds, variants int, truncated bool) string {
	switch {
	case variants <= 1:
		return ""
	case holds >= variants && !truncated:
		return fmt.Sprintf(" (in all %d ways the query text is built)", variants)
	case holds >= variants:
		return fmt.Sprintf(" (in all %d ways of building the query text that were checked)", variants)
	}
	if truncated {
		return fmt.Sprintf(" (in %d of the %d ways of building the query text that were checked)", holds, variants)
	}
	return fmt.Sprintf(" (in %d of the %d ways the query text is built)", holds, variants)
}

// Finding is one diagnostic of a rule before deduplication across variants.
type Finding struct {
	Pos, End token.Pos
	Category string
	Message  string
	St       *Statement
	// Payload is the rule's own data for reporting (fixes, spans).
	Payload any
}

// Dedup keeps one finding per position, category and message, in first-seen
// order, with the distinct variants (indices into the site's texts, in
// first-seen order) each holds for. A literal shared by two sites (a
// constant run by two calls) gives one finding; its variants are those of
// the first site, the one its message describes.
func Dedup(fs []Finding) ([]Finding, [][]int) {
	type key struct {
		pos, end token.Pos
		cat, msg string
	}
	var out []Finding
	var holds [][]int
	idx := map[key]int{}
	seen := map[key]map[int]bool{}
	for _, f := range fs {
		k := key{f.Pos, f.End, f.Category, f.Message}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, f)
			holds = append(holds, nil)
			seen[k] = map[int]bool{}
		}
		v := 0
		if f.St != nil {
			v = f.St.Variant
		}
		if f.St != nil && out[i].St != nil && f.St.Site != out[i].St.Site {
			continue
		}
		if !seen[k][v] {
			seen[k][v] = true
			holds[i] = append(holds[i], v)
		}
	}
	return out, holds
}

// InEveryText reports, for each finding Dedup kept (holds are its
// variants), whether its fault is in every text of its site once the
// findings that state the same fault (category and message) at another
// position of the same site are counted with it: the same NULL written
// in each of two literals is two findings, one in each text, and neither
// is a fault of only some of the ways the text is built.
func InEveryText(kept []Finding, holds [][]int) []bool {
	type key struct {
		site     *site.Site
		cat, msg string
	}
	union := map[key]map[int]bool{}
	keyOf := func(f Finding) key {
		k := key{cat: f.Category, msg: f.Message}
		if f.St != nil {
			k.site = f.St.Site
		}
		return k
	}
	for i, f := range kept {
		k := keyOf(f)
		if union[k] == nil {
			union[k] = map[int]bool{}
		}
		for _, v := range holds[i] {
			union[k][v] = true
		}
	}
	out := make([]bool, len(kept))
	for i, f := range kept {
		out[i] = f.St == nil || len(union[keyOf(f)]) >= f.St.Variants
	}
	return out
}

// OncePerSite keeps each finding of fs once per site across the ways the
// site's text is built (Dedup) and gives each the note naming the texts it
// holds for (WhichNote), or "" where its fault is in every text
// (InEveryText: the same NULL written in both branches says nothing of
// them).
func OncePerSite(fset *token.FileSet, fs []Finding) ([]Finding, []string) {
	kept, holds := Dedup(fs)
	everywhere := InEveryText(kept, holds)
	notes := make([]string, len(kept))
	for i, f := range kept {
		if !everywhere[i] {
			notes[i] = WhichNote(fset, f.St.Site, holds[i])
		}
	}
	return kept, notes
}
