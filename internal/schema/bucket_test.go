package schema

import "testing"

// TestBucketEvidence: bucket evidence (no source column) is accepted on a
// table with a composite key led by the column, and loses to evidence that
// names a source column whatever the sources.
func TestBucketEvidence(t *testing.T) {
	cat := New()
	cat.ApplyText("m.sql", 1, "CREATE TABLE idx (idx_hash Uint64, ts Int64, id Utf8, PRIMARY KEY (idx_hash, ts, id));"+
		"CREATE TABLE one (h Uint64, PRIMARY KEY (h));")
	bucket := HashPrefix{Column: "idx_hash", GoFunc: "dbmodel.HashTagIndex", Evidence: "write", Src: Source{File: "a.go", Line: 1}}
	cases := []struct {
		name, table string
		h           HashPrefix
		ok          bool
	}{
		{"bucket on the leading column", "idx", bucket, true},
		{"bucket on a later column", "idx", HashPrefix{Column: "ts", Evidence: "write"}, false},
		{"bucket on a one-column key", "one", HashPrefix{Column: "h", Evidence: "write"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := cat.SetHash(c.table, c.h)
			if (err == nil) != c.ok {
				t.Fatalf("SetHash = %v, want ok=%v", err, c.ok)
			}
		})
	}
	if h := cat.Tables[0].Hash; h == nil || !h.Bucket() || h.GoFunc != "dbmodel.HashTagIndex" {
		t.Fatalf("idx hash = %+v, want the bucket evidence", h)
	}
	// Evidence naming a source column wins even from a later source.
	named := HashPrefix{Column: "idx_hash", Func: "Digest::NumericHash", SourceColumn: "ts", Evidence: "write", Src: Source{File: "z.go", Line: 9}}
	if err := cat.SetHash("idx", named); err != nil {
		t.Fatal(err)
	}
	if h := cat.Tables[0].Hash; h == nil || h.Bucket() {
		t.Fatalf("idx hash = %+v, want the named evidence", h)
	}
	// …and a later bucket record does not replace it.
	if err := cat.SetHash("idx", bucket); err != nil {
		t.Fatal(err)
	}
	if h := cat.Tables[0].Hash; h == nil || h.Bucket() {
		t.Fatalf("idx hash = %+v, want the named evidence kept", h)
	}
	var nilHash *HashPrefix
	if nilHash.Bucket() {
		t.Error("nil evidence is not bucket evidence")
	}
}
