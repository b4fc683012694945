package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/analyzer"
)

// TestModuleEvidence runs the server with the module evidence child over
// a copy of cmd/ydblint's modround module: a trace service whose index
// tables' hash columns are proven only by packages that the faulty
// packages do not import (see cmd/ydblint's TestModuleRound). The editor
// must show what the standalone run shows, rule and position, on every
// file: hashprefix where go vet, which sees imports only, says nullkey or
// fullscan. Then an edit to the package that proves operation_index's hash
// (ingest writes op_hash from a plain bucket number) changes the findings
// of an open package that does not import it (reports), again as the
// standalone run on the edited module does, and undoing the edit brings
// them back.
func TestModuleEvidence(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ydblint and analyses the ydb-go-sdk from source")
	}
	bin := filepath.Join(t.TempDir(), "ydblint")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ydblint/ydblint/cmd/ydblint").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	module := copyModule(t, "../../testdata/modround")
	files := []string{"backfill/backfill.go", "ingest/ingest.go", "reports/reports.go", "search/search.go", "sweeper/sweeper.go"}

	e := &editor{testClient: startServer(t, Options{
		Analyzers: analyzer.Suite,
		Debounce:  DefaultDebounce,
		Version:   "test",
		Evidence:  []string{bin, EvidenceCommand},
	}), versions: map[DocumentURI]int32{}}
	e.initialize()
	uris := map[string]DocumentURI{}
	for _, f := range files {
		uris[f] = e.openFile(filepath.Join(module, f))
	}
	evidenceRuns := func() int {
		n := 0
		for _, l := range e.logs {
			if strings.HasPrefix(l, "module evidence of ") {
				n++
			}
		}
		return n
	}
	// check waits for the run'th evidence child, lets the analyses it
	// causes settle, and compares every open file's diagnostics with the
	// standalone run's.
	check := func(step string, run int) {
		t.Helper()
		e.waitFor(fmt.Sprintf("evidence run %d", run), analysisTimeout, func() bool { return evidenceRuns() >= run })
		var got []string
		for _, f := range files {
			for _, d := range e.settle(uris[f], 0) {
				got = append(got, f+":"+d)
			}
		}
		slices.Sort(got)
		want := standaloneFindings(t, bin, module, files)
		if !slices.Equal(positions(got), want) {
			t.Errorf("%s: editor:\n%s\nstandalone:\n%s", step, strings.Join(positions(got), "\n"), strings.Join(want, "\n"))
		}
	}
	check("opened", 1)
	if got := e.settle(uris["reports/reports.go"], 0); !hasMessage(got, "hash-prefix column op_hash") {
		t.Fatalf("reports.go lacks the hashprefix finding the module round gives: %q", got)
	}

	ingestPath := filepath.Join(module, "ingest/ingest.go")
	orig := readFile(t, ingestPath)
	hashed := "types.Uint64Value(hashing.BucketHash(b, sp.Service, sp.Operation))"
	if !strings.Contains(orig, hashed) {
		t.Fatalf("ingest.go no longer writes %s", hashed)
	}
	// analyses counts the analyses of a package so far.
	analyses := func(pkg string) int {
		e.mu.Lock()
		defer e.mu.Unlock()
		n := 0
		for _, l := range e.logs {
			if strings.HasPrefix(l, "analysed "+pkg+" in ") {
				n++
			}
		}
		return n
	}
	untouched := []string{"example.com/modround/search", "example.com/modround/sweeper"}
	before := map[string]int{}
	for _, p := range untouched {
		before[p] = analyses(p)
	}
	e.save(ingestPath, strings.Replace(orig, hashed, "types.Uint64Value(uint64(b))", 1))
	check("after ingest writes a plain bucket number", 2)
	// Only the packages planned on operation_index are analysed again;
	// search and sweeper read other tables.
	for _, p := range untouched {
		if n := analyses(p); n != before[p] {
			t.Errorf("%s analysed %d more time(s) after an edit that changes no evidence of its tables", p, n-before[p])
		}
	}
	if got := e.settle(uris["reports/reports.go"], 0); hasMessage(got, "hash-prefix column op_hash") {
		t.Errorf("reports.go keeps the hashprefix finding whose evidence the edit removed: %q", got)
	}

	e.save(ingestPath, orig)
	check("after undoing the edit", 3)
}

// positions keeps "file:line: rule" of rendered diagnostics
// ("file:line: rule: message").
func positions(rendered []string) []string {
	out := make([]string, 0, len(rendered))
	for _, r := range rendered {
		parts := strings.SplitN(r, ": ", 3)
		if len(parts) >= 2 {
			out = append(out, parts[0]+": "+parts[1])
		}
	}
	return out
}

// standaloneFindings runs `ydblint -json ./...` in module and returns
// "file:line: rule" for the findings in files, sorted.
func standaloneFindings(t *testing.T, bin, module string, files []string) []string {
	t.Helper()
	cmd := exec.Command(bin, "-json", "./...")
	cmd.Dir = module
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ydblint -json ./...: %v", err)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		t.Fatalf("ydblint -json: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	var lines []string
	for _, byRule := range tree {
		for rule, raw := range byRule {
			var diags []struct {
				Posn string `json:"posn"`
			}
			if json.Unmarshal(raw, &diags) != nil {
				continue // {"error": ...}
			}
			for _, d := range diags {
				// posn is file:line:col with an absolute file.
				parts := strings.Split(d.Posn, ":")
				if len(parts) < 3 {
					continue
				}
				file := strings.Join(parts[:len(parts)-2], ":")
				rel, err := filepath.Rel(module, file)
				if err != nil || !slices.Contains(files, filepath.ToSlash(rel)) {
					continue
				}
				l := filepath.ToSlash(rel) + ":" + parts[len(parts)-2] + ": " + rule
				if !seen[l] { // a test variant reports its package's findings again
					seen[l] = true
					lines = append(lines, l)
				}
			}
		}
	}
	slices.Sort(lines)
	return lines
}
