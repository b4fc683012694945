package main

// The hermetic-mode test: every package of testdata/integration is analysed
// as Bazel's nogo analyses it, one package at a time in a sandbox that
// holds only the package's Go files, the export data and facts of its
// imports and the named schema files, through the
// unitchecker protocol (a JSON .cfg file, as go vet -vettool and nogo's
// own driver read one). The facts of the corpus's packages come from
// their own sandboxed runs, in import order, as nogo passes them on. The
// findings must be those of the normal go vet run, but for the documented
// differences of hermeticDifferences (docs/nogo.md).
//
// The sandboxes sit in a directory that also holds a go.mod, a config file
// and a migration that redefines the corpus's tables with another key: a
// run that looked for a module root or walked above its working directory
// would read them, and the conflict would silence the rules.
//
// It runs twice: with the ydblint command and the schema files in the
// sandbox, named with -migrations; and with a nogo-like binary that has
// them compiled in (analyzer.CompiledSchema) and a sandbox without them.
// It runs go vet and builds binaries, so, like the other driver tests,
// only with YDBLINT_INTEGRATION=1.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/unitchecker"
)

// hermeticDifferences are the findings of the normal go vet run that the
// hermetic run cannot make, by position and rule, each with the reason
// (docs/nogo.md names every kind).
var hermeticDifferences = map[string]string{
	"migrations/00005_profile_audit.sql:9:1 yqlcheck": "a migration's own fault is reported by the package whose directory holds it; no package holds migrations/",
	"balances/balances.go:26:8 idempotency":           "whether the module opens its driver with ydb.WithDefaultIdempotent is read from its other files",
	"payments/payments.go:118:4 truncation":           "how the module opens its driver (WithExecuteDataQueryOverQueryClient) is read from its other files",
	"ledger/ledger.go:21:13 monotonickey":             "ledger_entries is created by Go DDL in setupschema, which ledger does not import",
	"ledger/ledger.go:28:108 fullscan":                "ledger_entries is created by Go DDL in setupschema, which ledger does not import",
	"evaluated/embedded.go:19:2 fullscan":             "the query text is a //go:embed file, which the sandbox does not hold (nogo: an embedsrcs input of the compile action only)",
	"evaluated/embedded.go:60:7 fullscan":             "the query text is a //go:embed file, which the sandbox does not hold (nogo: an embedsrcs input of the compile action only)",
	"evaluated/embeddedtmpl.go:39:12 fullscan":        "the template is parsed from a //go:embed file, which the sandbox does not hold (nogo: an embedsrcs input of the compile action only)",
	"evaluated/embedded.go:78:12 fullscan":            "the query text is a //go:embed file of an imported package, whose fact carries it only when its own sandbox holds the file",
}

func TestHermeticSandbox(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to run the corpus through sandboxed unitchecker runs", integrationEnv)
	}
	bin := buildTool(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(root, "testdata", "integration")
	settings := gclSettings(t, corpus)
	var flags []string
	for _, k := range sortedKeys(settings) {
		flags = append(flags, "-"+k+"="+settings[k])
	}
	schemaFiles := corpusSchemaFiles(t, corpus)

	// The normal run, kept: its work directory holds every package's .cfg
	// file, the export data they name and the facts of the packages
	// outside the corpus.
	out := runIn(t, corpus, nil, "go", append(append([]string{"vet", "-work", "-vettool=" + uncachedTool(t, bin), "-json"}, flags...), "./...")...)
	out.wantCode(t, 0)
	work := ""
	for _, line := range strings.Split(out.stderr, "\n") {
		if w, ok := strings.CutPrefix(line, "WORK="); ok {
			work = w
		}
	}
	if work == "" {
		t.Fatalf("go vet -work printed no WORK=:\n%s", out.stderr)
	}
	t.Cleanup(func() { os.RemoveAll(work) })
	normal := vetRuleSuffix(t, parseAnalysisJSON(t, corpus, out.stdout))

	cfgs := corpusCfgs(t, work, corpus)

	t.Run("named files", func(t *testing.T) {
		// The ydblint command as go vet's tool, the schema files in the
		// sandbox and named with -migrations.
		hermeticFlags := append([]string{"-json", "-hermetic", "-config=.ydblint.yml", "-migrations=" + strings.Join(schemaFiles, ",")}, flags...)
		got := runSandboxes(t, corpus, cfgs, bin, hermeticFlags, append(schemaFiles, ".ydblint.yml"))
		compareHermetic(t, vetRuleSuffix(t, got), normal)
	})

	t.Run("compiled in", func(t *testing.T) {
		// A nogo-like binary: the suite behind unitchecker.Main with the
		// schema files compiled in (analyzer.CompiledSchema) and the
		// options as the configuration analyzer's flags, as nogo's
		// analyzer_flags set them; the sandbox holds no schema file.
		nogoBin := buildCompiledSchemaTool(t, root, corpus, schemaFiles)
		nogoFlags := []string{"-json", "-ydblint_config.hermetic=true", "-ydblint_config.config=.ydblint.yml"}
		for _, k := range sortedKeys(settings) {
			nogoFlags = append(nogoFlags, "-ydblint_config."+k+"="+settings[k])
		}
		got := runSandboxes(t, corpus, cfgs, nogoBin, nogoFlags, []string{".ydblint.yml"})
		compareHermetic(t, got, normal)
	})
}

