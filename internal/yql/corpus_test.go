package yql

// seedCorpus is a realistic mix of queries and migrations. It seeds the fuzz
// targets and feeds BenchmarkParse; the parser tests below assert the shape
// of many of the same texts.
var seedCorpus = []string{
	// The docs' orders example (poor schema), verbatim.
	`CREATE TABLE orders (
    order_id Uint64,
    customer_id Uint64,
    amount Double,
    PRIMARY KEY (order_id)
);

INSERT INTO orders (order_id, customer_id, amount) VALUES
    (1001, 10, 999.99),
    (1002, 11, 1499.00),
    (1003, 12, 499.50);

SELECT *
FROM orders
WHERE order_id = 1001;`,
	// The docs' orders example (good schema), verbatim.
	`CREATE TABLE orders (
    order_hash Uint64,
    order_id Uint64,
    customer_id Uint64,
    amount Double,
    PRIMARY KEY (order_hash, order_id)
);

INSERT INTO orders (order_hash, order_id, customer_id, amount) VALUES
    (Digest::NumericHash(1001), 1001, 10, 999.99),
    (Digest::NumericHash(1002), 1002, 11, 1499.00),
    (Digest::NumericHash(1003), 1003, 12, 499.50);

SELECT *
FROM orders
WHERE order_hash = Digest::NumericHash(1001)
    AND order_id = 1001;`,
	// The (timestamp, userid) log table and its userhash variant.
	"CREATE TABLE events (timestamp Timestamp, userid Uint64, userevent Utf8, PRIMARY KEY (timestamp, userid))",
	"CREATE TABLE events (userhash Uint64, userid Uint64, timestamp Timestamp, userevent Utf8, PRIMARY KEY (userhash, userid, timestamp))",
	`DECLARE $userid AS Uint64;
SELECT userevent FROM events WHERE userhash = Digest::NumericHash($userid) AND userid = $userid ORDER BY timestamp DESC LIMIT 100;`,
	`--!syntax_v1
PRAGMA TablePathPrefix("/local/app");
DECLARE $id AS Uint64;
DECLARE $title AS Utf8?;
DECLARE $tags AS List<Struct<name: Utf8, weight: Double?>>;
$hash = Digest::NumericHash($id);
UPSERT INTO series (series_hash, series_id, title) VALUES ($hash, $id, $title);`,
	`UPSERT INTO documents SELECT * FROM AS_TABLE($rows);`,
	`$doc_id = Digest::CityHash($url);
REPLACE INTO documents (doc_id, url, html, timestamp) VALUES ($doc_id, $url, $html, CurrentUtcTimestamp());`,
	`SELECT s.series_id, s.title, e.title AS episode
FROM series AS s
LEFT JOIN episodes VIEW idx_series AS e ON s.series_id = e.series_id
WHERE s.series_id IN $ids AND e.air_date BETWEEN Date("2024-01-01") AND Date("2024-12-31")
ORDER BY s.series_id, episode DESC
LIMIT 10 OFFSET 20;`,
	`SELECT COUNT(*) AS cnt, COUNT(DISTINCT user_id), SUM(amount) FROM orders GROUP BY customer_id AS cid HAVING COUNT(*) > 1;`,
	`CREATE TABLE IF NOT EXISTS ` + "`app/users`" + ` (
	user_hash Uint64 NOT NULL,
	user_id Serial,
	email Utf8 NOT NULL DEFAULT "",
	created_at Timestamp FAMILY cold,
	profile "Struct<age:Int32?>",
	INDEX idx_email GLOBAL UNIQUE SYNC ON (email) COVER (user_id),
	INDEX idx_created GLOBAL ASYNC ON (created_at),
	FAMILY cold (DATA = "hdd", COMPRESSION = "lz4"),
	PRIMARY KEY (user_hash, user_id)
) WITH (
	AUTO_PARTITIONING_BY_LOAD = ENABLED,
	UNIFORM_PARTITIONS = 4,
	READ_REPLICAS_SETTINGS = "PER_AZ:1",
	TTL = Interval("P30D") ON created_at,
	KEY_BLOOM_FILTER = ENABLED
);`,
	`CREATE TABLE metrics (ts Timestamp NOT NULL, host Utf8 NOT NULL, value Double, PRIMARY KEY (ts, host))
PARTITION BY HASH (host)
WITH (STORE = COLUMN, AUTO_PARTITIONING_MIN_PARTITIONS_COUNT = 10);`,
	`ALTER TABLE users ADD COLUMN last_login Timestamp, DROP COLUMN legacy, ADD INDEX idx_login GLOBAL ON (last_login), SET (TTL = Interval("P1D") ON last_login);
ALTER TABLE users RENAME INDEX idx_login TO idx_last_login;
ALTER TABLE users DROP INDEX idx_email;
DROP TABLE IF EXISTS old_users;`,
	`UPDATE users SET email = $email, updated_at = CurrentUtcTimestamp() WHERE user_hash = Digest::NumericHash($id) AND user_id = $id;`,
	`DELETE FROM users WHERE created_at < $cutoff;`,
	`UPDATE users ON SELECT user_hash, user_id, "x" AS email FROM users VIEW idx_email WHERE email = $e;`,
	`DELETE FROM users ON SELECT * FROM $to_delete;`,
	`BATCH UPDATE users SET flag = true WHERE flag IS NULL; BATCH DELETE FROM users WHERE age > 100;`,
	`$sub = (SELECT user_id FROM users WHERE email LIKE 'a%' ESCAPE '!');
SELECT * FROM orders WHERE user_id IN $sub OR user_id IN (SELECT id FROM vip) AND NOT (amount >= 10.5f);`,
	`DEFINE ACTION $hello($name) AS
    SELECT "Hello, " || $name || "!";
    SELECT 1;
END DEFINE;
DO $hello("world");
EVALUATE FOR $i IN ListFromRange(0, 3) DO BEGIN SELECT $i; END DO;
COMMIT;`,
	`SELECT CAST(k AS String?) AS s, BITCAST(x AS Uint8), CASE WHEN a = 1 THEN 'one' WHEN a = 2 THEN "two"u ELSE @@multi
line@@ END FROM t WHERE (a, b) = ($a, $b) AND c IS NOT DISTINCT FROM $c AND d ?? 0 > 1;`,
	`SELECT ListMap($ids, ($x) -> (Digest::NumericHash($x))), t.arr[0], $s.field FROM t FLATTEN BY arr;`,
	`INSERT OR IGNORE INTO t WITH (INFER_SCHEMA) (a, b) VALUES (1u, 0x1Ful), (2l, 0b101s) RETURNING a, b;`,
	"SELECT * FROM `__ydblint_hole_0__/orders` WHERE id = __ydblint_hole_1__;",
	`-- comment
/* block /* not nested */ SELECT 1; --+ hint
SELECT 'it\'s' AS x;`,
	`SELECT * FROM a JOIN b USING (k) LEFT ONLY JOIN c ON a.k = c.k CROSS JOIN d EXCLUSION JOIN e ON e.k = a.k RIGHT SEMI JOIN ANY f ON f.k = a.k;`,
	`SELECT a FROM t UNION ALL SELECT b FROM u UNION SELECT c FROM v;`,
	`SELECT * FROM t WHERE k = 1 LIMIT 5, 10;`,
}
