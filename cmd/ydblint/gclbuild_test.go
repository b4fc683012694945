package main

// The custom golangci-lint of the integration test is built the way
// `golangci-lint custom` builds it — pkg/commands/internal/builder.go of
// golangci-lint v2.15.0, step by step — so that what fails for users fails
// here: golangci-lint's own repository is the main module (its module-cache
// copy stands in for the git clone, since no git host need be reachable),
// cmd/golangci-lint/plugins.go imports the plugin, a `path:` plugin is added
// with `go mod edit -replace` and a `version:` plugin with `go get`, then
// `go mod tidy` and `go build ./cmd/golangci-lint`. The go mod tidy step is
// the one that broke for users (an ambiguous import between two genproto
// modules, see go.mod), and only this module layout reproduces it: tidy
// loads the tests of every package the plugin imports, with golangci-lint's
// requirements merged with ydblint's.
//
// A `version:` plugin is fetched through a GOPROXY; the test serves the
// checkout from a file-based proxy directory (GOPROXY=file://…,<your
// GOPROXY>), built with golang.org/x/mod/zip as a module proxy would.

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"
	"unicode"

	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
	"gopkg.in/yaml.v3"
)

const (
	// ydblintModule is the plugin's module path (.custom-gcl.yml's module).
	ydblintModule = "github.com/ydblint/ydblint"
	// gclBuildRecipe names this emulation in the cache key: change it when
	// the steps change, so that no binary of an older recipe is reused.
	gclBuildRecipe = "builder.go v2.15.0 emulation 1"
)

// gclPlugin is one `plugins:` entry of .custom-gcl.yml (builder.go's
// internal.Plugin).
type gclPlugin struct {
	Module  string `yaml:"module"`
	Import  string `yaml:"import,omitempty"`
	Version string `yaml:"version,omitempty"`
	Path    string `yaml:"path,omitempty"`
}

// gclConfig is .custom-gcl.yml (internal.Configuration).
type gclConfig struct {
	Version     string       `yaml:"version"`
	Name        string       `yaml:"name,omitempty"`
	Destination string       `yaml:"destination,omitempty"`
	Plugins     []*gclPlugin `yaml:"plugins,omitempty"`
}

// readCustomGCL reads a .custom-gcl.yml and validates it as
// Configuration.Validate does, resolving a plugin's path against the
// directory `golangci-lint custom` runs in (the file's).
func readCustomGCL(t *testing.T, file string) *gclConfig {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cfg gclConfig
	if err := yaml.Unmarshal(b, &cfg); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if strings.TrimSpace(cfg.Version) == "" || len(cfg.Plugins) == 0 {
		t.Fatalf("%s: needs version and plugins", file)
	}
	if strings.TrimSpace(cfg.Name) == "" {
		cfg.Name = "custom-gcl"
	}
	for _, p := range cfg.Plugins {
		if strings.TrimSpace(p.Import) == "" {
			p.Import = p.Module
		}
		if (p.Path == "") == (p.Version == "") {
			t.Fatalf("%s: plugin %s needs exactly one of path and version", file, p.Module)
		}
		if p.Path != "" && !filepath.IsAbs(p.Path) {
			p.Path = filepath.Join(filepath.Dir(file), p.Path)
		}
	}
	return &cfg
}

// gclPluginConfig is the .custom-gcl.yml a build uses: for "path" the
// corpus's own file (a local checkout as plugin), for "version" the same
// with the plugin fetched at version instead.
func gclPluginConfig(t *testing.T, root, kind, version string) *gclConfig {
	t.Helper()
	cfg := readCustomGCL(t, filepath.Join(root, "testdata", "integration", ".custom-gcl.yml"))
	if cfg.Version != gclVersion || len(cfg.Plugins) != 1 || cfg.Plugins[0].Module != ydblintModule ||
		filepath.Clean(cfg.Plugins[0].Path) != filepath.Clean(root) {
		t.Fatalf("testdata/integration/.custom-gcl.yml must build golangci-lint %s with the plugin %s at path ../..", gclVersion, ydblintModule)
	}
	if kind == "version" {
		cfg.Plugins[0].Path, cfg.Plugins[0].Version = "", version
	}
	return cfg
}

