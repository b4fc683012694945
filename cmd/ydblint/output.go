package main

// Stage B of the standalone driver: turn stage A's runResult into text or
// JSON and an exit code. Nothing here loads or analyzes.

import (
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/report"
)

// Exit codes (docs/running.md "Exit codes", printHelp).
const (
	exitClean    = 0 // nothing to report
	exitLoad     = 1 // a package does not load or type-check, or an analysis failed
	exitUsage    = 2 // bad flags, patterns or configuration
	exitFindings = 3 // findings reported (not with -json)
)

// configPrefix starts every configuration error the rules report
// (internal/report); the driver reports those once per run.
const configPrefix = "ydblint configuration: "

// summary is what stage B derives from a runResult before printing.
type summary struct {
	// Findings are the rules' diagnostics without configuration errors,
	// de-duplicated (a file of both p and p's test variant, a package-wide
	// message of several rules) and sorted by file, position and rule.
	Findings []finding
	// ConfigErrors are the distinct configuration errors, in order.
	ConfigErrors []string
	// LoadErrors are "package: error" lines of packages that did not load
	// or type-check, and of analyses that failed.
	LoadErrors []string
}

func summarize(run *runResult, dir string) *summary {
	s := &summary{}
	seenCfg := map[string]bool{}
	type key struct {
		posn, end token.Position
		msg       string
	}
	seen := map[key]bool{}
	shadowed := shadowedByTest(run) // variants.go
	for _, p := range run.Packages {
		for _, e := range errorsOnce(p.Errors, dir) {
			s.LoadErrors = append(s.LoadErrors, e.text(dir, p.ID))
		}
		for _, f := range p.Failures {
			s.LoadErrors = append(s.LoadErrors, fmt.Sprintf("%s: analyzer %s failed: %s", p.ID, f.Analyzer, f.Err))
		}
		if p.Skipped != "" && p.Root && !strings.HasSuffix(p.PkgPath, ".test") { // not the generated test main
			s.LoadErrors = append(s.LoadErrors, skippedText(run, p))
		}
		for _, f := range p.Findings {
			if msg, ok := strings.CutPrefix(f.Message, configPrefix); ok {
				if !seenCfg[msg] {
					seenCfg[msg] = true
					s.ConfigErrors = append(s.ConfigErrors, msg)
				}
				continue
			}
			if shadowed[p.ID] {
				continue
			}
			k := key{f.Posn, f.End, f.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			s.Findings = append(s.Findings, f)
		}
	}
	for _, msg := range emptySchemaPaths(run) {
		if !seenCfg[msg] {
			seenCfg[msg] = true
			s.ConfigErrors = append(s.ConfigErrors, msg)
		}
	}
	s.LoadErrors = dedupe(s.LoadErrors)
	sortFindings(s.Findings)
	return s
}

// skippedText says that a package was not analysed and why; for a test
// variant, that its package's own files were analysed without the tests.
func skippedText(run *runResult, p *pkgResult) string {
	msg := fmt.Sprintf("ydblint: %s not analysed: %s", p.ID, p.Skipped)
	if base, _, ok := strings.Cut(p.ID, " "); ok {
		for _, q := range run.Packages {
			if q.ID == base && q.Skipped == "" && len(q.Errors) == 0 {
				msg += fmt.Sprintf("; %s was analysed without its test files", base)
			}
		}
	}
	return msg
}

// errorsOnce drops the type errors of a package that the go command's
// build output for it already holds: when export data cannot be built,
// go list reports the compiler's errors ("# pkg" and "file:line:col: msg"
// lines, file relative to dir) and the type checker then finds the same
// ones (file absolute).
func errorsOnce(errs []loadError, dir string) []loadError {
	block := map[string]bool{}
	for _, e := range errs {
		if (e.Pos == "" || e.Pos == "-") && strings.HasPrefix(e.Msg, "# ") {
			for _, line := range strings.Split(e.Msg, "\n") {
				if m := goErrorLine.FindStringSubmatch(line); m != nil {
					block[absPos(dir, m[1])+": "+m[2]] = true
				}
			}
		}
	}
	if len(block) == 0 {
		return errs
	}
	var out []loadError
	for _, e := range errs {
		if e.Pos != "" && e.Pos != "-" && block[absPos(dir, e.Pos)+": "+e.Msg] {
			continue
		}
		out = append(out, e)
	}
	return out
}

// goErrorLine is a "file:line:col: message" line of the go command.
var goErrorLine = regexp.MustCompile(`^(.+?:\d+:\d+): (.*)$`)

// absPos makes the file of a "file:line:col" position absolute (relative
// files are relative to dir, the current directory when "").
func absPos(dir, pos string) string {
	file, rest, hasPos := strings.Cut(pos, ":")
	if !filepath.IsAbs(file) {
		if dir == "" {
			dir, _ = os.Getwd()
		}
		file = filepath.Join(dir, file)
	}
	file = filepath.Clean(file)
	if !hasPos {
		return file
	}
	return file + ":" + rest
}

func dedupe(list []string) []string {
	seen := map[string]bool{}
	out := list[:0]
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func sortFindings(fs []finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Posn.Filename != b.Posn.Filename {
			return a.Posn.Filename < b.Posn.Filename
		}
		if a.Posn.Line != b.Posn.Line {
			return a.Posn.Line < b.Posn.Line
		}
		if a.Posn.Column != b.Posn.Column {
			return a.Posn.Column < b.Posn.Column
		}
		if a.Rule != b.Rule {
			return a.Rule < b.Rule
		}
		return a.Message < b.Message
	})
}

