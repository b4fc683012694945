package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"text/tabwriter"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis"
)

// ownCommand handles the invocations that are ydblint's rather than the
// go/analysis driver's: -version, and help in its several spellings. It
// reports whether it handled args and, if so, the exit code: 0, or 2 for
// help on a name that is no rule (the driver would read the name as a
// package pattern and answer "package … is not in std").
func ownCommand(args []string, stdout, stderr io.Writer) (code int, handled bool) {
	if len(args) == 0 {
		return 0, false
	}
	switch args[0] {
	case "-version", "--version", "version":
		if len(args) == 1 {
			fmt.Fprintln(stdout, versionLine())
			return 0, true
		}
	case "-help", "--help", "-h":
		if len(args) == 1 {
			printHelp(stdout, analyzer.Suite)
			return 0, true
		}
	case "help":
		if len(args) == 1 {
			printHelp(stdout, analyzer.Suite)
			return 0, true
		}
		if printRuleHelp(stdout, analyzer.Suite, args[1]) {
			if len(args) > 2 {
				fmt.Fprintln(stderr, "ydblint: help takes one rule name; ignored:", strings.Join(args[2:], " "))
			}
			return 0, true
		}
		fmt.Fprintf(stderr, "ydblint: unknown rule %q; the rules are %s (ydblint help lists them)\n",
			args[1], strings.Join(ruleNames(analyzer.Suite), ", "))
		return 2, true
	}
	return 0, false
}

func ruleNames(suite []*analysis.Analyzer) []string {
	names := make([]string, len(suite))
	for i, a := range suite {
		names[i] = a.Name
	}
	return names
}

// versionLine is "ydblint <module version> <go version>", plus the VCS
// revision when the build recorded one.
func versionLine() string {
	version := "(unknown)"
	var rev, modified string
	if bi, ok := debug.ReadBuildInfo(); ok {
		if bi.Main.Version != "" {
			version = bi.Main.Version
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	line := "ydblint " + version + " " + runtime.Version()
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		if modified == "true" {
			rev += "+dirty"
		}
		line += " (" + rev + ")"
	}
	return line
}

func title(a *analysis.Analyzer) string { return analyzer.Title(a) }

func printHelp(w io.Writer, suite []*analysis.Analyzer) {
	fmt.Fprint(w, `ydblint checks Go code that uses YDB, offline, at go vet time: key-design
mistakes (keyed access without the hash-prefix column, NULL written into key
columns, filters that scan every partition, monotonic leading keys),
statements YDB would refuse to compile, and misuse of ydb-go-sdk itself
(result loops, uncommitted writes, retried closures, escaping sessions).

Usage:
  ydblint [flags] packages...
  go vet -vettool=$(command -v ydblint) [flags] packages...
  ydblint help [rule]
  ydblint version
  ydblint lsp [config flags]   language server for editors (see EDITORS.md)

Rules:
`)
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	if len(suite) == 0 {
		fmt.Fprintln(tw, "  (none in this build)")
	}
	for _, a := range suite {
		fmt.Fprintf(tw, "  %s\t%s\n", a.Name, title(a))
	}
	tw.Flush()
	fmt.Fprint(w, `
Configuration flags (they override .ydblint.yml at the module root;
every option: https://pkg.go.dev/github.com/ydblint/ydblint/passes/config):
`)
	printConfigFlags(w)
	fmt.Fprint(w, "\n"+driverFlags)
	fmt.Fprint(w, `
Output: file:line:col: headline (rule), relative to the current directory,
sorted; the detail of a finding follows on indented lines. Configuration
errors are printed once per run, load and type errors once per package.

Exit codes:
  0  nothing to report
  1  a package does not load or type-check (also a pattern naming no
     directory), or an analysis failed
  2  usage or configuration error (bad flag, .ydblint.yml, -migrations path
     that does not exist or defines no table)
  3  findings reported (with -json: 0; -fix exits as a plain run on the
     findings that remain)
Under go vet the tool follows go vet's protocol: go vet exits 1 when it
prints diagnostics.
`)
}

// printConfigFlags lists the lifted flags in the order of the config
// package's documentation.
func printConfigFlags(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	for _, name := range config.FlagNames {
		f := flag.Lookup(name)
		if f == nil {
			continue
		}
		kind := "value"
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			kind = ""
		}
		name := "-" + f.Name
		if kind != "" {
			name += " " + kind
		}
		fmt.Fprintf(tw, "  %s\t%s\n", name, f.Usage)
	}
	tw.Flush()
}

// printRuleHelp prints one rule's documentation; false when no rule has
// that name.
func printRuleHelp(w io.Writer, suite []*analysis.Analyzer, name string) bool {
	for _, a := range suite {
		if a.Name == name {
			fmt.Fprintf(w, "%s: %s\n", a.Name, strings.TrimSpace(a.Doc))
			if a.URL != "" {
				fmt.Fprintf(w, "\nDocumentation: %s\n", a.URL)
			}
			return true
		}
	}
	return false
}
