// Package srcfiles is ydblint's only reader of non-Go files and of Go files
// outside the package being analysed.
//
// go/analysis gives a pass no sanctioned way to read a migration file:
// Pass.ReadFile rejects anything that is not one of the package's own files
// in every driver (go vet, the checker, analysistest, golangci-lint), even
// files named by //go:embed. Schema discovery still needs migrations and Go
// DDL from the whole module, so this package reads them with the os package,
// under three rules that keep the analyzer safe to run on any code:
//
//   - Nothing outside the module root is read. Reads go through os.Root,
//     which refuses paths that leave the root, including through symlinks.
//   - Walks are bounded in depth, entries, file count and bytes; a file that
//     is too large, binary or unreadable is skipped with a recorded Note
//     instead of an error, so one odd file never hides the rest.
//   - Vendor, node_modules, testdata, hidden and underscore directories and
//     nested modules are not entered: they hold other projects' code or
//     fixtures, not the schema of this module.
//
// Walk lists and reads in one call; List walks the directories once and
// Listing.Read reads part of what it found, so that several readers of one
// tree (internal/modscan) share one walk and keep their own bounds.
//
// The package knows nothing about SQL, Go analysis or the schema model.
package srcfiles
