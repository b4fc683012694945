package fullscan_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/fullscan"
)

// TestDynamicText: query text built at run time (filters appended under
// ifs and joined into the WHERE clause). Without -strict only the reads
// that scan however the text is built are reported, once per site.
func TestDynamicText(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/dynamic")
}

// TestDynamicTextStrict: with -strict, the run that leaves an optional key
// filter out is reported too, at the if that decides it.
func TestDynamicTextStrict(t *testing.T) {
	if err := config.Analyzer.Flags.Set(config.StrictFlag, "true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(config.ResetFlags)
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/dynamicstrict")
}

// TestTemplatePrefix: queries rendered from text/template under a PRAGMA
// TablePathPrefix that is the program's package var, handed to every
// function that creates or queries a table: the tables are matched through
// that var (not by name among every program of the module), the read by a
// non-key column is reported at the template's literal, and the same
// template rendered under a folder from the environment is not recovered.
func TestTemplatePrefix(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/tmplprefix/...")
}

// TestSharedPath: a table path another package joins from values not
// known here (a benchmark's workload settings) kept in a storage's field
// and formatted into the DDL and the queries, directly or split by
// path.Dir/path.Base under PRAGMA TablePathPrefix: the field names one
// table wherever it is read, so a read that filters on no key column is
// reported and its keyed twin stays silent.
func TestSharedPath(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/sharedpath/...")
}

// TestJobScope: a job's folder and table kept in a struct literal's
// fields and read under PRAGMA TablePathPrefix(path.Join(db.Name(),
// folder)): the DDL and the reads name one table.
func TestJobScope(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/jobscope")
}

// TestEvaluatedText: query text only the evaluator recovers (a fluent
// builder, closure filters applied in a loop, a DECLARE block spliced in
// first), each faulty read with a keyed twin that stays silent.
func TestEvaluatedText(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/evaluated")
}

// TestAlternativeTexts: a text chosen among alternatives (by a flag, by a
// switch over a sort order choosing formats) that scans in some of them
// names those texts by the literal that sets them apart; the twins keyed in
// every text stay silent.
func TestAlternativeTexts(t *testing.T) {
	analysistest.Run(t, rulesModule(t), fullscan.Analyzer, "example.com/rules/fullscan/alternatives")
}
