package queryplan

import (
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
)

func TestExactRangeAndEdits(t *testing.T) {
	text := &site.Text{
		YQL: "SELECT 1 FROM t WHERE a = 1",
		Segments: []site.Segment{
			{Off: 0, Len: 14, Pos: 100, End: 114, Exact: true},
			{Off: 14, Len: 13, Pos: 200, End: 210, Exact: false},
		},
		Fallback: 50, FallbackEnd: 60,
	}
	st := &Statement{Text: text}
	if pos, end, ok := st.Text.ExactRange(7, 8); !ok || pos != 107 || end != 108 {
		t.Errorf("ExactRange in exact segment = %v %v %v", pos, end, ok)
	}
	if _, _, ok := st.Text.ExactRange(12, 16); ok {
		t.Error("a range across segments must not be exact")
	}
	if _, _, ok := st.Text.ExactRange(20, 21); ok {
		t.Error("a range in an inexact segment must not be exact")
	}
	if edits, ok := st.Edits([]keyplan.TextEdit{{Start: 14, End: 14, NewText: " VIEW ix"}}); !ok || len(edits) != 1 || edits[0].Pos != token.Pos(114) {
		t.Errorf("insertion at the end of an exact segment: %v %v", edits, ok)
	}
	if _, ok := st.Edits([]keyplan.TextEdit{{Start: 0, End: 0, NewText: "x"}, {Start: 20, End: 20, NewText: "y"}}); ok {
		t.Error("one inexact edit must drop the whole fix")
	}
	if _, ok := st.Edits([]keyplan.TextEdit{{Start: 0, End: 0, NewText: "`x`"}}); ok {
		t.Error("a backtick cannot be inserted into a Go raw string")
	}
	if _, ok := st.Edits(nil); ok {
		t.Error("no edits is no fix")
	}
}

func TestDescribe(t *testing.T) {
	tb := &schema.Table{Path: "{field:slo/native/query.db.tablePath}", PrimaryKey: []string{"hash", "id"},
		KeySrc: schema.Source{File: "native/query/storage.go", Line: 46}}
	want := "table <slo/native/query.db.tablePath>, primary key (hash, id) (schema: native/query/storage.go:46)"
	if got := DescribeTable(tb); got != want {
		t.Errorf("DescribeTable = %q, want %q", got, want)
	}
	s := &site.Site{API: "query.Client.Exec", Chain: []site.Frame{{Func: "repo.(*Repo).Get", PosString: "repo.go:12:3"}}}
	if got := Via(s); got != "; reached through repo.(*Repo).Get at repo.go:12:3 → query.Client.Exec" {
		t.Errorf("Via = %q", got)
	}
	if Via(&site.Site{}) != "" {
		t.Error("a direct call has no chain")
	}
}
