// Package analyzer wires ydblint's rules into one suite for the drivers: the
// ydblint command (standalone and go vet -vettool) and the golangci-lint
// module plugin in analyzer/gclplugin. It holds no analysis logic.
//
// The suite lists the rule analyzers only. Their shared machinery
// (passes/config, the query-site and schema fact analyzers) reaches the
// drivers through each rule's Requires, so its flags are not offered as
// -<analyzer>.<flag>: the ydblint command lifts the config flags to the top
// level instead.
package analyzer
