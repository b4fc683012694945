package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
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

// docCommands are the commands of the documentation (docFiles). A command
// that is not listed fails TestDocCommandsListed, and one listed here that
// no document holds any more fails it too: every command there either runs
// or says why not.
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
		skip: "needs clones of the benchmark targets (-real); see docs/performance.md"},
	"go run ./testdata/bench -n 3 -targets slo,sdk,seaweedfs -tools floor-nofacts,ydblint-nocache,ydblint -base floor-nofacts -real /path/to/repos": {
		skip: "needs clones of the benchmark targets (-real /path/to/repos); see docs/performance.md"},
	`dir=$(go mod download -json github.com/golangci/golangci-lint/v2@v2.15.0 | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')`:   {skip: offlineGCL},
	`cp -r "$dir" gcl && chmod -R u+w gcl && cd gcl`:                                                                     {skip: offlineGCL},
	`printf 'package main\n\nimport _ "github.com/ydblint/ydblint/analyzer/gclplugin"\n' > cmd/golangci-lint/plugins.go`: {skip: offlineGCL},
	`go mod edit -replace github.com/ydblint/ydblint=/path/to/ydblint`:                                                   {skip: offlineGCL},
	`go mod tidy && go build -o ../custom-gcl ./cmd/golangci-lint`:                                                       {skip: offlineGCL},
	"go test -run '^$' -bench LSP -benchtime=1x ./cmd/ydblint/...": {
		skip: "needs YDBLINT_BENCH_LSP naming files of a real checkout to edit; see docs/performance.md"},
}

// offlineGCL is why the steps of docs/drivers.md's offline golangci-lint
// build are not run one by one: they share a shell, and buildCustomGCL
// (gclbuild_test.go, TestCustomGCLBuild) performs the same steps.
const offlineGCL = "a step of the offline golangci-lint build; TestCustomGCLBuild performs the same steps"

// readmeCommands are the commands README.md itself must hold: the install
// and test commands are the whole set-up on a fresh machine, and the
// example run shows the tool at work.
var readmeCommands = []string{"go install ./cmd/ydblint", "cd testdata/rules && ydblint ./...", "go test ./..."}

// docFiles lists the documentation whose commands are run: README.md, every
// Markdown file of docs/, and cmd/ydblint/EDITORS.md, as paths relative to
// the repository root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, d := range docs {
		rel, err := filepath.Rel(root, d)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	return append(files, "cmd/ydblint/EDITORS.md")
}

// repoRoot is the checkout this test runs in.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// documentedCommands returns every shell command of the documentation, in
// document order, and the commands of each file.
func documentedCommands(t *testing.T, root string) (all []string, byFile map[string][]string) {
	t.Helper()
	byFile = map[string][]string{}
	for _, doc := range docFiles(t, root) {
		found := docShellCommands(t, filepath.Join(root, filepath.FromSlash(doc)))
		byFile[doc] = found
		all = append(all, found...)
	}
	return all, byFile
}