// runSandboxes runs tool with flags on each package of cfgs, in order, each
// in a sandbox of its own holding the named inputs (buildSandbox), next to
// the decoys, and returns the findings. Each package gets the facts its
// corpus imports produced in their sandboxes.
func runSandboxes(t *testing.T, corpus string, cfgs []*unitchecker.Config, tool string, flags, named []string) []diag {
	t.Helper()
	outer := t.TempDir()
	writeDecoys(t, outer)
	facts := map[string]string{} // corpus package path → its hermetic facts file
	var got []diag
	for i, c := range cfgs {
		box := filepath.Join(outer, fmt.Sprintf("box%02d", i))
		cfgFile := buildSandbox(t, box, corpus, c, facts, named)
		r := runIn(t, box, nil, tool, append(append([]string{}, flags...), cfgFile)...)
		r.wantCode(t, 0)
		stdout, err := os.ReadFile(filepath.Join(box, "out", "vet.stdout"))
		if err != nil {
			t.Fatalf("%s: %v\n%s", c.ImportPath, err, r.stderr)
		}
		got = append(got, parseAnalysisJSON(t, box, string(stdout))...)
		facts[c.ImportPath] = filepath.Join(box, "out", "vet.out")
	}
	if len(got) == 0 {
		t.Fatal("the sandboxed runs found nothing")
	}
	return got
}

// compiledSchemaMain is the main package of a nogo-like binary: the suite
// and the configuration analyzer, with the corpus's schema files compiled
// in under their corpus-relative names.
const compiledSchemaMain = `package main

import (
	"embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/ydblint/ydblint/analyzer"
)

//go:embed %s
var schemaFiles embed.FS

func main() {
	unitchecker.Main(append([]*analysis.Analyzer{analyzer.CompiledSchema("", schemaFiles)}, analyzer.Suite...)...)
}
`

