package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestModuleRound runs the binary over testdata/modround, a trace service
// whose index tables are created by a migrate command nobody imports and
// whose hash columns are proven by packages that do not import each other:
// package search binds svc_hash to hashing.BucketHash in its reads,
// package ingest writes op_hash from it in BulkUpsert rows. The faults are
// in other packages (ingest's service rows without svc_hash, backfill's
// constant op_hash, reports' read of operation_index without op_hash), so
// only the module round reports them as hashprefix findings; with the
// round off (as under go vet) they are nullkey and fullscan findings or
// nothing. sessions.shard is hashed by package keeper but read by package
// search as a value a caller names: the module does not prove it a hash,
// so sweeper's constant shard stays silent in both runs.
func TestModuleRound(t *testing.T) {
	bin := buildTool(t)
	mod, err := filepath.Abs(filepath.Join("testdata", "modround"))
	if err != nil {
		t.Fatal(err)
	}
	withRound := []string{
		"backfill/backfill.go:52 hashprefix",
		"ingest/ingest.go:55 hashprefix",
		"reports/reports.go:23 hashprefix",
		"reports/reports.go:32 fullscan",
	}
	importsOnly := []string{
		"ingest/ingest.go:55 nullkey",
		"reports/reports.go:23 fullscan",
		"reports/reports.go:32 fullscan",
	}

	t.Run("module round", func(t *testing.T) {
		r := runIn(t, mod, nil, bin, "-stats", "./...")
		r.wantCode(t, exitFindings)
		if got := ruleLines(t, mod, r.stderr); !slices.Equal(got, withRound) {
			t.Errorf("findings:\n%s\nwant:\n%s\nfull output:\n%s", strings.Join(got, "\n"), strings.Join(withRound, "\n"), r.stderr)
		}
		// The advice names the evidence in the package that is not imported.
		for _, want := range []string{
			"add a field svc_hash holding the same hash as the write at backfill/backfill.go:",
			"bind op_hash to the same hash as the write at ingest/ingest.go:43 (hashing.BucketHash)",
		} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("output lacks %q:\n%s", want, r.stderr)
			}
		}
		if !strings.Contains(r.stdout, "tables with hash-prefix evidence from any package of the run: 2; packages checked again with it: ") {
			t.Errorf("-stats does not say what the module round did:\n%s", r.stdout)
		}
	})

	t.Run("round off", func(t *testing.T) {
		r := runIn(t, mod, []string{"YDBLINT_MODULE_EVIDENCE=off"}, bin, "-stats", "./...")
		r.wantCode(t, exitFindings)
		if got := ruleLines(t, mod, r.stderr); !slices.Equal(got, importsOnly) {
			t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(importsOnly, "\n"))
		}
		if strings.Contains(r.stdout, "from any package of the run") {
			t.Errorf("-stats reports a module round that did not run:\n%s", r.stdout)
		}
	})

	// go vet analyses one package at a time: it sees what the round-off
	// run sees, no more and no less.
	t.Run("go vet", func(t *testing.T) {
		if os.Getenv(integrationEnv) != "1" {
			t.Skipf("set %s=1 to run go vet", integrationEnv)
		}
		r := runIn(t, mod, nil, "go", "vet", "-vettool="+bin, "./...")
		r.wantCode(t, 1)
		if got := ruleLines(t, mod, r.stderr); !slices.Equal(got, importsOnly) {
			t.Errorf("go vet findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(importsOnly, "\n"))
		}
	})
}

// ruleLines is "file:line rule" per finding, sorted. go vet's lines carry
// no rule; their message says which one by its wording, so the rule is
// taken from the standalone suffix when there is one and from the
// message's shape otherwise.
func ruleLines(t *testing.T, dir, out string) []string {
	t.Helper()
	var lines []string
	for _, d := range parseText(t, dir, out) {
		rule := d.Analyzer
		if rule == "" {
			rule = ruleOfMessage(d.Msg)
		}
		lines = append(lines, filepath.ToSlash(d.File)+":"+strconv.Itoa(d.Line)+" "+rule)
	}
	slices.Sort(lines)
	return lines
}

// ruleOfMessage tells the three rules of this test apart by their
// headlines (go vet prints no analyzer name).
func ruleOfMessage(msg string) string {
	switch {
	case strings.Contains(msg, "hash-prefix column"):
		return "hashprefix"
	case strings.Contains(msg, "has no field for key column"):
		return "nullkey"
	case strings.Contains(msg, "reads every partition"):
		return "fullscan"
	}
	return "?"
}
