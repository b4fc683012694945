// Package sdkssa is buildssa for the rules that read SDK calls from SSA
// (resultloop, retrystate, uncommitted, sessionescape, truncation): the same SSA as
// golang.org/x/tools/go/analysis/passes/buildssa (buildssa's run, with the
// no-return answers of internal/noreturn, which are ctrlflow's
// without its cost), built only for a package that
// imports ydb-go-sdk, directly or not, and is not one of the SDK's own
// library packages. Those rules return before they read SSA on every other
// package, so there the result is a nil *buildssa.SSA and no SSA is built.
//
// buildssa itself builds SSA for every package it runs on: on
// `ydblint ./...` in ydb-go-sdk's repository (every SDK package is named,
// none is a client) that was a third of the run's CPU, for no finding.
package sdkssa
