// Package testenv prepares the module cache for the tests that load the
// repository's test-data modules.
//
// The test data is written as services are written: modules with their own
// go.mod and go.sum that type-check against the real ydb-go-sdk (several
// versions). analysistest loads them with GOPROXY=off (and the command's
// tests do the same, to stay hermetic), so their dependencies must already
// be in the module cache, which on a fresh machine they are not. Main
// downloads them first, with the user's own GOPROXY and GOFLAGS, so that
// `go test ./...` straight after `git clone` is all the set-up a machine
// needs.
//
// Every test package whose tests load a test-data module calls it from its
// TestMain (a main_test.go of its own):
//
//	func TestMain(m *testing.M) { testenv.Main(m) }
//
// Main covers every go.mod below a directory named testdata anywhere in the
// repository, so a new test-data module needs no registration. It costs
// next to nothing when the cache is warm: a module downloaded before (a
// stamp in the user cache directory lists what `go mod download` fetched)
// whose downloads are all still in the module cache is not handed to the go
// command at all, so the tests run offline. Only a cold cache with no network fails, and then before any test
// runs, with a message that says so.
package testenv

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
)

// rootModule is the module path of the repository whose test data Main
// prepares.
const rootModule = "github.com/ydblint/ydblint"

// downloadTimeout bounds one `go mod download`: a proxy that hangs must
// not hang the tests.
const downloadTimeout = 10 * time.Minute

// Main makes sure every test-data module's dependencies are in the module
// cache, then runs the tests and exits with their status. It exits 1,
// without running them, when a download fails.
func Main(m *testing.M) {
	if err := Prepare(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// Prepare downloads the dependencies of every test-data module of the
// repository that contains the working directory, skipping the modules it
// has downloaded before whose downloads are all still in the cache.
func Prepare() error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	mods, err := Modules(root)
	if err != nil {
		return err
	}
	cache, err := modCache()
	if err != nil {
		return err
	}
	var errs []error
	for _, dir := range mods {
		stamp := stampPath(cache, dir)
		if stamp != "" {
			if list, err := os.ReadFile(stamp); err == nil && len(Missing(cache, string(list))) == 0 {
				continue
			}
		}
		list, err := download(dir)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if stamp != "" {
			// Best effort: without the stamp the next run downloads again.
			if os.MkdirAll(filepath.Dir(stamp), 0o755) == nil {
				_ = os.WriteFile(stamp, []byte(list), 0o644)
			}
		}
	}
	if len(errs) > 0 {
		errs = append(errs, errors.New("testenv: the tests load these test-data modules with GOPROXY=off, so their "+
			"dependencies must be in the module cache first; they are downloaded once, through your GOPROXY. "+
			"Run the tests again with network access (or a GOPROXY that serves these modules)."))
	}
	return errors.Join(errs...)
}

// repoRoot walks up from the working directory (a test's package
// directory) to the directory of the repository's go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && modfile.ModulePath(b) == rootModule {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("testenv: no go.mod of %s above the working directory", rootModule)
		}
		dir = parent
	}
}

// Modules lists, sorted, the directories below root that hold a go.mod and
// lie inside a directory named testdata. Like the go command it does not
// descend into directories whose names start with "." or "_".
func Modules(root string) ([]string, error) {
	var mods []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() != "go.mod" {
			return nil
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, elem := range strings.Split(filepath.ToSlash(rel), "/") {
			if elem == "testdata" {
				mods = append(mods, filepath.Dir(path))
				break
			}
		}
		return nil
	})
	return mods, err // WalkDir visits in lexical order
}

// modCache is the module cache the go command uses here.
func modCache() (string, error) {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return "", fmt.Errorf("testenv: go env GOMODCACHE: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", errors.New("testenv: go env GOMODCACHE is empty")
	}
	return dir, nil
}

// Missing returns the lines of a stamp ("path version" per module that
// `go mod download` reported) whose module is not in the cache: its go.mod
// and its zip or extracted directory. The module's go.sum cannot stand in
// for the stamp: it also certifies modules that only the tests of
// dependencies use, which go mod download does not fetch.
func Missing(cache, stamp string) []string {
	var missing []string
	for _, line := range strings.Split(stamp, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 || !cached(cache, fields[0], fields[1]+"/go.mod") || !cached(cache, fields[0], fields[1]) {
			missing = append(missing, line)
		}
	}
	return missing
}

// stampPath is where the list of the modules that `go mod download`
// fetched for the test-data module in dir is kept: in the user cache
// directory, under a key of the module cache's location and the module's
// go.mod and go.sum, so that any edit of them downloads again. It is empty
// when there is no user cache directory.
func stampPath(cache, dir string) string {
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00", cache)
	for _, name := range []string{"go.mod", "go.sum"} {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	return filepath.Join(base, "ydblint-testenv", hex.EncodeToString(h.Sum(nil))[:32])
}

// cached says whether the module cache holds what one go.sum line
// certifies: the go.mod (version ".../go.mod") or the content.
func cached(cache, path, version string) bool {
	v, isGoMod := strings.CutSuffix(version, "/go.mod")
	escPath, err1 := module.EscapePath(path)
	escVer, err2 := module.EscapeVersion(v)
	if err1 != nil || err2 != nil {
		return false
	}
	dl := filepath.Join(cache, "cache", "download", filepath.FromSlash(escPath), "@v", escVer)
	if isGoMod {
		return exists(dl + ".mod")
	}
	return exists(dl+".zip") || exists(filepath.Join(cache, filepath.FromSlash(escPath)+"@"+escVer))
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// download runs `go mod download -json` in the module, with the
// environment the tests were started with (the user's GOPROXY, GOFLAGS,
// GONOSUMDB, …; only a go.work around the checkout is kept out), and
// returns the stamp: one "path version" line per module it reported.
func download(dir string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), downloadTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var lines, problems []string
	dec := json.NewDecoder(&stdout)
	for {
		var m struct{ Path, Version, Error string }
		if err := dec.Decode(&m); err == io.EOF {
			break
		} else if err != nil {
			problems = append(problems, "reading go mod download -json: "+err.Error())
			break
		}
		if m.Error != "" {
			problems = append(problems, m.Error)
			continue
		}
		lines = append(lines, m.Path+" "+m.Version)
	}
	if runErr == nil && len(problems) == 0 {
		sort.Strings(lines)
		return strings.Join(lines, "\n") + "\n", nil
	}
	if runErr == nil {
		runErr = errors.New("errors reported")
	}
	detail := strings.TrimSpace(stderr.String() + "\n" + strings.Join(problems, "\n"))
	return "", fmt.Errorf("testenv: `go mod download` in %s failed: %v\n%s", dir, runErr, detail)
}
