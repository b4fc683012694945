package lsp

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// reasonPlaceholder is the reason the suppress action writes. The
// directive parser treats a reason that is only an <angle-bracketed> word
// as missing, so the inserted directive suppresses nothing and is itself
// reported until the user writes the real reason.
const reasonPlaceholder = "<reason>"

// maxLoggedErrors bounds how many package errors one analysis logs.
const maxLoggedErrors = 5

// finding is one diagnostic with its code actions, in LSP terms.
type finding struct {
	diag     Diagnostic
	fixes    []fix
	suppress *fix // nil when a directive could not suppress the diagnostic
}

// fix is one code action's title and edits.
type fix struct {
	title string
	edits map[DocumentURI][]TextEdit
}

// fileResult is what one analysis found in one Go file of the package.
type fileResult struct {
	path     string
	uri      DocumentURI
	text     string // the text the analysis saw: ranges and edits refer to it
	findings []finding
}

// analysisResult covers every Go file of the analysed package, so that
// publishing it also clears the files that have no findings any more.
type analysisResult struct {
	pkgID string
	files []*fileResult
	// logs are messages for window/logMessage (load errors, failed
	// analyzers): the user should know why diagnostics may be missing.
	logs []string
	// warnings are logged as warnings: the rules could not run at all.
	warnings []string
	// illTyped: the package has parse or type errors, so the rules saw
	// less than usual (querysite recovers nothing from it).
	illTyped bool
	// load says how the package graph was obtained, for the log.
	load string
	// planned are the tables the package's query sites were planned on
	// (display paths); nil when the graph has no query plan of it.
	planned map[string]bool
}

// analyse analyses the package that holds the Go file path, as saved on
// disk, from the job's package graph (load.Snapshot: dependencies that
// cannot hold facts from export data, the rest from source, re-checked
// incrementally after edits). It returns nil, nil when there is nothing to
// publish: the file is outside any module or belongs to no package of
// this build.
func (s *Server) analyse(ctx context.Context, path string) (res *analysisResult, err error) {
	moduleRoot := srcfiles.FindModuleRoot(filepath.Dir(path))
	if moduleRoot == "" {
		return nil, nil
	}
	start := time.Now()
	snap, how, err := s.snapshotFor(ctx, path, moduleRoot)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	root := packageOf(snap.Roots, path)
	if root == nil {
		return nil, nil
	}
	// The module's hash evidence (evidence.go), as the standalone run's
	// module round applies it. Analyses run one at a time on the worker,
	// so none overlaps the call, as the session requires.
	restore := analyzer.Process().UseModuleEvidence(s.evidenceFor(moduleRoot))
	res, err = analyseRoot(snap.View([]*packages.Package{root})[0], path, s.opts.Analyzers)
	restore()
	if res != nil {
		res.load = fmt.Sprintf("%s in %v (%s)", how, time.Since(start).Round(time.Millisecond), snap)
	}
	return res, err
}

