package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/cmd/ydblint/internal/lsp"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	// Lift the config flags: -strict rather than -ydblint_config.strict,
	// and listed by -flags so that go vet passes them through.
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flag.Var(f.Value, f.Name, f.Usage) })

	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		os.Exit(lsp.Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, versionLine()))
	}
	if len(os.Args) > 1 && os.Args[1] == lsp.EvidenceCommand {
		os.Exit(runModuleEvidence(os.Args[2:], os.Stdout, os.Stderr)) // evidence.go
	}
	if code, handled := ownCommand(os.Args[1:], os.Stdout, os.Stderr); handled {
		os.Exit(code)
	}
	if !vetInvocation(os.Args[1:]) {
		// The standalone driver (driver.go); go vet's protocol below.
		os.Exit(runStandalone(os.Args[1:], os.Stdout, os.Stderr, loadStage{}))
	}
	if vetVersion(os.Args[1:], os.Stdout) {
		// go vet's tool ID, with ydblint's non-Go inputs (vetid.go).
		os.Exit(0)
	}
	// -tags selects the files go list loads (tags.go).
	args, goflags, err := liftTags(os.Args[1:], os.Getenv("GOFLAGS"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "ydblint:", err)
		os.Exit(2)
	}
	if goflags != os.Getenv("GOFLAGS") {
		os.Setenv("GOFLAGS", goflags)
		os.Args = append(os.Args[:1:1], args...)
	}
	rules := analyzer.Suite
	if os.Getenv(upstreamEnv) != "1" { // go vet, not -fix's run of the x/tools driver
		rules = vetRules(rules) // vetnames.go
	}
	multichecker.Main(rules...)
}
