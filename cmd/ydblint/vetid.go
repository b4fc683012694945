package main

// The tool ID ydblint gives go vet. The go command caches each package's
// vet result (diagnostics and facts) under a key made of the vet tool's ID
// (what `ydblint -V=full` prints), the vet flags, the package's compile
// action ID (its Go files, embedded files and dependencies) and its
// dependencies' vet results (cmd/go/internal/work: Builder.vet and
// Builder.toolID). ydblint also reads files the go command does not hash:
// migrations (.sql, .yql) and Go DDL found anywhere in the module, and
// .ydblint.yml. So that editing one of those re-runs go vet instead of
// replaying stale results, -V=full appends to the executable's hash a hash
// of those files (name, size, modification time) in the module (or
// workspace) of the current directory, where go vet runs it: such an edit
// gives every package a new key, once, and Go edits elsewhere keep the
// per-package cache.

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/ydblint/ydblint/passes/config"
)

// vetVersion prints the -V=full line when args are go vet's version query
// and reports whether it did.
func vetVersion(args []string, stdout io.Writer) bool {
	if len(args) != 1 || args[0] != "-V=full" && args[0] != "--V=full" {
		return false
	}
	progname, err := os.Executable()
	if err != nil {
		return false // multichecker reports it
	}
	f, err := os.Open(progname)
	if err != nil {
		return false
	}
	h := sha256.New()
	_, err = io.Copy(h, f)
	f.Close()
	if err != nil {
		return false
	}
	wd, _ := os.Getwd()
	// "devel" and a last field buildID=…: the go command keys on that
	// field's content ID (the text after its last '/', here all of it).
	fmt.Fprintf(stdout, "%s version devel ydblint buildID=%x%x\n", progname, h.Sum(nil), schemaInputsHash(wd))
	return true
}

// Bounds of the walk: past them the hash changes on every run (no caching
// rather than a stale result).
const (
	maxVetIDEntries = 200000
	maxVetIDBytes   = 64 << 20
)

// ddlText is passes/schemafact's ddlPattern: a Go file matching it may
// hold DDL the module scan reads. CreateTable calls (the table service's
// schema call, decoded by schemafact's option scan) count too.
var ddlText = regexp.MustCompile(`(?i)\b(create|alter|drop)\s+table\b|CreateTable\(`)

// schemaInputsHash hashes the name, size and modification time of the
// non-Go inputs of passes/schemafact and passes/config under the module
// roots of dir (the workspace's modules under go.work): .sql and .yql
// files, .ydblint.yml and .ydblint.yaml, the files of configured schema
// paths, and the Go files holding DDL text or CreateTable calls. The walk
// skips what schemafact's does (vendor, node_modules, testdata, hidden and
// _ directories, nested modules).
func schemaInputsHash(dir string) []byte {
	h := sha256.New()
	var read int64
	entries := 0
	over := false
	stamp := func(path string, fi fs.FileInfo) {
		fmt.Fprintf(h, "%s\x00%d\x00%d\n", path, fi.Size(), fi.ModTime().UnixNano())
	}
	walk := func(root string, nested bool) {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || over {
				if d != nil && d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			entries++
			if entries > maxVetIDEntries {
				over = true
				return fs.SkipAll
			}
			name := d.Name()
			if d.IsDir() {
				if path == root {
					return nil
				}
				if name == "vendor" || name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return fs.SkipDir
				}
				if !nested {
					if fi, err := os.Stat(filepath.Join(path, "go.mod")); err == nil && fi.Mode().IsRegular() {
						return fs.SkipDir
					}
				}
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			ext := strings.ToLower(filepath.Ext(name))
			switch {
			case ext == ".sql" || ext == ".yql" || name == ".ydblint.yml" || name == ".ydblint.yaml":
			case ext == ".go" && !strings.HasSuffix(name, "_test.go"):
				b, err := os.ReadFile(path)
				if err != nil {
					return nil
				}
				read += int64(len(b))
				if read > maxVetIDBytes {
					over = true
					return fs.SkipAll
				}
				if !bytes.Contains(bytes.ToLower(b), []byte("table")) || !ddlText.Match(b) {
					return nil
				}
			default:
				return nil
			}
			if fi, err := d.Info(); err == nil {
				stamp(path, fi)
			}
			return nil
		})
	}
	for _, root := range moduleRoots(dir) {
		fmt.Fprintf(h, "module %s\n", root)
		walk(root, false)
		// Configured schema paths may lie outside the module.
		for _, p := range config.Load(root, config.Settings{}).SchemaPaths {
			matches, _ := filepath.Glob(p)
			if len(matches) == 0 {
				matches = []string{p}
			}
			sort.Strings(matches)
			for _, m := range matches {
				fi, err := os.Stat(m)
				switch {
				case err != nil:
					fmt.Fprintf(h, "missing %s\n", m)
				case fi.IsDir():
					fmt.Fprintf(h, "dir %s\n", m)
					walk(m, true)
				default:
					stamp(m, fi)
				}
			}
		}
	}
	if over {
		// Too much to hash: a key no run shares.
		fmt.Fprintf(h, "unbounded %d %d\n", os.Getpid(), time.Now().UnixNano())
	}
	return h.Sum(nil)
}

// moduleRoots returns the module root above dir, or the directories a
// go.work above it (or $GOWORK) uses; GOWORK=off: the module alone.
func moduleRoots(dir string) []string {
	if gw := os.Getenv("GOWORK"); gw != "" && gw != "off" {
		if roots := workRoots(gw); roots != nil {
			return roots
		}
	}
	mod := ""
	for d := dir; d != ""; {
		if mod == "" {
			if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && fi.Mode().IsRegular() {
				mod = d
			}
		}
		if os.Getenv("GOWORK") == "" {
			if roots := workRoots(filepath.Join(d, "go.work")); roots != nil {
				return roots
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if mod == "" {
		return nil
	}
	return []string{mod}
}

// workRoots returns the module directories the go.work file uses, or nil.
func workRoots(file string) []string {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil
	}
	wf, err := modfile.ParseWork(file, b, nil)
	if err != nil {
		return nil
	}
	roots := []string{}
	for _, u := range wf.Use {
		p := u.Path
		if !filepath.IsAbs(p) {
			p = filepath.Join(filepath.Dir(file), p)
		}
		roots = append(roots, filepath.Clean(p))
	}
	sort.Strings(roots)
	return roots
}