// TestDocCommandsListed runs without building anything: every shell command
// of the documentation has a row in docCommands and every row is still
// documented, README.md holds the install and test commands, and .ci/run
// runs the README's test command. TestDocCommands then runs them.
func TestDocCommandsListed(t *testing.T) {
	root := repoRoot(t)
	cmds, byFile := documentedCommands(t, root)
	for _, doc := range []string{"README.md", "cmd/ydblint/EDITORS.md"} {
		if len(byFile[doc]) == 0 {
			t.Errorf("%s: no shell commands found", doc)
		}
	}
	for _, want := range readmeCommands {
		if !slices.Contains(byFile["README.md"], want) {
			t.Errorf("README.md no longer has %q (update this test's tables)", want)
		}
	}
	for _, c := range cmds {
		if _, ok := docCommands[c]; !ok {
			t.Errorf("documented command %q is not in TestDocCommands' table: add how to run it", c)
		}
	}
	for c := range docCommands {
		if !slices.Contains(cmds, c) {
			t.Errorf("docCommands lists %q, which no document holds any more: drop the row", c)
		}
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	test := readmeTestCommand(t, root)
	if !regexp.MustCompile(`(?m)^env -u YDBLINT_INTEGRATION ` + regexp.QuoteMeta(test) + `$`).Match(ci) {
		t.Errorf(".ci/run does not run the README's test command %q in an empty module cache (env -u YDBLINT_INTEGRATION %s)", test, test)
	}
}

// readmeTestCommand is the first command of README.md's "## Test" section.
func readmeTestCommand(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Test\n")
	if !ok {
		t.Fatal(`README.md has no "## Test" section`)
	}
	for _, line := range strings.Split(section, "\n") {
		if strings.HasPrefix(line, "    ") && commandStart.MatchString(strings.TrimSpace(line)) {
			return strings.TrimSpace(line)
		}
		if strings.HasPrefix(line, "## ") {
			break
		}
	}
	t.Fatal(`README.md's "## Test" section has no command`)
	return ""
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

// TestDocCommands runs every shell command of the documentation (README.md,
// docs/*.md, EDITORS.md) as written, on this checkout as a fresh clone has
// it: `go install` into a new GOBIN (the published form through a
// file-based GOPROXY serving this checkout), the "see it work" example, and
// the Run section's commands on a copy of testdata/rules. It builds
// binaries, so it runs with YDBLINT_INTEGRATION=1.
func TestDocCommands(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to run the documentation's commands", integrationEnv)
	}
	root := repoRoot(t)
	cmds, _ := documentedCommands(t, root)
	if len(cmds) == 0 {
		t.Fatal("no shell commands found in the documentation")
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

func containsInt(list []int, n int) bool {
	for _, e := range list {
		if e == n {
			return true
		}
	}
	return false
}

// markdownLink matches an inline Markdown link's target.
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// repoPath matches a path of this repository quoted in backticks
// (`passes/querysite/ssafilter.go`, `testdata/rules`): such a path must
// exist, so that a file or package moved away cannot leave the
// documentation behind. cmd/ paths other than cmd/ydblint are left out:
// the documentation uses them for user code (`cmd/setup`).
var repoPath = regexp.MustCompile("`((?:passes|internal|analyzer|testdata|docs|\\.ci|cmd/ydblint)(?:/[A-Za-z0-9_.-]+)*/?)`")

// TestDocLinks checks every relative link of the documentation: the file
// it names exists, and a #fragment names a heading of the Markdown file
// it points to (GitHub's anchors), so moving a section cannot leave a
// link behind. Repository paths quoted in the text must exist too.
func TestDocLinks(t *testing.T) {
	root := repoRoot(t)
	anchors := map[string]map[string]bool{}
	anchorsOf := func(file string) map[string]bool {
		if a, ok := anchors[file]; ok {
			return a
		}
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		a := headingAnchors(string(b))
		anchors[file] = a
		return a
	}
	for _, doc := range docFiles(t, root) {
		file := filepath.Join(root, filepath.FromSlash(doc))
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range proseLines(string(b)) {
			for _, m := range repoPath.FindAllStringSubmatch(line, -1) {
				if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(m[1]))); err != nil {
					t.Errorf("%s: names %s, which this repository does not have: %v", doc, m[1], err)
				}
			}
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				path, frag, _ := strings.Cut(target, "#")
				dest := file
				if path != "" {
					dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(path))
					if _, err := os.Stat(dest); err != nil {
						t.Errorf("%s: link %q: %v", doc, target, err)
						continue
					}
				}
				if frag != "" && strings.HasSuffix(dest, ".md") && !anchorsOf(dest)[frag] {
					t.Errorf("%s: link %q: no heading with that anchor in %s", doc, target, filepath.Base(dest))
				}
			}
		}
	}
}

// proseLines returns the lines of a Markdown text outside fenced code
// blocks.
func proseLines(text string) []string {
	var lines []string
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, "```") {
			inFence = !inFence
			continue
		}
		if !inFence {
			lines = append(lines, line)
		}
	}
	return lines
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown text: lower case, spaces as hyphens, punctuation other than
// hyphens and underscores dropped, "-1", "-2", … on repeats.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, line := range proseLines(text) {
		title, ok := strings.CutPrefix(strings.TrimLeft(line, "#"), " ")
		if !ok || !strings.HasPrefix(line, "#") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(title)) {
			switch {
			case unicode.IsLetter(r) || unicode.IsNumber(r) || r == '-' || r == '_':
				b.WriteRune(r)
			case r == ' ':
				b.WriteRune('-')
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			anchors[slug+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[slug] = true
		}
		seen[slug]++
	}
	return anchors
}
