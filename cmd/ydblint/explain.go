package main

// Stage B, -explain and -stats: what ydblint did with every query site.

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ydblint/ydblint/passes/queryplan"
)

// explainFlag is -explain, -explain=file.go, -explain=file.go:line,
// -explain=dir (every file below it) or -explain=migration.sql
// (explainschema.go). It is a boolean flag that also
// takes a place: a bare -explain shows every site.
type explainFlag struct {
	on   bool
	file string // "" for every file
	line int    // 0 for every line
}

func (f *explainFlag) IsBoolFlag() bool { return true }

func (f *explainFlag) String() string {
	switch {
	case f == nil || !f.on:
		return "false"
	case f.file == "":
		return "true"
	case f.line == 0:
		return f.file
	}
	return f.file + ":" + strconv.Itoa(f.line)
}

func (f *explainFlag) Set(v string) error {
	switch v {
	case "true", "":
		*f = explainFlag{on: true}
		return nil
	case "false":
		*f = explainFlag{}
		return nil
	}
	file, line := v, 0
	if i := strings.LastIndexByte(v, ':'); i > 0 {
		n, err := strconv.Atoi(v[i+1:])
		if err != nil || n <= 0 {
			return fmt.Errorf("want file.go, file.go:line or a migration file.sql, got %q", v)
		}
		file, line = v[:i], n
	}
	*f = explainFlag{on: true, file: filepath.Clean(file), line: line}
	return nil
}

// matches reports whether a site spanning posn..end is selected.
func (f *explainFlag) matches(dir string, o *siteOutcome) bool {
	if f.file == "" {
		return true
	}
	name := o.Posn.Filename
	want := f.file
	if !filepath.IsAbs(want) && dir != "" {
		want = filepath.Join(dir, want)
	}
	inDir := strings.HasPrefix(name, want+string(filepath.Separator)) // -explain=dir: every file below it
	if name != want && !inDir && !strings.HasSuffix(name, string(filepath.Separator)+f.file) {
		return false
	}
	if f.line == 0 {
		return true
	}
	end := o.End.Line
	if end < o.Posn.Line {
		end = o.Posn.Line
	}
	return o.Posn.Line <= f.line && f.line <= end
}

// uniqueSites returns every site once (a file of p and of p's test variant
// is analysed twice), with the package it was first seen in, sorted by
// position.
func uniqueSites(run *runResult) []attributed {
	type key struct {
		file      string
		line, col int
		api       string
	}
	seen := map[key]bool{}
	var out []attributed
	for _, p := range run.Packages {
		for i := range p.Outcomes {
			o := &p.Outcomes[i]
			k := key{o.Posn.Filename, o.Posn.Line, o.Posn.Column, o.API}
			if seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, attributed{pkg: p, o: o})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i].o.Posn, out[j].o.Posn
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return out
}

type attributed struct {
	pkg *pkgResult
	o   *siteOutcome
}

// printExplain prints one line per selected query site:
//
//	file:line:col: API [via wrapper]: checked|not checked (text full|partial|none): what; why not
func printExplain(w io.Writer, dir string, run *runResult, f *explainFlag) int {
	n := 0
	for _, s := range uniqueSites(run) {
		if !f.matches(dir, s.o) {
			continue
		}
		n++
		fmt.Fprintln(w, explainLine(dir, s.o))
	}
	if n == 0 && f.file != "" {
		fmt.Fprintf(w, "ydblint: no query site at %s\n", f.String())
	}
	return n
}

func explainLine(dir string, o *siteOutcome) string {
	var b strings.Builder
	b.WriteString(posString(dir, o.Posn))
	b.WriteString(": ")
	b.WriteString(o.API)
	if len(o.Via) > 0 {
		b.WriteString(" via " + shortFunc(o.Via[0]))
	}
	switch {
	case o.planned():
		b.WriteString(": checked")
	case o.resolved():
		b.WriteString(": not checked, table known")
	default:
		b.WriteString(": not checked")
	}
	b.WriteString(" (text " + o.Text.String() + ")")
	sep := ": "
	for _, c := range collapseChecks(o.Checks) {
		b.WriteString(sep)
		sep = "; "
		b.WriteString(c)
	}
	for i, s := range o.Skips {
		if i > 0 && o.Skips[i-1].Code == s.Code {
			b.WriteString(", ") // holes: a at x, b at y
		} else {
			b.WriteString(sep + string(s.Code) + ": ")
			sep = "; "
		}
		b.WriteString(s.Detail)
		if s.Posn.IsValid() {
			b.WriteString(" at " + posString(dir, s.Posn))
		}
	}
	return b.String()
}

