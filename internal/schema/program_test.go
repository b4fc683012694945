package schema

import (
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

func TestProgramDDL(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // table paths left in the catalogue
		incomplete []string
	}{
		{name: "drop after create is ignored", text: "CREATE TABLE a (id Uint64, PRIMARY KEY (id)); DROP TABLE a;", want: []string{"a"}},
		{name: "error message is not DDL", text: "create table failed: %w", want: nil},
		{name: "unparsable DDL still marks the table", text: "CREATE TABLE b (id Uint64, PRIMARY KEY (id) ) WITH (((", incomplete: []string{"b"}},
		{name: "alter applies", text: "CREATE TABLE c (id Uint64, v Utf8, PRIMARY KEY (id)); ALTER TABLE c ADD INDEX ix GLOBAL ON (v);", want: []string{"c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyScript(tt.text, ProgramDDL(tt.text, yql.Parse(tt.text)), func(int) Source { return Source{File: "x.go", Line: 1} })
			var got, inc []string
			for _, tb := range c.Tables {
				if tb.Incomplete != "" {
					inc = append(inc, tb.Path)
				} else {
					got = append(got, tb.Path)
				}
			}
			if !equalStrings(got, tt.want) || !equalStrings(inc, tt.incomplete) {
				t.Errorf("tables = %v, incomplete = %v; want %v, %v", got, inc, tt.want, tt.incomplete)
			}
		})
	}
	if ProgramDDL("", nil) != nil {
		t.Error("ProgramDDL(nil) != nil")
	}
}
