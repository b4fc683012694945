package main

import (
	"flag"
	"os"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() {
	// Lift the config flags: -strict rather than -ydblint_config.strict,
	// and listed by -flags so that go vet passes them through.
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) { flag.Var(f.Value, f.Name, f.Usage) })

	if ownCommand(os.Args[1:], os.Stdout) {
		os.Exit(0)
	}
	multichecker.Main(analyzer.Suite...)
}
