// Package report is the one way ydblint's rules report diagnostics (the
// idea of staticcheck's report.Report): [Report] applies ydblint:ignore
// directives, sets Category and URL, keeps positions inside the package's Go
// files, and drops duplicates; [WrapRun] wraps a rule's Run so that a panic
// or an error in one package becomes a diagnostic instead of ending the run,
// and, when the rule returns, reports what belongs to the package as a whole:
// configuration errors, malformed directives and (with
// report-unused-ignores) unused directives.
//
// A rule is written as
//
//	var Analyzer = &analysis.Analyzer{
//		Name:     "fullscan",
//		Requires: []*analysis.Analyzer{config.Analyzer, pkgstate.Analyzer, ...},
//		Run:      report.WrapRun(run),
//		...
//	}
//
//	func run(pass *analysis.Pass) (any, error) {
//		cfg := pass.ResultOf[config.Analyzer].(*config.Config)
//		if !cfg.IsPkgInScope(pass.Pkg) {
//			return nil, nil
//		}
//		...
//		report.Report(pass, cfg, "fullscan", analysis.Diagnostic{Pos: p, End: e, Message: msg},
//			report.InYQL(report.YQL{Text: text.YQL, Stmts: spans, Off: off, Map: text}))
//		return nil, nil
//	}
//
// # Categories and URLs
//
// Every diagnostic's Category becomes the rule name. A rule may set
// Diagnostic.Category to a finer kind (a constant lower-case token such as
// "missing-hash-column"); Report turns it into the URL anchor of the heading
// "# Category missing-hash-column" in the rule's doc.go, i.e.
// https://pkg.go.dev/github.com/ydblint/ydblint/passes/<rule>#hdr-Category_missing_hash_column.
// A diagnostic that already has a URL keeps it.
//
// # Positions
//
// Only positions inside the package's own Go files are reported:
// golangci-lint and gopls drop any other, and analysistest cannot expect
// them. A diagnostic with another Pos is dropped and counted; WrapRun then
// reports one "internal error" diagnostic that quotes the first dropped one,
// so that the finding is not lost silently. An End outside Pos's file or
// before Pos becomes Pos.
//
// # Per-rule state
//
// Duplicates, directive use and dropped diagnostics are tracked per rule
// and package, in state that WrapRun creates before the rule runs and hands
// it in the pass it runs with. Report called outside WrapRun still
// suppresses, but cannot de-duplicate across calls or track unused
// directives.
//
// # Fact analyzers
//
// The go/analysis drivers recover no panics: one in a fact analyzer
// (querysite, schemafact, queryplan) would end the process. [WrapFact]
// wraps their Run so that a panic or an error becomes an empty result that
// records the failure, and records it in the package's shared state
// (internal/pkgstate) too; WrapRun reports each failure once per package,
// at the package clause, as "ydblint internal error in package P: …".
//
// # Shared package state
//
// WrapRun reads the rule's configuration, whether the package uses YDB,
// the failures and the claims on package-wide messages from
// pass.ResultOf[pkgstate.Analyzer], which every rule Requires: no other
// analyzer's result is needed to report.
package report
