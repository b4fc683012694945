// Package schema is ydblint's schema catalogue: tables, columns, primary keys,
// secondary indexes, storage and partitioning settings, and hash-prefix
// evidence, built by applying DDL in the order a migration tool would.
//
// Every table, column and index remembers where it was defined, so that a
// diagnostic can name the migration file and line. The package knows nothing
// about Go or SSA: callers hand it YQL text (with a source name) or already
// decoded definitions (from CreateTable options traced by the querysite pass).
package schema