// customGCL returns the golangci-lint that the corpus's .custom-gcl.yml
// describes (the plugin as a local checkout, path:); see customGCLAs.
func customGCL(t *testing.T, root string) string {
	t.Helper()
	return customGCLAs(t, root, "path")
}

// customGCLAs returns a golangci-lint with the ydblint plugin added as kind
// ("path" or "version"), building it unless a binary for the same inputs is
// cached. The key hashes the recipe, the golangci-lint version, the Go
// version and platform, go.mod, go.sum, every non-test Go file under
// analyzer/ and passes/ and the imports of their test files (go mod tidy
// loads the tests of the packages the plugin imports), so any change that
// can change the build rebuilds it. The cache is $YDBLINT_GCL_CACHE, else
// ydblint-gcl under the user cache directory, else under the temp
// directory; binaries of the same kind unused for a day are removed.
func customGCLAs(t *testing.T, root, kind string) string {
	t.Helper()
	key := gclKey(t, root, kind)
	cacheDir := os.Getenv(gclCacheEnv)
	if cacheDir == "" {
		if d, err := os.UserCacheDir(); err == nil {
			cacheDir = filepath.Join(d, "ydblint-gcl")
		} else {
			cacheDir = filepath.Join(os.TempDir(), "ydblint-gcl-cache")
		}
	}
	prefix := "custom-gcl-" + kind + "-"
	bin := filepath.Join(cacheDir, prefix+key)
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err == nil {
		t.Logf("golangci-lint (%s plugin): cached %s", kind, bin)
		now := time.Now()
		os.Chtimes(bin, now, now) // in use: see the clean-up below
		return bin
	}
	if err := os.MkdirAll(cacheDir, 0o755); err != nil {
		t.Fatal(err)
	}

	work := t.TempDir()
	var env []string
	var version string
	if kind == "version" {
		env, version = serveYdblint(t, root, filepath.Join(work, "goproxy"))
	}
	cfg := gclPluginConfig(t, root, kind, version)
	built := buildCustomGCL(t, cfg, work, env)

	tmp := bin + ".tmp" + strconv.Itoa(os.Getpid())
	copyFile(t, built, tmp, 0o755)
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	// Binaries of other inputs go after a day unused: not at once, since
	// checkouts that share the cache (a clone next to a working tree)
	// would evict each other's and rebuild on every run.
	old, _ := filepath.Glob(filepath.Join(cacheDir, prefix+"*"))
	for _, o := range old {
		if info, err := os.Stat(o); err == nil && o != bin && time.Since(info.ModTime()) > 24*time.Hour {
			os.Remove(o)
		}
	}
	return bin
}

