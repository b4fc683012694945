// Command ydblint runs ydblint's rules over Go packages. The one binary is
// both a standalone checker and a go vet tool:
//
//	ydblint [flags] ./...
//	go vet -vettool=$(command -v ydblint) [flags] ./...
//
// (build the tool with the same or a newer Go than the one running go vet).
//
// # Flags
//
// The configuration flags of passes/config are lifted to the top level, so
// the same spelling works in both modes (go vet accepts them because
// ydblint -flags lists them): -config, -strict, -migrations,
// -migration-tool, -migration-order, -include-pkgs, -exclude-pkgs,
// -report-unused-ignores. They override the .ydblint.yml file found at the
// module root; see https://pkg.go.dev/github.com/ydblint/ydblint/passes/config
// for each option and its default.
//
// -tags a,b selects build-tagged files as for go build and go vet (the
// go/analysis driver alone ignores it: ydblint passes it to go list through
// GOFLAGS; under go vet -vettool the go command applies it itself).
//
// The go/analysis driver flags work as usual: -json, -fix, -diff, -c=N, and
// -<rule>=false (or -<rule>=true to run only the named rules). -fix writes
// the first suggested fix of each diagnostic into the files, then prints the
// findings that remain; -fix -diff prints those edits as a unified diff
// instead and changes nothing.
//
//	ydblint version      print the module version (also -version)
//	ydblint help         list the rules with their one-line docs
//	ydblint help <rule>  print a rule's documentation
//	ydblint lsp [flags]  serve the Language Server Protocol on stdin/stdout
//
// # Editors
//
// `ydblint lsp` is a language server that runs next to gopls: diagnostics
// on open and save, the rules' quick fixes, and a suppress action. It
// takes the configuration flags above; setups for VS Code, Neovim and Helix
// are in EDITORS.md next to this file (and in the documentation of
// cmd/ydblint/internal/lsp).
//
// # Output, -explain and -stats
//
// The standalone command is its own go/analysis driver (driver.go): stage A
// (analyze.go) loads the packages and runs the rules with
// golang.org/x/tools/go/analysis/checker; stage B (output.go, explain.go)
// prints findings relative to the current directory, sorted, with the rule
// name after the headline and the detail on indented lines, or the JSON
// tree with -json. -explain prints what happened to each query site and
// -stats per-package counts (queryplan.Result.Outcomes). Under go vet
// (-V=full, -flags, a .cfg file) the x/tools unitchecker runs instead, and
// -fix applies fixes by running the binary as the x/tools driver first.
//
// # Exit codes
//
// Standalone: 0 nothing to report; 1 a package does not load or
// type-check, or an analysis failed; 2 usage or configuration error; 3
// findings reported. -json exits 0 on findings but never on a load or
// configuration error (the error is in the JSON too, under "load" or
// "config"); -fix exits as a plain run on the findings that remain.
//
// Under go vet, the go command runs the tool with -json, so the tool itself
// exits 0; go vet exits 1 when it prints diagnostics (on stderr), and go vet
// -json exits 0 and prints one JSON object per package on stdout. A
// golangci-lint build with the plugin (analyzer/gclplugin) exits 1 when it
// reports issues, as for any linter.
//
// # Same results in every driver
//
// The ydblint command, go vet -vettool=ydblint and golangci-lint report the
// same diagnostics at the same positions with the same messages
// (golangci-lint prefixes each with the rule name: "fullscan: …"), and
// apply the same fixes. Schema, write evidence and wrapper knowledge cross
// package boundaries as facts that every package re-exports, because go vet
// shows a package only the facts of its direct imports. One difference is
// deliberate: the standalone command also merges the hash-prefix evidence of
// every package it analysed and checks again the packages whose planned
// tables that changes (moduleround.go), so a package is checked against
// evidence from packages it does not import (ydblint lsp gathers that
// evidence with a child running evidence.go's command). go vet and golangci-lint
// analyse a package at a time and cannot; on the same packages they report
// what the standalone command reports with YDBLINT_MODULE_EVIDENCE=off.
// integration_test.go checks all of this over testdata/integration, which
// also holds example .golangci.yml and .custom-gcl.yml files; run it with
// YDBLINT_INTEGRATION=1 go test ./cmd/ydblint.
//
// # Caches
//
// go vet caches the tool's output per package, keyed by the package's Go
// and embedded files and by the tool's ID (ydblint -V=full). ydblint's ID
// includes a digest of the names and contents of the module's .sql and
// .yql files, .ydblint.yml, configured schema paths and Go files with DDL
// text or CreateTable calls (analyzer.InputsDigest), so an edit to a
// migration — embedded or not — re-vets every package once, as a cold go
// vet would. A schema input outside those (a file given with -config)
// still needs go vet -a. golangci-lint keys its result cache on Go files,
// linter settings and analyzer names; the plugin adds an analyzer that
// does nothing and whose name carries the same digest
// (analyzer/gclplugin), so such an edit re-runs every package there too.
// The standalone ydblint
// command keeps only a cache of module-cache dependencies' facts
// (factcache.go), keyed by their contents; it never holds findings.
package main