// analyseRoot runs the analyzers over root (loaded with its view of the
// dependencies) and converts the diagnostics of its Go files.
func analyseRoot(root *packages.Package, path string, analyzers []*analysis.Analyzer) (res *analysisResult, err error) {
	res = &analysisResult{pkgID: root.ID}
	if len(root.Errors) > 0 {
		// Analysis still runs: the rules run despite type errors and
		// report what they can see.
		msgs := make([]string, 0, maxLoggedErrors)
		for i, e := range root.Errors {
			if i == maxLoggedErrors {
				msgs = append(msgs, fmt.Sprintf("and %d more", len(root.Errors)-i))
				break
			}
			msgs = append(msgs, e.Error())
		}
		res.logs = append(res.logs, fmt.Sprintf("package %s has errors; ydblint analyses what it can: %s", root.ID, strings.Join(msgs, "; ")))
		for _, e := range root.Errors {
			if e.Kind == packages.TypeError || e.Kind == packages.ParseError {
				res.illTyped = true
			}
		}
	}

	graph, err := runChecker(withPlan(analyzers), root)
	if err != nil {
		return nil, err
	}
	if tables, ok := plannedTables(graph, root); ok {
		res.planned = tables
	}
	texts := newTextCache(nil) // the analysis saw the files on disk
	files := map[string]*fileResult{}
	var order []*fileResult
	for _, name := range root.GoFiles {
		name = filepath.Clean(name)
		text, ok := texts.get(name)
		if !ok {
			continue
		}
		fr := &fileResult{path: name, uri: pathToURI(name), text: text}
		files[name] = fr
		order = append(order, fr)
	}
	syntax := map[*token.File]*ast.File{}
	for _, f := range root.Syntax {
		if tf := root.Fset.File(f.FileStart); tf != nil {
			syntax[tf] = f
		}
	}

	type key struct {
		pos, end token.Pos
		msg      string
	}
	seen := map[key]bool{}
	// The rules' actions: queryplan, added for the module evidence, is
	// not one the user asked for.
	var rules []*checker.Action
	for _, act := range graph.Roots {
		if slices.Contains(analyzers, act.Analyzer) {
			rules = append(rules, act)
		}
	}
	failed := 0
	for _, act := range rules {
		if act.Err != nil {
			failed++
		}
	}
	if failed > 0 && failed == len(rules) && len(root.Errors) > 0 {
		// The rules need SSA, which go/analysis does not build for
		// ill-typed code: one type error in the package or a dependency
		// stops them all. Say so once, plainly.
		res.warnings = append(res.warnings, fmt.Sprintf("ydblint's rules could not run on %s: it or a dependency does not type-check (%v); fix the errors and save", root.ID, root.Errors[0]))
	}
	for _, act := range rules {
		if act.Err != nil && len(res.warnings) == 0 {
			res.logs = append(res.logs, fmt.Sprintf("%s on %s: %v", act.Analyzer.Name, root.ID, act.Err))
		}
		for _, d := range act.Diagnostics {
			k := key{d.Pos, d.End, d.Message}
			if seen[k] {
				continue // package-wide messages (configuration errors) come once per rule
			}
			seen[k] = true
			tf := root.Fset.File(d.Pos)
			if tf == nil {
				continue
			}
			fr := files[filepath.Clean(tf.Name())]
			if fr == nil {
				continue
			}
			if len(fr.text) != tf.Size() {
				res.logs = append(res.logs, fmt.Sprintf("%s changed while it was analysed; its diagnostics wait for the next save", fr.path))
				continue
			}
			f, ok := convert(root.Fset, d, act.Analyzer, fr, texts, syntax[tf])
			if ok {
				fr.findings = append(fr.findings, f)
			}
		}
	}
	for _, fr := range order {
		slices.SortStableFunc(fr.findings, func(a, b finding) int {
			if c := comparePositions(a.diag.Range.Start, b.diag.Range.Start); c != 0 {
				return c
			}
			if c := comparePositions(a.diag.Range.End, b.diag.Range.End); c != 0 {
				return c
			}
			return strings.Compare(a.diag.Message, b.diag.Message)
		})
	}
	res.files = order
	return res, nil
}

func comparePositions(a, b Position) int {
	if a.Line != b.Line {
		return cmp.Compare(a.Line, b.Line)
	}
	return cmp.Compare(a.Character, b.Character)
}

// withPlan is analyzers with queryplan among the roots: the checker keeps
// the results of root actions only, and the module evidence reads the
// tables the package's sites were planned on from it (plannedTables).
// queryplan reports nothing itself.
func withPlan(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	if slices.Contains(analyzers, queryplan.Analyzer) {
		return analyzers
	}
	return append(slices.Clip(analyzers), queryplan.Analyzer)
}

// packageOf picks the loaded package that compiles path: for a _test.go
// file the test variant that holds it, otherwise the package itself.
func packageOf(pkgs []*packages.Package, path string) *packages.Package {
	for _, p := range pkgs {
		for _, f := range p.GoFiles {
			if filepath.Clean(f) == path {
				return p
			}
		}
	}
	return nil
}

// runChecker runs the analyzers over one package sequentially, so that a
// panic happens on this goroutine and becomes an error here instead of
// ending the server.
func runChecker(analyzers []*analysis.Analyzer, root *packages.Package) (graph *checker.Graph, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("analysis of %s panicked: %v\n%s", root.ID, r, debug.Stack())
		}
	}()
	return checker.Analyze(analyzers, []*packages.Package{root}, &checker.Options{Sequential: true})
}

// textCache reads each file once per analysis, preferring the overlay.
type textCache struct {
	overlay map[string][]byte
	texts   map[string]string
}

func newTextCache(overlay map[string][]byte) *textCache {
	return &textCache{overlay: overlay, texts: map[string]string{}}
}

func (c *textCache) get(path string) (string, bool) {
	if t, ok := c.texts[path]; ok {
		return t, true
	}
	var text string
	if b, ok := c.overlay[path]; ok {
		text = string(b)
	} else {
		b, err := os.ReadFile(path)
		if err != nil {
			return "", false
		}
		text = string(b)
	}
	c.texts[path] = text
	return text, true
}

