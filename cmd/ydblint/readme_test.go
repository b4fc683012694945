package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docCommand says how TestDocCommands runs one shell command of the
// documentation, as written, with a fresh GOBIN first on PATH.
type docCommand struct {
	// dir is where it runs: "root" (the checkout), "rules" (a copy of
	// testdata/rules, for the commands that stand for "your module"), or
	// "outside" (a directory outside any module).
	dir string
	// codes are the exit codes the documentation promises for it.
	codes []int
	// proxy serves this checkout as the published module (GOPROXY).
	proxy bool
	// skip, when set, says why it is not run here.
	skip string
}

// docCommands are the commands of README.md and cmd/ydblint/EDITORS.md. A
// command that is not listed fails the test: every command there either
// runs or says why not.
var docCommands = map[string]docCommand{
	"go install ./cmd/ydblint":                                 {dir: "root", codes: []int{0}},
	"go install github.com/ydblint/ydblint/cmd/ydblint@latest": {dir: "outside", codes: []int{0}, proxy: true},
	"cd testdata/rules && ydblint ./...":                       {dir: "root", codes: []int{3}},
	"ydblint ./...":                                            {dir: "rules", codes: []int{3}},
	"ydblint -json ./...":                                      {dir: "rules", codes: []int{0}},
	"ydblint -fix ./...":                                       {dir: "rules", codes: []int{0, 3}},
	"ydblint -tags ydb ./...":                                  {dir: "rules", codes: []int{3}},
	"ydblint -stats ./...":                                     {dir: "rules", codes: []int{0, 3}},
	"ydblint -explain ./...":                                   {dir: "rules", codes: []int{0, 3}},
	"go vet -vettool=$(command -v ydblint) ./...":              {dir: "rules", codes: []int{1}},
	"go test ./...":                                            {skip: "the command this test runs in"},
	`go run ./testdata/bench -n 5 -targets sdk,slo,temporal,std -std-pattern "./net/... ./database/..."`: {
		skip: "needs clones of the benchmark targets (-real); see Performance"},
	"go run ./testdata/bench -n 3 -targets slo,sdk,seaweedfs -tools floor-nofacts,ydblint-nocache,ydblint -base floor-nofacts -real /path/to/repos": {
		skip: "needs clones of the benchmark targets (-real /path/to/repos); see Performance"},
	"go test -run '^$' -bench LSP -benchtime=1x ./cmd/ydblint/...": {
		skip: "needs YDBLINT_BENCH_LSP naming files of a real checkout to edit; see Performance"},
}

// commandStart says which lines of an indented block are commands (the
// rest are outputs, code and diagrams).
var commandStart = regexp.MustCompile(`^(go|ydblint|cd|golangci-lint|\./custom-gcl)( |$)`)

// docShellCommands extracts the shell commands of a Markdown file: lines
// of ```sh/bash/shell fences, and lines of indented blocks that start with
// a command, without trailing "# comments".
func docShellCommands(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	add := func(line string) {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" {
			cmds = append(cmds, line)
		}
	}
	fence, inFence := "", false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			if inFence {
				inFence = false
			} else {
				inFence, fence = true, strings.TrimSpace(line[3:])
			}
			continue
		}
		switch {
		case inFence:
			if fence == "sh" || fence == "bash" || fence == "shell" {
				add(line)
			}
		case strings.HasPrefix(line, "    ") && commandStart.MatchString(strings.TrimSpace(line)):
			add(line)
		}
	}
	return cmds
}

// TestDocCommands runs every shell command of README.md and EDITORS.md as
// written, on this checkout as a fresh clone has it: `go install` into a
// new GOBIN (the published form through a file-based GOPROXY serving this
// checkout), the "see it work" example, and the Run section's commands on
// a copy of testdata/rules. It builds binaries, so it runs with
// YDBLINT_INTEGRATION=1.
func TestDocCommands(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to run the documentation's commands", integrationEnv)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	for _, doc := range []string{"README.md", filepath.Join("cmd", "ydblint", "EDITORS.md")} {
		found := docShellCommands(t, filepath.Join(root, doc))
		if len(found) == 0 {
			t.Fatalf("%s: no shell commands found", doc)
		}
		cmds = append(cmds, found...)
	}
	for _, want := range []string{"go install ./cmd/ydblint", "cd testdata/rules && ydblint ./...", "go test ./..."} {
		if !contains(cmds, want) {
			t.Errorf("README.md no longer has %q (update this test's table)", want)
		}
	}

	gobin := t.TempDir()
	path := "PATH=" + gobin + string(os.PathListSeparator) + os.Getenv("PATH")
	rules := copyCorpus(t, filepath.Join(root, "testdata", "rules"))
	outside := t.TempDir()
	var proxyEnv []string
	done := map[string]bool{}
	// The install commands first: the others use the binary they install.
	sortInstallsFirst(cmds)
	for _, c := range cmds {
		if done[c] {
			continue
		}
		done[c] = true
		spec, ok := docCommands[c]
		if !ok {
			t.Errorf("documented command %q is not in TestDocCommands' table: add how to run it", c)
			continue
		}
		if spec.skip != "" {
			t.Logf("not run: %s: %s", c, spec.skip)
			continue
		}
		dir := map[string]string{"root": root, "rules": rules, "outside": outside}[spec.dir]
		env := []string{"GOBIN=" + gobin, path}
		if spec.proxy {
			if proxyEnv == nil {
				proxyEnv, _ = serveYdblint(t, root, filepath.Join(t.TempDir(), "goproxy"))
			}
			env = append(env, proxyEnv...)
			os.Remove(filepath.Join(gobin, "ydblint"))
		}
		start := clock()
		out := runIn(t, dir, env, "bash", "-c", c)
		logTime(t, c, start)
		if !containsInt(spec.codes, out.code) {
			t.Errorf("%s: exit code %d, the documentation promises %v\nstdout:\n%s\nstderr:\n%s", c, out.code, spec.codes, out.stdout, out.stderr)
			continue
		}
		if strings.HasPrefix(c, "go install") {
			if _, err := os.Stat(filepath.Join(gobin, "ydblint")); err != nil {
				t.Fatalf("%s did not install ydblint: %v", c, err)
			}
		}
		if out.code == 3 && !strings.Contains(out.stderr, ".go:") {
			t.Errorf("%s: exit code 3 without a finding on stderr:\n%s", c, out.stderr)
		}
	}
}

func sortInstallsFirst(cmds []string) {
	i := 0
	for j, c := range cmds {
		if strings.HasPrefix(c, "go install") {
			cmds[i], cmds[j] = cmds[j], cmds[i]
			i++
		}
	}
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func containsInt(list []int, n int) bool {
	for _, e := range list {
		if e == n {
			return true
		}
	}
	return false
}