// collapseChecks renders the planned accesses once each, in order of first
// appearance, with "×N" when N of them are the same plan: a text built in
// several ways plans the same access once per variant, and a line repeating
// one plan four times says less than "… ×4".
func collapseChecks(checks []queryplan.Check) []string {
	var order []string
	count := map[string]int{}
	for _, c := range checks {
		s := c.Op + " " + c.Table + " " + c.Key + " " + c.Verdict
		if c.Why != "" {
			s += " [" + c.Why + "]"
		}
		if count[s] == 0 {
			order = append(order, s)
		}
		count[s]++
	}
	for i, s := range order {
		if n := count[s]; n > 1 {
			order[i] = s + " ×" + strconv.Itoa(n)
		}
	}
	return order
}

// shortFunc drops the module path of a function name for -explain lines:
// "(*example.com/m/repo.Repo).Get" → "(*repo.Repo).Get".
func shortFunc(fn string) string {
	i := strings.LastIndexByte(fn, '/')
	if i < 0 {
		return fn
	}
	prefix := ""
	if strings.HasPrefix(fn, "(*") {
		prefix = "(*"
	} else if strings.HasPrefix(fn, "(") {
		prefix = "("
	}
	return prefix + fn[i+1:]
}

// stats is -stats: the counts for one package or the total.
type stats struct {
	sites, full, partial, none, resolved, planned, findings int
}

func (s *stats) add(o *siteOutcome) {
	s.sites++
	switch o.Text {
	case queryplan.TextFull:
		s.full++
	case queryplan.TextPartial:
		s.partial++
	default:
		s.none++
	}
	if o.resolved() {
		s.resolved++
	}
	if o.planned() {
		s.planned++
	}
}

// printStats prints the per-package table, the total, why sites were not
// planned, the catalogue with each table's source, and the rules run.
func printStats(w io.Writer, dir string, run *runResult, sum *summary) {
	byPkg := map[string]*stats{}
	var order []string
	get := func(path string) *stats {
		s := byPkg[path]
		if s == nil {
			s = &stats{}
			byPkg[path] = s
			order = append(order, path)
		}
		return s
	}
	var total stats
	reasons := map[queryplan.SkipCode]int{}
	pkgReasons := map[string]map[queryplan.SkipCode]int{}
	for _, s := range uniqueSites(run) {
		get(s.pkg.PkgPath).add(s.o)
		total.add(s.o)
		if !s.o.planned() && len(s.o.Skips) > 0 {
			reasons[s.o.Skips[0].Code]++
			if pkgReasons[s.pkg.PkgPath] == nil {
				pkgReasons[s.pkg.PkgPath] = map[queryplan.SkipCode]int{}
			}
			pkgReasons[s.pkg.PkgPath][s.o.Skips[0].Code]++
		}
	}
	// Findings by package: a finding belongs to the package whose files
	// hold it; the summary has them once each.
	fileToPkg := map[string]string{}
	for _, p := range run.Packages {
		for _, o := range p.Outcomes {
			if _, ok := fileToPkg[o.Posn.Filename]; !ok {
				fileToPkg[o.Posn.Filename] = p.PkgPath
			}
		}
	}
	byRule := map[string]int{}
	for _, f := range sum.Findings {
		byRule[f.Rule]++
		total.findings++
		if path, ok := fileToPkg[f.Posn.Filename]; ok {
			get(path).findings++
		} else {
			get(pkgOfFile(dir, run, f.Posn.Filename)).findings++
		}
	}
	sort.Strings(order)

	totalName := fmt.Sprintf("total (%d packages with query sites)", countWithSites(byPkg))
	width := len(totalName)
	for _, path := range order {
		width = max(width, len(path))
	}
	fmt.Fprintf(w, "%-*s  %5s  %9s  %7s  %4s  %11s  %7s  %8s\n", width, "package", "sites", "text full", "partial", "none", "table known", "planned", "findings")
	row := func(name string, s *stats) {
		fmt.Fprintf(w, "%-*s  %5d  %9d  %7d  %4d  %11d  %7d  %8d\n", width, name, s.sites, s.full, s.partial, s.none, s.resolved, s.planned, s.findings)
	}
	for _, path := range order {
		row(path, byPkg[path])
	}
	row(totalName, &total)

	if len(reasons) > 0 {
		fmt.Fprintf(w, "\nnot planned, by first reason (ydblint -explain says which site and why):\n")
		codes := make([]string, 0, len(reasons))
		for c := range reasons {
			codes = append(codes, string(c))
		}
		sort.Slice(codes, func(i, j int) bool {
			a, b := reasons[queryplan.SkipCode(codes[i])], reasons[queryplan.SkipCode(codes[j])]
			if a != b {
				return a > b
			}
			return codes[i] < codes[j]
		})
		for _, c := range codes {
			fmt.Fprintf(w, "  %-18s %d\n", c, reasons[queryplan.SkipCode(c)])
		}
		fmt.Fprintf(w, "\nnot planned, by package:\n")
		for _, path := range order {
			if r := pkgReasons[path]; len(r) > 0 {
				fmt.Fprintf(w, "  %-*s  %s\n", width, path, reasonCounts(r))
			}
		}
	}
	// A package none of whose query sites was checked is a data layer
	// ydblint did not look at: say so, rather than leave a clean run. Sites
	// with nothing to check (SELECT 1, DDL, CreateTable, excluded, not YQL)
	// do not count either way.
	for _, path := range order {
		blind, n := map[queryplan.SkipCode]int{}, 0
		for c, k := range pkgReasons[path] {
			if !nothingToCheck[c] {
				blind[c] += k
				n += k
			}
		}
		if s := byPkg[path]; n >= 2 && s.planned == 0 {
			fmt.Fprintf(w, "\n%s: none of its %d query sites was checked (%s); ydblint -explain=%s says why\n",
				path, n, reasonCounts(blind), relDir(dir, run, path))
		}
	}

	tables := catalogue(run)
	fmt.Fprintf(w, "\ncatalogue: %d tables\n", len(tables))
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, t := range tables {
		fmt.Fprintf(tw, "  %s\t%s\t%s\n", t.Path, t.Key, t.Src)
	}
	tw.Flush()
	if run.ModuleHashes > 0 {
		fmt.Fprintf(w, "tables with hash-prefix evidence from any package of the run: %d; packages checked again with it: %d\n", run.ModuleHashes, run.Rechecked)
	}

	fmt.Fprintf(w, "\nrules run: %s\n", strings.Join(run.Rules, ", "))
	var parts []string
	for _, r := range run.Rules {
		if byRule[r] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", r, byRule[r]))
		}
	}
	if len(parts) == 0 {
		fmt.Fprintf(w, "findings: %d\n", total.findings)
	} else {
		fmt.Fprintf(w, "findings: %d (%s)\n", total.findings, strings.Join(parts, ", "))
	}
}

