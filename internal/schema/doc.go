// Package schema is ydblint's schema catalogue: tables, columns, primary keys,
// secondary indexes, storage and partitioning settings, and hash-prefix
// evidence, built by applying DDL in the order a migration tool would.
//
// Every table, column and index remembers where it was defined (Source,
// file:line), so that a diagnostic can name the migration file and line. The
// package knows nothing about Go or SSA and never reads the disk: callers
// hand it file names and contents, YQL text with a position, or already
// decoded definitions (TableDef, from CreateTable options traced by the
// querysite pass).
//
// # Building a catalogue
//
//   - ApplyFiles / ApplyFile: migration files. DetectLayout and OrderFiles
//     decide which files apply and in which order:
//     goose (<version>_<name>.sql, numeric version order, only the
//     "-- +goose Up" section), golang-migrate (<version>_<title>.up.sql,
//     numeric order, *.down.* never), or plain .sql/.yql files in
//     lexicographic byte order of their names (what os.ReadDir gives; a
//     plain runner's "10_x.sql" comes before "2_y.sql").
//   - ApplyText / ApplyScript: DDL found in Go strings, with a position.
//   - ApplyDefinition: programmatic definitions (session.CreateTable).
//
// Applying to one catalogue is ordered: CREATE TABLE replaces an earlier
// definition of the same path (last definition wins), CREATE TABLE IF NOT
// EXISTS of an existing table does nothing, ALTER TABLE ADD/DROP COLUMN,
// ADD/DROP/RENAME INDEX, RENAME TO, SET/RESET (TTL) and DROP TABLE change
// the table in place. PRAGMA TablePathPrefix (both forms) is joined to the
// relative table names that follow it in the same text. Other statements
// are skipped. A CREATE/ALTER/DROP TABLE the parser cannot model marks the
// table Incomplete (creating a placeholder if needed), so rules stay silent
// on it and a suffix lookup cannot pick a different table in its place. A
// table without a primary key, or whose key names a missing column, is
// Incomplete too. Everything skipped is recorded in Warnings.
//
// Definitions with no known order between them (different packages,
// different Go call sites) go into separate catalogues combined with Merge:
// the same path with the same primary key merges (the definition with the
// smaller source is kept, columns and indexes are united); different
// primary keys set Table.Conflict and are listed once in Conflicts.
//
// # Table identity
//
// Lookup(ref, prefix) resolves a query's table: prefix (PRAGMA
// TablePathPrefix or the driver's prefix) is joined like a filesystem path
// unless ref is absolute; backticks are removed. An exact path match wins;
// otherwise a table matches when the two paths agree on every trailing
// segment both know ("orders" vs "/local/db/orders", or a table whose
// prefix is unknown), and only a unique such match is returned. Several
// candidates give LookupAmbiguous, none LookupNotFound, a disputed or
// incomplete table LookupConflict / LookupIncomplete; rules act only when
// LookupStatus.OK.
//
// Holes. A table path recovered from Go code may contain a hole placeholder
// (yql.HolePrefix…). When the caller can identify the hole's value (a struct
// field, a constant parameter…), it substitutes the same stable key string
// for the placeholder both in DDL paths and in query paths before calling
// this package, written in braces, e.g. "{field:example.com/app.Repo.table}".
// A brace-delimited key is one opaque path segment (a '/' inside it does not
// split) that matches only the identical string. A raw placeholder left in
// place is unknown: in a leading segment it makes the prefix unknown (only
// the segments after it are compared); as the table name itself it makes the
// name unknown (DDL skipped, lookup NotFound).
//
// Name patterns. A last segment made of a known head (three or more
// name characters) followed by run-time pieces — raw or keyed holes glued
// to it, as in "traces_" + day + "_" + n — is the pattern head + "*"
// (namePattern): DDL and queries that build a partitioned table's name the
// same way name the same family, which shares one definition. A text/template
// action ("{{ .TablePathPrefix }}") is never a name: in a leading segment or a
// PRAGMA TablePathPrefix it makes the prefix unknown.
//
// Identical candidates. When several tables match a reference by suffix
// but are defined identically (same columns, key, indexes, storage: one
// CreateTable helper run under several prefixes), Lookup returns one of
// them, preferring the one with hash-prefix evidence, instead of
// LookupAmbiguous.
//
// Dialects. DialectOf tells YQL DDL from another database's (VARCHAR,
// BIGINT, JSONB, REFERENCES, …) by its words, for callers that must keep
// other databases' migrations out of the catalogue.
//
// # Hash-prefix evidence
//
// Table.Hash records that the leading key column holds a hash of another key
// column. It comes from annotations in DDL comments (see annotate.go:
// "-- ydblint:hash col = Func(src)" inside or directly before the CREATE
// TABLE, or "-- ydblint:hash table.col = Func(src)" anywhere in the file),
// from configuration or write-side evidence through SetHash. Evidence is
// accepted only when col is the leading key column and src another key
// column; explicit evidence (annotation, config) outranks inferred (write).
// Bucket evidence (HashPrefix.Bucket: SourceColumn "") is inferred only: the
// leading column of a table with a composite key is bound to a hash of
// values outside the key; evidence naming a source column is preferred to it.
//
// # Data shape
//
// Catalog and the model types are plain data (exported fields, slices, no
// maps) kept in a canonical order (tables by path, warnings by source), so a
// catalogue gob-encodes to the same bytes every time and travels in
// analysis facts. Inputs are bounded (MaxFileSize, NUL bytes rejected,
// bounded warnings); no input makes the package panic.
package schema
