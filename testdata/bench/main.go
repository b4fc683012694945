// Command bench times ydblint against a floor and against other checkers on
// the same packages, and prints a Markdown table of ratios.
//
//	go run ./testdata/bench [-n 5] [-targets sdk,slo,temporal,std,seaweedfs] [-tools floor,ydblint,vet,staticcheck] [-base floor-nofacts]
//
// For every target and every run it executes each tool once, round-robin
// (so that a change in machine load hits every tool alike), after one
// untimed warm-up run of each tool. A run's wall time, CPU time (user+sys of
// the child and the processes it waited for) and peak RSS (the largest
// resident set of the child or of any process it waited for, as
// /usr/bin/time reports it) come from wait4's rusage. The table gives the
// median of N runs and its ratio to the floor's median (-base floor-nofacts:
// to the fact-free floor's, the load floor ydblint's own loader aims at).
//
// Tools:
//
//	floor          testdata/bench/floor: a multichecker whose one analyzer does
//	               nothing but declares a fact type, so the driver loads and
//	               type-checks every dependency from source exactly as it does for
//	               ydblint (whose fact analyzers need that). The ratios are against it.
//	floor-nofacts  the same analyzer without a fact type: dependencies come from
//	               export data (what a fact-free checker pays).
//	ydblint        ./cmd/ydblint, built from this module (-ydblint: a given binary).
//	ydblint-nocache the same without its fact cache (YDBLINT_FACT_CACHE=off): what
//	               a first run pays; ydblint's warm-up run fills the cache.
//	ydblint-before the binary -before names (an older build), standalone.
//	ydblint-vet    go vet -vettool=<that binary>: one process per package,
//	               dependencies from export data, facts in the build cache.
//	vet            go vet (build-cache state as found after the warm-up).
//	staticcheck    staticcheck from PATH or $(go env GOPATH)/bin; skipped when absent.
//
// Targets (-real is the directory holding the public repositories):
//
//	sdk       <real>/ydb-platform+ydb-go-sdk, ./...
//	slo       <real>/ydb-platform+ydb-go-sdk/tests/slo, ./...
//	temporal  a scratch copy of <real>/yandex+temporal-over-ydb with
//	          go.temporal.io/server replaced by -temporal-server (the
//	          module proxy refuses v1.29.6); the original is never modified
//	std       $(go env GOROOT)/src with -std-pattern (default ./...)
//	seaweedfs <real>/seaweedfs+seaweedfs, ./weed/... with -tags ydb
//
// <real>/<name> is used when <real>/<owner>+<name> does not exist.
//
// Every tool runs with GOFLAGS=-mod=mod (none for std) and the tool's
// default test-file handling (the go/analysis drivers and go vet include
// tests).
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

var (
	runs           = flag.Int("n", 5, "timed runs per tool and target (the median is reported)")
	targetList     = flag.String("targets", "sdk,slo,temporal,std", "comma-separated targets: sdk, slo, temporal, std, seaweedfs")
	toolList       = flag.String("tools", "floor,floor-nofacts,ydblint,ydblint-vet,vet,staticcheck", "comma-separated tools")
	realDir        = flag.String("real", "/work/real", "directory holding the cloned public repositories")
	stdPattern     = flag.String("std-pattern", "./...", "space-separated package patterns for the std target")
	temporalServer = flag.String("temporal-server", "v1.29.1", "go.temporal.io/server version for the temporal scratch copy")
	outFile        = flag.String("o", "", "also write the Markdown table to this file")
	keep           = flag.Bool("keep", false, "keep the scratch directory")
	base           = flag.String("base", "floor", "the tool the ratios divide by: floor, or floor-nofacts for the fact-free floor")
	ydblintBin     = flag.String("ydblint", "", "a ydblint binary for the ydblint and ydblint-vet tools instead of building ./cmd/ydblint")
	beforeBin      = flag.String("before", "", "an older ydblint binary, run as the tool ydblint-before (standalone)")
)

