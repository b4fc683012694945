// Package monotonickey defines ydblint's monotonickey analyzer.
//
// # Analyzer monotonickey
//
// monotonickey: report row tables whose leading key column grows monotonically
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
// time.Now()-derived value or a counter.
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
// Column tables (STORE = COLUMN), where a time-ordered key is recommended;
// Uuid::newV7 (YDB compares Uuid bytes in GUID mixed-endian order, so v7 is
// not chronological there), random UUIDs and Uuid::newV8RowKey. Pre-splitting
// with UNIFORM_PARTITIONS or PARTITION_AT_KEYS does not silence the report:
// new rows still land in the last partition.
package monotonickey
