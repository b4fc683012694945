// Package sdkssa hands the rules that read SDK calls from SSA
// (resultloop, retrystate, uncommitted, sessionescape, truncation,
// retryerr, txretry, idempotency, scantype) every source function of the package's one SSA program (internal/ssaprog),
// as golang.org/x/tools/go/analysis/passes/buildssa would, for a package
// that imports ydb-go-sdk, directly or not, and is not one of the SDK's
// own library packages. Those rules return before they read SSA on every
// other package, so there the result is a nil *buildssa.SSA and the
// program gets only the bodies querysite needs, if any.
// RetriedClosures finds the function literals a function hands to an SDK
// retrier (sdk.Retriers), Callee names what an SSA call calls, and
// Handles tells whether a database/sql handle was certainly opened on
// the YDB driver.
//
// buildssa itself builds SSA for every package it runs on: on
// `ydblint ./...` in ydb-go-sdk's repository (every SDK package is named,
// none is a client) that was a third of the run's CPU, for no finding.
package sdkssa