type tool struct {
	name string
	argv []string
	env  []string
}

type target struct {
	name     string
	dir      string
	patterns []string
	env      []string
}

type sample struct {
	wall, cpu time.Duration
	rssKB     int64
	exit      int
}

func main() {
	flag.Parse()
	if *runs < 1 {
		fatalf("-n must be at least 1")
	}
	scratch, err := os.MkdirTemp("", "ydblint-bench-")
	if err != nil {
		fatalf("%v", err)
	}
	if !*keep {
		defer os.RemoveAll(scratch)
	}

	tools := buildTools(scratch)
	var targets []target
	for _, name := range split(*targetList) {
		t, err := makeTarget(name, scratch)
		if err != nil {
			fmt.Fprintf(os.Stderr, "bench: target %s skipped: %v\n", name, err)
			continue
		}
		targets = append(targets, t)
	}

	var table bytes.Buffer
	fmt.Fprintf(&table, "Machine: %s, %d CPUs, %s; %s. N=%d (median), load average at start %s.\n\n",
		cpuModel(), runtime.NumCPU(), memTotal(), goVersion(), *runs, loadAvg())
	fmt.Fprintf(&table, "| target | packages | tool | wall | wall ×%[1]s | CPU ×%[1]s | peak RSS | RSS ×%[1]s | exit |\n", *base)
	fmt.Fprintln(&table, "|---|---:|---|---:|---:|---:|---:|---:|---:|")
	for _, tg := range targets {
		res := measure(tg, tools)
		floor, hasFloor := res[*base]
		npkg := countPackages(tg)
		for _, tl := range tools {
			s, ok := res[tl.name]
			if !ok {
				continue
			}
			wr, cr, rr := "–", "–", "–"
			if hasFloor {
				wr = ratio(s.wall.Seconds(), floor.wall.Seconds())
				cr = ratio(s.cpu.Seconds(), floor.cpu.Seconds())
				rr = ratio(float64(s.rssKB), float64(floor.rssKB))
			}
			fmt.Fprintf(&table, "| %s | %d | %s | %.2fs | %s | %s | %d MB | %s | %d |\n",
				tg.name, npkg, tl.name, s.wall.Seconds(), wr, cr, s.rssKB/1024, rr, s.exit)
		}
	}
	fmt.Fprintf(&table, "\nLoad average at end %s.\n", loadAvg())
	os.Stdout.Write(table.Bytes())
	if *outFile != "" {
		if err := os.WriteFile(*outFile, table.Bytes(), 0o644); err != nil {
			fatalf("%v", err)
		}
	}
}

func ratio(a, b float64) string {
	if b <= 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

// measure runs every tool once untimed, then N timed rounds, round-robin.
func measure(tg target, tools []tool) map[string]sample {
	all := map[string][]sample{}
	for round := 0; round <= *runs; round++ {
		for _, tl := range tools {
			s, stderr := runOnce(tg, tl)
			if round == 0 {
				if s.exit != 0 && s.exit != 3 {
					fmt.Fprintf(os.Stderr, "bench: %s on %s exited %d:\n%s\n", tl.name, tg.name, s.exit, tail(stderr, 15))
				}
				continue // warm-up
			}
			fmt.Fprintf(os.Stderr, "bench: %s %s run %d: %.2fs cpu %.2fs rss %d MB exit %d load %s\n",
				tg.name, tl.name, round, s.wall.Seconds(), s.cpu.Seconds(), s.rssKB/1024, s.exit, loadavg())
			all[tl.name] = append(all[tl.name], s)
		}
	}
	out := map[string]sample{}
	for name, ss := range all {
		out[name] = median(ss)
	}
	return out
}

// loadavg is the machine's 1-minute load average after a run (Linux), so
// that a table can say under which load it was measured.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// median takes the median of each measure separately.
func median(ss []sample) sample {
	pick := func(f func(sample) float64) float64 {
		v := make([]float64, len(ss))
		for i, s := range ss {
			v[i] = f(s)
		}
		slices.Sort(v)
		if len(v)%2 == 1 {
			return v[len(v)/2]
		}
		return (v[len(v)/2-1] + v[len(v)/2]) / 2
	}
	return sample{
		wall:  time.Duration(pick(func(s sample) float64 { return float64(s.wall) })),
		cpu:   time.Duration(pick(func(s sample) float64 { return float64(s.cpu) })),
		rssKB: int64(pick(func(s sample) float64 { return float64(s.rssKB) })),
		exit:  ss[len(ss)-1].exit,
	}
}

func runOnce(tg target, tl tool) (sample, string) {
	cmd := exec.Command(tl.argv[0], append(slices.Clone(tl.argv[1:]), tg.patterns...)...)
	cmd.Dir = tg.dir
	cmd.Env = append(append(os.Environ(), tg.env...), tl.env...)
	var stderr bytes.Buffer
	cmd.Stdout = io.Discard
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	s := sample{wall: wall}
	if cmd.ProcessState == nil {
		s.exit = -1
		return s, fmt.Sprint(err)
	}
	s.exit = cmd.ProcessState.ExitCode()
	s.cpu = cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		s.rssKB = ru.Maxrss // kilobytes on Linux
	}
	return s, stderr.String()
}

