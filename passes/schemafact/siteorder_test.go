package schemafact

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
)

// TestModuleScanUnorderedCreates: the module-wide Go scan applies DDL of
// one directory in file order, but a table created again by another
// function is merged as an unordered definition (an index only one of them
// has is Partial), while an ALTER in another function still applies.
func TestModuleScanUnorderedCreates(t *testing.T) {
	const src = `package archive

func (s *Store) CreateLive() { exec("CREATE TABLE seasons (id Uint64, aired Date, PRIMARY KEY (id))") }

func CreateReport() {
	exec("CREATE TABLE seasons (id Uint64, aired Date, INDEX by_aired GLOBAL ON (aired), PRIMARY KEY (id))")
	exec("CREATE TABLE episodes (id Uint64, at Timestamp, INDEX by_at GLOBAL ON (at), PRIMARY KEY (id))")
}

func Migrate() { exec("ALTER TABLE episodes ADD COLUMN title Utf8") }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "archive/archive.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	ddl := scanGoPackage(fset, []goFile{{rel: "archive/archive.go", file: f}})
	var funcs []string
	for _, g := range ddl {
		funcs = append(funcs, g.Func)
	}
	if want := []string{"*Store.CreateLive", "CreateReport", "CreateReport", "Migrate"}; !slices.Equal(funcs, want) {
		t.Fatalf("Func of the scanned DDL = %q, want %q", funcs, want)
	}

	d := &discovery{}
	cat := schema.New()
	for _, c := range d.moduleGoCatalogs(&moduleScan{goDDL: ddl}, nil) {
		cat.Merge(c)
	}
	seasons, st := cat.Lookup("seasons", "")
	if !st.OK() {
		t.Fatalf("seasons: %v", st)
	}
	if ix := seasons.Index("by_aired"); ix == nil || !ix.Partial {
		t.Errorf("seasons.by_aired = %+v, want a Partial index (only one of two unordered definitions has it)", ix)
	}
	episodes, st := cat.Lookup("episodes", "")
	if !st.OK() {
		t.Fatalf("episodes: %v", st)
	}
	if ix := episodes.Index("by_at"); ix == nil || ix.Partial {
		t.Errorf("episodes.by_at = %+v, want a full index", ix)
	}
	if episodes.Column("title") == nil || episodes.Incomplete != "" {
		t.Errorf("episodes after the ALTER in another function: title=%v incomplete=%q", episodes.Column("title"), episodes.Incomplete)
	}
}
