// Package modscan reads the files of a module once per process for every
// analyzer that needs more than its own package: one walk of the module
// root's directories (srcfiles.List), which each reader reads its part of,
// with its own bounds, and a memo (Derive) of what each reader makes of
// them, kept per module root until Forget.
//
// The readers are schema discovery (passes/schemafact: migrations, Go DDL,
// CreateTable calls; SchemaInputs), the truncation rule (how the module
// opens its driver; GoSources), and the go vet tool ID of cmd/ydblint,
// which hashes the schema inputs so that go vet's cache notices a changed
// migration. The Cache lives in the process's session (internal/session);
// `ydblint lsp` forgets it when such files change.
//
// IsSchemaFile, IsDDL and MentionsSchema are the tests every reader shares
// for what counts as a schema input.
package modscan
