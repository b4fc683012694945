// Package nullkey defines ydblint's nullkey analyzer.
//
// # Analyzer nullkey
//
// nullkey: report NULL or possibly-NULL values written into primary-key columns
//
// Every column of a YDB row table, key columns included, is Optional unless it
// is declared NOT NULL. YDB accepts a NULL in a nullable key column and sorts
// it before every other value, but the YDB documentation advises against it:
// NULL compares with nothing, so ordinary predicates skip those rows, and
// uniqueness treats NULL as a value. For a NOT NULL key column the same write
// is a compile error ("Can't set NULL or optional value to not null column").
//
//	CREATE TABLE users (user_id Uint64 NOT NULL, name Utf8, PRIMARY KEY (user_id));
//
//	DECLARE $id AS Uint64?;
//	UPSERT INTO users (user_id, name) VALUES ($id, $name);   -- bad: Optional into a NOT NULL key
//
//	DECLARE $id AS Uint64;
//	UPSERT INTO users (user_id, name) VALUES ($id, $name);   -- good
//
// Rows whose fields an interface method returns (fields :=
// item.StructFields(bucket), one implementation per index kind) are
// checked per implementation, and a batching writer whose table field its
// constructor sets once per table (newWriter(pool, tblTagIndex), …) is
// checked against every table it may name: a row is reported only for a
// fault it has under all of them (a tag row lacking the duration key of
// the duration index alone is not).
//
// A write whose text is built several ways is reported once per site; when
// the text is one of several alternatives (a φ of literals, a format
// chosen by a switch) and the fault is in some of them, the message names
// them by the Go literal that sets them apart: "(in 1 of the 2 ways the
// query text is built: the text at accounts.go:29)". A fault every text
// has, each at a literal of its own (the same NULL written in both
// branches), is reported at each literal and says nothing of the texts.
//
// # Category null-key
//
// A literal NULL or Nothing(…), or a parameter whose Go value is certainly
// NULL (types.NullValue, a nil pointer, sql.NullInt64{} with Valid false,
// BeginOptional with a nil pointer), is written to a key column. A literal
// NULL typed into the query for a nullable key column is reported only with
// -strict: it is the deliberate "sentinel row" of single-table designs,
// read back with IS NULL, and YDB stores it.
//
// # Category optional-key
//
// A value of an Optional type (DECLARE $id AS Uint64?, a Go pointer, a
// Nullable or Optional constructor, an AutoMap function of an Optional such
// as Digest::NumericHash($opt)) is written to a key column. For a NOT NULL
// key this is a certain error; for a nullable key it is reported as a
// possible NULL key only when ydblint sees that the value may be NULL at run
// time.
//
// # Category missing-key
//
// An INSERT, UPSERT or REPLACE column list, the output of its SELECT, or a
// BulkUpsert row lacks a key column that has no DEFAULT and is not Serial.
// YDB rejects the statement ("Missing key column in input").
//
// # Category update-key
//
// UPDATE … SET assigns a key column. YDB rejects the statement ("Cannot
// update primary key column"); delete and re-insert the row instead.
//
// # Not reported
//
// An untyped nil database/sql argument becomes Void, not NULL, and is not
// reported. A literal NULL into a nullable key column is reported only with
// -strict (see null-key). Values whose NULL-ness depends on data ydblint cannot see (an
// Optional field of a struct read from the network) are only reported for
// NOT NULL keys, where the type alone is the error.
package nullkey
