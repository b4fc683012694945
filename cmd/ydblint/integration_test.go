package main

// The driver-integration test: testdata/integration is run through the three
// drivers users have (the ydblint command standalone, go vet -vettool, and a
// golangci-lint v2 custom build with the module plugin), and every driver
// must report exactly the corpus's `// want` set, at the same file:line:col
// with the same message. analysistest cannot stand in for this: it loads
// every package from source, whereas go vet reads dependencies from export
// data and shows a package only its direct imports' facts, golangci-lint
// prefixes messages and has its own fixer, and both cache results.
//
// It builds binaries and a golangci-lint, so it runs only with
// YDBLINT_INTEGRATION=1 (.ci/run sets it). The golangci-lint binaries are
// built as `golangci-lint custom` builds them and cached between runs (see
// gclbuild_test.go).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/scanner"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/analyzer/gclplugin"
)

const (
	integrationEnv = "YDBLINT_INTEGRATION"
	// gclVersion is the golangci-lint the plugin is built into; it must
	// require the same golang.org/x/tools as go.mod (v2.15.0 ↔ v0.52.0).
	gclVersion = "v2.15.0"
	// gclCacheEnv overrides where the built golangci-lint is kept.
	gclCacheEnv = "YDBLINT_GCL_CACHE"
)

// diag is one diagnostic as a driver printed it. File is slash-separated and
// relative to the corpus directory; Analyzer is empty for the text outputs,
// which do not name it.
type diag struct {
	File      string
	Line, Col int
	Analyzer  string
	Msg       string
	// HasFix says whether the diagnostic carries a suggested fix, when the
	// output says (FixKnown: the JSON outputs).
	HasFix, FixKnown bool
}

func (d diag) String() string { return fmt.Sprintf("%s:%d:%d: %s", d.File, d.Line, d.Col, d.Msg) }

// expectation is one `// want` regexp of the corpus.
type expectation struct {
	File string
	Line int
	Re   *regexp.Regexp
}

