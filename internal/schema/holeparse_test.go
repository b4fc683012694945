package schema

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

// TestHoleParseNote: a DDL text whose run-time piece stands for a whole
// setting does not parse as written; that is not a parse error of what YDB
// runs, so it is noted as a statement with run-time pieces. The same text
// with the setting written out parses, and broken DDL without holes is
// still a parse error.
func TestHoleParseNote(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{
			name: "hole as a whole WITH setting",
			text: "ALTER TABLE `" + yql.HoleName(0) + "` ADD INDEX idx GLOBAL USING vector_kmeans_tree ON (embedding)\n" +
				"WITH (" + yql.HoleName(1) + ", vector_type=\"Float\", vector_dimension=3);\n" +
				"ALTER TABLE t ADD COLUMN " + yql.HoleName(2) + " " + yql.HoleName(3) + " NOT NULL DEFAULT (",
			want: HoleParseNote + ": ",
		},
		{
			name: "setting written out",
			text: "CREATE TABLE items (id Uint64, embedding String, PRIMARY KEY (id));\n" +
				"ALTER TABLE items ADD INDEX idx GLOBAL USING vector_kmeans_tree ON (embedding)\n" +
				"WITH (distance=\"cosine\", vector_type=\"Float\", vector_dimension=3, levels=1, clusters=2)",
			want: "",
		},
		{
			name: "broken DDL without holes",
			text: "CREATE TABLE items (id Uint64 PRIMARY KEY (id)",
			want: "YQL parse error: ",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New()
			c.ApplyText("boot/boot.go", 10, tt.text)
			var got []string
			for _, w := range c.Warnings {
				if strings.HasPrefix(w.Msg, "YQL parse error: ") || strings.HasPrefix(w.Msg, HoleParseNote) {
					got = append(got, w.Msg)
				}
			}
			if tt.want == "" {
				if len(got) != 0 {
					t.Errorf("warnings %q, want none", got)
				}
				return
			}
			if len(got) == 0 || !strings.HasPrefix(got[0], tt.want) {
				t.Errorf("warnings %q, want one starting %q", got, tt.want)
			}
			for _, g := range got {
				if tt.want != "YQL parse error: " && strings.HasPrefix(g, "YQL parse error") {
					t.Errorf("text with holes reported as a YQL parse error: %q", g)
				}
			}
			if tt.want == HoleParseNote+": " && len(got) != 1 {
				t.Errorf("%d notes for one text with holes, want 1: %q", len(got), got)
			}
		})
	}
}
