package siteplan

import (
	"go/token"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

func h(n int) string { return yql.HoleName(n) }

// TestPlanResolves resolves `SELECT * FROM <path> WHERE id = 1` under both
// uses: they agree but for a hole glued to identifier characters outside
// backticks, which only the rules' reading keys.
func TestPlanResolves(t *testing.T) {
	cat := schema.New()
	cat.ApplyText("m.sql", 1, "CREATE TABLE `{field:p.T.table}` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `/local/db/orders` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `t_{field:p.T.table}` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `{field:p.T.table}/events` (id Uint64, PRIMARY KEY (id));"+
		"CREATE TABLE `/local/a/dup` (id Uint64, PRIMARY KEY (id)); CREATE TABLE `/local/b/dup` (id Uint64, v Utf8, PRIMARY KEY (id));")
	holes := []site.Hole{{Key: "field:p.T.table"}, {Key: ""}}
	tests := []struct {
		name, from, pragma string
		query              site.Query
		want               string // "" for unresolved
		evidence           string // when the evidence reading differs
	}{
		{name: "keyed hole names the DDL's table", from: "`" + h(0) + "`", want: "{field:p.T.table}"},
		{name: "keyed hole as a name", from: h(0), want: "{field:p.T.table}"},
		{name: "hole without a key is no name", from: "`" + h(1) + "`"},
		{name: "hole the text does not describe", from: "`" + h(7) + "`"},
		{name: "unique suffix", from: "orders", want: "/local/db/orders"},
		{name: "unknown prefix, unique suffix", from: "`" + h(1) + "/orders`", want: "/local/db/orders"},
		{name: "glued hole", from: "t_" + h(0), want: "t_{field:p.T.table}", evidence: "-"},
		{name: "ambiguous suffix", from: "dup"},
		{name: "pragma prefix", from: "dup", pragma: "/local/a", want: "/local/a/dup"},
		{name: "keyed pragma prefix", from: "events", pragma: h(0), query: site.Query{TablePathPrefix: "/local/db"}, want: "{field:p.T.table}/events"},
		{name: "driver prefix", from: "dup", query: site.Query{TablePathPrefix: "/local/b"}, want: "/local/b/dup"},
		{name: "pragma wins over the driver", from: "dup", pragma: "/local/a", query: site.Query{TablePathPrefix: "/local/b"}, want: "/local/a/dup"},
		{name: "unseen driver prefix", from: "dup", query: site.Query{PrefixUnknown: true, TablePathPrefix: "/local/b"}},
		{name: "absolute path under an unseen prefix", from: "`/local/db/orders`", query: site.Query{PrefixUnknown: true, TablePathPrefix: "/x"}, want: "/local/db/orders"},
		{name: "unknown table", from: "nosuch"},
	}
	for _, tt := range tests {
		for _, use := range []Use{ForRules, ForEvidence} {
			t.Run(tt.name+map[Use]string{ForRules: "/rules", ForEvidence: "/evidence"}[use], func(t *testing.T) {
				src := "SELECT * FROM " + tt.from + " WHERE id = 1;"
				if tt.pragma != "" {
					src = `PRAGMA TablePathPrefix("` + tt.pragma + `"); ` + src
				}
				q := tt.query
				s := &site.Site{Kind: sdk.KindYQL, Query: &q}
				tp := Plan(s, &site.Text{YQL: src, Holes: holes}, cat, use, nil)
				if len(tp.Plans) != 1 || len(tp.Plans[0].Plan.Reads) != 1 {
					t.Fatalf("plans = %+v, want one read", tp.Plans)
				}
				want := tt.want
				if use == ForEvidence && tt.evidence != "" {
					want = strings.TrimPrefix(tt.evidence, "-")
				}
				read := tp.Plans[0].Plan.Reads[0]
				switch {
				case want == "" && read.Table != nil:
					t.Errorf("resolved to %s, want unresolved", read.Table.Path)
				case want != "" && (read.Table == nil || read.Table.Path != want):
					t.Errorf("resolved to %v, want %s", read.Table, want)
				}
				if _, looked := tp.LookupStatus(read.Ref.Span); looked != (read.Table == nil) {
					t.Errorf("lookup status recorded = %v for table %v", looked, read.Table)
				}
			})
		}
	}
}

// TestIncompleteWhy: a reference to a table the catalogue knows by name
// only (a CreateTable whose options were not decoded) records why, for
// -explain; a table missing from the catalogue records nothing.
func TestIncompleteWhy(t *testing.T) {
	cat := schema.New()
	why := "CreateTable at store.go:51 has options ydblint cannot decode"
	cat.ApplyDefinition(schema.TableDef{Path: "{field:p.Params.TablePath}", Src: schema.Source{File: "store.go", Line: 51}, Incomplete: why})
	holes := []site.Hole{{Key: "field:p.Params.TablePath"}}
	s := &site.Site{Kind: sdk.KindYQL, Query: &site.Query{}}
	for _, tc := range []struct{ from, want string }{
		{"`" + h(0) + "`", why},
		{"nosuch", ""},
	} {
		tp := Plan(s, &site.Text{YQL: "SELECT * FROM " + tc.from + " WHERE id = 1;", Holes: holes}, cat, ForRules, nil)
		if len(tp.Plans) != 1 || len(tp.Plans[0].Plan.Reads) != 1 {
			t.Fatalf("%s: plans = %+v, want one read", tc.from, tp.Plans)
		}
		read := tp.Plans[0].Plan.Reads[0]
		if read.Table != nil {
			t.Errorf("%s: resolved to %s, want unresolved", tc.from, read.Table.Path)
		}
		if got := tp.IncompleteWhy(read.Ref.Span); got != tc.want {
			t.Errorf("%s: IncompleteWhy = %q, want %q", tc.from, got, tc.want)
		}
	}
}

func TestParamOracle(t *testing.T) {
	p := &site.Params{Known: true, Bindings: []*site.Binding{
		{Name: "id", Value: site.Value{YDBType: "Uint64", Origin: "param:id"}},
		{Name: "h", Value: site.Value{YDBType: "Uint64", HashFunc: "hash/fnv.New64a", HashOf: "param:id"}},
		{Name: "n", Value: site.Value{YDBType: "Uint64", Optional: true, Null: site.DefinitelyNull}},
		{Name: "opt", Value: site.Value{YDBType: "Utf8", Optional: true, Null: site.MaybeNull}},
		{Name: "ts", Value: site.Value{YDBType: "Uint64", Monotonic: "time.Now"}},
		{Name: "unk", Value: site.Value{Null: site.NullUnknown}},
		{Name: "self", Value: site.Value{HashFunc: "f", HashOf: "call:self", Origin: "call:self"}},
		{Name: "nofunc", Value: site.Value{HashOf: "param:id"}},
	}}
	rules := ParamOracle(p, ForRules)
	if got := rules("id"); got.Optional != keyplan.TriNo || got.Type.String() != "Uint64" || got.Null {
		t.Errorf("id: %+v", got)
	}
	if got := rules("h"); got.HashOf != "id" || got.HashFunc != "hash/fnv.New64a" {
		t.Errorf("h: %+v", got)
	}
	if got := rules("n"); !got.Null || got.Optional != keyplan.TriYes || got.Type.String() != "Uint64?" {
		t.Errorf("n: %+v", got)
	}
	if got := rules("opt"); got.Null || got.Optional != keyplan.TriYes {
		t.Errorf("opt: %+v", got)
	}
	if got := rules("ts"); !got.Monotonic || got.MonotonicSource != "time.Now" {
		t.Errorf("ts: %+v", got)
	}
	if got := rules("unk"); got.Optional != keyplan.TriUnknown || got.Type != nil {
		t.Errorf("unk: %+v, want nothing known", got)
	}
	if got := rules("$missing"); got != (keyplan.ParamInfo{}) {
		t.Errorf("unbound parameter: %+v, want the zero ParamInfo", got)
	}

	// The evidence oracle says only NULL and what is hashed, never counts
	// a binding as its own source, and takes a hash without a function.
	evidence := ParamOracle(p, ForEvidence)
	for name, want := range map[string]keyplan.ParamInfo{
		"id":     {},
		"h":      {HashOf: "id", HashFunc: "hash/fnv.New64a"},
		"n":      {Null: true},
		"ts":     {},
		"self":   {},
		"nofunc": {HashOf: "id"},
	} {
		if got := evidence(name); got != want {
			t.Errorf("evidence %s: %+v, want %+v", name, got, want)
		}
	}
	if got := rules("self"); got.HashOf != "self" {
		t.Errorf("rules self: %+v, want the binding itself as the hashed value", got)
	}
	if got := rules("nofunc"); got.HashOf != "" {
		t.Errorf("rules nofunc: %+v, want no hash without a function", got)
	}

	unknown := &site.Params{Mode: site.BindUnknown, Bindings: p.Bindings}
	if ParamOracle(unknown, ForEvidence) != nil || ParamOracle(unknown, ForRules) == nil {
		t.Error("an unknown binding mode must silence the evidence oracle only")
	}
	for _, use := range []Use{ForRules, ForEvidence} {
		if ParamOracle(nil, use) != nil || ParamOracle(&site.Params{}, use) != nil {
			t.Error("an empty binding set must give a nil oracle")
		}
	}
}

func TestPosThroughKeyedText(t *testing.T) {
	// `DROP`-free text: "UPSERT INTO " then a keyed hole, all in one exact
	// literal starting at Go position 100.
	src := "UPSERT INTO " + h(0) + " (id) VALUES (1);"
	text := &site.Text{YQL: src, Holes: []site.Hole{{Key: "k"}},
		Segments: []site.Segment{{Off: 0, Len: len(src), Pos: 100, End: token.Pos(100 + len(src)), Exact: true}}}
	s := &site.Site{Kind: sdk.KindYQL, Query: &site.Query{}}
	for _, use := range []Use{ForRules, ForEvidence} {
		tp := Plan(s, text, schema.New(), use, nil)
		at := strings.Index(tp.Src, "(id)")
		if got := tp.Pos(at); got != token.Pos(100+strings.Index(src, "(id)")) {
			t.Errorf("use %d: Pos(%d) = %d, want the Go byte of (id)", use, at, got)
		}
	}
}

func TestParses(t *testing.T) {
	var p Parses
	a, b := p.Parse("SELECT 1"), p.Parse("SELECT 1")
	if a != b {
		t.Error("the same text was parsed twice")
	}
	if p.Parse("SELECT 2") == a {
		t.Error("two texts share a script")
	}
	p.Release()
	if p.Parse("SELECT 1") == a {
		t.Error("a released memo still holds its scripts")
	}
	var none *Parses
	none.Release()
	if s := none.Parse("SELECT 1"); s == nil || len(s.Stmts) != 1 {
		t.Errorf("nil Parses: %+v", s)
	}
}

// FuzzPlan plans arbitrary text under both uses: planning never fails,
// and every statement planned is a DML statement of the script.
func FuzzPlan(f *testing.F) {
	for _, s := range []string{
		"SELECT * FROM t WHERE id = $id;",
		"PRAGMA TablePathPrefix(\"" + h(0) + "\"); UPSERT INTO `" + h(0) + "/t` (id) VALUES ($id);",
		"DECLARE $id AS Uint64; $x = SELECT 1; DELETE FROM t_" + h(1) + " WHERE id = $id",
	} {
		f.Add(s)
	}
	cat := schema.New()
	cat.ApplyText("m.sql", 1, "CREATE TABLE t (id Uint64, v Utf8, PRIMARY KEY (id));")
	s := &site.Site{Kind: sdk.KindYQL, Query: &site.Query{Params: &site.Params{Bindings: []*site.Binding{{Name: "id"}}}}}
	f.Fuzz(func(t *testing.T, src string) {
		text := &site.Text{YQL: src, Holes: []site.Hole{{Key: "k"}, {}}}
		for _, use := range []Use{ForRules, ForEvidence} {
			tp := Plan(s, text, cat, use, nil)
			for _, p := range tp.Plans {
				switch tp.Script.Stmts[p.Index].(type) {
				case *yql.SelectStmt, *yql.InsertStmt, *yql.UpdateStmt, *yql.DeleteStmt:
				default:
					t.Fatalf("statement %d planned: %T", p.Index, tp.Script.Stmts[p.Index])
				}
				_ = tp.Pos(p.Plan.Stmt.NodeSpan().Start)
			}
		}
	})
}
