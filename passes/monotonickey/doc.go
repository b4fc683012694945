// Package monotonickey defines ydblint's monotonickey analyzer.
//
// # Analyzer monotonickey
//
// monotonickey: report row-table keys that send every insert to one or a few partitions
//
// A row table is partitioned by ranges of its primary key. When the first key
// column increases with every insert — a timestamp, a Serial, a sequence —
// every new row lands at the end of the key space, in the last partition, and
// one server takes every write. Splitting the partition does not help: the new
// last partition takes the load again.
//
//	CREATE TABLE events (timestamp Timestamp, userid Uint64, userevent Utf8,
//	                     PRIMARY KEY (timestamp, userid));            -- bad
//
//	CREATE TABLE events (timestamp Timestamp, userid Uint64, userevent Utf8,
//	                     PRIMARY KEY (userid, timestamp));            -- good: reorder the key
//
//	CREATE TABLE orders (order_hash Uint64, order_id Serial8, amount Double,
//	                     PRIMARY KEY (order_hash, order_id));         -- good: hash prefix
//
// # Category monotonic-schema
//
// The leading key column of a row table has a Serial type (SmallSerial,
// Serial2, Serial, Serial4, Serial8, BigSerial) or a time type (Date,
// Datetime, Timestamp, Date32, Datetime64, Timestamp64). Reported once per
// table and package, at the package's first write to the table (where the
// hot partition is made: a package that only reads the table can do
// nothing about its key), with the schema's file:line in the message.
//
// # Category monotonic-write
//
// A write fills the leading key column from CurrentUtcTimestamp(),
// CurrentUtcDatetime(), CurrentUtcDate(), Uuid::newV8ColumnKey(), a Go
// time.Now()-derived value or a counter. A write whose text is built
// several ways is reported once per site; when the text is one of several
// alternatives (a φ of literals, a format chosen by a switch) and only
// some of them fill the key from a clock, the message names them by the
// Go literal that sets them apart, as fullscan does: "(in 1 of the 2 ways
// the query text is built: the text at docs.go:28)".
//
// # Category low-cardinality-prefix
//
// The key's leading columns take few values and the next one grows with
// time: a log table keyed (app, ts, host) with four applications. Each
// value of the prefix owns one key range, every new row lands at that
// range's end, so as many partitions as the prefix has values take every
// insert (four, here), and splitting does not spread them.
//
//	CREATE TABLE app_logs (app Utf8, ts Timestamp, host Utf8, message Utf8,
//	                       PRIMARY KEY (app, ts, host));   -- bad: 4 apps, 4 hot partitions
//
//	PRIMARY KEY (app, host, ts)                            -- good: many hosts per app
//	PRIMARY KEY (user_id, ts)                              -- good: a user id first
//
// A leading column takes few values when it is a Bool (2 values), or when
// every row the package writes to the table (INSERT, UPSERT and REPLACE in
// YQL, BulkUpsert rows) puts a constant into it and there are at least 2
// and few of them: a literal (under CAST too), a parameter bound to a Go
// constant, or a Digest:: hash of either (a hash of few values is as few
// values). The column that grows is the first key column after the
// prefix of a time or Serial type, or one a write fills from a clock or a
// counter (as in category monotonic-write). Reported once per table and
// package, at the first write, when the product of the prefix columns'
// value counts is at most 16; the message names the constants, how many
// partitions take the writes, and a key in the table's own columns.
//
// With -strict also when some writes put constants into a prefix column
// and others a value not known to be among them (a parameter from the
// caller): the value set is then not proven.
//
// # Secondary indexes
//
// A GLOBAL index (sync, async or unique) is a table of its own, partitioned
// by ranges of its key: an index whose leading column grows with time
// hot-spots the index's last partition exactly as a primary key would,
// however well the table itself is keyed.
//
//	CREATE TABLE logs (user_id Uint64, id Uint64, created_at Timestamp, …,
//	                   PRIMARY KEY (user_id, id),
//	                   INDEX created_idx GLOBAL ON (created_at));                  -- bad
//	                   INDEX user_created_idx GLOBAL ON (user_id, created_at));    -- good
//
// The same evidence counts: the leading index column's type (category
// monotonic-schema, once per index and package, at the first write), or a
// write filling it from a clock or a counter, an epoch Uint64 from
// time.Now().Unix() included (category monotonic-write, YQL writes and
// BulkUpsert rows). An index leading with the table's own monotonic
// leading key column is covered by the table's report; vector and
// full-text indexes are not checked.
//
// # Not reported
//
// A prefix column every write fills with the same single constant (more
// often this service's share of a column other services fill too, or a
// placeholder, than the whole value set); writes in _test.go files (tests
// write fixed rows), which neither count as evidence nor are reported
// (category low-cardinality-prefix).
//
// Column tables (STORE = COLUMN), where a time-ordered key is recommended;
// Uuid::newV7 (YDB compares Uuid bytes in GUID mixed-endian order, so v7 is
// not chronological there), random UUIDs and Uuid::newV8RowKey. Pre-splitting
// with UNIFORM_PARTITIONS or PARTITION_AT_KEYS does not silence the report:
// new rows still land in the last partition.
package monotonickey