// nothingToCheck are the skip codes of sites that hold nothing a rule
// could judge: not a silence to explain.
var nothingToCheck = map[queryplan.SkipCode]bool{
	queryplan.SkipNoTable: true, queryplan.SkipNoDML: true, queryplan.SkipSchemaCall: true,
	queryplan.SkipExplainOnly: true, queryplan.SkipNotYQL: true, queryplan.SkipExcluded: true,
}

// reasonCounts renders skip codes and their counts, most frequent first.
func reasonCounts(r map[queryplan.SkipCode]int) string {
	codes := make([]queryplan.SkipCode, 0, len(r))
	for c := range r {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		if r[codes[i]] != r[codes[j]] {
			return r[codes[i]] > r[codes[j]]
		}
		return codes[i] < codes[j]
	})
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%s %d", c, r[c])
	}
	return strings.Join(parts, ", ")
}

// relDir names a package's directory for -explain, relative to dir: the
// directory of its first query site's file.
func relDir(dir string, run *runResult, pkgPath string) string {
	for _, p := range run.Packages {
		if p.PkgPath != pkgPath || len(p.Outcomes) == 0 {
			continue
		}
		d := filepath.Dir(p.Outcomes[0].Posn.Filename)
		if r, err := filepath.Rel(dir, d); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
		return d
	}
	return pkgPath
}

func countWithSites(m map[string]*stats) int {
	n := 0
	for _, s := range m {
		if s.sites > 0 {
			n++
		}
	}
	return n
}

// pkgOfFile names the package directory of a file without query sites
// (a finding at a package clause, a directive), or, for a file of no
// package (a migration), its directory relative to dir with a trailing /.
func pkgOfFile(dir string, run *runResult, file string) string {
	fileDir := filepath.Dir(file)
	for _, p := range run.Packages {
		for _, o := range p.Outcomes {
			if filepath.Dir(o.Posn.Filename) == fileDir {
				return p.PkgPath
			}
		}
	}
	if r, err := filepath.Rel(dir, fileDir); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r) + "/"
	}
	return fileDir + "/"
}

// catalogue returns the tables of every package's catalogue once, by path.
func catalogue(run *runResult) []tableInfo {
	seen := map[tableInfo]bool{}
	var out []tableInfo
	for _, p := range run.Packages {
		for _, t := range p.Tables {
			if !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Src < out[j].Src
	})
	return out
}
