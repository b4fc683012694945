package hashprefix

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// readFindings gathers the read findings of every text variant of every
// site, so that a finding is reported once per read of a site and, when it
// holds for some of the ways the site's text is built but not all, says
// which. The same read is one finding however many literals its texts are
// spelled in (each branch its own SELECT), as in fullscan.
type readFindings struct {
	fs []queryplan.Finding
	// group is the read (queryplan.ReadGroup) the findings added next
	// belong to.
	group *queryplan.ReadGroup
}

// add records the finding d of statement st; off is the byte of the
// statement's text it points at. The wrapper chain the site is reached
// through is part of what makes two findings one: the same literal run
// through two wrappers is told twice.
func (r *readFindings) add(st *queryplan.Statement, d analysis.Diagnostic, off int) {
	via := queryplan.Via(st.Site)
	r.fs = append(r.fs, queryplan.Finding{Pos: d.Pos, End: d.End, Category: d.Category, Message: d.Message + via, St: st, Payload: readPayload{d: d, off: off, via: via, group: r.group}})
}

// readPayload is what a finding keeps for reporting: the diagnostic with
// its fixes, where in the text it points, the site's wrapper chain and the
// read it is a finding of.
type readPayload struct {
	d     analysis.Diagnostic
	off   int
	via   string // queryplan.Via of the site
	group *queryplan.ReadGroup
}

// report reports each finding once. A finding that holds for every way of
// building the text says nothing of the variants (as before variants were
// gathered: identical diagnostics were one); one that holds for some names
// them.
func (r *readFindings) report(pass *analysis.Pass, cfg *config.Config) {
	kept, holds := queryplan.Dedup(r.perRead())
	for i, f := range kept {
		p := f.Payload.(readPayload)
		d := p.d
		if len(holds[i]) < f.St.Variants {
			d.Message += queryplan.WhichNote(pass.Fset, f.St.Site, holds[i])
		}
		d.Message += p.via
		report.Report(pass, cfg, name, d, report.InYQL(f.St.YQL(p.off)))
	}
}

// perRead keeps, of the findings of one category of one read, those at the
// first position found (the first variant's), moving the others' variants
// onto it, so that Dedup counts the read's variants, not the literal's.
func (r *readFindings) perRead() []queryplan.Finding {
	type key struct {
		group *queryplan.ReadGroup
		cat   string
	}
	first := map[key]queryplan.Finding{}
	out := make([]queryplan.Finding, 0, len(r.fs))
	for _, f := range r.fs {
		k := key{f.Payload.(readPayload).group, f.Category}
		if k.group != nil {
			if at, ok := first[k]; ok {
				f.Pos, f.End, f.Message, f.Payload = at.Pos, at.End, at.Message, at.Payload
			} else {
				first[k] = f
			}
		}
		out = append(out, f)
	}
	return out
}
