package fullscan

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// categoryOptionalKey is the run of a query built with optional filters in
// which the filter on the key is left out (shown with -strict).
const categoryOptionalKey = "optional-key-filter"

// checkReads reports every read of every site once across the site's text
// variants. A read whose key filter is appended under an if, and that
// scans exactly in the variants leaving it out, is the optional-key-filter
// finding (with -strict), at the if; a read that scans in every variant is
// a full scan as certain as a literal one.
func checkReads(pass *analysis.Pass, cfg *config.Config, plans *queryplan.Result) {
	var findings []queryplan.Finding
	for _, g := range plans.ReadGroups() {
		cats := make([]string, len(g.Members))
		choices := false
		for i, m := range g.Members {
			cats[i] = readCategory(cfg, m.St, m.Read)
			choices = choices || len(m.St.Text.Choices) > 0
		}
		if choices {
			vs := queryplan.VariantReads(g.Members, func(m queryplan.ReadMember) bool {
				return readCategory(cfg, m.St, m.Read) == categoryFullScan
			})
			if outcome, decisive := keyplan.ClassifyVariants(vs); outcome == keyplan.FullWhenAbsent {
				if cfg.Strict {
					reportOptionalKey(pass, cfg, g, vs, decisive)
				}
				for i := range cats {
					if cats[i] == categoryFullScan {
						cats[i] = ""
					}
				}
			}
		}
		findings = append(findings, groupFindings(g, cats)...)
	}
	fs, _ := queryplan.Dedup(findings)
	for _, f := range fs {
		p := f.Payload.(readPayload)
		d := p.d
		d.Message = f.Message + queryplan.WhichNote(pass.Fset, f.St.Site, p.holds) + queryplan.Via(f.St.Site)
		report.Report(pass, cfg, name, d, report.InYQL(f.St.YQL(p.off)))
	}
}

// groupFindings keeps one finding per category of a read group: the first
// variant's (the one holding the most optional pieces), with the variants
// it holds for. The same read may break the key at different
// atoms in different variants; it is still one finding of the site.
func groupFindings(g *queryplan.ReadGroup, cats []string) []queryplan.Finding {
	var out []queryplan.Finding
	at := map[string]int{}
	variants := map[string][]int{}
	for i, m := range g.Members {
		c := cats[i]
		if c == "" {
			continue
		}
		if _, ok := at[c]; !ok {
			at[c] = len(out)
			out = append(out, readFinding(m.St, m.Read, c))
		}
		if vs := variants[c]; len(vs) == 0 || vs[len(vs)-1] != m.St.Variant {
			variants[c] = append(vs, m.St.Variant)
		}
	}
	for c, i := range at {
		p := out[i].Payload.(readPayload)
		p.holds = variants[c]
		out[i].Payload = p
	}
	return out
}

// reportOptionalKey reports, at the if deciding the (first) decisive
// filter, the run in which the key filters are all left out.
func reportOptionalKey(pass *analysis.Pass, cfg *config.Config, g *queryplan.ReadGroup, vs []keyplan.VariantRead, decisive []int) {
	var scan, bound *queryplan.ReadMember
	for i := range g.Members {
		switch {
		case vs[i].Full && scan == nil:
			scan = &g.Members[i]
		case !vs[i].Full && bound == nil:
			bound = &g.Members[i]
		}
	}
	first, ok := queryplan.ChoiceOf(g.Members, decisive[0])
	if scan == nil || bound == nil || !ok {
		return
	}
	var whens []string
	for _, k := range decisive {
		if ch, ok := queryplan.ChoiceOf(g.Members, k); ok {
			whens = append(whens, whenNot(ch.When, ch.Negated))
		}
	}
	read := scan.Read
	key := read.Key[0]
	msg := fmt.Sprintf("%s reads every partition of %s when %s; the filter on key column %s is appended only otherwise; %s",
		statementKind(scan.St, read), scan.St.HeadlineName(read.Ref, read.Table), strings.Join(whens, " and "), key, scan.St.DescribeTable(read.Ref, read.Table))
	if b := bound.Read; b.Table != nil && len(b.Key) > 0 {
		msg += fmt.Sprintf(" (the unfiltered run may be an intended listing; if not, require the %s filter)", key)
	}
	msg += queryplan.VariantNote(countFull(vs), len(vs), scan.St.Site.Query.TextsTruncated) + queryplan.Via(scan.St.Site)
	report.Report(pass, cfg, name, analysis.Diagnostic{Pos: first.Pos, End: first.End, Category: categoryOptionalKey, Message: msg})
}

// whenNot phrases the run in which an optional piece is left out.
func whenNot(cond string, negated bool) string {
	if negated {
		return cond + " holds"
	}
	return cond + " is false"
}

func countFull(vs []keyplan.VariantRead) int {
	n := 0
	for _, v := range vs {
		if v.Full {
			n++
		}
	}
	return n
}
