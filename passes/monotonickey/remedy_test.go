package monotonickey

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

// TestRemedy: the advice names the table's own columns, and a hash column
// the table already has.
func TestRemedy(t *testing.T) {
	cols := func(names ...string) []*schema.Column {
		var out []*schema.Column
		for _, n := range names {
			out = append(out, &schema.Column{Name: n})
		}
		return out
	}
	tests := []struct {
		table *schema.Table
		want  string
	}{
		{&schema.Table{PrimaryKey: []string{"created_at", "event_id"}, Columns: cols("created_at", "event_id", "body")},
			"PRIMARY KEY (event_id_hash, created_at, event_id) with event_id_hash = Digest::NumericHash(event_id)"},
		{&schema.Table{PrimaryKey: []string{"ts"}, Columns: cols("ts", "v")},
			"PRIMARY KEY (ts_hash, ts) with ts_hash = Digest::NumericHash(ts)"},
		{&schema.Table{PrimaryKey: []string{"created_at", "id"}, Columns: cols("created_at", "id", "id_hash")},
			"its hash column id_hash: PRIMARY KEY (id_hash, created_at, id)"},
		{&schema.Table{}, "put a well-distributed column first"},
	}
	for _, tt := range tests {
		if got := remedy(tt.table); !strings.Contains(got, tt.want) {
			t.Errorf("remedy(%v) = %q, want it to contain %q", tt.table.PrimaryKey, got, tt.want)
		}
	}
}