func TestIntegration(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to build the drivers and run them over testdata/integration", integrationEnv)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(root, "testdata", "integration")
	wants := parseWants(t, corpus)
	settings := gclSettings(t, corpus)
	// The ydblint command and go vet get the same options as flags, under
	// the same names: the test reads them from the shipped .golangci.yml.
	var flags []string
	for _, k := range sortedKeys(settings) {
		flags = append(flags, "-"+k+"="+settings[k])
	}

	start := clock()
	bin := filepath.Join(t.TempDir(), "ydblint")
	mustRun(t, ".", nil, "go", "build", "-o", bin, ".")
	logTime(t, "build ydblint", start)

	// reference is the standalone text output; every other output must
	// equal it exactly (position and message), not just match the wants.
	var reference []diag

	t.Run("standalone", func(t *testing.T) {
		defer logTime(t, "standalone", clock())
		out := runIn(t, corpus, nil, bin, append(flags, "./...")...)
		out.wantCode(t, 3)
		reference = parseText(t, corpus, out.stderr)
		checkWants(t, "ydblint", reference, wants)
		requireChain(t, "ydblint", reference)

		out = runIn(t, corpus, nil, bin, append(append([]string{"-json"}, flags...), "./...")...)
		out.wantCode(t, 0)
		jsonDiags := parseAnalysisJSON(t, corpus, out.stdout)
		checkSame(t, "ydblint -json", jsonDiags, reference)
		// From here on the reference also says which diagnostics have fixes.
		reference = jsonDiags
	})

	t.Run("standalone -fix", func(t *testing.T) {
		defer logTime(t, "standalone -fix and -diff", clock())
		dir := copyCorpus(t, corpus)
		out := runIn(t, dir, nil, bin, append(append([]string{"-fix"}, flags...), "./...")...)
		out.wantCode(t, 3) // -fix prints the findings without a fix and exits as a plain run
		checkFixed(t, corpus, dir)
		if rest := parseText(t, dir, out.stderr); len(rest) == 0 {
			t.Error("-fix printed no remaining finding")
		}

		dir = copyCorpus(t, corpus)
		out = runIn(t, dir, nil, bin, append(append([]string{"-fix", "-diff"}, flags...), "./...")...)
		out.wantCode(t, 3) // nothing applied: findings remain, as a plain run
		checkUnchanged(t, corpus, dir)
		checkDiff(t, corpus, dir, out.stdout)
		// stderr lists the findings the diff does not mend: those of the
		// reference without a fix.
		var unfixable []diag
		for _, d := range reference {
			if !d.HasFix {
				unfixable = append(unfixable, d)
			}
		}
		var listed []string
		said := false
		for _, line := range strings.Split(out.stderr, "\n") {
			if strings.HasPrefix(line, "ydblint: ") {
				said = said || strings.Contains(line, "with a fix, shown in the diff above")
				continue
			}
			listed = append(listed, line)
		}
		checkSame(t, "ydblint -fix -diff", parseText(t, dir, strings.Join(listed, "\n")), unfixable)
		if !said {
			t.Errorf("-fix -diff does not say how many findings the diff mends:\n%s", out.stderr)
		}
	})

	t.Run("go vet", func(t *testing.T) {
		defer logTime(t, "go vet", clock())
		vet := append([]string{"vet", "-vettool=" + bin}, flags...)
		out := runIn(t, corpus, nil, "go", append(append(vet, "-json"), "./...")...)
		out.wantCode(t, 0) // go vet -json passes the JSON through and exits 0
		diags := vetRuleSuffix(t, parseAnalysisJSON(t, corpus, out.stdout))
		checkWants(t, "go vet -json", diags, wants)
		requireChain(t, "go vet -json", diags)
		if reference != nil {
			checkSame(t, "go vet -json", diags, reference)
		}

		out = runIn(t, corpus, nil, "go", append(vet, "./...")...)
		out.wantCode(t, 1) // plain go vet prints to stderr and exits 1
		if out.stdout != "" {
			t.Errorf("go vet wrote to stdout:\n%s", out.stdout)
		}
		text := parseText(t, corpus, out.stderr)
		checkWants(t, "go vet", text, wants)
		if reference != nil {
			checkSame(t, "go vet", text, reference)
		}
	})

	t.Run("go vet cache", func(t *testing.T) {
		defer logTime(t, "go vet cache caveat", clock())
		checkVetCache(t, bin, flags, corpus)
	})

	t.Run("golangci-lint", func(t *testing.T) {
		start := clock()
		gcl := customGCL(t, root)
		logTime(t, "golangci-lint build, path: plugin (or cache hit)", start)
		defer logTime(t, "golangci-lint runs", clock())

		env := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()} // our results only, never a stale run's
		out := runIn(t, corpus, env, gcl, "run", "--output.json.path=stdout", "--show-stats=false", "./...")
		out.wantCode(t, 1) // issues found
		diags := parseGCL(t, corpus, out.stdout)
		checkWants(t, "golangci-lint", diags, wants)
		requireChain(t, "golangci-lint", diags)
		if reference != nil {
			checkSame(t, "golangci-lint", diags, reference)
		}

		dir := copyCorpus(t, corpus)
		env = []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}
		out = runIn(t, dir, env, gcl, "run", "--fix", "--show-stats=false", "./...")
		out.wantCode(t, 1) // the issues without fixes remain
		checkFixed(t, corpus, dir)

		checkGCLCache(t, gcl, corpus)
		checkGCLNolint(t, gcl, corpus)
	})

	// The plugin as users of a published ydblint add it (version: in
	// .custom-gcl.yml), served from a file-based GOPROXY: the same findings.
	t.Run("golangci-lint version plugin", func(t *testing.T) {
		start := clock()
		gcl := customGCLAs(t, root, "version")
		logTime(t, "golangci-lint build, version: plugin (or cache hit)", start)
		defer logTime(t, "golangci-lint run", clock())

		env := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}
		out := runIn(t, corpus, env, gcl, "run", "--output.json.path=stdout", "--show-stats=false", "./...")
		out.wantCode(t, 1)
		diags := parseGCL(t, corpus, out.stdout)
		checkWants(t, "golangci-lint (version: plugin)", diags, wants)
		requireChain(t, "golangci-lint (version: plugin)", diags)
		if reference != nil {
			checkSame(t, "golangci-lint (version: plugin)", diags, reference)
		}
	})
}

