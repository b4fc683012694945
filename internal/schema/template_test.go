package schema

import "testing"

// DDL kept as a text/template (rendered with the database path at run
// time) names its tables under an unknown prefix, never under the literal
// "{{ .TablePathPrefix }}"; a table named by a template action is unknown.
func TestTemplatePlaceholders(t *testing.T) {
	c := New()
	c.ApplyText("series.go", 10, `PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
CREATE TABLE series (series_id Uint64, title Utf8, PRIMARY KEY (series_id));
CREATE TABLE `+"`{{ .TableName }}`"+` (id Uint64, PRIMARY KEY (id));`)
	if len(c.Tables) != 1 {
		t.Fatalf("tables = %d, want 1: %+v", len(c.Tables), c.Tables)
	}
	tb := c.Tables[0]
	if tb.Path != "series" || !tb.PrefixUnknown {
		t.Errorf("table = %q (prefix unknown %v), want series under an unknown prefix", tb.Path, tb.PrefixUnknown)
	}
	if got, st := c.Lookup("series", "/local/db"); got != tb || !st.OK() {
		t.Errorf("Lookup(series, /local/db) = %v, %v; want the series table", got, st)
	}
}
