package keyplan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

func TestLeadingKeyMonotonic(t *testing.T) {
	cat := catalogue()
	cases := []struct {
		table string
		col   string
		kind  MonotonicKind
	}{
		{"events", "timestamp", MonotonicTime}, // the seeds' (timestamp, userid) log table
		{"serial", "id", MonotonicSerial},
		{"events_hashed", "", MonotonicNone}, // userhash leads
		{"orders_poor", "", MonotonicNone},   // Uint64: only writes can tell
		{"colstore", "", MonotonicNone},      // column tables want time-ordered keys
		{"conflict", "", MonotonicNone},
	}
	for _, c := range cases {
		col, kind := LeadingKeyMonotonic(cat[c.table])
		if col != c.col || kind != c.kind {
			t.Errorf("%s: %q %v, want %q %v", c.table, col, kind, c.col, c.kind)
		}
	}
	for _, typ := range []string{"Date", "Datetime", "Timestamp", "Date32", "Datetime64", "Timestamp64", "SmallSerial", "Serial2", "Serial4", "BigSerial"} {
		tb := table("x", []string{"k"}, "k "+typ)
		if _, kind := LeadingKeyMonotonic(tb); kind == MonotonicNone {
			t.Errorf("%s leading key not monotonic", typ)
		}
	}
	if _, kind := LeadingKeyMonotonic(nil); kind != MonotonicNone {
		t.Errorf("nil table")
	}
	if _, kind := LeadingKeyMonotonic(&schema.Table{Path: "nokey"}); kind != MonotonicNone {
		t.Errorf("table without key")
	}
}

func TestMonotonicFill(t *testing.T) {
	cases := []struct {
		q      string
		params map[string]ParamInfo
		want   bool
		class  ValueClass
	}{
		{"UPSERT INTO ints (ts, id) VALUES (CAST(CurrentUtcTimestamp() AS Uint64), $id)", nil, true, ValCurrentTime},
		{"UPSERT INTO events (timestamp, userid, userevent) VALUES (CurrentUtcTimestamp(), $u, $e)", nil, true, ValCurrentTime},
		{"UPSERT INTO uuids (id, v) VALUES (Uuid::newV8ColumnKey(), 'x')", nil, true, ValUuidColumnKey},
		{"UPSERT INTO ints (ts, id) VALUES ($now, $id)", map[string]ParamInfo{"now": {Monotonic: true, MonotonicSource: "time.Now"}}, true, ValParam},
		{"$t = CurrentUtcDatetime(); UPSERT INTO ints (ts, id) VALUES (DateTime::ToSeconds($t), $id)", nil, true, ValCurrentTime},
		{"UPSERT INTO uuids (id, v) VALUES (Uuid::newV7(), 'x')", nil, false, 0},
		{"UPSERT INTO uuids (id, v) VALUES (RandomUuid($x), 'x')", nil, false, 0},
		{"UPSERT INTO uuids (id, v) VALUES (Uuid::newV8RowKey(), 'x')", nil, false, 0},
		{"UPSERT INTO ints (ts, id) VALUES ($ts, CurrentUtcTimestamp())", nil, false, 0}, // not the leading column
		{"UPSERT INTO ints (ts, id) VALUES ($ts, $id)", nil, false, 0},
		{"UPSERT INTO colstore (id, v) VALUES (CAST(CurrentUtcTimestamp() AS Uint64), 'x')", nil, false, 0},
		{"UPDATE ints SET id = 1 WHERE ts = 1", nil, false, 0},
	}
	for _, c := range cases {
		var o ParamOracle
		if c.params != nil {
			o = oracle(c.params)
		}
		w := writeOf(t, planLast(t, c.q, o))
		v, ok := MonotonicFill(w)
		if ok != c.want || (ok && v.Class != c.class) {
			t.Errorf("%s: %v %v, want %v %v", c.q, ok, v.Class, c.want, c.class)
		}
	}
}
