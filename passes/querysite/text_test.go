package querysite

import (
	"go/ast"
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/site"
)

func TestStringLitPiecesAndSegments(t *testing.T) {
	for _, tc := range []struct {
		src      string // Go literal
		wantYQL  string
		wantSegs []site.Segment
	}{
		{"`SELECT 1`", "SELECT 1", []site.Segment{{Off: 0, Len: 8, Pos: 101, End: 109, Exact: true}}},
		{`"a\tb"`, "a\tb", []site.Segment{
			{Off: 0, Len: 1, Pos: 101, End: 102, Exact: true},
			{Off: 1, Len: 1, Pos: 102, End: 104},
			{Off: 2, Len: 1, Pos: 104, End: 105, Exact: true},
		}},
		{`"\u00e9x"`, "éx", []site.Segment{{Off: 0, Len: 2, Pos: 101, End: 107}, {Off: 2, Len: 1, Pos: 107, End: 108, Exact: true}}},
	} {
		ps := stringLitPieces(&ast.BasicLit{ValuePos: 100, Kind: token.STRING, Value: tc.src})
		txt := toText(ps, 1, 2)
		if txt.YQL != tc.wantYQL {
			t.Errorf("%s: YQL %q, want %q", tc.src, txt.YQL, tc.wantYQL)
		}
		if len(txt.Segments) != len(tc.wantSegs) {
			t.Fatalf("%s: segments %+v, want %+v", tc.src, txt.Segments, tc.wantSegs)
		}
		for i := range txt.Segments {
			if txt.Segments[i] != tc.wantSegs[i] {
				t.Errorf("%s: segment %d = %+v, want %+v", tc.src, i, txt.Segments[i], tc.wantSegs[i])
			}
		}
	}
}

func TestPosRangeExact(t *testing.T) {
	ps := stringLitPieces(&ast.BasicLit{ValuePos: 10, Kind: token.STRING, Value: "`SELECT * FROM t`"})
	ps = append(ps, holePiece("field:x.T.f", "d.f", 50, 53))
	txt := toText(ps, 1, 2)
	if pos, end := txt.PosRange(14, 15); pos != 25 || end != 26 {
		t.Errorf("table name maps to %d-%d, want 25-26", pos, end)
	}
	if pos, end := txt.PosRange(len("SELECT * FROM t"), len("SELECT * FROM t")+3); pos != 50 || end != 53 {
		t.Errorf("hole maps to %d-%d, want 50-53", pos, end)
	}
	if len(txt.Holes) != 1 || txt.Holes[0].Key != "field:x.T.f" {
		t.Errorf("holes %+v", txt.Holes)
	}
}

func TestRewriteBind(t *testing.T) {
	for _, tc := range []struct {
		in   string
		mode site.BindMode
		want string
	}{
		{"SELECT ? FROM t WHERE a = ? AND b = '?' -- ?\nAND c = ?", site.BindPositional, "SELECT $p0 FROM t WHERE a = $p1 AND b = '?' -- ?\nAND c = $p2"},
		{"SELECT $2, $1, $10 /* $3 */ FROM t", site.BindNumeric, "SELECT $p1, $p0, $p9 /* $3 */ FROM t"},
		{`SELECT "?" , ?`, site.BindPositional, `SELECT "?" , $p0`},
		{"SELECT $0", site.BindNumeric, "SELECT $0"},
	} {
		v := variant{lit(tc.in, 100, 100+token.Pos(len(tc.in)), true)}
		got := toText(rewriteBind(v, tc.mode), 1, 2)
		if got.YQL != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got.YQL, tc.want)
		}
	}
}

func TestFactStringsDeterministic(t *testing.T) {
	f := &sinkFact{Query: -1, Params: 2, Table: -1, Rows: -1, Texts: []factVariant{{Pieces: []factPiece{{Text: "PRAGMA x; ", Param: -1}, {Param: 1}}}}}
	if got := f.String(); got != "ydbSink(text=PRAGMA x; {1},params=2)" {
		t.Errorf("got %q", got)
	}
}