// TestCustomGCLBuild only builds the custom golangci-lint binaries (see
// gclbuild_test.go), or finds them cached: with the plugin as a local
// checkout (path:, the corpus's .custom-gcl.yml) and as a published module
// (version:). .ci/run runs it first with a long timeout: a first build
// downloads golangci-lint's modules and compiles a few hundred packages, and
// go test ./... then finds the binaries cached.
func TestCustomGCLBuild(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to build golangci-lint with the ydblint plugin", integrationEnv)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	for _, kind := range []string{"path", "version"} {
		t.Run(kind, func(t *testing.T) {
			defer logTime(t, "golangci-lint build, "+kind+": plugin (or cache hit)", clock())
			customGCLAs(t, root, kind)
		})
	}
}

// requireChain names the cross-package case explicitly: the query text is
// built in ordersql (A), returned through store (B) and run through store's
// wrapper from app (C), which imports only store; the hash-prefix evidence
// is ordersql's write, so it reaches app only through store's package fact.
func requireChain(t *testing.T, driver string, diags []diag) {
	t.Helper()
	for _, d := range diags {
		if d.File == "app/app.go" && strings.Contains(d.Msg, "write evidence at ordersql/ordersql.go") &&
			strings.Contains(d.Msg, "(*example.com/integ/store.Store).Get") {
			return
		}
	}
	t.Errorf("%s: no diagnostic in app/app.go carries ordersql's write evidence through store: the A→B→C fact chain is broken", driver)
}

// The cache checks edit the key of one migration that no package embeds
// (migrations/00003_logs.sql, read by sqlonly) and of one that package
// embedded embeds; after either edit the package's full scan is gone. Both
// packages depend on the standard library only, which keeps go vet -a
// affordable.
var cacheEdits = []struct{ file, pkg, from, to string }{
	{"migrations/00003_logs.sql", "./sqlonly", "PRIMARY KEY (ts, userid)", "PRIMARY KEY (userid, ts)"},
	{"embedded/schema/0001_tokens.sql", "./embedded", "PRIMARY KEY (issued_at, token)", "PRIMARY KEY (token, issued_at)"},
}

