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
// The go/analysis driver flags work as usual: -json, -fix, -diff, -c=N, and
// -<rule>=false (or -<rule>=true to run only the named rules).
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
// exits 0; go vet exits 1 when it prints diagnostics, and go vet -json exits
// 0 and passes the JSON through.
package main
