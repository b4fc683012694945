package schemafact

import (
	"go/token"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// TestWriteEvidenceUnknownDriverPrefix: a database/sql connector with
// ydb.WithTablePathPrefix(<runtime value>) adds a prefix ydblint cannot see.
// queryplan then resolves reads by a unique suffix match, so write evidence
// must resolve the same way, or a read of the same table is never checked.
// An ambiguous suffix still gives no evidence; identically defined
// candidates (one helper's table under two prefixes) are one table.
func TestWriteEvidenceUnknownDriverPrefix(t *testing.T) {
	srcOf := func(p token.Pos) schema.Source { return schema.Source{File: "kv.go", Line: int(p)} }
	write := func(table string) []*site.Site {
		return []*site.Site{{
			Pos: 7, Kind: sdk.KindYQL, Query: &site.Query{PrefixUnknown: true,
				Texts: []*site.Text{{YQL: "UPSERT INTO " + table + " (bucket, key, v) VALUES (Digest::NumericHash($key), $key, $v)"}}},
		}}
	}

	unique := schema.New()
	unique.ApplyText("m.sql", 1, "CREATE TABLE kv (bucket Uint64, key Uint64, v Utf8, PRIMARY KEY (bucket, key));")
	ev, _ := writeEvidence(write("kv"), unique, srcOf, nil)
	if len(ev) != 1 || ev[0].Table != "kv" || ev[0].Hash.Column != "bucket" || ev[0].Hash.SourceColumn != "key" {
		t.Fatalf("unique suffix: evidence = %+v, want bucket = Digest::NumericHash(key) on kv", ev)
	}

	ambiguous := schema.New()
	ambiguous.ApplyText("m.sql", 1, "CREATE TABLE `a/kv` (bucket Uint64, key Uint64, v Utf8, PRIMARY KEY (bucket, key));"+
		"CREATE TABLE `b/kv` (bucket Uint64, key Uint64, v Utf8, w Utf8, PRIMARY KEY (bucket, key));")
	if ev, _ := writeEvidence(write("kv"), ambiguous, srcOf, nil); len(ev) != 0 {
		t.Errorf("ambiguous suffix: evidence = %+v, want none", ev)
	}

	same := schema.New()
	same.ApplyText("m.sql", 1, "CREATE TABLE `a/kv` (bucket Uint64, key Uint64, v Utf8, PRIMARY KEY (bucket, key));"+
		"CREATE TABLE `b/kv` (bucket Uint64, key Uint64, v Utf8, PRIMARY KEY (bucket, key));")
	if ev, _ := writeEvidence(write("kv"), same, srcOf, nil); len(ev) != 1 || ev[0].Hash.Column != "bucket" {
		t.Errorf("identical candidates: evidence = %+v, want bucket = Digest::NumericHash(key)", ev)
	}
}
