package main

import (
	"bytes"
	"encoding/json"
	"go/token"
	"testing"
)

// TestTestVariantWins: a package and its test variant that judge one line
// differently (the variant sees the write proving the hash) print the
// variant's finding only, as go vet would; a variant that did not load
// leaves the package's own findings.
func TestTestVariantWins(t *testing.T) {
	at := func(line int) token.Position {
		return token.Position{Filename: "/m/r/reader.go", Line: line, Column: 2}
	}
	mk := func(id, path string, errs []loadError, fs ...finding) *pkgResult {
		return &pkgResult{ID: id, PkgPath: path, Errors: errs, Findings: fs, Root: true}
	}
	full := finding{Rule: "fullscan", Posn: at(10), End: at(10), Message: "SELECT reads every partition"}
	hash := finding{Rule: "hashprefix", Posn: at(10), End: at(10), Message: "SELECT binds rev but not the hash-prefix column"}
	other := finding{Rule: "fullscan", Posn: at(20), End: at(20), Message: "SELECT reads every partition of t"}
	run := &runResult{Packages: []*pkgResult{
		mk("m/r", "m/r", nil, full),
		mk("m/r [m/r.test]", "m/r", nil, hash),
		mk("m/w", "m/w", nil, other),
		mk("m/w [m/w.test]", "m/w", []loadError{{Pos: "w_test.go:1:1", Msg: "undefined: x"}}),
		mk("m/solo", "m/solo", nil, finding{Rule: "nullkey", Posn: at(30), End: at(30), Message: "NULL"}),
	}}
	var got []string
	for _, f := range summarize(run, "/m").Findings {
		got = append(got, f.Rule)
	}
	want := []string{"hashprefix", "fullscan", "nullkey"}
	if len(got) != len(want) {
		t.Fatalf("findings %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("findings %v, want %v", got, want)
		}
	}

	var buf bytes.Buffer
	if err := printJSON(&buf, run); err != nil {
		t.Fatal(err)
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(buf.Bytes(), &tree); err != nil {
		t.Fatal(err)
	}
	if _, ok := tree["m/r"]["fullscan"]; ok {
		t.Errorf("JSON keeps m/r's fullscan finding beside its test variant's: %s", buf.String())
	}
	if _, ok := tree["m/r [m/r.test]"]["hashprefix"]; !ok {
		t.Errorf("JSON lost the test variant's finding: %s", buf.String())
	}
	if _, ok := tree["m/w"]["fullscan"]; !ok {
		t.Errorf("JSON lost m/w's finding (its variant did not load): %s", buf.String())
	}
}
