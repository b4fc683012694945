package schemafact

import (
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
)

// TestBucketValue: only a value certainly computed by a hash supports
// bucket evidence; a known other value contradicts it; constants
// contradict it in reads only; NULL and unknown values say nothing.
func TestBucketValue(t *testing.T) {
	cases := []struct {
		name          string
		v             site.Value
		read          bool
		hash, decided bool
	}{
		{"Go hash", site.Value{HashFunc: "x/dbmodel.HashTagIndex", Origin: "call@a.go:1:1"}, true, true, true},
		{"request parameter", site.Value{Origin: "param:bucket"}, true, false, true},
		{"constant in a read", site.Value{Const: true, ConstText: "0"}, true, false, true},
		{"constant in a write", site.Value{Const: true, ConstText: "0"}, false, false, false},
		{"NULL", site.Value{Null: site.DefinitelyNull, Origin: "param:x"}, true, false, false},
		{"unknown", site.Value{}, true, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			hash, _, ok := bucketValue(c.v, c.read)
			if hash != c.hash || ok != c.decided {
				t.Errorf("bucketValue = hash %v decided %v, want %v %v", hash, ok, c.hash, c.decided)
			}
		})
	}
}

// TestBucketEvidenceConflict: one known non-hash binding of a table's
// leading column cancels its bucket evidence; writes outrank reads.
func TestBucketEvidenceConflict(t *testing.T) {
	a := &schema.Table{Path: "a", PrimaryKey: []string{"h", "ts"}}
	b := &schema.Table{Path: "b", PrimaryKey: []string{"h", "ts"}}
	srcOf := func(p token.Pos) schema.Source { return schema.Source{File: "f.go", Line: int(p)} }
	obs := []bucketObs{
		{table: a, column: "h", hash: true, fn: "pkg.F", kind: "read", pos: 3},
		{table: a, column: "h", hash: true, fn: "pkg.G", kind: "write", pos: 7},
		{table: b, column: "h", hash: true, fn: "pkg.F", kind: "read", pos: 1},
		{table: b, column: "h", hash: false, kind: "read", pos: 2},
	}
	ev, conflicts := bucketEvidence(obs, srcOf)
	if len(ev) != 1 || ev[0].Table != "a" || ev[0].Hash.Evidence != "write" || ev[0].Hash.GoFunc != "pkg.G" || ev[0].Hash.Src.Line != 7 || !ev[0].Hash.Bucket() {
		t.Fatalf("evidence = %+v, want the write on a only", ev)
	}
	if len(conflicts) != 1 || conflicts[0] != b {
		t.Fatalf("conflicts = %v, want b", conflicts)
	}
	b.Hash = &schema.HashPrefix{Column: "h", Evidence: "read"}
	dropBucketConflicts(conflicts)
	if b.Hash != nil {
		t.Errorf("imported bucket evidence of a contradicted table kept: %+v", b.Hash)
	}
}

func TestCommonFunc(t *testing.T) {
	cases := []struct {
		in   []string
		want string
	}{
		{[]string{"dbmodel.HashTagIndex", "dbmodel.HashTagIndex"}, "dbmodel.HashTagIndex"},
		{[]string{"dbmodel.HashTagIndex", "dbmodel.HashBucketData", "dbmodel.HashBucketData"}, "one of dbmodel.HashBucketData, dbmodel.HashTagIndex"},
		{[]string{"d", "c", "b", "a"}, "one of a, b, c, …"},
	}
	for _, c := range cases {
		if got := commonFunc(c.in); got != c.want {
			t.Errorf("commonFunc(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
