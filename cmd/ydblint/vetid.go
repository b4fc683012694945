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
// of those files (name and content, as the analysis's own module walk reads
// them) in the module (or workspace) of the current directory, where go vet
// runs it: such an edit gives every package a new key, once, and Go edits
// elsewhere keep the per-package cache.

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"

	"github.com/ydblint/ydblint/analyzer"
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
	fmt.Fprintf(stdout, "%s version devel ydblint buildID=%x%x\n", progname, h.Sum(nil), analyzer.InputsDigest(wd))
	return true
}
