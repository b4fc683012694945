package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/internal/report"
)

// TestRulesOverProtocol runs the real suite over the rule test module
// (module example.com/rules, real ydb-go-sdk): diagnostics of the
// hashprefix fix case, its quick fixes against the .golden file, and the
// suppress action's round trip through the analysis.
func TestRulesOverProtocol(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and analyses the ydb-go-sdk from source")
	}
	// A copy of the module: the test saves edits, as an editor writes them.
	module := copyModule(t, "../../../../testdata/rules")
	path := filepath.Join(module, "hashprefix", "fix", "fix.go")
	src := readFile(t, path)
	golden := readFile(t, path+".golden")

	c := startServer(t, Options{Analyzers: analyzer.Suite, Debounce: DefaultDebounce, Version: "test"})
	c.initialize()
	uri := c.open(path, src)
	got, n := c.diagnosticsAfter(uri, 0)

	// The rule reports the comparison in the YQL text: the range covers
	// `order_id = $id` in the first query and the function call in the
	// second.
	lines := strings.Split(src, "\n")
	rangeOf := func(line int, s string) Range {
		i := strings.Index(lines[line], s)
		if i < 0 {
			t.Fatalf("line %d has no %q", line+1, s)
		}
		return Range{Start: Position{Line: uint32(line), Character: uint32(i)}, End: Position{Line: uint32(line), Character: uint32(i + len(s))}}
	}
	// Other cases may join the file; these two are known.
	want := []struct {
		rng     Range
		message string
	}{
		{rangeOf(13, "order_id = $id"), "add order_hash = Digest::NumericHash($id) to the WHERE clause"},
		{rangeOf(17, "order_hash = Digest::NumericHash(order_id)"), "is compared with a function of a column"},
	}
	find := func(diags []Diagnostic, message string) *Diagnostic {
		for i := range diags {
			if strings.Contains(diags[i].Message, message) {
				return &diags[i]
			}
		}
		return nil
	}
	for _, w := range want {
		d := find(got.Diagnostics, w.message)
		if d == nil || d.Range != w.rng {
			t.Fatalf("no diagnostic at %+v containing %q in %+v", w.rng, w.message, got.Diagnostics)
		}
	}
	// Every diagnostic of the file has the suppress action, and most a
	// quick fix: the golden file holds them all applied.
	var fixEdits []TextEdit
	for i, d := range got.Diagnostics {
		if d.Code != "hashprefix" || d.Source != "ydblint" || d.Severity != SeverityWarning ||
			d.CodeDescription == nil || !strings.HasPrefix(d.CodeDescription.Href, report.URLBase+"hashprefix") {
			t.Errorf("diagnostic %d: %+v", i, d)
		}
		if i > 0 && before(d.Range.Start, got.Diagnostics[i-1].Range.Start) {
			t.Errorf("diagnostics out of order: %+v before %+v", got.Diagnostics[i-1].Range, d.Range)
		}
		var fixes []CodeAction
		for _, a := range c.codeActions(uri, d.Range) {
			if len(a.Diagnostics) == 1 && a.Diagnostics[0].Range == d.Range && a.Diagnostics[0].Message == d.Message {
				fixes = append(fixes, a)
			}
		}
		last := len(fixes) - 1
		if last < 0 || !strings.Contains(fixes[last].Title, "//ydblint:ignore hashprefix <reason>") {
			t.Fatalf("actions for diagnostic %d: %+v, want the suppress action last", i, fixes)
		}
		if last > 0 {
			if !fixes[0].IsPreferred {
				t.Errorf("diagnostic %d: the first fix is not preferred: %+v", i, fixes[0])
			}
			fixEdits = append(fixEdits, fixes[0].Edit.Changes[uri]...)
		}
	}
	if fixed := applyEdits(t, src, fixEdits); fixed != golden {
		t.Errorf("after the quick fixes:\n%s\nwant (golden):\n%s", fixed, golden)
	}

	// Suppress the first known diagnostic: the placeholder suppresses
	// nothing and is itself reported until it is replaced.
	var suppress *CodeAction
	for _, a := range c.codeActions(uri, want[0].rng) {
		if strings.HasPrefix(a.Title, "Suppress hashprefix") {
			suppress = &a
		}
	}
	if suppress == nil {
		t.Fatal("no suppress action")
	}
	suppressed := applyEdits(t, src, suppress.Edit.Changes[uri])
	if want := "\t//ydblint:ignore hashprefix <reason>\n" + lines[13]; !strings.Contains(suppressed, want) {
		t.Fatalf("after the suppress action:\n%s", suppressed)
	}
	change := func(version int32, text string) {
		c.notify("textDocument/didChange", DidChangeTextDocumentParams{
			TextDocument:   VersionedTextDocumentIdentifier{URI: uri, Version: version},
			ContentChanges: []TextDocumentContentChangeEvent{{Text: text}},
		})
		writeFile(t, path, text)
		c.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	}
	count := len(got.Diagnostics)
	change(2, suppressed)
	got, n = c.diagnosticsAfter(uri, n)
	if len(got.Diagnostics) != count+1 {
		t.Errorf("with the placeholder: %d diagnostics %+v, want %d", len(got.Diagnostics), got.Diagnostics, count+1)
	}
	if d := find(got.Diagnostics, "replace the <reason> placeholder"); d == nil || d.Range.Start.Line != 13 ||
		d.Message != "ydblint:ignore needs a reason: replace the <reason> placeholder" || d.Severity != SeverityError {
		t.Errorf("with the placeholder, the directive problem: %+v", d)
	}
	if d := find(got.Diagnostics, want[0].message); d == nil || d.Range.Start.Line != 14 {
		t.Errorf("with the placeholder, the finding should stay: %+v", d)
	}

	change(3, strings.Replace(suppressed, "<reason>", "orders has ten rows in this test", 1))
	got, _ = c.diagnosticsAfter(uri, n)
	if len(got.Diagnostics) != count-1 || find(got.Diagnostics, want[0].message) != nil || find(got.Diagnostics, want[1].message) == nil {
		t.Errorf("with a reason: %+v, want the first finding suppressed and the others kept", got.Diagnostics)
	}
}
