// Package fullscan defines ydblint's fullscan analyzer.
//
// # Analyzer fullscan
//
// fullscan: report queries whose filter cannot use the key they read with
//
// YDB turns a WHERE clause into key ranges only from its conjunction of atoms
// on the key columns, starting at the first one and continuing while each
// column is pinned to points. A filter that does not constrain the leading
// column of the key — the primary key, or the index columns followed by the
// primary key for FROM t VIEW idx — reads every partition of the table.
//
//	CREATE TABLE events (timestamp Timestamp, userid Uint64, userevent Utf8,
//	                     PRIMARY KEY (timestamp, userid));
//
//	SELECT * FROM events WHERE userid = $user;                -- bad: full scan
//
//	-- good: key the table by the column you filter on
//	CREATE TABLE events (timestamp Timestamp, userid Uint64, userevent Utf8,
//	                     PRIMARY KEY (userid, timestamp));
//	SELECT * FROM events WHERE userid = $user;                -- range scan
//
// The verdicts (POINT, RANGE, FULL, DEPENDS) follow YDB's predicate
// extraction: filters on non-leading key columns or on non-key columns only, OR
// across different columns, functions or casts around the key column, a
// column compared with another column, a lossy type mismatch (an integer key
// compared with a Double), NOT IN, !=, IS NOT NULL, and LIKE with a leading
// wildcard or a non-literal pattern.
//
// Query text built at run time is checked over every way it can be built:
// filters appended to a slice under ifs and joined into the WHERE clause,
// formats glued from pieces, lookup tables of query templates,
// text/template with a constant template. Every finding is reported once
// per call site however many ways its text can be built, saying how many
// of them it holds for ("in 2 of the 4 ways the query text is built", "in
// all 4 ways …"). When the text is one of several alternatives (a φ of
// literals, a format chosen by a switch, a map of texts) and the finding
// holds for some of them, it names them by the Go literal that sets them
// apart: "(in 1 of the 2 ways the query text is built: the text at
// repo.go:42)".
//
// A list of keys joined with a table on the table's key, or a prefix of
// it, is YDB's batch lookup, one point or range read per key, and is not
// reported:
//
//	SELECT c.* FROM AS_TABLE($keys) AS k
//	JOIN cities AS c ON c.city = k.city AND c.number = k.number;    -- good: lookups
//
// A join with a filter on the table's own columns besides the join
// depends on the server (see depends below); a join on a later key column
// alone is a full scan. A finding about one table of a join is placed at
// that table's FROM or JOIN item, not at the ON or WHERE atom that ends
// its key (in `FROM a CROSS JOIN b WHERE a.id = $id` that atom is a's).
//
// Messages name a table as the statement wrote it when its path holds a
// Go value: a repository's folder field prefixing the table is shown as
// <r.folder>/accounts, and under a PRAGMA TablePathPrefix holding it as
// accounts, never as the field's Go identity; the database root
// (db.Name()) is dropped.
//
// A statement fullscan reports is not also reported by truncation's
// -strict unbounded-read (a read that may pass the table service's
// 1000-row cap): the scan is the stronger finding; once the filter uses
// the key, truncation checks the row bound again.
//
// # Category full-scan
//
// The statement reads every partition. When a secondary index leads with the
// filtered column, the suggested fix adds VIEW <index> to the FROM clause.
// UPDATE and DELETE cannot name an index: the advice selects the keys
// through it and writes by key (YDB's UPDATE ON / DELETE ON):
//
//	UPDATE cities SET mayor = $m WHERE population = $p;                                             -- bad
//	UPDATE cities ON SELECT city, number, $m AS mayor FROM cities VIEW idx_population WHERE population = $p;  -- good
//
// The rewrite is a suggested fix when it is certainly the same statement:
// the index is SYNC, every SET value is computed without the row
// (parameters, literals, casts and arithmetic of them, CurrentUtc*()),
// the WHERE names its columns unqualified, there is no RETURNING, and the
// site builds one text. Through an ASYNC index, whose keys may lag the
// table, the advice says so and offers no fix; a SET value that reads
// the row (role = role || $tag) is left for the author to select too.
//
// A LIKE whose pattern is a parameter builds no key range (YDB does not
// know the pattern when it compiles the query): for a prefix search the
// advice is StartsWith(col, $prefix), or an explicit range, for SELECT,
// UPDATE and DELETE alike. It is advice only: the bound value changes
// too (the prefix without its %).
//
// # Category depends
//
// Reported only with -strict: the access may or may not be a scan depending
// on the server (automatic index choice by a SYNC index — the headline
// names the one KQP ranks first, by the longest point-pinned then used
// prefix of its key, the same one the VIEW fix names, also when only an
// ASYNC index pins a column and the SYNC one only bounds a range —,
// IN (SELECT …) and
// joins that may run as lookup joins, LIKE 'prefix%'), or on the
// parameters: the optional-filter idiom written in YQL,
//
//	WHERE (org_id = $org_id OR $org_id IS NULL) AND created_at >= $since
//
// reads every partition only in the executions that pass a NULL $org_id,
// the YQL twin of a key filter appended under an if (optional-key-filter
// below). A branch of OR that leaves the key free whatever the parameters
// are (org_id = $org_id OR kind = $kind) is a full-scan.
//
// # Category optional-key-filter
//
// Reported only with -strict. The query text is built at run time with
// filters appended under ifs (a condition slice joined into the WHERE
// clause), and the filter on the leading key column is one of the optional
// ones: the run in which the if is not taken reads every partition. The
// diagnostic points at the if and names its condition ("SELECT reads every
// partition of audit_events when f.OrgID != "" is false"). The unfiltered run
// may be an intended listing; when it is not, make the key filter
// mandatory. When no way of building the text binds the key, the read is
// a full-scan finding like a literal one, reported by default.
//
// # Category schema-conflict
//
// The same table is defined with different primary keys by two sources
// (a migration and a CreateTable call, say) with no known order between them.
// ydblint cannot tell which key is real, so every rule stays silent on the
// table; fullscan says so once, at the Go definition.
//
// # Not reported
//
// A statement with no WHERE at all (an intended export), BATCH UPDATE and
// BATCH DELETE (full passes by design), column tables, and any statement
// whose text, table or schema is not fully known. A scan query
// (StreamExecuteScanQuery, or database/sql with
// ydb.WithQueryMode(ctx, ydb.ScanQueryMode) on the call's context) reads
// many rows on purpose: it is reported only with -strict, with a message
// that says so. A text run with ydb.ExplainQueryMode or
// query.WithExecMode(query.ExecModeExplain) is only explained and never
// reported.
package fullscan
