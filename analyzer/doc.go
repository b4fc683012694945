// Package analyzer wires ydblint's rules into one suite for the drivers: the
// ydblint command (standalone and go vet -vettool) and the golangci-lint
// module plugin in analyzer/gclplugin. It holds no analysis logic.
//
// The suite lists the rule analyzers only. Their shared machinery
// (passes/config, the query-site and schema fact analyzers) reaches the
// drivers through each rule's Requires, so its flags are not offered as
// -<analyzer>.<flag>: the ydblint command lifts the config flags to the top
// level instead.
//
// CompiledSchema compiles migrations into a binary whose sandbox holds no
// other file, Bazel's nogo (docs/nogo.md in the repository): it names them
// as schema inputs and returns the configuration analyzer, which takes
// nogo's analyzer_flags.
//
// Process returns the one surface through which a driver changes what
// ydblint keeps for the whole process (internal/session): forgetting the
// module scans (`ydblint lsp`), the module round's evidence (the standalone
// command), omitting related information (golangci-lint). Drivers touch no
// other package's state, and nothing writes a package variable of passes/
// or internal/ once the package is initialised (TestNoRunTimeGlobals checks
// the whole module, tests included, from SSA).
package analyzer