func buildTools(scratch string) []tool {
	moduleRoot := findModuleRoot()
	build := func(name, pkg string) string {
		bin := filepath.Join(scratch, name)
		cmd := exec.Command("go", "build", "-o", bin, pkg)
		cmd.Dir = moduleRoot
		cmd.Stderr = os.Stderr
		if err := cmd.Run(); err != nil {
			fatalf("go build %s: %v", pkg, err)
		}
		return bin
	}
	ydblint := func() string {
		if *ydblintBin != "" {
			return *ydblintBin
		}
		return build("ydblint", "./cmd/ydblint")
	}
	var tools []tool
	for _, name := range split(*toolList) {
		switch name {
		case "floor":
			tools = append(tools, tool{name: name, argv: []string{build("floor", "./testdata/bench/floor")}})
		case "floor-nofacts":
			tools = append(tools, tool{name: name, argv: []string{build("floor", "./testdata/bench/floor")}, env: []string{"FLOOR_FACTS=0"}})
		case "ydblint":
			tools = append(tools, tool{name: name, argv: []string{ydblint()}})
		case "ydblint-nocache":
			tools = append(tools, tool{name: name, argv: []string{ydblint()}, env: []string{"YDBLINT_FACT_CACHE=off"}})
		case "ydblint-before":
			if *beforeBin == "" {
				fatalf("tool ydblint-before needs -before <binary>")
			}
			tools = append(tools, tool{name: name, argv: []string{*beforeBin}})
		case "ydblint-vet":
			tools = append(tools, tool{name: name, argv: []string{"go", "vet", "-vettool=" + ydblint()}})
		case "vet":
			tools = append(tools, tool{name: name, argv: []string{"go", "vet"}})
		case "staticcheck":
			bin, err := exec.LookPath("staticcheck")
			if err != nil {
				gopath := strings.TrimSpace(output("go", "env", "GOPATH"))
				bin = filepath.Join(gopath, "bin", "staticcheck")
				if _, err := os.Stat(bin); err != nil {
					fmt.Fprintln(os.Stderr, "bench: staticcheck not installed, skipped (go install honnef.co/go/tools/cmd/staticcheck@v0.8.2)")
					continue
				}
			}
			tools = append(tools, tool{name: name, argv: []string{bin}})
		default:
			fatalf("unknown tool %q", name)
		}
	}
	return tools
}