func editMigrations(t *testing.T, dir string) {
	t.Helper()
	for _, e := range cacheEdits {
		path := filepath.Join(dir, filepath.FromSlash(e.file))
		old, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		edited := bytes.Replace(old, []byte(e.from), []byte(e.to), 1)
		if bytes.Equal(edited, old) {
			t.Fatalf("%s no longer has the key %q this test edits", e.file, e.from)
		}
		if err := os.WriteFile(path, edited, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkVetCache asserts the cache behaviour doc.go states: go vet caches
// the tool's output by the package's Go and embedded files and by the
// tool's ID, which covers the module's migrations (vetid.go), so an edit
// to a migration is seen at once whether or not it is //go:embed-ded, and
// go vet -a agrees.
func checkVetCache(t *testing.T, bin string, flags []string, corpus string) {
	dir := copyCorpus(t, corpus)
	vet := append([]string{"vet", "-vettool=" + bin, "-json"}, flags...)
	count := func(pkg string, extra ...string) int {
		out := runIn(t, dir, nil, "go", append(append(vet, extra...), pkg)...)
		out.wantCode(t, 0)
		return len(parseAnalysisJSON(t, dir, out.stdout))
	}
	for _, e := range cacheEdits {
		if n := count(e.pkg); n != 1 {
			t.Fatalf("go vet %s before the edit: %d diagnostics, want 1", e.pkg, n)
		}
	}
	editMigrations(t, dir)
	// The edits do change the verdicts.
	args := append(append([]string{}, flags...), cacheEdits[0].pkg, cacheEdits[1].pkg)
	runIn(t, dir, nil, bin, args...).wantCode(t, 0)

	if n := count(cacheEdits[0].pkg); n != 0 {
		t.Errorf("go vet after editing a migration no package embeds: %d diagnostics, want 0 (doc.go says the tool ID covers migrations, so go vet re-runs)", n)
	}
	if n := count(cacheEdits[1].pkg); n != 0 {
		t.Errorf("go vet after editing an embedded migration: %d diagnostics; doc.go says go vet re-runs the package, update it", n)
	}
	start := clock()
	if n := count(cacheEdits[0].pkg, "-a"); n != 0 {
		t.Errorf("go vet -a after the edit: %d diagnostics, want 0 (doc.go says -a re-runs the tool)", n)
	}
	logTime(t, "go vet -a "+cacheEdits[0].pkg, start)
}

// checkGCLCache asserts that golangci-lint's result cache notices migration
// edits, embedded or not (doc.go: the plugin's input marker), and that a
// broken .ydblint.yml fails the run once with a stable prefix.
func checkGCLCache(t *testing.T, gcl string, corpus string) {
	dir := copyCorpus(t, corpus)
	cache := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}
	count := func(env []string) int {
		out := runIn(t, dir, env, gcl, "run", "--output.json.path=stdout", "--show-stats=false", cacheEdits[0].pkg, cacheEdits[1].pkg)
		if out.code != 0 && out.code != 1 {
			out.wantCode(t, 1)
		}
		return len(parseGCL(t, dir, out.stdout))
	}
	if n := count(cache); n != 2 {
		t.Fatalf("golangci-lint before the edits: %d issues, want 2", n)
	}
	editMigrations(t, dir)
	if n := count(cache); n != 0 {
		t.Errorf("golangci-lint after editing migrations: %d issues, want 0 (doc.go says the input marker re-runs the packages)", n)
	}
	if n := count([]string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}); n != 0 {
		t.Errorf("golangci-lint with a fresh cache after the edits: %d issues, want 0", n)
	}
	if err := os.WriteFile(filepath.Join(dir, ".ydblint.yml"), []byte("version: 1\nstrict: maybe\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runIn(t, dir, cache, gcl, "run", "--output.json.path=stdout", "--show-stats=false", cacheEdits[0].pkg)
	// golangci-lint prints a failed linter build as one "Error: build
	// linters: …" line, and repeats it as "The command is terminated due to
	// an error: …": one error, not one per package and rule.
	errLines := 0
	for _, line := range strings.Split(out.stderr, "\n") {
		if strings.HasPrefix(line, "Error: ") && strings.Contains(line, "ydblint: configuration error: ") {
			errLines++
		}
	}
	if out.code == 0 || out.code == 1 || errLines != 1 || !strings.Contains(out.stderr, ".ydblint.yml:2: strict:") {
		t.Errorf("golangci-lint with a broken .ydblint.yml: exit %d, want a failure naming it once with \"ydblint: configuration error: \"\n%s", out.code, out.stderr)
	}
}

// checkGCLNolint asserts what docs/drivers.md promises of golangci-lint's
// //nolint: golangci-lint names every issue of the plugin "ydblint", so
// //nolint:ydblint on a finding's line suppresses it, and //nolint:<rule>
// suppresses nothing (golangci-lint knows no linter by a rule's name).
func checkGCLNolint(t *testing.T, gcl string, corpus string) {
	dir := copyCorpus(t, corpus)
	directives := []struct{ file, from, to string }{
		{"sqlonly/sqlonly.go", "// want `SELECT reads every partition of logs\\b`", "//nolint:ydblint // a reviewed scan"},
		{"embedded/embedded.go", "// want `SELECT reads every partition of tokens\\b`", "//nolint:fullscan"},
	}
	for _, d := range directives {
		path := filepath.Join(dir, filepath.FromSlash(d.file))
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Contains(src, []byte(d.from)) {
			t.Fatalf("%s no longer holds %q: update checkGCLNolint", d.file, d.from)
		}
		if err := os.WriteFile(path, bytes.Replace(src, []byte(d.from), []byte(d.to), 1), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}
	out := runIn(t, dir, env, gcl, "run", "--output.json.path=stdout", "--show-stats=false", "./sqlonly", "./embedded")
	out.wantCode(t, 1)
	diags := parseGCL(t, dir, out.stdout)
	if len(diags) != 1 || diags[0].File != "embedded/embedded.go" {
		t.Errorf("golangci-lint with //nolint:ydblint on sqlonly's finding and //nolint:fullscan on embedded's: %v, want embedded's finding only", diags)
	}
}

// ---- expectations

// parseWants reads the `// want` comments of the corpus's Go files, in
// analysistest's syntax: one or more Go string literals (quoted or raw),
// each a regexp matching one diagnostic on the comment's line.
func parseWants(t *testing.T, corpus string) []expectation {
	t.Helper()
	var wants []expectation
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sql") {
			// A migration YDB rejects is reported on its own line (yqlcheck):
			// the expectation is a YQL comment, `-- want "regexp"`.
			sqlWants, err := parseSQLWants(relSlash(t, corpus, path), path)
			wants = append(wants, sqlWants...)
			return err
		}
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel := relSlash(t, corpus, path)
		fset := token.NewFileSet()
		file := fset.AddFile(path, -1, len(src))
		var s scanner.Scanner
		s.Init(file, src, nil, scanner.ScanComments)
		for {
			pos, tok, lit := s.Scan()
			if tok == token.EOF {
				break
			}
			if tok != token.COMMENT {
				continue
			}
			i := strings.Index(lit, "// want ")
			if i < 0 {
				continue
			}
			res, err := parseWantLiterals(lit[i+len("// want "):])
			if err != nil {
				return fmt.Errorf("%s: %v", fset.Position(pos), err)
			}
			for _, re := range res {
				wants = append(wants, expectation{File: rel, Line: fset.Position(pos).Line, Re: re})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(wants) == 0 {
		t.Fatal("the corpus has no // want comments")
	}
	return wants
}

// parseSQLWants reads the `-- want` comments of a migration file.
func parseSQLWants(rel, path string) ([]expectation, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var wants []expectation
	for i, line := range strings.Split(string(src), "\n") {
		j := strings.Index(line, "-- want ")
		if j < 0 {
			continue
		}
		res, err := parseWantLiterals(line[j+len("-- want "):])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", rel, i+1, err)
		}
		for _, re := range res {
			wants = append(wants, expectation{File: rel, Line: i + 1, Re: re})
		}
	}
	return wants, nil
}

func parseWantLiterals(text string) ([]*regexp.Regexp, error) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	src := []byte(text)
	var errs []string
	s.Init(fset.AddFile("want", -1, len(src)), src, func(_ token.Position, msg string) { errs = append(errs, msg) }, 0)
	var out []*regexp.Regexp
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF || (tok == token.SEMICOLON && lit == "\n") {
			break
		}
		if tok != token.STRING {
			return nil, fmt.Errorf("want: expected a string literal, got %s %q", tok, lit)
		}
		pattern, err := strconv.Unquote(lit)
		if err != nil {
			return nil, err
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			return nil, err
		}
		out = append(out, re)
	}
	if len(errs) > 0 {
		return nil, errors.New(strings.Join(errs, "; "))
	}
	if len(out) == 0 {
		return nil, errors.New("want without a pattern")
	}
	return out, nil
}

// checkWants pairs diagnostics with expectations as analysistest does: each
// diagnostic consumes one unused expectation on its line that matches it.
func checkWants(t *testing.T, driver string, diags []diag, wants []expectation) {
	t.Helper()
	used := make([]bool, len(wants))
	for _, d := range diags {
		found := false
		for i, w := range wants {
			if !used[i] && w.File == d.File && w.Line == d.Line && w.Re.MatchString(d.Msg) {
				used[i], found = true, true
				break
			}
		}
		if !found {
			t.Errorf("%s: unexpected diagnostic %s", driver, d)
		}
	}
	for i, w := range wants {
		if !used[i] {
			t.Errorf("%s: %s:%d: no diagnostic matching %q", driver, w.File, w.Line, w.Re)
		}
	}
}

// checkSame compares two drivers' diagnostics by position and message,
// and by analyzer when both name it.
func checkSame(t *testing.T, driver string, got, reference []diag) {
	t.Helper()
	key := func(d diag) string { return d.String() }
	ref := map[string]diag{}
	for _, d := range reference {
		ref[key(d)] = d
	}
	seen := map[string]bool{}
	for _, d := range got {
		k := key(d)
		r, ok := ref[k]
		switch {
		case !ok:
			t.Errorf("%s reports what the ydblint command does not: %s", driver, d)
		case seen[k]:
			t.Errorf("%s reports twice: %s", driver, d)
		case r.Analyzer != "" && d.Analyzer != "" && r.Analyzer != d.Analyzer:
			t.Errorf("%s names analyzer %s, the ydblint command %s: %s", driver, d.Analyzer, r.Analyzer, d)
		case r.FixKnown && d.FixKnown && r.HasFix != d.HasFix:
			t.Errorf("%s: suggested fix %v, the ydblint command %v: %s", driver, d.HasFix, r.HasFix, d)
		}
		seen[k] = true
	}
	for k := range ref {
		if !seen[k] {
			t.Errorf("%s does not report what the ydblint command does: %s", driver, k)
		}
	}
}

// ---- driver outputs

var textDiag = regexp.MustCompile(`^(.+?):(\d+):(\d+): (.*)$`)

// parseText parses "file:line:col: message" lines (go vet) and the
// standalone command's "file:line:col: headline (rule)" lines followed by
// indented detail lines, which join back into the message with "; ".
func parseText(t *testing.T, dir, out string) []diag {
	t.Helper()
	var diags []diag
	for _, line := range strings.Split(out, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "\t") {
			continue // related information (the standalone command)
		}
		if detail, ok := strings.CutPrefix(line, "    "); ok && len(diags) > 0 {
			diags[len(diags)-1].Msg += "; " + detail
			continue
		}
		m := textDiag.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("unexpected output line: %q", line)
			continue
		}
		if strings.HasPrefix(m[4], "\t") {
			continue // related information (go vet: "file:line:col: \tmessage")
		}
		l, _ := strconv.Atoi(m[2])
		c, _ := strconv.Atoi(m[3])
		d := diag{File: relSlash(t, dir, m[1]), Line: l, Col: c, Msg: m[4]}
		if msg, rule, ok := cutRuleName(d.Msg); ok && isRule(rule) {
			d.Msg, d.Analyzer = msg, rule
		}
		diags = append(diags, d)
	}
	return diags
}

