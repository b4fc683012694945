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

// TestWrittenConst: the constant a key value certainly is, spelled as Go's
// go/constant spells it, so that YQL literals and Go constants bound to
// parameters compare equal; no constant for anything else.
func TestWrittenConst(t *testing.T) {
	cases := []struct {
		name   string
		q      string
		params map[string]ParamInfo
		want   string
	}{
		{"string literal", "UPSERT INTO orders (order_hash, order_id) VALUES ('api', 1)", nil, `"api"`},
		{"integer literal", "UPSERT INTO orders (order_hash, order_id) VALUES (7u, 1)", nil, "7"},
		{"bool literal", "UPSERT INTO orders (order_hash, order_id) VALUES (TRUE, 1)", nil, "true"},
		{"cast of a literal", "UPSERT INTO orders (order_hash, order_id) VALUES (CAST('api' AS Utf8), 1)", nil, `"api"`},
		{"hash of a literal", "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::CityHash('api'), 1)", nil, `Digest::CityHash("api")`},
		{"named expression", "$app = 'web'; UPSERT INTO orders (order_hash, order_id) VALUES ($app, 1)", nil, `"web"`},
		{"Go constant", "UPSERT INTO orders (order_hash, order_id) VALUES ($app, 1)",
			map[string]ParamInfo{"app": {Const: `"cron"`}}, `"cron"`},
		{"Go constant NULL", "UPSERT INTO orders (order_hash, order_id) VALUES ($app, 1)",
			map[string]ParamInfo{"app": {Const: "nil", Null: true}}, ""},
		{"parameter", "UPSERT INTO orders (order_hash, order_id) VALUES ($app, 1)", nil, ""},
		{"hash of a parameter", "UPSERT INTO orders (order_hash, order_id) VALUES (Digest::NumericHash($id), $id)", nil, ""},
		{"NULL", "UPSERT INTO orders (order_hash, order_id) VALUES (NULL, 1)", nil, ""},
		{"clock", "UPSERT INTO orders (order_hash, order_id) VALUES (CurrentUtcTimestamp(), 1)", nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o ParamOracle
			if c.params != nil {
				o = oracle(c.params)
			}
			w := writeOf(t, planLast(t, c.q, o))
			k := w.Key("order_hash")
			if k == nil || len(k.Values) != 1 {
				t.Fatalf("order_hash values = %+v", k)
			}
			if got := k.Values[0].Const; got != c.want {
				t.Errorf("Const = %q, want %q", got, c.want)
			}
		})
	}
}

func TestColumnMonotonic(t *testing.T) {
	cases := []struct {
		col  *schema.Column
		want MonotonicKind
	}{
		{nil, MonotonicNone},
		{&schema.Column{Name: "ts", Type: "Timestamp"}, MonotonicTime},
		{&schema.Column{Name: "id", Type: "Serial8"}, MonotonicSerial},
		{&schema.Column{Name: "app", Type: "Utf8"}, MonotonicNone},
		{&schema.Column{Name: "x"}, MonotonicNone},
	}
	for _, c := range cases {
		if got := ColumnMonotonic(c.col); got != c.want {
			t.Errorf("ColumnMonotonic(%+v) = %v, want %v", c.col, got, c.want)
		}
	}
	if !RangePartitioned(catalogue()["events"]) || RangePartitioned(catalogue()["colstore"]) || RangePartitioned(nil) {
		t.Error("RangePartitioned: events is a row table, colstore a column table, nil unknown")
	}
}
