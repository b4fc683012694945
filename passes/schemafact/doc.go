// Package schemafact defines ydblint's schemafact analyzer.
//
// # Analyzer schemafact
//
// schemafact: discover the YDB schema visible to a package, from migrations, Go DDL and the configuration
//
// schemafact builds the catalogue of tables (columns, primary keys, indexes,
// hash-prefix evidence) that the rules check queries against, and exports it
// as a package fact. It reads the query sites of passes/querysite (the
// internal/site model) for their DDL and evidence, and queryplan plans those
// sites against its catalogue. It never reports diagnostics itself; rules
// Require it and read its *Result: the merged *schema.Catalog and a list of
// Problems about the discovery (conflicting definitions, skipped files, DDL
// that could not be decoded).
//
// # Where the schema comes from
//
// Sources are gathered in this order:
//
//  1. Migration files of the module. The module root is pass.Module.Dir when
//     the driver sets it, else the nearest go.mod above the package (go vet
//     before go1.27 leaves Module.Dir empty). A bounded walk of the root
//     finds every .sql and .yql file holding CREATE/ALTER/DROP TABLE, skipping
//     vendor, node_modules, testdata (a user's testdata holds fixtures, not
//     the schema), hidden and underscore directories, and nested modules.
//     Each directory is one migration sequence: its layout (goose,
//     golang-migrate, plain) decides which parts apply and in which order;
//     the migration-tool and migration-order options (config.Config) fix
//     the layout and the order instead of detecting them.
//     When the configuration lists schema paths (schema.paths,
//     -migrations), they replace this discovery and source 3: only the
//     configured directories (recursively) and glob matches are read, each
//     directory one sequence. They may lie outside the module root; each is
//     read through os.Root opened on it (a glob: on its directory part), and
//     symlinks below it are not followed (configured.go).
//  2. Go DDL anywhere in the module, including packages the analysed package
//     does not import (a bootstrap or migrations package). Go files are
//     parsed without type checking; string literals, same-package constants,
//     concatenation, fmt.Sprintf with a constant format, path.Join and
//     strings.Join over a []string literal are evaluated, anything else
//     becomes a hole. Strings passed to an error
//     constructor, a printer or a logger (fmt.Errorf("create table failed:
//     %w", err), log.Println("Create table done"), logger.Error(…)) are
//     messages, not DDL (goddlmsg.go); a string written to a builder
//     (WriteString) or grown with += is a piece of a statement, read only
//     when it parses by itself (goddlpiece.go). A table named after a hole and
//     a slash (path.Join(db.Name(), "orders")) is "orders" under an unknown
//     prefix; a table named by a hole alone is not known. One catalogue per
//     package directory, in file and line order — except that a CREATE of a
//     table another top-level function already created goes to a catalogue
//     of its own (siteorder.go): functions run in no known order, so the two
//     definitions merge as unordered ones (see the merge below).
//     The same scan decodes CreateTable / AlterTable calls of packages that
//     import ydb-go-sdk (goopts.go, each option decoded by internal/tableopt
//     as querysite decodes it): options written in the call, returned
//     by a function or method of the module (in any of its packages), built
//     with append, or taken from a map of such functions ranged over (one
//     table per map entry, the key bound to the range variable). Paths
//     evaluate like DDL strings, plus local variables assigned once and
//     module functions whose body returns a string (path.Join(p.Path,
//     name)). A call with an option, column type or key column that is not
//     an SDK option call written out is skipped (a column type may also be
//     the SDK's types.DefaultDecimal variable, and WithColumnMeta with a
//     keyed options.Column literal counts as written out), and so is a
//     table whose own
//     name is made at run time (name + "_" + day).
//     A migration directory or DDL string written for another database
//     (VARCHAR, BIGINT, JSONB, REFERENCES, … and no YQL word: ydbonly.go),
//     and every file of a module in the module cache, is not read as YDB's
//     schema; a text/template action ({{ .TablePathPrefix }}) in a path is
//     an unknown prefix, never a name.
//  3. Files named by the package's //go:embed patterns, when the walk did not
//     already apply their directory (embedding from testdata, for example).
//  4. This package's own query sites, from the querysite analyzer: DDL texts
//     sent through any entry point (except through database/sql to a driver
//     traced to another database), and CreateTable / AlterTable / DropTable
//     calls with their decoded options (a literal list, a slice returned by a
//     function of this package, built with append or captured by a closure:
//     querysite's package tableopts, internal/tableopt), in source order, with
//     the same exception for a table created again by another function. Holes in table names
//     are replaced by {Hole.Key} when the hole has a stable key (see
//     site.Text.Keyed), so a table created under a struct field's value is the
//     table that queries through the same field name; a hole without a key
//     leaves the table unknown.
//  5. Facts of the direct imports. Every package exports the merge of its own
//     schema and its imports' facts, because go vet shows a package only the
//     facts of its direct imports.
//  6. Hash annotations of the configuration (the hash: section of
//     .ydblint.yml), recorded with schema.Catalog.SetHash, Evidence
//     "config" and the config file's line as the source. An annotation for
//     a table this package does not see is skipped; one the table rejects
//     is listed in Problems.
//  7. Hash-prefix evidence (yql-semantics.md §4 A) from this package's
//     writes: internal/siteplan plans each INSERT/UPSERT/REPLACE text against
//     the merged catalogue (siteplan.ForEvidence, the keyed text), and a
//     write that sets the leading key column to
//     Digest::F(x), or to a Go-side hash of the parameter written to another
//     key column, is recorded with schema.Catalog.SetHash. This comes last
//     because it needs the merged key of the table; imported facts already
//     carry the evidence of their packages. Evidence the catalogue rejects is
//     listed in Problems. Then bucket evidence (hashbucket.go): the leading
//     key column of a composite key bound, by every read, write and
//     BulkUpsert row of this package that binds it, to a value certainly
//     computed by a hash of values that are not key columns; a binding to a
//     known non-hash value cancels it here and drops such evidence imported
//     for the table. Result.Own lists this package's own evidence and
//     conflicts: a driver that analysed a whole run merges them
//     (MergeModule) and may hand the merge to a second run
//     (analyzer.Runtime.UseModuleEvidence), which applies it last — evidence from packages
//     that are not imported, under the same conflict rule (module.go).
//
// Within one source the order is the order the DDL runs in, so a later
// migration's DROP and CREATE replace an earlier definition. Between sources
// no order is known (a migration directory and a bootstrap package may both
// create a table), so every source gets its own catalogue and they are
// merged: the same table with the same primary key is combined, different
// primary keys make a conflict; an index only some of the definitions have
// is marked Partial, and no rule claims it exists. A conflicting table is
// listed once in Result.Problems (category schema-conflict, positioned in
// this package's Go file when one of the definitions is there; not when both
// are in _test.go files, where tests create throwaway tables of one name)
// and every rule stays silent on it. The package's own query sites are preferred to the syntactic scan of
// the same files: the scan skips this package's directory and the packages
// whose facts already hold their own query-site DDL (schemaFact.Covered).
//
// # Hermetic mode
//
// Under -hermetic (config.Config.Hermetic) sources 1 to 3 are replaced by
// the configured schema paths alone, resolved against the working
// directory: no module walk, no Go DDL of packages that are not imported,
// no //go:embed-ded files. Sources 4 to 7 are unchanged, so what imported
// packages create still arrives as facts.
//
// # Cost
//
// A package that cannot reach ydb-go-sdk, database/sql or a configured sink
// through its imports returns an empty Result at once, without touching the
// file system. The scope options (include-pkgs, exclude-pkgs) do not apply:
// an excluded package still exports the schema its importers need. Only a
// package with query sites triggers the module walk; the walk is bounded
// (depth, entries, files, bytes), parses only Go files of directories whose
// text mentions DDL, and is done once per module root per process: the
// process's session holds it (internal/modscan, shared with the other
// readers of the module's files). Files that are too large, binary or
// unreadable are skipped and listed in Problems (category
// schema-skipped-file).
//
// # Caches
//
// go vet and golangci-lint cache results by Go files only: after editing a
// migration that is not //go:embed-ded, run go vet -a or clean the
// golangci-lint cache. A long-lived process keeps its first scan of a
// module until its driver forgets it (`ydblint lsp` does when schema files,
// the configuration or Go files mentioning tables change).
package schemafact