// parseAnalysisJSON parses the go/analysis JSON tree, one object per
// package as go vet -json prints it, or one for all packages (ydblint
// -json): {"<pkg>": {"<analyzer>": [diagnostic…] or {"error": "…"}}}.
// vetRuleSuffix checks that every go vet message names its analyzer as
// " (rule)" after its headline (go vet prints no rule name of its own) and
// strips it, so the messages compare with the standalone JSON's.
func vetRuleSuffix(t *testing.T, diags []diag) []diag {
	t.Helper()
	for i, d := range diags {
		msg, rule, ok := cutRuleName(d.Msg)
		if !ok || rule != d.Analyzer {
			t.Errorf("go vet message without its rule's name after the headline: %s", d)
			continue
		}
		diags[i].Msg = msg
	}
	return diags
}

// cutRuleName splits "headline (rule); detail" (go vet) or "headline (rule)"
// (the standalone command's first line) into the message without the name
// and the name.
func cutRuleName(msg string) (string, string, bool) {
	parts := splitMessage(msg)
	head := parts[0]
	i := strings.LastIndex(head, " (")
	if i < 0 || !strings.HasSuffix(head, ")") {
		return msg, "", false
	}
	parts[0] = head[:i]
	return strings.Join(parts, "; "), head[i+2 : len(head)-1], true
}

