// Package load loads Go packages for ydblint's own drivers (`ydblint lsp`,
// and the standalone command's load stage): one `go list`, export data for
// the packages that cannot matter to ydblint's facts, source for the rest,
// and an incremental re-check of the packages whose files changed.
//
// # Why not packages.LoadAllSyntax
//
// ydblint's analyzers declare fact types, so the go/analysis checker wants
// every dependency loaded from source (packages.LoadAllSyntax) and runs the
// fact analyzers on all of them: on ydb-go-sdk's tests/slo that is ~600
// packages (the SDK, grpc, protobuf, genproto, otel …) type-checked from
// source, 5–8 s and ~1 GB per run, though almost none of them can hold a
// query site or a wrapper. The facts come from a few analyzers only
// (TestFactAnalyzersKnown keeps the list): passes/querysite exports facts
// for packages that reach ydb-go-sdk or database/sql, that mention a YQL
// statement in a string, or that are (or import) a configured sink;
// passes/schemafact for packages that reach those libraries or a sink;
// passes/nestedretry and passes/retryerr for packages that reach
// ydb-go-sdk (internal/sdkssa.Needed);
// internal/noreturn's no-return facts, for the same packages (the
// standard library's no-return functions are its table). None exports
// anything for the standard library or for the SDK's own library packages. Every other package has
// no facts to give, so its types can come from the compiler's export data
// (what `go vet` and gopls use), and no analyzer needs to run on it.
//
// # What Load does
//
//  1. One packages.Load in a mode without types (go list -deps -export
//     -compiled): the import graph, file lists and export data files,
//     compiled by the go command and cached in its build cache.
//  2. A [Policy] picks the packages that need source: the named packages,
//     plus, for ydblint's analyzers ([YDB]), the packages that can hold
//     facts as above. Every package that imports one of them needs source
//     too, so that one package is one set of objects.
//  3. Packages are type-checked in import order, in parallel: source ones
//     with go/types (full types.Info, errors kept), the others read from
//     export data into one shared map, which reuses the objects of
//     packages already loaded.
//
// [Snapshot.View] gives the named packages with their Imports cut down to
// the source packages: handed to checker.Analyze, the fact analyzers run on
// exactly the packages that can have facts, and the checker needs nothing
// else (a package outside the view has no facts and no diagnostics).
//
// # Facts the driver already holds
//
// [Config.Facts] lets a driver that keeps facts between runs (the
// standalone command's cache of module-cache packages, cmd/ydblint
// factcache.go) take a dependency out of the source load: when every
// direct import of a package the policy picks is read from export data,
// is a standard package or is itself such a package, and Facts says yes,
// the package is read from export data and stays in View without syntax,
// and the driver's analyzers hand its facts to the checker. gorm, xorm and
// the ydb-go-yc packages under ydb-go-sdk's tests/slo are such packages:
// they reach database/sql, so their wrapper facts are computed from source
// once, then read back.
//
// # Incremental re-check
//
// [Snapshot.Update] compares the files the snapshot was loaded from (size
// and modification time of every file in a local directory, the file lists
// of those directories, go.mod, go.sum and go.work) with the disk. When only
// the bodies or declarations of files in source packages changed (same
// package clause, imports and build constraints), it parses and
// type-checks again those packages and every source package that imports
// them, reusing every other package as it is. Anything else (a new file, a
// changed import, an edit in a package read from export data, go.mod) asks
// for a new Load. This is gopls's model in small (gopls/internal/cache:
// metadata from go list, packages re-checked when a file or a dependency
// changes) without gopls's export-data hashing: an edited package's
// importers are always checked again.
//
// Overlays (unsaved editor buffers) are not supported: the go command
// would have to re-derive export data for them, and ydblint analyses on
// save anyway.
package load
