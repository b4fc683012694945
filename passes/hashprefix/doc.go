// Package hashprefix defines ydblint's hashprefix analyzer.
//
// # Analyzer hashprefix
//
// hashprefix: report keyed access that omits or mis-computes a hash-prefix key column
//
// YDB splits a row table into partitions by ranges of its primary key. To
// spread writes over every partition, a table keyed by a sequential or
// clustered id is given a leading key column holding a hash of the id:
//
//	CREATE TABLE orders (
//	    order_hash Uint64,
//	    order_id Uint64,
//	    customer_id Uint64,
//	    amount Double,
//	    PRIMARY KEY (order_hash, order_id)
//	);
//
// The application must then compute the hash both when it writes a row and
// whenever it reads, updates or deletes by key. A read that binds only
// order_id does not constrain the leading key column, so YDB cannot find the
// partition and scans every one of them:
//
//	SELECT * FROM orders WHERE order_id = $id;                                 -- bad: full scan
//	SELECT * FROM orders
//	WHERE order_hash = Digest::NumericHash($id) AND order_id = $id;            -- good: point lookup
//
// hashprefix only reports tables whose hash column is known for certain: a
// write in the module sets the leading key column to Digest::F(x) while
// writing x to another key column (for example
// UPSERT INTO orders (order_hash, order_id, …) VALUES (Digest::NumericHash($id), $id, …)),
// or the schema carries an annotation comment next to the table definition:
//
//	-- ydblint:hash order_hash = Digest::NumericHash(order_id)
//
// or the configuration file names it. The same evidence counts when a Go
// hash does the work: a write (or every row of a BulkUpsert, appended in a
// loop or not) binds the leading key column to crc32, fnv, xxhash, murmur3,
// an MD5 digest folded into an integer or a helper wrapping one, of the
// very Go value it binds to another key column. A keyed read is evidence
// too when no write shows the hash (Evidence "read", ranked below writes):
// "WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", or the
// Go-hash equivalent. A column merely named like a hash is not enough.
//
// Bucket evidence covers a leading column that holds a hash of values the
// table does not key by, like jaeger-ydb-store's index tables keyed
// (idx_hash, rev_start_time, …) with idx_hash = farm.Hash64 of a service
// name, a tag and a bucket number. The package's reads, writes and
// BulkUpsert rows must bind the column only to values certainly computed
// by a hash (querysite's hash table, a helper of the module returning such
// a value, % N of one, also when the value reaches the binding through the
// parameter lists of the helpers it is passed down), and at least once: "idx_hash = $hash" with $hash bound to
// dbmodel.HashTagIndex(…), or a row field set to it (rows from several
// implementations of an interface method count only when every one the
// table would take — it has a column for each of the row's fields, the
// row every key column but the hash — hashes the column, under every
// table the write may name; the evidence names only the hash functions of
// those). A binding to
// anything else known — a request parameter, a value of an unseen method,
// a constant in a read — cancels it. With no source column, a read is
// missing-hash when it constrains a later key column but not the hash
// column, and the remedy names the evidence: "bind idx_hash to the same
// hash as the read at reader.go:539 (dbmodel.HashTagIndex)"; a write or a
// BulkUpsert row that leaves the column out or sets it to a constant is
// write-missing-hash. A row that may go to several tables is told, for
// each, what that table's own evidence shows ("for idx_service_op, the
// same hash as the read at reader.go:594 (dbmodel.HashData); for
// idx_tag, …"), never another table's hash. There is no suggested fix and
// no hash-mismatch check for such tables.
//
// A read whose text is built several ways is reported once per site; when
// the text is one of several alternatives (a φ of literals, a format
// chosen by a switch) and the fault is in some of them, the message names
// them by the Go literal that sets them apart: "(in 1 of the 2 ways the
// query text is built: the text at users.go:29)". A fault in every
// alternative is one finding of the read, at the first text, with no such
// note, even where each alternative is a literal of its own.
//
// # Category missing-hash
//
// A SELECT, UPDATE or DELETE (or a ReadRows / StreamReadTable key) binds the
// key columns after the hash column but not the hash column itself. The
// suggested fix inserts "<hash> = <F>(<value>) AND " at the start of the
// WHERE clause, using the value bound to the source column.
//
// # Category hash-of-column
//
// The hash column is compared with a function of a column,
// "order_hash = Digest::NumericHash(order_id)", instead of a function of the
// parameter, "order_hash = Digest::NumericHash($id)". A predicate whose value
// depends on the row cannot be turned into a key range, so this is a full
// scan too. The suggested fix replaces the column argument by the value bound
// to it elsewhere in the WHERE clause.
//
// # Category write-missing-hash
//
// An INSERT, UPSERT or REPLACE (or a BulkUpsert row) does not set the hash
// column, or sets it to a constant or to a value not derived from the rest
// of the key. YDB rejects a write without a key column; a constant hash puts
// every row in one partition. The constant may be in the text or in the Go
// value bound to the parameter the write puts there
// (table.ValueParam("$dir_hash", types.Int64Value(0)), or a row struct
// filled with 0 whose method builds the parameters); the latter is reported
// at the call that runs the write, not in a _test.go file (fixtures pin
// hashes on purpose). For a single-row VALUES write with a column list, the
// suggested fix adds the column and <F>(<value of the source column>).
//
// # Category hash-mismatch
//
// The hash is computed from a different value than the one bound to its
// source column ("order_hash = Digest::NumericHash($a) AND order_id = $b").
// The lookup is a point lookup, but of a key that was never written. Reported
// only when both values are known: not for database/sql placeholders whose
// arguments are not mapped ($p0, $p1 with an untraced handle), nor when both
// placeholders are bound to the same Go value or constant.
//
// # Where the evidence is found
//
// go vet and golangci-lint analyse one package at a time, so a package
// sees the evidence of its own code and of the packages it imports
// (the evidence travels as a fact): there, a read in a package that does
// not import the package whose write shows the hash (jaeger-ydb-store's
// reader and indexer) is checked against its own package's evidence alone.
// The ydblint command sees the whole run: after analysing every named
// package it merges the evidence each found in its own code, drops bucket
// evidence that any package contradicts, and checks again the packages
// whose planned tables that changes, so a writer of an index table is
// checked against the reads of a package it does not import. -stats prints
// "tables with hash-prefix evidence from any package of the run: N;
// packages checked again with it: K"; YDBLINT_MODULE_EVIDENCE=off turns
// this off. Run it on ./... to give it the whole module. ydblint lsp
// gathers the same evidence for the open file's module in the background.
//
// # Not reported
//
// Hash values computed in Go (a parameter bound to a Go hash of the id) are
// checked for where they come from, never for whether the Go function agrees
// with a YQL Digest function. Tables whose name, schema or query text is not
// fully known are skipped. Under go vet, golangci-lint and ydblint lsp, a
// read whose table's evidence lies only in packages it does not import
// (see above).
package hashprefix