func parseAnalysisJSON(t *testing.T, dir, out string) []diag {
	t.Helper()
	var diags []diag
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("JSON output: %v\n%s", err, out)
		}
		for pkg, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var list []struct {
					Posn           string            `json:"posn"`
					Message        string            `json:"message"`
					SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
				}
				if err := json.Unmarshal(raw, &list); err != nil {
					t.Errorf("%s: analyzer %s: %s", pkg, name, raw)
					continue
				}
				for _, d := range list {
					file, line, col := splitPosn(t, d.Posn)
					diags = append(diags, diag{File: relSlash(t, dir, file), Line: line, Col: col, Analyzer: name,
						Msg: d.Message, HasFix: len(d.SuggestedFixes) > 0, FixKnown: true})
				}
			}
		}
	}
	return diags
}

func splitPosn(t *testing.T, posn string) (string, int, int) {
	t.Helper()
	m := regexp.MustCompile(`^(.+):(\d+):(\d+)$`).FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("position %q is not file:line:col", posn)
	}
	l, _ := strconv.Atoi(m[2])
	c, _ := strconv.Atoi(m[3])
	return m[1], l, c
}

// gclMigration is the part of a message that names the migration line a
// finding moved to a Go position is about (yqlcheck's checkDDL).
var gclMigration = regexp.MustCompile(`^the statement is in migration (\S+\.(?:sql|yql)):(\d+)$`)

