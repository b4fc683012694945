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
// the first suggested fix of each diagnostic into the files; -fix -diff
// prints those edits as a unified diff instead and changes nothing (-diff
// without -fix does nothing).
//
//	ydblint -version     print the module version and exit
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
// # Exit codes
//
// Standalone: 0 when there are no diagnostics, 1 when packages fail to load
// or an analysis fails, 3 when diagnostics were reported. With -json the
// exit code is always 0 (read the JSON); with -fix it is 0 unless applying
// fixes failed.
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
// shows a package only the facts of its direct imports.
// integration_test.go checks all of this over testdata/integration, which
// also holds example .golangci.yml and .custom-gcl.yml files; run it with
// YDBLINT_INTEGRATION=1 go test ./cmd/ydblint.
//
// # Caches
//
// go vet caches the tool's output per package, keyed by the package's Go
// and embedded files (and the tool binary). After editing a migration that
// no analysed package embeds with //go:embed, go vet prints the old result
// until it is run with -a (go vet -a -vettool=… ./...), which re-runs the
// tool on every package, the standard library included. golangci-lint's
// result cache is keyed by Go files only, so it is stale after any
// migration edit, embedded or not: run golangci-lint cache clean (or use a
// fresh GOLANGCI_LINT_CACHE). The standalone ydblint command has no cache.
package main