// gclKey is customGCL's cache key.
func gclKey(t *testing.T, root, kind string) string {
	t.Helper()
	goVersion := strings.TrimSpace(mustRun(t, ".", nil, "go", "env", "GOVERSION"))
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s %s %s %s/%s\n", gclBuildRecipe, kind, gclVersion, goVersion, runtime.GOOS, runtime.GOARCH)
	hashFile := func(rel string, b []byte) {
		fmt.Fprintf(h, "\x00%s\x00%d\x00", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	for _, rel := range []string{"go.mod", "go.sum", filepath.Join("testdata", "integration", ".custom-gcl.yml")} {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		hashFile(rel, b)
	}
	for _, top := range []string{"analyzer", "passes"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && d.Name() == "testdata" {
				return filepath.SkipDir
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") {
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			if !strings.HasSuffix(path, "_test.go") {
				b, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				hashFile(rel, b)
				return nil
			}
			// A test file matters to the build only through its imports.
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			var imports []string
			for _, spec := range f.Imports {
				imports = append(imports, spec.Path.Value)
			}
			sort.Strings(imports)
			hashFile(rel, []byte(strings.Join(imports, "\n")))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:20]
}

// buildCustomGCL runs builder.go's Build in work (golangci-lint custom's
// temporary directory) with the extra environment, and returns the binary.
func buildCustomGCL(t *testing.T, cfg *gclConfig, work string, env []string) string {
	t.Helper()
	repo := filepath.Join(work, "golangci-lint")
	step := func(name string, f func()) {
		defer logTime(t, "golangci-lint custom: "+name, clock())
		f()
	}
	step("clone (copy of the module cache's "+cfg.Version+")", func() { cloneGCL(t, cfg.Version, repo) })
	step("plugins.go", func() { writePluginsFile(t, cfg, repo) })
	step("go.mod", func() {
		for _, p := range cfg.Plugins {
			if p.Path != "" {
				mustRun(t, repo, env, "go", "mod", "edit", "-replace", p.Module+"="+p.Path)
			} else {
				mustRun(t, repo, env, "go", "get", p.Module+"@"+p.Version)
			}
		}
	})
	step("go mod tidy", func() { mustRun(t, repo, env, "go", "mod", "tidy") })
	name := cfg.Name
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	step("go build", func() {
		version := gclCustomVersion(t, cfg)
		mustRun(t, repo, env, "go", "build",
			"-ldflags", fmt.Sprintf("-s -w -X 'main.version=%s' -X 'main.date=%s'", version, time.Now().UTC().String()),
			"-o", name, "./cmd/golangci-lint")
	})
	return filepath.Join(repo, name)
}

// cloneGCL stands in for `git clone --branch <version> --depth 1`: it copies
// the golangci-lint module of that version from the module cache
// (downloading it with the user's GOPROXY), writable, as a clone would be.
func cloneGCL(t *testing.T, version, repo string) {
	t.Helper()
	out := mustRun(t, ".", nil, "go", "mod", "download", "-json", "github.com/golangci/golangci-lint/v2@"+version)
	var m struct{ Dir, Error string }
	if err := json.Unmarshal([]byte(out), &m); err != nil || m.Dir == "" {
		t.Fatalf("go mod download golangci-lint %s: %v %s\n%s", version, err, m.Error, out)
	}
	err := filepath.WalkDir(m.Dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(m.Dir, path)
		target := filepath.Join(repo, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		copyFile(t, path, target, info.Mode().Perm()|0o200)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// gclImportsTemplate is imports.go's importsTemplate.
const gclImportsTemplate = `
package main

import (
{{range .Imports -}}
	_ "{{.}}"
{{end -}}
)
`

// writePluginsFile is updatePluginsFile: cmd/golangci-lint/plugins.go,
// which must exist, is replaced by blank imports of the plugins.
func writePluginsFile(t *testing.T, cfg *gclConfig, repo string) {
	t.Helper()
	dest := filepath.Join(repo, "cmd", "golangci-lint", "plugins.go")
	info, err := os.Stat(dest)
	if err != nil {
		t.Fatalf("golangci-lint %s has no %s: %v", cfg.Version, dest, err)
	}
	var imports []string
	for _, p := range cfg.Plugins {
		imports = append(imports, p.Import)
	}
	var buf bytes.Buffer
	if err := template.Must(template.New("plugins.go").Parse(gclImportsTemplate)).Execute(&buf, map[string]any{"Imports": imports}); err != nil {
		t.Fatal(err)
	}
	src, err := format.Source(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dest, src, info.Mode()); err != nil {
		t.Fatal(err)
	}
}

// gclCustomVersion is createVersion: the version the binary reports,
// "<version>-custom-gcl-<hash of the plugins>". Like golangci-lint's
// hashDir, the hash of a path plugin covers the directory's top-level files
// only (its submodule check tests the top directory's go.mod, which skips
// every subdirectory).
func gclCustomVersion(t *testing.T, cfg *gclConfig) string {
	t.Helper()
	h := sha256.New()
	for _, p := range cfg.Plugins {
		if p.Path == "" {
			h.Write([]byte(p.Module + "@" + p.Version))
			continue
		}
		entries, err := os.ReadDir(p.Path)
		if err != nil {
			t.Fatal(err)
		}
		var files []string
		for _, e := range entries {
			if e.Type().IsRegular() {
				files = append(files, e.Name())
			}
		}
		dh, err := dirhash.Hash1(files, func(name string) (io.ReadCloser, error) { return os.Open(filepath.Join(p.Path, name)) })
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(dh))
	}
	return sanitizeGCLVersion(cfg.Version) + "-custom-gcl-" + sanitizeGCLVersion(base64.URLEncoding.EncodeToString(h.Sum(nil)))
}

// sanitizeGCLVersion is builder.go's sanitizeVersion.
func sanitizeGCLVersion(v string) string {
	return strings.Join(strings.FieldsFunc(v, func(c rune) bool {
		return !unicode.IsLetter(c) && !unicode.IsNumber(c) && c != '.' && c != '/'
	}), "")
}

// serveYdblint writes a file-based module proxy (the GOPROXY protocol as
// files: <module>/@v/list, .info, .mod, .zip) holding the checkout at root
// as the only version, and returns the environment that makes the go
// command use it ahead of the user's GOPROXY, and the version. The version
// is a prerelease named after the module's content, so that the module
// cache (which keeps every version it fetched) never holds different
// content under one version, and a rerun on the same content reuses it.
// The module is not in the public checksum database, so it is named in
// GONOSUMDB, as a private module would be.
func serveYdblint(t *testing.T, root, dir string) (env []string, version string) {
	t.Helper()
	// CreateFromDir leaves out what a module zip leaves out: nested
	// modules (the test data), VCS directories, vendor/.
	zipOf := func(version string) []byte {
		var buf bytes.Buffer
		if err := modzip.CreateFromDir(&buf, module.Version{Path: ydblintModule, Version: version}, root); err != nil {
			t.Fatalf("module zip of %s: %v", root, err)
		}
		return buf.Bytes()
	}
	sum := sha256.Sum256(zipOf("v0.0.0"))
	version = "v0.0.0-ydblinttest.k" + hex.EncodeToString(sum[:])[:20]
	mv := module.Version{Path: ydblintModule, Version: version}
	esc, err := module.EscapePath(mv.Path)
	if err != nil {
		t.Fatal(err)
	}
	vdir := filepath.Join(dir, filepath.FromSlash(esc), "@v")
	if err := os.MkdirAll(vdir, 0o755); err != nil {
		t.Fatal(err)
	}
	zipBytes := zipOf(version)
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	info, _ := json.Marshal(map[string]string{"Version": version, "Time": time.Now().UTC().Format(time.RFC3339)})
	for name, content := range map[string][]byte{
		"list":            []byte(version + "\n"),
		version + ".info": info,
		version + ".mod":  gomod,
		version + ".zip":  zipBytes,
	} {
		if err := os.WriteFile(filepath.Join(vdir, name), content, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	userProxy := strings.TrimSpace(mustRun(t, ".", nil, "go", "env", "GOPROXY"))
	if userProxy == "" {
		userProxy = "https://proxy.golang.org,direct"
	}
	noSumDB := strings.TrimSpace(mustRun(t, ".", nil, "go", "env", "GONOSUMDB"))
	if noSumDB != "" {
		noSumDB += ","
	}
	proxyURL := "file://" + filepath.ToSlash(dir)
	if runtime.GOOS == "windows" {
		proxyURL = "file:///" + filepath.ToSlash(dir)
	}
	return []string{"GOPROXY=" + proxyURL + "," + userProxy, "GONOSUMDB=" + noSumDB + ydblintModule}, version
}

func copyFile(t *testing.T, from, to string, perm fs.FileMode) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, perm); err != nil {
		t.Fatal(err)
	}
}
