package hashprefix

import (
	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// readFindings gathers the read findings of every text variant of every
// site, so that a finding is reported once per site and, when it holds for
// some of the ways the site's text is built but not all, says which.
type readFindings struct {
	fs []queryplan.Finding
}

// add records the finding d of statement st; off is the byte of the
// statement's text it points at. The wrapper chain the site is reached through is part of what makes two
// findings one: the same literal run through two wrappers is told twice.
func (r *readFindings) add(st *queryplan.Statement, d analysis.Diagnostic, off int) {
	via := queryplan.Via(st.Site)
	r.fs = append(r.fs, queryplan.Finding{Pos: d.Pos, End: d.End, Category: d.Category, Message: d.Message + via, St: st, Payload: readPayload{d: d, off: off, via: via}})
}

// readPayload is what a finding keeps for reporting: the diagnostic with
// its fixes, where in the text it points, and the site's wrapper chain.
type readPayload struct {
	d   analysis.Diagnostic
	off int
	via string // queryplan.Via of the site
}

// report reports each finding once. A finding that holds for every way of
// building the text says nothing of the variants (as before variants were
// gathered: identical diagnostics were one); one that holds for some names
// them.
func (r *readFindings) report(pass *analysis.Pass, cfg *config.Config) {
	kept, holds := queryplan.Dedup(r.fs)
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