// parseGCL parses golangci-lint's JSON. Its messages are prefixed with the
// analyzer name because that differs from the linter name.
func parseGCL(t *testing.T, dir, out string) []diag {
	t.Helper()
	var report struct {
		Issues []struct {
			FromLinter string
			Text       string
			Pos        struct {
				Filename     string
				Line, Column int
			}
			SuggestedFixes []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatalf("golangci-lint JSON: %v\n%s", err, out)
	}
	var diags []diag
	for _, is := range report.Issues {
		if is.FromLinter != gclplugin.Name {
			t.Errorf("issue from linter %q, want only %q: %s", is.FromLinter, gclplugin.Name, is.Text)
			continue
		}
		name, msg, _ := strings.Cut(is.Text, ": ")
		if !isRule(name) {
			t.Errorf("issue text lacks the %q prefix of a rule: %s", "<rule>: ", is.Text)
		}
		d := diag{File: relSlash(t, dir, is.Pos.Filename), Line: is.Pos.Line, Col: is.Pos.Column,
			Analyzer: name, Msg: msg, HasFix: len(is.SuggestedFixes) > 0, FixKnown: true}
		parts := splitMessage(msg)
		for i, p := range parts {
			if m := gclMigration.FindStringSubmatch(p); m != nil {
				// golangci-lint drops issues outside Go files, so a finding
				// on a migration line comes at a Go position of the package
				// and names the line after its headline (yqlcheck's
				// checkDDL): compare it as the other drivers print it.
				d.File, d.Col, d.Msg = m[1], 1, strings.Join(append(parts[:i:i], parts[i+1:]...), "; ")
				d.Line, _ = strconv.Atoi(m[2])
				break
			}
		}
		diags = append(diags, d)
	}
	return diags
}

func isRule(name string) bool {
	for _, a := range analyzer.Suite {
		if a.Name == name {
			return true
		}
	}
	return false
}

// ---- fixes

// checkFixed compares every Go file of a fixed copy with the corpus: a
// file with a .go.golden twin must equal it, any other must be unchanged.
func checkFixed(t *testing.T, corpus, fixed string) {
	t.Helper()
	goldens := 0
	forEachGoFile(t, corpus, func(rel string, orig []byte) {
		want := orig
		if g, err := os.ReadFile(filepath.Join(corpus, rel+".golden")); err == nil {
			want = g
			goldens++
		}
		got, err := os.ReadFile(filepath.Join(fixed, rel))
		if err != nil {
			t.Error(err)
			return
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s after fixing differs from %s:\n%s", rel, map[bool]string{true: "its .golden file", false: "the original"}[!bytes.Equal(want, orig)], lineDiff(want, got))
		}
	})
	if goldens == 0 {
		t.Error("the corpus has no .go.golden files")
	}
}

func checkUnchanged(t *testing.T, corpus, dir string) {
	t.Helper()
	forEachGoFile(t, corpus, func(rel string, orig []byte) {
		if got, err := os.ReadFile(filepath.Join(dir, rel)); err != nil || !bytes.Equal(got, orig) {
			t.Errorf("-fix -diff changed %s", rel)
		}
	})
}

// checkDiff checks that -fix -diff printed, for each golden file, a unified
// diff adding each line that fixing changes.
func checkDiff(t *testing.T, corpus, dir, out string) {
	t.Helper()
	forEachGoFile(t, corpus, func(rel string, orig []byte) {
		g, err := os.ReadFile(filepath.Join(corpus, rel+".golden"))
		if err != nil {
			return
		}
		header := "--- " + filepath.Join(dir, rel)
		if !strings.Contains(out, header) {
			t.Errorf("-fix -diff output lacks %q:\n%s", header, out)
		}
		before := map[string]bool{}
		for _, l := range strings.Split(string(orig), "\n") {
			before[l] = true
		}
		for _, l := range strings.Split(string(g), "\n") {
			if !before[l] && !strings.Contains(out, "\n+"+l+"\n") {
				t.Errorf("-fix -diff output lacks the added line %q", l)
			}
		}
	})
}

func forEachGoFile(t *testing.T, root string, f func(rel string, content []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f(relSlash(t, root, path), b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lineDiff lists the lines that differ, for failure messages.
func lineDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  want %q\n  got  %q\n", i+1, wl, gl)
		}
	}
	return b.String()
}

// ---- golangci-lint

// gclSettings reads linters.settings.custom.ydblint.settings of the corpus's
// .golangci.yml as flag values.
func gclSettings(t *testing.T, corpus string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(corpus, ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Version string
		Linters struct {
			Default  string
			Enable   []string
			Settings struct {
				Custom map[string]struct {
					Type     string
					Settings map[string]any
				}
			}
		}
	}
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatalf(".golangci.yml: %v", err)
	}
	if cfg.Version != "2" || cfg.Linters.Default != "none" || len(cfg.Linters.Enable) != 1 || cfg.Linters.Enable[0] != gclplugin.Name {
		t.Fatalf(".golangci.yml must be v2 and enable only %s", gclplugin.Name)
	}
	custom, ok := cfg.Linters.Settings.Custom[gclplugin.Name]
	if !ok || custom.Type != "module" || len(custom.Settings) == 0 {
		t.Fatalf(".golangci.yml lacks linters.settings.custom.%s with type module and settings", gclplugin.Name)
	}
	out := map[string]string{}
	for k, v := range custom.Settings {
		switch v := v.(type) {
		case []any:
			var parts []string
			for _, e := range v {
				parts = append(parts, fmt.Sprint(e))
			}
			out[k] = strings.Join(parts, ",")
		default:
			out[k] = fmt.Sprint(v)
		}
	}
	return out
}

