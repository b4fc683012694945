package analysisutil

import (
	"strings"
	"testing"
)

func TestExtractDoc(t *testing.T) {
	const good = `// Package x does things.
//
// # Analyzer x
//
// x: report things
//
// Longer text.
//
// # Other heading
//
// Part of it.
//
// # Analyzer y
//
// y: report other things
package x
`
	tests := []struct {
		name, content, analyzer string
		want, wantErr           string
	}{
		{name: "page up to the next analyzer", content: good, analyzer: "x", want: "report things\n\nLonger text.\n\n# Other heading\n\nPart of it."},
		{name: "last analyzer", content: good, analyzer: "y", want: "report other things"},
		{name: "other analyzer", content: good, analyzer: "z", wantErr: `no "Analyzer z" heading`},
		{name: "prefix name is not a match", content: strings.ReplaceAll(good, "Analyzer x", "Analyzer xy"), analyzer: "x", wantErr: `no "Analyzer x" heading`},
		{name: "missing summary line", content: strings.ReplaceAll(good, "x: report", "report"), analyzer: "x", wantErr: "is not followed"},
		{name: "heading only", content: "// Package x.\n//\n// # Analyzer x\npackage x\n", analyzer: "x", wantErr: "is not followed"},
		{name: "empty", content: "", analyzer: "x", wantErr: "empty"},
		{name: "no doc", content: "package x\n", analyzer: "x", wantErr: "no package doc"},
		{name: "not go", content: "hello", analyzer: "x", wantErr: "not a Go file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ExtractDoc(tt.content, tt.analyzer)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ExtractDoc error = %v, want it to contain %q", err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ExtractDoc = %q, %v; want %q", got, err, tt.want)
			}
		})
	}
}
