package main

// The standalone driver: ydblint [flags] packages. Under go vet (-V=full,
// -flags, a .cfg file) main hands over to the x/tools unitchecker instead,
// unchanged. This driver is stage A (analyze.go: load and analyze) followed
// by stage B (output.go, explain.go: print and choose the exit code).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
)

// upstreamEnv makes the binary run the x/tools multichecker driver; the
// standalone -fix runs itself that way to apply fixes exactly as go/analysis
// drivers do (conflicting edits, -diff), then prints what remains.
const upstreamEnv = "YDBLINT_UPSTREAM_DRIVER"

// vetInvocation reports whether args are the go command's vet protocol
// (ydblint -V=full, ydblint -flags, ydblint [flags] x.cfg) or the
// upstream driver was asked for: those go to multichecker.Main.
func vetInvocation(args []string) bool {
	if os.Getenv(upstreamEnv) == "1" {
		return true
	}
	for _, a := range args {
		if a == "-V" || strings.HasPrefix(a, "-V=") || a == "--V" || strings.HasPrefix(a, "--V=") || a == "-flags" || a == "--flags" {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}

// options are the standalone driver's flags.
type options struct {
	json       bool
	fix, diff  bool
	context    int
	explain    explainFlag
	stats      bool
	tests      bool
	cpuprofile string
	memprofile string
	rules      map[string]*triState
	patterns   []string
	// passthrough are the flags the user set that the upstream driver
	// understands too (config and rule selection), for -fix.
	passthrough []string
}

// triState is a rule's enable flag: -hashprefix=false skips it,
// -hashprefix=true runs only the rules named true.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (t *triState) IsBoolFlag() bool { return true }
func (t *triState) String() string {
	switch *t {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (t *triState) Set(v string) error {
	b, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	if b {
		*t = setTrue
	} else {
		*t = setFalse
	}
	return nil
}

// driverFlags is the -help text's driver section.
const driverFlags = `Output and driver flags:
  -json             print the go/analysis JSON tree on stdout (load and
                    configuration errors included; exit 0 on findings)
  -fix              apply the suggested fixes, then print what remains
  -fix -diff        print the fixes as a unified diff, change nothing
  -c N              also print N lines of source around each finding
  -explain[=file.go[:line]]
                    print what ydblint did with each query site on stdout:
                    checked (table, key, verdict) or not checked and why
  -stats            print per-package counts on stdout: query sites, text
                    recovered fully/partly/not, table known, planned,
                    findings; the catalogue and the rules run
  -test=false       do not analyse _test.go files
  -<rule>=false     skip a rule; -<rule>=true runs only the rules named
  -tags a,b         build tags, as for go build
  -cpuprofile f, -memprofile f   write a pprof profile
`

func parseFlags(args []string, stderr io.Writer) (*options, error) {
	o := &options{context: -1, tests: true, rules: map[string]*triState{}}
	fs := flag.NewFlagSet("ydblint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: ydblint [flags] packages...   (ydblint help for more)")
	}
	fs.BoolVar(&o.json, "json", false, "print the JSON tree")
	fs.BoolVar(&o.fix, "fix", false, "apply suggested fixes")
	fs.BoolVar(&o.diff, "diff", false, "with -fix, print a diff instead")
	fs.IntVar(&o.context, "c", -1, "source lines of context")
	fs.Var(&o.explain, "explain", "explain every query site (or those at file.go[:line])")
	fs.BoolVar(&o.stats, "stats", false, "print per-package statistics")
	fs.BoolVar(&o.tests, "test", true, "analyse test files")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile")
	// The configuration flags, lifted (shared values with config.Analyzer).
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	for _, a := range analyzer.Suite {
		t := new(triState)
		o.rules[a.Name] = t
		fs.Var(t, a.Name, "enable "+a.Name)
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	o.patterns = fs.Args()
	own := map[string]bool{"json": true, "fix": true, "diff": true, "c": true, "explain": true, "stats": true,
		"cpuprofile": true, "memprofile": true}
	fs.Visit(func(f *flag.Flag) {
		if !own[f.Name] {
			o.passthrough = append(o.passthrough, "-"+f.Name+"="+f.Value.String())
		}
	})
	switch {
	case len(o.patterns) == 0:
		return nil, errors.New("no packages given (ydblint ./... checks the current module)")
	case o.json && (o.stats || o.explain.on):
		return nil, errors.New("-json cannot be combined with -explain or -stats (they print text on stdout)")
	case o.diff && !o.fix:
		return nil, errors.New("-diff works only with -fix")
	}
	return o, nil
}

// selectedRules applies the -<rule> flags as go/analysis drivers do.
func (o *options) selectedRules() []*analysis.Analyzer {
	anyTrue := false
	for _, t := range o.rules {
		anyTrue = anyTrue || *t == setTrue
	}
	var out []*analysis.Analyzer
	for _, a := range analyzer.Suite {
		switch t := *o.rules[a.Name]; {
		case anyTrue && t == setTrue, !anyTrue && t != setFalse:
			out = append(out, a)
		}
	}
	return out
}

// runStandalone is the standalone command; it returns the exit code.
func runStandalone(args []string, stdout, stderr io.Writer, stage stageA) int {
	args, goflags, err := liftTags(args, os.Getenv("GOFLAGS"))
	if err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitUsage
	}
	o, err := parseFlags(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stderr, "ydblint:", err)
		}
		return exitUsage
	}
	env := os.Environ()
	if goflags != os.Getenv("GOFLAGS") {
		env = append(env, "GOFLAGS="+goflags)
	}
	defer tuneGC()() // gctune.go
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			fmt.Fprintln(stderr, "ydblint:", err)
			return exitUsage
		}
		if err := pprof.StartCPUProfile(f); err == nil {
			defer pprof.StopCPUProfile()
		}
	}
	if o.memprofile != "" {
		defer func() {
			if f, err := os.Create(o.memprofile); err == nil {
				runtime.GC()
				_ = pprof.WriteHeapProfile(f)
				f.Close()
			}
		}()
	}

	if o.fix {
		code := applyFixes(o, env, stdout, stderr)
		if code != 0 || (o.diff && o.json) {
			return code
		}
	}

	var prog *progress
	if f, ok := stderr.(*os.File); ok && !o.json {
		prog = startProgress(stderr, stderrIsTerminal(f), progressDelay, progressTick) // progress.go
	}
	run, err := stage.analyze(o.patterns, o.selectedRules(), loadOptions{Tests: o.tests, Env: env, Progress: prog})
	prog.stop()
	if errors.Is(err, errNoModule) {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitLoad // as go vet: nothing could be loaded
	}
	if err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitUsage
	}
	dir, _ := os.Getwd()
	sum := summarize(run, dir)
	if o.json {
		if err := printJSON(stdout, run); err != nil {
			fmt.Fprintln(stderr, "ydblint:", err)
			return exitLoad
		}
		printErrors(stderr, sum)
		return sum.exitCode(true)
	}
	printErrors(stderr, sum)
	if o.fix && o.diff {
		// The diff on stdout shows the findings -fix would mend; list
		// the ones it would leave, and exit as a plain run (nothing was
		// applied), so a CI step of -fix -diff fails while findings remain.
		printText(stderr, dir, withoutFix(sum.Findings), o.context)
		if n := len(sum.Findings) - len(withoutFix(sum.Findings)); n > 0 {
			fmt.Fprintf(stderr, "ydblint: %d finding(s) with a fix, shown in the diff above (-fix applies it)\n", n)
		}
	} else {
		printText(stderr, dir, sum.Findings, o.context)
	}
	switch {
	case o.explain.isSchemaExplain():
		printSchemaExplain(stdout, dir, &o.explain)
	case o.explain.on:
		printExplain(stdout, dir, run, &o.explain)
	}
	if o.stats {
		if o.explain.on {
			fmt.Fprintln(stdout)
		}
		printStats(stdout, dir, run, sum)
	}
	return sum.exitCode(false)
}

// withoutFix returns the findings that carry no suggested fix.
func withoutFix(fs []finding) []finding {
	var rest []finding
	for _, f := range fs {
		if len(f.Fixes) == 0 {
			rest = append(rest, f)
		}
	}
	return rest
}

// applyFixes runs this binary as the x/tools driver with -fix (and -diff),
// which applies the fixes of every diagnostic as go/analysis drivers do.
func applyFixes(o *options, env []string, stdout, stderr io.Writer) int {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitLoad
	}
	args := []string{"-fix"}
	if o.diff {
		args = append(args, "-diff")
	}
	args = append(args, o.passthrough...)
	args = append(args, o.patterns...)
	cmd := exec.Command(self, args...)
	cmd.Env = append(env, upstreamEnv+"=1")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return exitLoad
		}
		fmt.Fprintln(stderr, "ydblint:", err)
		return exitLoad
	}
	return exitClean
}