// ---- processes and files

type result struct {
	stdout, stderr string
	code           int
	cmdline        string
}

func (r result) wantCode(t *testing.T, code int) {
	t.Helper()
	if r.code != code {
		t.Fatalf("%s: exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.cmdline, r.code, code, r.stdout, r.stderr)
	}
}

// runIn runs a command in dir with GOWORK=off and the extra environment.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "GOWORK=off"), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if cmd.ProcessState != nil { // on Unix this includes the command's own children (the go command's compilers)
		cpuUsed += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	r := result{stdout: o.String(), stderr: e.String(), cmdline: name + " " + strings.Join(args, " ")}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s: %v", r.cmdline, err)
	}
	return r
}

func mustRun(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	r := runIn(t, dir, env, name, args...)
	r.wantCode(t, 0)
	return r.stdout
}

// copyCorpus copies the corpus (regular files only) into a new temporary
// directory.
func copyCorpus(t *testing.T, corpus string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(corpus, path)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// relSlash makes a path printed by a driver (absolute, or relative to the
// directory it ran in, possibly "./x") relative to dir, slash-separated.
func relSlash(t *testing.T, dir, path string) string {
	t.Helper()
	if !filepath.IsAbs(path) {
		return filepath.ToSlash(filepath.Clean(path))
	}
	rel, err := filepath.Rel(dir, path)
	if err != nil || strings.HasPrefix(rel, "..") {
		if rd, err1 := filepath.EvalSymlinks(dir); err1 == nil {
			if rp, err2 := filepath.EvalSymlinks(path); err2 == nil {
				if r, err3 := filepath.Rel(rd, rp); err3 == nil && !strings.HasPrefix(r, "..") {
					return filepath.ToSlash(r)
				}
			}
		}
		t.Fatalf("%s is outside %s", path, dir)
	}
	return filepath.ToSlash(rel)
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// cpuUsed is the user+system CPU time of the commands run so far: the
// timings report it next to wall time, which on a busy machine says little
// about what the test costs.
var cpuUsed time.Duration

type instant struct {
	wall time.Time
	cpu  time.Duration
}

func clock() instant { return instant{time.Now(), cpuUsed} }

func logTime(t *testing.T, what string, start instant) {
	t.Helper()
	t.Logf("timing: %s: wall %v, commands' CPU %v", what, time.Since(start.wall).Round(time.Millisecond), (cpuUsed - start.cpu).Round(time.Millisecond))
}