// buildCompiledSchemaTool builds compiledSchemaMain in a module of its own
// that requires this checkout of ydblint, offline.
func buildCompiledSchemaTool(t *testing.T, root, corpus string, schemaFiles []string) string {
	t.Helper()
	dir := t.TempDir()
	write := func(name string, b []byte) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range schemaFiles {
		b, err := os.ReadFile(filepath.Join(corpus, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		write(f, b)
	}
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.sum", sum)
	write("go.mod", []byte("module example.com/ydbnogo\n\ngo 1.26.0\n\nrequire github.com/ydblint/ydblint v0.0.0\n\nreplace github.com/ydblint/ydblint => "+root+"\n"))
	write("main.go", []byte(fmt.Sprintf(compiledSchemaMain, strings.Join(schemaFiles, " "))))
	bin := filepath.Join(dir, "ydbnogo")
	// Offline: every module it needs is in the module cache, which built
	// this checkout; -mod=mod lets the go command complete the new go.sum.
	env := []string{"GOFLAGS=" + os.Getenv("GOFLAGS") + " -mod=mod", "GOPROXY=off", "GOSUMDB=off"}
	mustRun(t, dir, env, "go", "build", "-o", bin, ".")
	return bin
}

// uncachedTool returns a vet tool that runs bin under a tool ID of its
// own: go vet then replays no cached result and writes every package's
// .cfg file (go vet -a would also rebuild every package).
func uncachedTool(t *testing.T, bin string) string {
	t.Helper()
	tool := filepath.Join(t.TempDir(), "ydblint-uncached")
	script := fmt.Sprintf("#!/bin/sh\nif [ \"$1\" = -V=full ]; then echo \"$0 version devel ydblint buildID=%x\"; exit 0; fi\nexec %q \"$@\"\n", time.Now().UnixNano(), bin)
	if err := os.WriteFile(tool, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return tool
}

// corpusSchemaFiles lists the corpus's .sql files, relative to the corpus:
// what a BUILD file would name as the nogo rule's schema inputs.
func corpusSchemaFiles(t *testing.T, corpus string) []string {
	t.Helper()
	var out []string
	for _, pat := range []string{"migrations/*.sql", "embedded/schema/*.sql"} {
		m, err := filepath.Glob(filepath.Join(corpus, pat))
		if err != nil || len(m) == 0 {
			t.Fatalf("no schema files %s: %v", pat, err)
		}
		for _, f := range m {
			out = append(out, relSlash(t, corpus, f))
		}
	}
	sort.Strings(out)
	return out
}

// corpusCfgs reads the .cfg files go vet wrote for the corpus's packages,
// in an order where every package comes after the corpus packages it
// imports.
func corpusCfgs(t *testing.T, work, corpus string) []*unitchecker.Config {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(work, "*", "vet.cfg"))
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*unitchecker.Config{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := new(unitchecker.Config)
		if err := json.Unmarshal(b, c); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if c.Dir == corpus || strings.HasPrefix(c.Dir, corpus+string(filepath.Separator)) {
			byPath[c.ImportPath] = c
		}
	}
	if len(byPath) < 10 {
		t.Fatalf("go vet wrote .cfg files for %d corpus packages", len(byPath))
	}
	var order []*unitchecker.Config
	done := map[string]bool{}
	var visit func(p string)
	visit = func(p string) {
		c := byPath[p]
		if c == nil || done[p] {
			return
		}
		done[p] = true
		for _, imp := range sortedKeys(c.PackageVetx) {
			visit(imp)
		}
		order = append(order, c)
	}
	paths := make([]string, 0, len(byPath))
	for p := range byPath {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		visit(p)
	}
	return order
}

// buildSandbox lays out box as nogo's action sees its execroot: the
// package's Go files at their corpus-relative paths, the export data and
// facts of its imports, and the named inputs, and writes the .cfg file
// with paths relative to box. It returns the .cfg file's name.
func buildSandbox(t *testing.T, box, corpus string, c *unitchecker.Config, corpusFacts map[string]string, named []string) string {
	t.Helper()
	put := func(src, rel string) string {
		if err := os.MkdirAll(filepath.Join(box, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(box, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
		return filepath.ToSlash(rel)
	}
	box = filepath.Clean(box)
	sc := *c
	sc.Dir, sc.ModulePath, sc.ModuleVersion, sc.Module = "", "", "", nil // nogo names no module
	sc.GoFiles = nil
	for _, f := range c.GoFiles {
		sc.GoFiles = append(sc.GoFiles, put(f, relSlash(t, corpus, f)))
	}
	sc.NonGoFiles, sc.IgnoredFiles = nil, nil
	sc.PackageFile = map[string]string{}
	for i, imp := range sortedKeys(c.PackageFile) {
		sc.PackageFile[imp] = put(c.PackageFile[imp], filepath.Join("export", fmt.Sprint(i)))
	}
	sc.PackageVetx = map[string]string{}
	for i, imp := range sortedKeys(c.PackageVetx) {
		src := c.PackageVetx[imp]
		if f, ok := corpusFacts[imp]; ok {
			src = f
		} else if _, inCorpus := strings.CutPrefix(imp, "example.com/integ"); inCorpus {
			t.Fatalf("%s: no hermetic facts of %s yet", c.ImportPath, imp)
		}
		if _, err := os.Stat(src); err != nil {
			continue // go vet writes no facts file for a package without facts
		}
		sc.PackageVetx[imp] = put(src, filepath.Join("facts", fmt.Sprint(i)))
	}
	for _, n := range named {
		put(filepath.Join(corpus, filepath.FromSlash(n)), filepath.FromSlash(n))
	}
	if err := os.MkdirAll(filepath.Join(box, "out"), 0o755); err != nil {
		t.Fatal(err)
	}
	sc.VetxOutput = "out/vet.out"
	sc.Stdout = "out/vet.stdout"
	sc.FixArchive = ""
	b, err := json.MarshalIndent(sc, "", "\t")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(box, "vet.cfg"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return "vet.cfg"
}

// writeDecoys puts next to the sandboxes what a run that leaves its
// working directory would find: a module root, a config file and a
// migration giving the corpus's tables another primary key.
func writeDecoys(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		"go.mod":        "module example.com/integ\n\ngo 1.24\n",
		".ydblint.yml":  "version: 1\nstrict: true\n",
		"decoy/001.sql": "CREATE TABLE orders (decoy Uint64, PRIMARY KEY (decoy));\nCREATE TABLE accounts (decoy Uint64, PRIMARY KEY (decoy));\nCREATE TABLE profiles (decoy Uint64, PRIMARY KEY (decoy));\n",
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// compareHermetic checks that the hermetic findings are the normal run's
// but for hermeticDifferences, and that each listed difference is real.
func compareHermetic(t *testing.T, got, normal []diag) {
	t.Helper()
	key := func(d diag) string { return d.String() + " (" + d.Analyzer + ")" }
	at := func(d diag) string { return fmt.Sprintf("%s:%d:%d %s", d.File, d.Line, d.Col, d.Analyzer) }
	gotSet := map[string]bool{}
	for _, d := range got {
		gotSet[key(d)] = true
	}
	normalSet := map[string]bool{}
	missed := map[string]bool{}
	for _, d := range normal {
		normalSet[key(d)] = true
		if !gotSet[key(d)] {
			missed[at(d)] = true
			if hermeticDifferences[at(d)] == "" {
				t.Errorf("hermetic run misses %s", key(d))
			}
		}
	}
	for _, d := range got {
		if k := key(d); !normalSet[k] {
			t.Errorf("hermetic run adds %s", k)
		}
	}
	for k, why := range hermeticDifferences {
		if !missed[k] {
			t.Errorf("listed difference (%s) does not occur: %s", why, k)
		}
	}
}
