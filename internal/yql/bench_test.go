package yql

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchCorpus is a realistic mix: the seed corpus plus generated service
// queries (keyed reads, upserts, batched writes through AS_TABLE) and
// migrations (CREATE TABLE with indexes and settings, ALTER TABLE).
func benchCorpus() []string {
	out := append([]string(nil), seedCorpus...)
	for i := 0; i < 40; i++ {
		out = append(out,
			fmt.Sprintf(`DECLARE $id AS Uint64;
DECLARE $limit AS Uint64;
SELECT o.order_id, o.amount, c.name
FROM orders_%d AS o
JOIN customers VIEW idx_customer AS c ON c.customer_id = o.customer_id
WHERE o.order_hash = Digest::NumericHash($id) AND o.order_id = $id AND o.status IN ("new", "paid")
ORDER BY o.created_at DESC
LIMIT $limit;`, i),
			fmt.Sprintf(`DECLARE $rows AS List<Struct<order_hash: Uint64, order_id: Uint64, customer_id: Uint64, amount: Double?, created_at: Timestamp>>;
UPSERT INTO orders_%d SELECT * FROM AS_TABLE($rows);`, i),
			fmt.Sprintf(`-- +goose Up
CREATE TABLE orders_%d (
    order_hash Uint64 NOT NULL,
    order_id Uint64 NOT NULL,
    customer_id Uint64,
    amount Double,
    status Utf8 DEFAULT "new",
    created_at Timestamp NOT NULL,
    INDEX idx_customer GLOBAL SYNC ON (customer_id) COVER (amount, status),
    PRIMARY KEY (order_hash, order_id)
) WITH (
    AUTO_PARTITIONING_BY_LOAD = ENABLED,
    AUTO_PARTITIONING_MIN_PARTITIONS_COUNT = 16,
    UNIFORM_PARTITIONS = 16,
    TTL = Interval("P365D") ON created_at
);
ALTER TABLE orders_%d ADD COLUMN note Utf8, ADD INDEX idx_status GLOBAL ASYNC ON (status);
-- +goose Down
DROP TABLE orders_%d;`, i, i, i),
			`UPDATE orders SET status = $status, updated_at = CurrentUtcTimestamp()
WHERE order_hash = Digest::NumericHash($id) AND order_id = $id AND (status = 'new' OR status IS NULL);
DELETE FROM sessions WHERE expires_at < CurrentUtcTimestamp() AND user_id BETWEEN $lo AND $hi;`,
		)
	}
	return out
}

func BenchmarkParse(b *testing.B) {
	corpus := benchCorpus()
	total := 0
	for _, s := range corpus {
		total += len(s)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	cpu0 := processCPUTime()
	n := 0
	for b.Loop() {
		for _, s := range corpus {
			Parse(s)
		}
		n++
	}
	reportCPUThroughput(b, cpu0, n, total)
}

// reportCPUThroughput adds a cpu-MB/s metric: bytes processed per second of
// process CPU time (GC included).
func reportCPUThroughput(b *testing.B, cpu0 time.Duration, n, size int) {
	if cpu := processCPUTime() - cpu0; cpu > 0 && cpu0 > 0 {
		b.ReportMetric(float64(n)*float64(size)/1e6/cpu.Seconds(), "cpu-MB/s")
	}
}

func BenchmarkLex(b *testing.B) {
	src := strings.Join(benchCorpus(), ";\n")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	cpu0 := processCPUTime()
	n := 0
	for b.Loop() {
		Lex(src)
		n++
	}
	reportCPUThroughput(b, cpu0, n, len(src))
}

// TestBenchCorpusParses keeps the benchmark honest: it must measure clean
// parses, not error recovery.
func TestBenchCorpusParses(t *testing.T) {
	for i, src := range benchCorpus() {
		s := Parse(src)
		for _, e := range s.Errors {
			t.Errorf("bench corpus %d: %v", i, e)
		}
	}
}