func makeTarget(name, scratch string) (target, error) {
	mod := []string{"GOFLAGS=-mod=mod"}
	switch name {
	case "sdk":
		return existing(target{name: name, dir: repoDir("ydb-platform", "ydb-go-sdk"), patterns: []string{"./..."}, env: mod})
	case "slo":
		return existing(target{name: name, dir: filepath.Join(repoDir("ydb-platform", "ydb-go-sdk"), "tests", "slo"), patterns: []string{"./..."}, env: mod})
	case "seaweedfs":
		return existing(target{name: name + " -tags ydb ./weed/...", dir: repoDir("seaweedfs", "seaweedfs"), patterns: []string{"./weed/..."}, env: []string{"GOFLAGS=-mod=mod -tags=ydb"}})
	case "temporal":
		src := filepath.Join(*realDir, "yandex+temporal-over-ydb")
		if _, err := os.Stat(src); err != nil {
			return target{}, err
		}
		dst := filepath.Join(scratch, "temporal-over-ydb")
		if out, err := exec.Command("cp", "-r", src, dst).CombinedOutput(); err != nil {
			return target{}, fmt.Errorf("copy: %v %s", err, out)
		}
		os.RemoveAll(filepath.Join(dst, ".git"))
		edit := exec.Command("go", "mod", "edit", "-replace", "go.temporal.io/server=go.temporal.io/server@"+*temporalServer)
		edit.Dir = dst
		if out, err := edit.CombinedOutput(); err != nil {
			return target{}, fmt.Errorf("go mod edit: %v %s", err, out)
		}
		check := exec.Command("go", "build", "./...")
		check.Dir = dst
		check.Env = append(os.Environ(), mod...)
		if out, err := check.CombinedOutput(); err != nil {
			return target{}, fmt.Errorf("does not build with go.temporal.io/server %s: %v\n%s", *temporalServer, err, tail(string(out), 10))
		}
		return target{name: name + " (server " + *temporalServer + ")", dir: dst, patterns: []string{"./..."}, env: mod}, nil
	case "std":
		goroot := strings.TrimSpace(output("go", "env", "GOROOT"))
		return existing(target{name: "std " + *stdPattern, dir: filepath.Join(goroot, "src"), patterns: strings.Fields(*stdPattern), env: []string{"GOFLAGS="}})
	}
	return target{}, fmt.Errorf("unknown target")
}

// repoDir is <real>/<owner>+<name>, or <real>/<name> when only that
// exists (the layout of a corpus of checked-out copies).
func repoDir(owner, name string) string {
	dir := filepath.Join(*realDir, owner+"+"+name)
	if _, err := os.Stat(dir); err != nil {
		if _, err := os.Stat(filepath.Join(*realDir, name)); err == nil {
			return filepath.Join(*realDir, name)
		}
	}
	return dir
}

func existing(t target) (target, error) {
	if _, err := os.Stat(filepath.Join(t.dir, "go.mod")); err != nil {
		return target{}, err
	}
	return t, nil
}

// countPackages counts the packages the patterns match (without tests).
func countPackages(tg target) int {
	cmd := exec.Command("go", append([]string{"list"}, tg.patterns...)...)
	cmd.Dir = tg.dir
	cmd.Env = append(os.Environ(), tg.env...)
	out, err := cmd.Output()
	if err != nil {
		return 0
	}
	return len(strings.Fields(string(out)))
}

func findModuleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		fatalf("%v", err)
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.Contains(data, []byte("module github.com/ydblint/ydblint")) {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			fatalf("run from inside the ydblint module")
		}
		dir = parent
	}
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func output(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		fatalf("%s %v: %v", name, args, err)
	}
	return string(out)
}

func goVersion() string { return strings.TrimSpace(output("go", "env", "GOVERSION")) }

func cpuModel() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	for _, line := range strings.Split(string(data), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return runtime.GOARCH
}

func memTotal() string {
	data, _ := os.ReadFile("/proc/meminfo")
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "MemTotal:"); ok {
			var kb int64
			fmt.Sscan(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), &kb)
			return fmt.Sprintf("%d GB RAM", (kb+512*1024)/(1024*1024))
		}
	}
	return "? RAM"
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(2)
}
