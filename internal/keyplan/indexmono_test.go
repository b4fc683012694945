package keyplan

import (
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// indexTables: a well-keyed table with a GLOBAL index on its timestamp
// (the real-service shape), one on a Serial, an epoch Uint64 index column,
// and correct twins.
func indexTables() map[string]*schema.Table {
	m := map[string]*schema.Table{}
	logs := table("logs", []string{"user_id", "id"}, "user_id Uint64", "id Uint64", "timestamp Timestamp", "ts Uint64", "seq Serial8", "v Utf8")
	logs.Indexes = []*schema.Index{
		{Name: "timestamp_idx", Columns: []string{"timestamp"}},
		{Name: "ts_idx", Columns: []string{"ts"}, Async: true},
		{Name: "seq_idx", Columns: []string{"seq"}, Unique: true},
		{Name: "user_time_idx", Columns: []string{"user_id", "timestamp"}}, // good: well-distributed lead
		{Name: "v_vec", Columns: []string{"timestamp"}, Kind: "vector_kmeans_tree"},
		{Name: "maybe_idx", Columns: []string{"timestamp"}, Partial: true}, // only another program's table has it
	}
	m["logs"] = logs
	// The key itself leads with timestamp: the table's own report covers an
	// index on the same column.
	ev := table("events", []string{"timestamp", "userid"}, "timestamp Timestamp", "userid Uint64")
	ev.Indexes = []*schema.Index{{Name: "by_time", Columns: []string{"timestamp"}}}
	m["events"] = ev
	cs := table("cols", []string{"id"}, "id Uint64", "timestamp Timestamp")
	cs.Indexes = []*schema.Index{{Name: "t", Columns: []string{"timestamp"}}}
	cs.Store = schema.ColumnStore
	m["cols"] = cs
	return m
}

func TestLeadingIndexMonotonic(t *testing.T) {
	cat := indexTables()
	got := LeadingIndexMonotonic(cat["logs"])
	want := []struct {
		name string
		kind MonotonicKind
	}{{"timestamp_idx", MonotonicTime}, {"seq_idx", MonotonicSerial}}
	if len(got) != len(want) {
		t.Fatalf("logs: %d indexes, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Index.Name != w.name || got[i].Kind != w.kind {
			t.Errorf("logs[%d] = %s %v, want %s %v", i, got[i].Index.Name, got[i].Kind, w.name, w.kind)
		}
	}
	for _, name := range []string{"events", "cols"} {
		if got := LeadingIndexMonotonic(cat[name]); len(got) != 0 {
			t.Errorf("%s: %+v, want none", name, got)
		}
	}
	if LeadingIndexMonotonic(nil) != nil {
		t.Errorf("nil table")
	}
}

func TestIndexMonotonicFills(t *testing.T) {
	now := map[string]ParamInfo{"ts": {Monotonic: true, MonotonicSource: "time.Now().Unix"}}
	cases := []struct {
		q      string
		params map[string]ParamInfo
		want   []string
	}{
		{"UPSERT INTO logs (user_id, id, timestamp, ts, v) VALUES ($u, $id, $t, $ts, $v)", now, []string{"ts_idx"}},
		{"UPSERT INTO logs (user_id, id, ts) VALUES ($u, $id, CAST(CurrentUtcTimestamp() AS Uint64))", nil, []string{"ts_idx"}},
		// Correct twins: the epoch comes from elsewhere, or is not written.
		{"UPSERT INTO logs (user_id, id, ts) VALUES ($u, $id, $ts)", nil, nil},
		{"UPSERT INTO logs (user_id, id, v) VALUES ($u, $id, $v)", now, nil},
		{"UPDATE logs SET ts = $ts WHERE user_id = $u AND id = $id", now, nil},
		{"UPSERT INTO cols (id, timestamp) VALUES ($id, CurrentUtcTimestamp())", nil, nil},
	}
	for _, c := range cases {
		s := yql.Parse(c.q)
		if len(s.Errors) > 0 {
			t.Fatalf("parse %q: %v", c.q, s.Errors[0])
		}
		var o ParamOracle
		if c.params != nil {
			o = oracle(c.params)
		}
		p := NewPlanner(s, c.q, resolver(indexTables()), o).Plan(len(s.Stmts) - 1)
		var got []string
		for _, w := range p.Writes {
			for _, f := range IndexMonotonicFills(w) {
				got = append(got, f.Index.Name)
			}
		}
		if len(got) != len(c.want) || len(got) > 0 && got[0] != c.want[0] {
			t.Errorf("%s: %v, want %v", c.q, got, c.want)
		}
	}
}