// convert turns one analysis diagnostic into a finding with LSP ranges.
func convert(fset *token.FileSet, d analysis.Diagnostic, a *analysis.Analyzer, fr *fileResult, texts *textCache, file *ast.File) (finding, bool) {
	m := newMapper(fr.text)
	start := fset.PositionFor(d.Pos, false)
	end := start
	if d.End.IsValid() && d.End >= d.Pos {
		end = fset.PositionFor(d.End, false)
	}
	rule := d.Category
	if rule == "" {
		rule = a.Name
	}
	diag := Diagnostic{
		Range:    Range{Start: m.lineColumn(start.Line, start.Column), End: m.lineColumn(end.Line, end.Column)},
		Severity: severity(d),
		Code:     rule,
		Source:   "ydblint",
		Message:  d.Message,
	}
	if d.URL != "" {
		diag.CodeDescription = &CodeDescription{Href: d.URL}
	}
	f := finding{diag: diag}
	for _, sf := range d.SuggestedFixes {
		edits, ok := convertEdits(fset, sf.TextEdits, texts)
		if ok && len(edits) > 0 {
			f.fixes = append(f.fixes, fix{title: sf.Message, edits: edits})
		}
	}
	if suppressible(d, rule) && file != nil {
		f.suppress = suppressFix(fset, file, d.Pos, rule, fr)
	}
	return f, true
}

// severity: malformed directives and configuration errors are errors (the
// user's ydblint input is wrong); rule findings are warnings.
func severity(d analysis.Diagnostic) int {
	if strings.HasPrefix(d.URL, report.URLBase+"config#") {
		return SeverityError
	}
	return SeverityWarning
}

// suppressible reports whether a ydblint:ignore directive can silence d:
// rule findings can; internal errors, configuration errors and directive
// problems (documented under passes/config) cannot.
func suppressible(d analysis.Diagnostic, rule string) bool {
	if strings.HasPrefix(d.Message, "internal error:") {
		return false
	}
	u := report.URLBase + rule
	return d.URL == u || strings.HasPrefix(d.URL, u+"#")
}

// convertEdits converts a suggested fix's edits, which may touch several
// files; false when a file cannot be read.
func convertEdits(fset *token.FileSet, edits []analysis.TextEdit, texts *textCache) (map[DocumentURI][]TextEdit, bool) {
	out := map[DocumentURI][]TextEdit{}
	for _, e := range edits {
		tf := fset.File(e.Pos)
		if tf == nil {
			return nil, false
		}
		text, ok := texts.get(filepath.Clean(tf.Name()))
		if !ok || len(text) != tf.Size() {
			return nil, false
		}
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		m := newMapper(text)
		uri := pathToURI(filepath.Clean(tf.Name()))
		out[uri] = append(out[uri], TextEdit{
			Range:   Range{Start: m.position(tf.Offset(e.Pos)), End: m.position(tf.Offset(end))},
			NewText: string(e.NewText),
		})
	}
	return out, true
}

// suppressFix inserts "//ydblint:ignore <rule> <reason>" on its own line
// above the statement, declaration or spec that holds pos, indented like
// it. A directive there covers that whole syntax node (see passes/config,
// "Suppressing diagnostics"). It returns nil when no such node starts its
// own line.
func suppressFix(fset *token.FileSet, file *ast.File, pos token.Pos, rule string, fr *fileResult) *fix {
	tf := fset.File(file.FileStart)
	if tf == nil || !pos.IsValid() || pos < file.FileStart || pos > file.FileEnd {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	m := newMapper(fr.text)
	for i, n := range path {
		if !directiveTarget(n, path[i+1:]) {
			continue
		}
		off := tf.Offset(n.Pos())
		line := tf.Line(n.Pos())
		if line < 1 || line > len(m.starts) {
			return nil
		}
		lineStart := m.starts[line-1]
		indent := fr.text[lineStart:off]
		if strings.TrimLeft(indent, " \t") != "" {
			continue // code precedes the node on its line: try the enclosing one
		}
		eol := "\n"
		if lineEnd := strings.IndexByte(fr.text[off:], '\n'); lineEnd > 0 && fr.text[off+lineEnd-1] == '\r' {
			eol = "\r\n"
		}
		at := m.position(lineStart)
		text := indent + "//ydblint:ignore " + rule + " " + reasonPlaceholder + eol
		return &fix{
			title: "Suppress " + rule + " here: insert //ydblint:ignore " + rule + " " + reasonPlaceholder + " (then write the reason)",
			edits: map[DocumentURI][]TextEdit{fr.uri: {{Range: Range{Start: at, End: at}, NewText: text}}},
		}
	}
	return nil
}

// directiveTarget reports whether n, with its ancestors outer (innermost
// first), is a node a directive line goes above: a statement in a
// statement list, a top-level declaration, or a spec of a parenthesised
// declaration.
func directiveTarget(n ast.Node, outer []ast.Node) bool {
	if len(outer) == 0 {
		return false
	}
	parent := outer[0]
	switch n := n.(type) {
	case ast.Stmt:
		switch p := parent.(type) {
		case *ast.BlockStmt:
			return slices.Contains(p.List, n)
		case *ast.CaseClause:
			return slices.Contains(p.Body, n)
		case *ast.CommClause:
			return slices.Contains(p.Body, n)
		}
	case ast.Decl:
		_, ok := parent.(*ast.File)
		return ok
	case ast.Spec:
		gd, ok := parent.(*ast.GenDecl)
		return ok && gd.Lparen.IsValid()
	}
	return false
}
