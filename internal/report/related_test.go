package report

import (
	"go/token"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/session"
)

// TestRelatedOf: the schema line and the evidence a message names become
// Related positions on those lines; a missing file or line gives none.
func TestRelatedOf(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "db"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "db", "1.sql"), []byte("-- x\nCREATE TABLE t (\n  k Uint64,\n  PRIMARY KEY (k)\n);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: token.NewFileSet()}
	s := session.New()
	msg := "SELECT reads t, primary key (k) (schema: db/1.sql:2); k holds F(x) (write evidence at db/1.sql:4); (schema: db/none.sql:1); (schema: db/1.sql:99)"
	rel := relatedOf(pass, s, dir, msg, nil)
	if len(rel) != 2 {
		t.Fatalf("got %d related entries, want 2: %+v", len(rel), rel)
	}
	for i, want := range []struct {
		line int
		msg  string
	}{{2, "schema of the table"}, {4, "write evidence of the hash column"}} {
		p := pass.Fset.Position(rel[i].Pos)
		if p.Filename != filepath.Join(dir, "db", "1.sql") || p.Line != want.line || p.Column != 1 || rel[i].Message != want.msg {
			t.Errorf("related %d = %v %q, want line %d %q", i, p, rel[i].Message, want.line, want.msg)
		}
	}
	if again := relatedOf(pass, s, dir, msg, nil); len(again) != 2 || again[0].Pos != rel[0].Pos {
		t.Errorf("the schema file was added to the file set again: %+v", again)
	}
	if got := relatedOf(pass, s, "", msg, nil); got != nil {
		t.Errorf("without a module root: %+v", got)
	}
	s.OmitRelated()
	if got := relatedOf(pass, s, dir, msg, nil); got != nil {
		t.Errorf("with related information omitted: %+v", got)
	}
}