// exitCode: a configuration error wins (the run did not check what the
// user asked), then a package that did not load, then findings.
func (s *summary) exitCode(jsonMode bool) int {
	switch {
	case len(s.ConfigErrors) > 0:
		return exitUsage
	case len(s.LoadErrors) > 0:
		return exitLoad
	case len(s.Findings) > 0 && !jsonMode:
		return exitFindings
	}
	return exitClean
}

// emptySchemaPaths names every configured schema path (-migrations,
// schema.paths) that exists but gave the catalogue no table, when some
// package has query sites. A missing path is already a configuration error
// (passes/config); an existing directory without DDL would otherwise leave
// every rule silent without a word.
func emptySchemaPaths(run *runResult) []string {
	var paths []string
	seen := map[string]bool{}
	used := false
	var defined []string // absolute files that define tables
	for _, p := range run.Packages {
		if len(p.Outcomes) > 0 {
			used = true
		}
		if p.Config != nil {
			for _, sp := range p.Config.SchemaPaths {
				if !seen[sp] {
					seen[sp] = true
					paths = append(paths, sp)
				}
			}
		}
		for _, t := range p.Tables {
			file := t.File
			if file == "" {
				continue
			}
			if !filepath.IsAbs(file) && p.ModuleRoot != "" {
				file = filepath.Join(p.ModuleRoot, file)
			}
			defined = append(defined, filepath.Clean(file))
		}
	}
	if !used {
		return nil
	}
	var out []string
	for _, sp := range paths {
		if _, err := os.Stat(sp); err != nil && !strings.ContainsAny(sp, "*?[") {
			continue // reported by passes/config
		}
		if !anyUnder(defined, sp) {
			out = append(out, fmt.Sprintf("schema path %s defines no table (no CREATE TABLE found there); every query on its tables stays unchecked", sp))
		}
	}
	return out
}

