package schema

import "testing"

func TestDialectOf(t *testing.T) {
	tests := []struct {
		text string
		want Dialect
		word string
	}{
		{"CREATE TABLE orders (id Uint64, PRIMARY KEY (id))", DialectYQL, "Uint64"},
		{"CREATE TABLE t (a Utf8, b Bool, PRIMARY KEY (a))", DialectYQL, "Utf8"},
		{"CREATE TABLE t (a String, b Timestamp, PRIMARY KEY (a))", DialectUnknown, ""},
		{"CREATE TABLE IF NOT EXISTS users (username VARCHAR(255) PRIMARY KEY, policy JSONB)", DialectOther, "VARCHAR"},
		{"CREATE TABLE IF NOT EXISTS `t` (`dirhash` BIGINT NOT NULL, PRIMARY KEY (`dirhash`)) ENGINE=InnoDB", DialectOther, "BIGINT"},
		{"CREATE TABLE credentials (id SERIAL PRIMARY KEY, username VARCHAR(255) REFERENCES users(username))", DialectOther, "VARCHAR"},
		// A YQL word anywhere wins; words in strings and comments do not count.
		{"CREATE TABLE t (a Int64, note Text, PRIMARY KEY (a)) -- was BIGINT in MySQL", DialectYQL, "Int64"},
		{"CREATE TABLE t (a String, PRIMARY KEY (a)); -- varchar", DialectUnknown, ""},
		{"CREATE TABLE t (a String DEFAULT 'varchar', PRIMARY KEY (a))", DialectUnknown, ""},
		{"/* integer */ CREATE TABLE t (a Double, PRIMARY KEY (a))", DialectUnknown, ""},
		{"CREATE TABLE t (id Serial, PRIMARY KEY (id)) WITH (AUTO_PARTITIONING_BY_SIZE = ENABLED)", DialectYQL, "AUTO_PARTITIONING_BY_SIZE"},
		{"'unterminated", DialectUnknown, ""},
		{"/* unterminated integer", DialectUnknown, ""},
	}
	for _, tt := range tests {
		got, word := DialectOf(tt.text)
		if got != tt.want || word != tt.word {
			t.Errorf("DialectOf(%q) = %v, %q; want %v, %q", tt.text, got, word, tt.want, tt.word)
		}
	}
}

func FuzzDialectOf(f *testing.F) {
	f.Add("CREATE TABLE t (a Uint64, b VARCHAR(3), PRIMARY KEY (a)) -- x")
	f.Add("'\\")
	f.Fuzz(func(t *testing.T, s string) {
		d, w := DialectOf(s)
		if (d == DialectUnknown) != (w == "") {
			t.Fatalf("DialectOf(%q) = %v, %q", s, d, w)
		}
	})
}
