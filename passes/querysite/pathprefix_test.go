package querysite

import "testing"

// TestWithoutIdentityHole: a text whose every evaluator variant sets
// PRAGMA TablePathPrefix from a value without identity, where the
// recognisers recovered nothing, is one hole saying so; where they
// recovered text or a keyed value, theirs stays.
func TestWithoutIdentityHole(t *testing.T) {
	pragma := variant{lit(`PRAGMA TablePathPrefix("`, 0, 0, false), holePiece("", "scope.Folder()", 0, 0), lit(`"); SELECT 1 FROM t`, 0, 0, false)}
	keyed := variant{lit(`PRAGMA TablePathPrefix("`, 0, 0, false), holePiece("field:p.T.dir", "s.dir", 0, 0), lit(`"); SELECT 1 FROM t`, 0, 0, false)}
	for _, tc := range []struct {
		name     string
		dropped  texts
		old      texts
		wantDesc string // "" for none
	}{
		{name: "holes only", dropped: texts{vs: []variant{pragma}}, old: single(holePiece("", "fmt.Sprintf", 10, 20), holePiece("", "q", 30, 40)),
			wantDesc: "PRAGMA TablePathPrefix from scope.Folder(), a value without identity"},
		{name: "recognised text stays", dropped: texts{vs: []variant{pragma}}, old: single(lit("SELECT ", 0, 0, false), holePiece("", "q", 0, 0))},
		{name: "keyed hole stays", dropped: texts{vs: []variant{pragma}}, old: single(holePiece("var:p.q", "q", 0, 0))},
		{name: "a prefix with identity is no reason", dropped: texts{vs: []variant{keyed}}, old: single(holePiece("", "q", 0, 0))},
	} {
		got, ok := withoutIdentityHole(tc.dropped, tc.old)
		switch {
		case tc.wantDesc == "" && ok:
			t.Errorf("%s: got %+v, want none", tc.name, got)
		case tc.wantDesc != "" && (!ok || len(got.vs) != 1 || len(got.vs[0]) != 1 || got.vs[0][0].desc != tc.wantDesc):
			t.Errorf("%s: got %+v, %v; want one hole %q", tc.name, got, ok, tc.wantDesc)
		case ok && (got.vs[0][0].pos != 10 || got.vs[0][0].end != 40):
			t.Errorf("%s: hole at %d-%d, want the recognisers' 10-40", tc.name, got.vs[0][0].pos, got.vs[0][0].end)
		}
	}
}
