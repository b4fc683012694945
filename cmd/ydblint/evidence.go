package main

// The module evidence command: `ydblint lsp` runs this binary as
//
//	ydblint lsp-module-evidence [config flags] [-tags a,b] packages...
//
// in a module's root, in the background, to learn the hash-prefix
// evidence each package finds in its own queries and rows: what the
// standalone driver's module round merges (moduleround.go). Running it as
// a child process keeps the server's own analyses (one at a time, with the
// merged evidence in the process's session) apart from this whole-module
// analysis: a save never waits for it, and its memory goes back to the
// system when it exits. It prints JSON (evidenceReport) on stdout and is
// not meant for people; `ydblint lsp`'s documentation describes it.

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/ydblint/ydblint/cmd/ydblint/internal/lsp"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// runModuleEvidence runs the command and returns the exit code: 0 with
// the report on stdout, 2 for bad arguments, 3 when nothing could be
// loaded (the message on stderr).
func runModuleEvidence(args []string, stdout, stderr io.Writer) int {
	args, goflags, err := liftTags(args, os.Getenv("GOFLAGS"))
	if err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitUsage
	}
	fs := flag.NewFlagSet("ydblint "+lsp.EvidenceCommand, flag.ContinueOnError)
	fs.SetOutput(stderr)
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	if err := fs.Parse(args); err != nil {
		return exitUsage
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	env := os.Environ()
	if goflags != os.Getenv("GOFLAGS") {
		env = append(env, "GOFLAGS="+goflags)
	}
	report := lsp.EvidenceReport{Packages: []lsp.PackageEvidence{}}
	if !moduleRoundOff() {
		defer tuneGC()() // gctune.go
		err = firstRound(patterns, nil, loadOptions{Tests: true, Env: env}, func(fr firstRun) error {
			report.Packages = ownEvidence(fr)
			return nil
		})
	}
	if err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitLoad
	}
	enc := json.NewEncoder(stdout)
	if err := enc.Encode(report); err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitLoad
	}
	return 0
}

// ownEvidence is the own hash-prefix evidence of every named package of
// the first round (the test variants too), with the directory of its
// files, sorted by ID. A package whose schema discovery failed reports
// none.
func ownEvidence(fr firstRun) []lsp.PackageEvidence {
	out := []lsp.PackageEvidence{}
	for act := range fr.graph.All() {
		if act.Analyzer != queryplan.Analyzer || !act.IsRoot {
			continue
		}
		pe := lsp.PackageEvidence{ID: act.Package.ID, Dir: packageDir(act.Package.GoFiles, act.Package.CompiledGoFiles)}
		if qp, _ := act.Result.(*queryplan.Result); act.Err == nil && qp != nil && qp.Schema != nil && qp.Schema.Failure == "" {
			pe.Own = qp.Schema.Own
		}
		out = append(out, pe)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// packageDir is the directory of a package's first Go file; "" for a
// package without files.
func packageDir(lists ...[]string) string {
	for _, l := range lists {
		if len(l) > 0 {
			return filepath.Dir(l[0])
		}
	}
	return ""
}
