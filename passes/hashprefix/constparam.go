package hashprefix

import (
	"fmt"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// A write can put every row in one partition without a constant in its
// text: the parameter written to the hash column is bound in Go to one.
//
//	UPSERT INTO filemeta (dir_hash, name, …) VALUES ($dir_hash, $name, …)
//	table.ValueParam("$dir_hash", types.Int64Value(0))
//
// This is the same fault as `VALUES (0, $name, …)`, found through the
// site's decoded parameters: only a binding querysite decoded as built
// from constants alone (Value.Const), under a known binding mode, and not
// NULL (nullkey's concern). Tests pin hash values in fixtures on purpose,
// so a site in a _test.go file is left alone. The finding is at the call
// that runs the write (the site), not in the YQL text: the text is often
// shared by a correct caller, and the fault is in what this call binds.

// constParamWrites reports the parameters of kw bound to a Go constant.
func constParamWrites(pass *analysis.Pass, cfg *config.Config, st *queryplan.Statement, w *keyplan.Write, kw *keyplan.KeyWrite) {
	s := st.Site
	if s == nil || s.Query == nil || s.Query.Params == nil || s.Query.Params.Mode == site.BindUnknown {
		return
	}
	if strings.HasSuffix(pass.Fset.Position(s.Pos).Filename, "_test.go") {
		return
	}
	h := w.Table.Hash
	table := st.DescribeTable(w.Ref, w.Table)
	tname := st.HeadlineName(w.Ref, w.Table)
	for _, v := range kw.Values {
		if v.Class != keyplan.ValParam {
			continue
		}
		b := s.Query.Params.Lookup(v.Param)
		if b == nil || b.NoDollar || !b.Value.Const || b.Value.Null == site.DefinitelyNull || !b.Pos.IsValid() {
			continue
		}
		at := pass.Fset.Position(b.Pos)
		what := b.Value.ConstText
		if what == "" {
			what = b.Value.Desc
		}
		if what != "" {
			what = " " + what
		}
		report.Report(pass, cfg, name, analysis.Diagnostic{
			Pos: s.Pos, End: s.End, Category: categoryWriteMissing,
			Message: fmt.Sprintf("%s writes a constant to the hash-prefix column %s of %s: every such row lands in one partition; $%s, bound at %s:%d, is the constant%s, and keyed reads that %s miss it; %s; bind %s",
				w.Kind, h.Column, tname, strings.TrimPrefix(v.Param, "$"), filepath.Base(at.Filename), at.Line, what, readsThat(h), table, hashExpr(h)) + queryplan.Via(s),
			Related: []analysis.RelatedInformation{{Pos: b.Pos, End: b.End, Message: "the constant bound to $" + strings.TrimPrefix(v.Param, "$")}},
		}, report.InYQL(st.YQL(v.Span.Start)))
	}
}
