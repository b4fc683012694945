package lsp

import (
	"context"
	"encoding/json"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"

	"github.com/ydblint/ydblint/internal/report"
)

// needle reports every "needle" inside a string literal and offers to
// replace it with "thread": a rule without the SDK, for fast tests.
var needle = &analysis.Analyzer{
	Name: "needle",
	Doc:  "report needles",
	URL:  report.URLBase + "needle",
	// As every ydblint rule does.
	RunDespiteErrors: true,
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				if i := strings.Index(lit.Value, "needle"); i >= 0 {
					pos := lit.Pos() + token.Pos(i)
					end := pos + token.Pos(len("needle"))
					pass.Report(analysis.Diagnostic{
						Pos: pos, End: end, Category: "needle", URL: report.URLBase + "needle",
						Message: "found a needle",
						SuggestedFixes: []analysis.SuggestedFix{{
							Message:   "Replace the needle with thread",
							TextEdits: []analysis.TextEdit{{Pos: pos, End: end, NewText: []byte("thread")}},
						}},
					})
				}
				return true
			})
		}
		return nil, nil
	},
}

// panicky panics on every package.
var panicky = &analysis.Analyzer{
	Name: "panicky",
	Doc:  "panic",
	Run:  func(*analysis.Pass) (any, error) { panic("boom") },
}

