package gclplugin_test

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// TestOptionsEndToEnd checks every option through the plugin path:
// golangci-lint settings → New → BuildAnalyzers → the suite run on
// testdata/configured (whose .ydblint.yml sets every option to a non-default
// value). Each case overrides one option and checks its effect on the
// diagnostics, against the baseline of the file alone.
func TestOptionsEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real SDK")
	}
	dir, err := filepath.Abs("../../testdata/configured")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.LoadAllSyntax | packages.NeedModule,
		Dir:  dir,
		Env:  append(envWithoutGOFLAGS(), "GOFLAGS=-mod=mod"),
	}, "example.com/configured/app/...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d package errors", n)
	}
	newPlugin, err := register.GetPlugin("ydblint")
	if err != nil {
		t.Fatal(err)
	}
	run := func(t *testing.T, settings map[string]any) string {
		t.Helper()
		p, err := newPlugin(settings)
		if err != nil {
			t.Fatal(err)
		}
		as, err := p.BuildAnalyzers()
		if err != nil {
			t.Fatal(err)
		}
		g, err := checker.Analyze(as, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, act := range g.Roots {
			if act.Err != nil {
				t.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			}
			for _, d := range act.Diagnostics {
				pos := act.Package.Fset.Position(d.Pos)
				lines = append(lines, filepath.Base(pos.Filename)+": "+act.Analyzer.Name+": "+d.Message)
			}
		}
		sort.Strings(lines)
		return strings.Join(lines, "\n")
	}

	const (
		hashRead = "hashprefix: SELECT binds order_id but not the hash-prefix column order_hash"
		eventsFS = "fullscan: SELECT reads every partition of events: the predicate does not constrain the key column id; table events, primary key (id, ts) (schema: _schema/ddl/10_events_rekey.sql:8)"
		viaGen   = "reached through example.com/configured/gen.Q"
		depends  = "fullscan: SELECT may read every partition"
		unused   = "ydblint:ignore directive for fullscan suppresses nothing"
		// configEvidence is the hash: section of .ydblint.yml.
		configEvidence = "config evidence at .ydblint.yml:16"
	)
	baseline := run(t, nil)
	for _, want := range []string{hashRead, eventsFS, viaGen, depends, unused, configEvidence} {
		if !strings.Contains(baseline, want) {
			t.Fatalf("baseline lacks %q:\n%s", want, baseline)
		}
	}

	tests := []struct {
		name       string
		settings   map[string]any
		want, gone []string
	}{
		{"strict false", map[string]any{"strict": false}, []string{eventsFS, unused}, []string{depends}},
		{"report-unused-ignores false", map[string]any{"report-unused-ignores": false}, []string{eventsFS, depends}, []string{unused}},
		{"exclude-pkgs", map[string]any{"exclude-pkgs": []any{"example.com/configured/app/scan"}}, []string{hashRead}, []string{eventsFS, depends, unused}},
		{"include-pkgs", map[string]any{"include-pkgs": "example.com/configured/app/hash"}, []string{hashRead}, []string{eventsFS}},
		{"migrations replace the file's paths", map[string]any{"migrations": "fixtures"}, nil, []string{hashRead, eventsFS, "table events"}},
		{"migration-order lexical", map[string]any{"migration-order": "lexical"}, []string{hashRead}, []string{eventsFS}},
		{"migration-tool migrate", map[string]any{"migration-tool": "migrate"}, nil, []string{hashRead, eventsFS}},
		// Without the file's hash: section the finding stays, now on the
		// evidence of the correct keyed read beside it (app/hash/hash.go:20).
		{"config", map[string]any{"config": "lenient.ydblint.yml"}, []string{eventsFS, hashRead, "read evidence at app/hash/hash.go:20"}, []string{depends, unused, configEvidence}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, tt.settings)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, g := range tt.gone {
				if strings.Contains(got, g) {
					t.Errorf("still has %q:\n%s", g, got)
				}
			}
		})
	}
	// Settings are replaced, not accumulated: the baseline comes back.
	if again := run(t, map[string]any{}); again != baseline {
		t.Errorf("after the cases, empty settings give\n%s\nwant the baseline\n%s", again, baseline)
	}
}

func envWithoutGOFLAGS() []string {
	var out []string
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GOFLAGS=") {
			out = append(out, e)
		}
	}
	return out
}
