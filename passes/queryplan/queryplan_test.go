package queryplan

import (
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

func TestResolver(t *testing.T) {
	cat := schema.New()
	cat.ApplyText("m.sql", 1, "CREATE TABLE `{field:p.T.table}` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `/local/db/orders` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `/local/a/dup` (id Uint64, PRIMARY KEY (id)); CREATE TABLE `/local/b/dup` (id Uint64, v Utf8, PRIMARY KEY (id));")
	text := &site.Text{Holes: []site.Hole{{Key: "field:p.T.table"}, {Key: ""}}}
	tests := []struct {
		name, path, pragma string
		site               site.Site
		want               string // "" for unresolved
	}{
		{name: "keyed hole names the DDL's table", path: yql.HoleName(0), want: "{field:p.T.table}"},
		{name: "hole without a key is no name", path: yql.HoleName(1)},
		{name: "hole the text does not describe", path: yql.HoleName(7)},
		{name: "unique suffix", path: "orders", want: "/local/db/orders"},
		{name: "unknown prefix, unique suffix", path: yql.HoleName(1) + "/orders", want: "/local/db/orders"},
		{name: "ambiguous suffix", path: "dup"},
		{name: "pragma prefix", path: "dup", pragma: "/local/a", want: "/local/a/dup"},
		{name: "driver prefix", path: "dup", site: site.Site{Query: &site.Query{TablePathPrefix: "/local/b"}}, want: "/local/b/dup"},
		{name: "pragma wins over the driver", path: "dup", pragma: "/local/a", site: site.Site{Query: &site.Query{TablePathPrefix: "/local/b"}}, want: "/local/a/dup"},
		{name: "unseen driver prefix", path: "dup", site: site.Site{Query: &site.Query{PrefixUnknown: true, TablePathPrefix: "/local/b"}}},
		{name: "unknown table", path: "nosuch"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tt.site
			if s.Query == nil {
				s.Query = &site.Query{}
			}
			got, ok := resolver(cat, text, &s)(&yql.TableRef{Path: tt.path}, tt.pragma)
			switch {
			case tt.want == "" && ok:
				t.Errorf("resolved to %s, want unresolved", got.Path)
			case tt.want != "" && (!ok || got.Path != tt.want):
				t.Errorf("resolved to %v (%v), want %s", got, ok, tt.want)
			}
		})
	}
}

func TestParamInfo(t *testing.T) {
	p := &site.Params{Known: true, Bindings: []*site.Binding{
		{Name: "id", Value: site.Value{YDBType: "Uint64", Origin: "param:id"}},
		{Name: "h", Value: site.Value{YDBType: "Uint64", HashFunc: "hash/fnv.New64a", HashOf: "param:id"}},
		{Name: "n", Value: site.Value{YDBType: "Uint64", Optional: true, Null: site.DefinitelyNull}},
		{Name: "opt", Value: site.Value{YDBType: "Utf8", Optional: true, Null: site.MaybeNull}},
		{Name: "ts", Value: site.Value{YDBType: "Uint64", Monotonic: "time.Now"}},
		{Name: "unk", Value: site.Value{Null: site.NullUnknown}},
	}}
	oracle := paramOracle(p)
	if got := oracle("id"); got.Optional != keyplan.TriNo || got.Type.String() != "Uint64" || got.Null {
		t.Errorf("id: %+v", got)
	}
	if got := oracle("h"); got.HashOf != "id" || got.HashFunc != "hash/fnv.New64a" {
		t.Errorf("h: %+v", got)
	}
	if got := oracle("n"); !got.Null || got.Optional != keyplan.TriYes || got.Type.String() != "Uint64?" {
		t.Errorf("n: %+v", got)
	}
	if got := oracle("opt"); got.Null || got.Optional != keyplan.TriYes {
		t.Errorf("opt: %+v", got)
	}
	if got := oracle("ts"); !got.Monotonic || got.MonotonicSource != "time.Now" {
		t.Errorf("ts: %+v", got)
	}
	if got := oracle("unk"); got.Optional != keyplan.TriUnknown || got.Type != nil {
		t.Errorf("unk: %+v, want nothing known", got)
	}
	if got := oracle("missing"); got != (keyplan.ParamInfo{}) {
		t.Errorf("unbound parameter: %+v, want the zero ParamInfo", got)
	}
	if paramOracle(nil) != nil || paramOracle(&site.Params{}) != nil {
		t.Error("an empty binding set must give a nil oracle")
	}
}

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