// writeModule writes a one-package module into a temporary directory and
// returns the path of its file.
func writeModule(t *testing.T, name, src string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func fastOptions(analyzers ...*analysis.Analyzer) Options {
	return Options{Analyzers: analyzers, Debounce: 10 * time.Millisecond, Version: "test"}
}

func TestLifecycle(t *testing.T) {
	c := startServer(t, fastOptions(needle))

	var res any
	if err := c.call("textDocument/codeAction", CodeActionParams{}, &res); rpcCode(err) != codeServerNotInitialized {
		t.Errorf("request before initialize: error %v, want code %d", err, codeServerNotInitialized)
	}

	init := c.initialize()
	if init.Capabilities.PositionEncoding != "utf-16" || init.Capabilities.TextDocumentSync.Change != syncFull ||
		!init.Capabilities.TextDocumentSync.OpenClose || init.ServerInfo.Name != "ydblint" {
		t.Errorf("initialize result %+v", init)
	}
	if b, _ := json.Marshal(init.Capabilities.CodeActionProvider); string(b) != `{"codeActionKinds":["quickfix"]}` {
		t.Errorf("codeActionProvider %s", b)
	}
	if err := c.call("initialize", json.RawMessage(`{"capabilities":{}}`), &res); rpcCode(err) != codeInvalidRequest {
		t.Errorf("second initialize: error %v, want code %d", err, codeInvalidRequest)
	}
	if err := c.call("textDocument/hover", json.RawMessage(`{}`), &res); rpcCode(err) != codeMethodNotFound {
		t.Errorf("unknown method: error %v, want code %d", err, codeMethodNotFound)
	}
	if err := c.call("textDocument/codeAction", json.RawMessage(`[1,2]`), &res); rpcCode(err) != codeInvalidParams {
		t.Errorf("bad params: error %v, want code %d", err, codeInvalidParams)
	}
	c.notify("workspace/didChangeConfiguration", json.RawMessage(`{"settings":{}}`)) // ignored
	c.notify("$/setTrace", json.RawMessage(`{"value":"off"}`))                       // ignored

	if err := c.call("shutdown", nil, &res); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if err := c.call("textDocument/codeAction", CodeActionParams{}, &res); rpcCode(err) != codeInvalidRequest {
		t.Errorf("request after shutdown: error %v, want code %d", err, codeInvalidRequest)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		if code != 0 {
			t.Errorf("exit after shutdown: code %d, want 0", code)
		}
		c.exit <- code // for the cleanup
	case <-time.After(10 * time.Second):
		t.Fatal("no exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, fastOptions(needle))
	c.initialize()
	c.notify("exit", nil)
	select {
	case code := <-c.exit:
		if code != 1 {
			t.Errorf("exit without shutdown: code %d, want 1", code)
		}
		c.exit <- code
	case <-time.After(10 * time.Second):
		t.Fatal("no exit")
	}
}

func TestCancelRequest(t *testing.T) {
	opts := fastOptions(needle)
	opts.Debounce = time.Hour // the analysis stays pending, so codeAction waits for it
	c := startServer(t, opts)
	c.initialize()
	path := writeModule(t, "a.go", "package m\n\nvar s = \"needle\"\n")
	uri := c.open(path, readFile(t, path))

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	id := jsonrpc2.ID{Str: "wait-for-me", IsString: true}
	waiter, err := c.conn.DispatchCall(ctx, "textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}}, jsonrpc2.PickID(id))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // let the request start waiting
	c.notify("$/cancelRequest", CancelParams{ID: json.RawMessage(`"wait-for-me"`)})
	var res any
	if err := waiter.Wait(ctx, &res); rpcCode(err) != codeRequestCancelled {
		t.Errorf("cancelled request: error %v, want code %d", err, codeRequestCancelled)
	}
}

func TestDiagnosticsAndFixesUTF16(t *testing.T) {
	c := startServer(t, fastOptions(needle))
	c.initialize()
	// Before the needle on its line: Cyrillic (2 bytes, 1 UTF-16 unit per
	// letter) and an emoji (4 bytes, 2 units).
	src := "package m\n\nfunc f() {\n\tprintln(\"ключ 🚀 needle\")\n}\n"
	path := writeModule(t, "a.go", src)
	uri := c.open(path, src)
	got, _ := c.diagnosticsAfter(uri, 0)
	if len(got.Diagnostics) != 1 {
		t.Fatalf("diagnostics %+v, want one", got.Diagnostics)
	}
	d := got.Diagnostics[0]
	// "\tprintln(\"" is 10 units, "ключ " 5, "🚀 " 3.
	want := Range{Start: Position{Line: 3, Character: 18}, End: Position{Line: 3, Character: 24}}
	if d.Range != want {
		t.Errorf("range %+v, want %+v", d.Range, want)
	}
	if d.Source != "ydblint" || d.Code != "needle" || d.Message != "found a needle" || d.Severity != SeverityWarning ||
		d.CodeDescription == nil || d.CodeDescription.Href != report.URLBase+"needle" {
		t.Errorf("diagnostic %+v", d)
	}
	if got.Version == nil || *got.Version != 1 {
		t.Errorf("version %v, want 1", got.Version)
	}

	actions := c.codeActions(uri, Range{Start: Position{Line: 3, Character: 20}, End: Position{Line: 3, Character: 20}})
	if len(actions) != 2 {
		t.Fatalf("actions %+v, want the fix and the suppress action", actions)
	}
	fix, sup := actions[0], actions[1]
	if fix.Title != "Replace the needle with thread" || fix.Kind != "quickfix" || !fix.IsPreferred || len(fix.Diagnostics) != 1 {
		t.Errorf("fix action %+v", fix)
	}
	if text := applyEdits(t, src, fix.Edit.Changes[uri]); text != strings.Replace(src, "needle", "thread", 1) {
		t.Errorf("after the fix:\n%s", text)
	}
	if !strings.Contains(sup.Title, "//ydblint:ignore needle <reason>") || sup.Kind != "quickfix" || sup.IsPreferred {
		t.Errorf("suppress action %+v", sup)
	}
	wantSup := "package m\n\nfunc f() {\n\t//ydblint:ignore needle <reason>\n\tprintln(\"ключ 🚀 needle\")\n}\n"
	if text := applyEdits(t, src, sup.Edit.Changes[uri]); text != wantSup {
		t.Errorf("after suppress:\n%s\nwant:\n%s", text, wantSup)
	}

	// Away from the diagnostic: nothing.
	if a := c.codeActions(uri, Range{Start: Position{Line: 1}, End: Position{Line: 1}}); len(a) != 0 {
		t.Errorf("actions away from the diagnostic: %+v", a)
	}
	// After an unsaved edit the ranges are stale: no actions until the
	// next save's analysis.
	edited := strings.Replace(src, "func f", "func g", 1)
	c.notify("textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{URI: uri, Version: 2},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: edited}},
	})
	if a := c.codeActions(uri, want); len(a) != 0 {
		t.Errorf("actions on a changed document: %+v", a)
	}
	n := c.published()
	writeFile(t, path, edited) // the editor writes the file, then says so
	c.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	got, _ = c.diagnosticsAfter(uri, n)
	if got.Version == nil || *got.Version != 2 || len(got.Diagnostics) != 1 {
		t.Errorf("after save: %+v", got)
	}
	if a := c.codeActions(uri, want); len(a) != 2 {
		t.Errorf("actions after save: %+v", a)
	}
}

func TestOutsideModulePublishesNothing(t *testing.T) {
	c := startServer(t, fastOptions(needle))
	c.initialize()
	dir := t.TempDir()
	path := filepath.Join(dir, "loose.go")
	src := "package loose\n\nvar s = \"needle\"\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c.open(path, src)
	c.waitFor("the not-in-a-module log", 30*time.Second, func() bool {
		for _, l := range c.logs {
			if strings.Contains(l, "loose.go: not in a module") {
				return true
			}
		}
		return false
	})
	if n := c.published(); n != 0 {
		t.Errorf("published %d diagnostics notifications for a file outside any module", n)
	}
}

func TestTypeErrorsStillAnalysed(t *testing.T) {
	c := startServer(t, fastOptions(needle))
	c.initialize()
	src := "package m\n\nvar s = \"needle\"\n\nvar n int = \"not an int\"\n"
	path := writeModule(t, "a.go", src)
	uri := c.open(path, src)
	got, _ := c.diagnosticsAfter(uri, 0)
	if len(got.Diagnostics) != 1 || got.Diagnostics[0].Range.Start.Line != 2 {
		t.Errorf("diagnostics %+v, want the needle on line 2", got.Diagnostics)
	}
	c.waitFor("the type error log", time.Second, func() bool {
		for _, l := range c.logs {
			if strings.Contains(l, "has errors; ydblint analyses what it can") {
				return true
			}
		}
		return false
	})
}

// ssaNeedle needs SSA, as ydblint's rules do through querysite.
var ssaNeedle = &analysis.Analyzer{
	Name:             "ssaneedle",
	Doc:              "need SSA",
	Requires:         []*analysis.Analyzer{buildssa.Analyzer},
	RunDespiteErrors: true,
	Run:              func(*analysis.Pass) (any, error) { return nil, nil },
}

func TestTypeErrorsStopSSARules(t *testing.T) {
	c := startServer(t, fastOptions(ssaNeedle))
	c.initialize()
	src := "package m\n\nvar n int = \"not an int\"\n"
	path := writeModule(t, "a.go", src)
	uri := c.open(path, src)
	got, _ := c.diagnosticsAfter(uri, 0)
	if len(got.Diagnostics) != 0 {
		t.Errorf("diagnostics %+v", got.Diagnostics)
	}
	c.waitFor("the warning", time.Second, func() bool {
		for _, l := range c.logs {
			if strings.Contains(l, "ydblint's rules could not run on example.com/m: it or a dependency does not type-check") {
				return true
			}
		}
		return false
	})
}

func TestAnalyzerPanicKeepsServing(t *testing.T) {
	c := startServer(t, fastOptions(panicky, needle))
	c.initialize()
	src := "package m\n\nvar s = \"needle\"\n"
	path := writeModule(t, "a.go", src)
	uri := c.open(path, src)
	c.waitFor("the panic log", 30*time.Second, func() bool {
		for _, l := range c.logs {
			if strings.Contains(l, "panicked: boom") {
				return true
			}
		}
		return false
	})
	// The session goes on.
	if a := c.codeActions(uri, Range{}); len(a) != 0 {
		t.Errorf("actions after a failed analysis: %+v", a)
	}
	var res any
	if err := c.call("shutdown", nil, &res); err != nil {
		t.Errorf("shutdown after a panic: %v", err)
	}
}

// TestFirstAnalysisProgress: a client that takes work done progress sees
// the first analysis (which loads the package graph) begin and end, as
// gopls shows its initial load; later analyses show none, and a client
// without the capability is never asked.
func TestFirstAnalysisProgress(t *testing.T) {
	c := startServer(t, fastOptions(needle))
	var res InitializeResult
	params := json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":{"window":{"workDoneProgress":true}}}`)
	if err := c.call("initialize", params, &res); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	c.notify("initialized", struct{}{})
	src := "package m\n\nfunc f() { println(\"needle\") }\n"
	path := writeModule(t, "a.go", src)
	uri := c.open(path, src)
	_, n := c.diagnosticsAfter(uri, 0)
	c.waitFor("the end of the progress", analysisTimeout, func() bool {
		return len(c.progress) > 0 && strings.HasPrefix(c.progress[len(c.progress)-1], "end ")
	})
	c.mu.Lock()
	got := append([]string(nil), c.progress...)
	c.mu.Unlock()
	if len(got) != 3 || got[0] != "create ydblint-first-analysis" ||
		!strings.HasPrefix(got[1], "begin ydblint-first-analysis: ydblintloading packages for a.go") ||
		!strings.HasPrefix(got[2], "end ydblint-first-analysis: analysed ") {
		t.Fatalf("progress %q", got)
	}
	writeFile(t, path, src)
	c.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uri}})
	c.diagnosticsAfter(uri, n)
	c.mu.Lock()
	later := len(c.progress)
	c.mu.Unlock()
	if later != 3 {
		t.Errorf("a later analysis showed progress: %q", c.progress[3:])
	}

	quiet := startServer(t, fastOptions(needle))
	quiet.initialize() // no window.workDoneProgress
	qpath := writeModule(t, "a.go", src)
	quiet.diagnosticsAfter(quiet.open(qpath, src), 0)
	quiet.mu.Lock()
	defer quiet.mu.Unlock()
	if len(quiet.progress) != 0 {
		t.Errorf("a client without the capability got %q", quiet.progress)
	}
}