func anyUnder(files []string, root string) bool {
	glob := strings.ContainsAny(root, "*?[")
	for _, f := range files {
		if glob {
			if ok, _ := filepath.Match(root, f); ok {
				return true
			}
			continue
		}
		if f == root || strings.HasPrefix(f, root+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// relPath makes a file name relative to dir when it lies below it, as go
// vet and staticcheck print them.
func relPath(dir, file string) string {
	if dir == "" || !filepath.IsAbs(file) {
		return file
	}
	if rel, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return file
}

func posString(dir string, p token.Position) string {
	if !p.IsValid() {
		return "-"
	}
	p.Filename = relPath(dir, p.Filename)
	return p.String()
}

// printText prints the findings as
//
//	file:line:col: headline (rule)
//	    detail
//	    …
//	<tab>file:line:col: related place (the schema line, the evidence)
//
// with paths relative to dir. The headline is the message up to its first
// top-level "; "; each further part goes on an indented line. contextLines
// >= 0 also prints the source lines around each finding.
func printText(w io.Writer, dir string, fs []finding, contextLines int) {
	for _, f := range fs {
		parts := splitMessage(f.Message)
		fmt.Fprintf(w, "%s: %s (%s)\n", posString(dir, f.Posn), parts[0], f.Rule)
		for _, p := range parts[1:] {
			fmt.Fprintf(w, "    %s\n", p)
		}
		for _, r := range f.Related {
			fmt.Fprintf(w, "\t%s: %s\n", posString(dir, r.Posn), r.Message)
		}
		if contextLines >= 0 {
			printContext(w, f.Posn, f.End, contextLines)
		}
	}
}

func printContext(w io.Writer, posn, end token.Position, n int) {
	data, err := os.ReadFile(posn.Filename)
	if err != nil {
		return
	}
	if !end.IsValid() {
		end = posn
	}
	lines := strings.Split(string(data), "\n")
	for i := posn.Line - n; i <= end.Line+n; i++ {
		if 1 <= i && i <= len(lines) {
			fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
		}
	}
}

// splitMessage cuts a message into its headline and detail parts
// (report.SplitMessage, which yqlcheck also uses to place a part after the
// headline).
func splitMessage(msg string) []string { return report.SplitMessage(msg) }

// printLoadErrors prints the load, type and analysis errors and the
// configuration errors to w, each once.
func printErrors(w io.Writer, s *summary) {
	for _, e := range s.ConfigErrors {
		fmt.Fprintf(w, "ydblint: configuration error: %s\n", e)
	}
	for _, e := range s.LoadErrors {
		fmt.Fprintln(w, e)
	}
}

// JSON output: the go/analysis JSON tree ({"<package ID>": {"<analyzer>":
// [diagnostic…] | {"error": "…"}}}), as go vet -json and the x/tools
// drivers print it, plus the package's load and type errors under the key
// "load" and configuration errors under "config" (in the first package
// that reported them), so that a JSON consumer never mistakes a package
// that did not load for a clean one.

type jsonDiagnostic struct {
	Category       string        `json:"category,omitempty"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	URL            string        `json:"url,omitempty"`
	SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
	Related        []jsonRelated `json:"related,omitempty"`
}

type jsonFix struct {
	Message string     `json:"message"`
	Edits   []jsonEdit `json:"edits"`
}

type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type jsonRelated struct {
	Posn    string `json:"posn"`
	End     string `json:"end"`
	Message string `json:"message"`
}

type jsonError struct {
	Err string `json:"error"`
}

func printJSON(w io.Writer, run *runResult) error {
	tree := map[string]map[string]any{}
	add := func(id, key string, v any) {
		m := tree[id]
		if m == nil {
			m = map[string]any{}
			tree[id] = m
		}
		m[key] = v
	}
	seenCfg := map[string]bool{}
	type key struct {
		posn, end token.Position
		msg       string
	}
	seen := map[key]bool{}
	shadowed := shadowedByTest(run) // variants.go
	for _, p := range run.Packages {
		if len(p.Errors) > 0 {
			var lines []string
			for _, e := range p.Errors {
				lines = append(lines, e.text("", p.ID))
			}
			add(p.ID, "load", jsonError{strings.Join(lines, "\n")})
		}
		for _, f := range p.Failures {
			add(p.ID, f.Analyzer, jsonError{f.Err})
		}
		byRule := map[string][]jsonDiagnostic{}
		var cfg []string
		for _, f := range p.Findings {
			if msg, ok := strings.CutPrefix(f.Message, configPrefix); ok {
				if !seenCfg[msg] {
					seenCfg[msg] = true
					cfg = append(cfg, msg)
				}
				continue
			}
			if shadowed[p.ID] {
				continue
			}
			k := key{f.Posn, f.End, f.Message}
			if seen[k] {
				continue
			}
			seen[k] = true
			byRule[f.Rule] = append(byRule[f.Rule], toJSON(f))
		}
		if len(cfg) > 0 {
			add(p.ID, "config", jsonError{strings.Join(cfg, "\n")})
		}
		for rule, list := range byRule {
			add(p.ID, rule, list)
		}
	}
	var extra []string
	for _, msg := range emptySchemaPaths(run) {
		if !seenCfg[msg] {
			extra = append(extra, msg)
		}
	}
	if len(extra) > 0 && len(run.Packages) > 0 {
		id := run.Packages[0].ID
		if m := tree[id]; m != nil {
			if prev, ok := m["config"].(jsonError); ok {
				extra = append([]string{prev.Err}, extra...)
			}
		}
		add(id, "config", jsonError{strings.Join(extra, "\n")})
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}

func toJSON(f finding) jsonDiagnostic {
	d := jsonDiagnostic{Category: f.Category, Posn: f.Posn.String(), End: f.End.String(), Message: f.Message, URL: f.URL}
	for _, x := range f.Fixes {
		jf := jsonFix{Message: x.Message, Edits: []jsonEdit{}}
		for _, e := range x.Edits {
			jf.Edits = append(jf.Edits, jsonEdit{Filename: e.Filename, Start: e.Start, End: e.End, New: e.New})
		}
		d.SuggestedFixes = append(d.SuggestedFixes, jf)
	}
	for _, r := range f.Related {
		d.Related = append(d.Related, jsonRelated{Posn: r.Posn.String(), End: r.End.String(), Message: r.Message})
	}
	return d
}

// text is the error as printed: "file:line:col: msg" (relative to dir),
// or "package <id>: msg" when it has no position.
func (e loadError) text(dir, id string) string {
	if e.Pos == "" || e.Pos == "-" {
		if strings.HasPrefix(e.Msg, "# ") {
			return e.Msg // the go command's own block, headed by the package as go vet prints it
		}
		return "package " + id + ": " + e.Msg
	}
	return relPath(dir, e.Pos) + ": " + e.Msg
}
