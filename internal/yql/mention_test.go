package yql

import "testing"

func TestHasStatementPair(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want bool
	}{
		{"SELECT a FROM t", true},
		{"SELECT a", false}, // one keyword of the pair
		{"select a from t", false},
		{"update the select box", false},
		{"UPDATE t SET a = 1", true},
		{"UPSERT INTO t (a) VALUES (1)", true},
		{"DECLARE $id AS Uint64;", true},
		{"DECLARE id", false},
		{"CREATE TABLE t (a Uint64, PRIMARY KEY (a))", true},
		{"ALTER TABLE t ADD COLUMN b Utf8", true},
		{"DELETE FROM t", true},
		{"REPLACE INTO t SELECT * FROM s", true},
		{"INSERT INTO t", true},
		{" FROM SELECT ", true}, // order is not checked: the test is for strings worth a look
		{"", false},
	} {
		if got := HasStatementPair(tc.s); got != tc.want {
			t.Errorf("HasStatementPair(%q) = %v, want %v", tc.s, got, tc.want)
		}
	}
}

func TestStartsStatement(t *testing.T) {
	for _, tc := range []struct {
		lit  string
		want bool
	}{
		{`"SELECT "`, true},
		{"`\n\tSELECT id`", true},
		{`"\nUPDATE "`, true},
		{`"UPSERT INTO "`, true},
		{`"DELETE FROM "`, true},
		{`"DECLARE $id AS Uint64;"`, true},
		{`" FROM "`, false},
		{`"select "`, false}, // prose and lower case do not count
		{`"SELECTED "`, false},
		{`"UPDATE"`, false}, // no space: a word, not a statement start
		{`"Please SELECT "`, false},
		{`""`, false},
	} {
		if got := StartsStatement(tc.lit); got != tc.want {
			t.Errorf("StartsStatement(%s) = %v, want %v", tc.lit, got, tc.want)
		}
		if tc.want && !MayStartStatement(tc.lit) {
			t.Errorf("MayStartStatement(%s) = false for a literal StartsStatement accepts", tc.lit)
		}
	}
}
