package idempotency

import (
	"go/parser"
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/siteplan"
	"github.com/ydblint/ydblint/internal/yql"
)

func TestJudgeSite(t *testing.T) {
	for _, tc := range []struct {
		name                         string
		texts                        []string
		known, reads, writes, guards bool
		rmw                          int
	}{
		{"select", []string{"DECLARE $id AS Utf8; SELECT a FROM t WHERE id = $id;"}, true, true, false, true, 0},
		{"named subquery", []string{"$x = SELECT a FROM t; SELECT * FROM $x;"}, true, true, false, true, 0},
		{"pragma and select", []string{"PRAGMA TablePathPrefix('/a'); SELECT 1;"}, true, true, false, true, 0},
		{"one variant writes", []string{"SELECT a FROM t", "UPSERT INTO t (id) VALUES ($id)"}, true, true, true, true, 0},
		{"set value", []string{"UPDATE t SET c = $c WHERE id = $id"}, true, false, true, false, 0},
		{"add to itself", []string{"UPDATE t SET c = c + $d WHERE id = $id"}, true, false, true, false, 1},
		{"operand on the right", []string{"UPDATE t SET c = $d - c WHERE id = $id"}, true, false, true, false, 1},
		{"concat", []string{"UPDATE t SET log = log || $line WHERE id = $id"}, true, false, true, false, 1},
		{"other column", []string{"UPDATE t SET c = d + 1 WHERE id = $id"}, true, false, true, false, 0},
		{"version guard", []string{"UPDATE t SET c = c + 1, v = v + 1 WHERE id = $id AND v = $v"}, true, false, true, true, 2},
		{"upsert from itself", []string{"UPSERT INTO t SELECT id, n + 1 AS n FROM t WHERE id = $id"}, true, false, true, false, 1},
		{"upsert from another table", []string{"UPSERT INTO t SELECT id, n + 1 AS n FROM u WHERE id = $id"}, true, false, true, false, 0},
		{"insert guards", []string{"INSERT INTO t (id) VALUES ($id)"}, true, false, true, true, 0},
		{"delete", []string{"DELETE FROM t WHERE id = $id"}, true, false, true, true, 0},
		{"parse error", []string{"SELEC a FROM t"}, false, false, false, false, 0},
		{"empty", []string{""}, false, false, false, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &site.Site{Query: &site.Query{}}
			var texts []*siteplan.Text
			for _, src := range tc.texts {
				st := &site.Text{YQL: src}
				s.Query.Texts = append(s.Query.Texts, st)
				texts = append(texts, &siteplan.Text{Site: s, Text: st, Src: src, Script: yql.Parse(src)})
			}
			got := judgeSite(s, texts)
			if got.known != tc.known || got.known && (got.reads != tc.reads || got.writes != tc.writes || got.guards != tc.guards || len(got.rmw) != tc.rmw) {
				t.Errorf("judgeSite(%q) = known %v reads %v writes %v guards %v rmw %d; want %v %v %v %v %d",
					tc.texts, got.known, got.reads, got.writes, got.guards, len(got.rmw), tc.known, tc.reads, tc.writes, tc.guards, tc.rmw)
			}
		})
	}
}

func TestJudgeSiteHoles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		src   string
		known bool
	}{
		{"table path", "SELECT a FROM `" + yql.HoleName(0) + "` WHERE id = $id", true},
		{"table path suffix", "SELECT a FROM `prefix/" + yql.HoleName(0) + "` WHERE id = $id", true},
		{"pragma value", "PRAGMA TablePathPrefix(\"" + yql.HoleName(0) + "\"); SELECT a FROM t", true},
		{"a clause", "SELECT a FROM t WHERE " + yql.HoleName(0), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &site.Text{YQL: tc.src, Holes: []site.Hole{{Desc: "x"}}}
			s := &site.Site{Query: &site.Query{Texts: []*site.Text{st}}}
			got := judgeSite(s, []*siteplan.Text{{Site: s, Text: st, Src: tc.src, Script: yql.Parse(tc.src)}})
			if got.known != tc.known {
				t.Errorf("judgeSite(%q).known = %v; want %v", tc.src, got.known, tc.known)
			}
		})
	}
}

func TestJudgeSiteNotJudged(t *testing.T) {
	text := &site.Text{YQL: "SELECT 1"}
	parsed := []*siteplan.Text{{Text: text, Src: text.YQL, Script: yql.Parse(text.YQL)}}
	for _, q := range []*site.Query{
		{Texts: []*site.Text{text}, NotYQL: true},
		{Texts: []*site.Text{text}, ExplainOnly: true},
		{Texts: []*site.Text{text}, TextsTruncated: true},
		{},
	} {
		if got := judgeSite(&site.Site{Query: q}, parsed); got.known {
			t.Errorf("judgeSite(%+v) is known; want not judged", q)
		}
	}
	if got := judgeSite(&site.Site{}, nil); got.known {
		t.Error("a site without a query is judged")
	}
}

func TestScanFile(t *testing.T) {
	for _, tc := range []struct {
		name         string
		src          string
		opens        int
		defaultMaybe bool
	}{
		{"no option", `package p; import "github.com/ydb-platform/ydb-go-sdk/v3"; func f() { ydb.Open(nil, "") }`, 1, false},
		{"true", `package p; import "github.com/ydb-platform/ydb-go-sdk/v3"; func f() { ydb.Open(nil, "", ydb.WithDefaultIdempotent(true)) }`, 1, true},
		{"false", `package p; import "github.com/ydb-platform/ydb-go-sdk/v3"; func f() { ydb.Open(nil, "", ydb.WithDefaultIdempotent(false)) }`, 1, false},
		{"from configuration", `package p; import "github.com/ydb-platform/ydb-go-sdk/v3"; var on bool; func f() { ydb.Open(nil, "", ydb.WithDefaultIdempotent(on)) }`, 1, true},
		{"method value", `package p; import y "github.com/ydb-platform/ydb-go-sdk/v3"; var opt = y.WithDefaultIdempotent`, 0, true},
		{"other package's option", `package p; import ("github.com/ydb-platform/ydb-go-sdk/v3"; o "example.com/opts"); func f() { ydb.MustOpen(nil, "", o.WithDefaultIdempotent(true)) }`, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := parser.ParseFile(token.NewFileSet(), "x.go", tc.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			s := &moduleScan{complete: true}
			s.scanFile(f)
			if s.opens != tc.opens || s.defaultMaybe != tc.defaultMaybe {
				t.Errorf("scanFile: opens %d defaultMaybe %v; want %d %v", s.opens, s.defaultMaybe, tc.opens, tc.defaultMaybe)
			}
		})
	}
}

// FuzzJudgeSite: any text parses to a verdict without a panic.
func FuzzJudgeSite(f *testing.F) {
	for _, s := range []string{"UPDATE t SET c = c + 1 WHERE id = $id", "UPSERT INTO t SELECT id, n + 1 AS n FROM t", "SELECT 1; DELETE FROM t", "UPDATE t ON SELECT * FROM u"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		st := &site.Text{YQL: src}
		s := &site.Site{Query: &site.Query{Texts: []*site.Text{st}}}
		judgeSite(s, []*siteplan.Text{{Site: s, Text: st, Src: src, Script: yql.Parse(src)}})
	})
}
