package schema

import (
	"reflect"
	"strings"
	"testing"
)

func TestDetectLayout(t *testing.T) {
	tests := []struct {
		name  string
		names []string
		want  Layout
	}{
		{"migrate up/down", []string{"1_init.up.sql", "1_init.down.sql", "2_idx.up.sql"}, LayoutMigrate},
		{"migrate only down present", []string{"000001_x.down.sql"}, LayoutMigrate},
		{"migrate in dir", []string{"db/migrations/0001_a.up.sql"}, LayoutMigrate},
		{"goose numbered", []string{"00001_init.sql", "00002_more.sql"}, LayoutGoose},
		{"goose timestamps", []string{"20240102150405_init.sql", "20240103000000_idx.sql", "README.md"}, LayoutGoose},
		{"plain names", []string{"schema.sql", "indexes.sql"}, LayoutPlain},
		{"mixed numbered and unnumbered", []string{"001_init.sql", "extra.sql"}, LayoutPlain},
		{"yql files are not goose", []string{"001_init.yql", "002_more.yql"}, LayoutPlain},
		{"zero version is not goose", []string{"0_init.sql"}, LayoutPlain},
		{"no separator", []string{"001.sql"}, LayoutPlain},
		{"no sql at all", []string{"main.go", "README.md"}, LayoutPlain},
		{"empty", nil, LayoutPlain},
		{"up without extension sql is ignored", []string{"1_a.up.json", "a.sql"}, LayoutPlain},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectLayout(tt.names); got != tt.want {
				t.Errorf("DetectLayout(%q) = %v, want %v", tt.names, got, tt.want)
			}
		})
	}
}

func TestDetectLayoutFiles(t *testing.T) {
	files := []File{
		{Name: "init.sql", Content: []byte("-- +goose Up\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\n")},
		{Name: "notes.sql", Content: []byte("SELECT 1;")},
	}
	if got := DetectLayoutFiles(files); got != LayoutGoose {
		t.Errorf("goose annotation in content: got %v", got)
	}
	files[0].Content = []byte("-- goose Up is only prose here\n")
	if got := DetectLayoutFiles(files); got != LayoutPlain {
		t.Errorf("no annotation: got %v", got)
	}
	// Names decide first: migrate names win over goose annotations.
	files = []File{{Name: "1_a.up.sql", Content: []byte("-- +goose Up\n")}}
	if got := DetectLayoutFiles(files); got != LayoutMigrate {
		t.Errorf("migrate names: got %v", got)
	}
}

func TestOrderFiles(t *testing.T) {
	tests := []struct {
		name   string
		layout Layout
		names  []string
		want   []string
	}{
		{
			"goose numeric not lexicographic",
			LayoutGoose,
			[]string{"10_c.sql", "2_b.sql", "1_a.sql"},
			[]string{"1_a.sql", "2_b.sql", "10_c.sql"},
		},
		{
			"goose padded vs unpadded",
			LayoutGoose,
			[]string{"10_y.sql", "00002_x.sql"},
			[]string{"00002_x.sql", "10_y.sql"},
		},
		{
			"goose timestamps and huge versions do not overflow",
			LayoutGoose,
			[]string{"99999999999999999999999_z.sql", "20240103000000_b.sql", "20240102150405_a.sql"},
			[]string{"20240102150405_a.sql", "20240103000000_b.sql", "99999999999999999999999_z.sql"},
		},
		{
			"goose skips unversioned and go migrations",
			LayoutGoose,
			[]string{"2_b.sql", "README.md", "helper.sql", "3_c.go", "1_a.sql"},
			[]string{"1_a.sql", "2_b.sql"},
		},
		{
			"goose equal versions tie-break by name",
			LayoutGoose,
			[]string{"1_b.sql", "01_a.sql"},
			[]string{"01_a.sql", "1_b.sql"},
		},
		{
			"migrate numeric, down never",
			LayoutMigrate,
			[]string{"10_c.up.sql", "10_c.down.sql", "2_b.up.sql", "2_b.down.sql", "1_a.up.sql", "notes.txt"},
			[]string{"1_a.up.sql", "2_b.up.sql", "10_c.up.sql"},
		},
		{
			"migrate ignores plain sql",
			LayoutMigrate,
			[]string{"1_a.up.sql", "seed.sql"},
			[]string{"1_a.up.sql"},
		},
		{
			"plain is lexicographic: 10_ before 2_",
			LayoutPlain,
			[]string{"2_b.sql", "10_c.sql", "1_a.yql", "x.txt"},
			[]string{"10_c.sql", "1_a.yql", "2_b.sql"},
		},
		{
			"plain uses the whole path",
			LayoutPlain,
			[]string{"b/a.sql", "a/z.sql"},
			[]string{"a/z.sql", "b/a.sql"},
		},
		{
			"directories ignored for versions",
			LayoutGoose,
			[]string{"z/2_b.sql", "a/10_a.sql"},
			[]string{"z/2_b.sql", "a/10_a.sql"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := OrderFiles(tt.layout, tt.names)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("OrderFiles(%v, %q) = %q, want %q", tt.layout, tt.names, got, tt.want)
			}
		})
	}
}

func TestGooseUpText(t *testing.T) {
	tests := []struct {
		name      string
		in        string
		wantGoose bool
		kept      []string // substrings that must survive
		gone      []string // substrings that must be blanked
	}{
		{
			name:      "up and down",
			in:        "-- +goose Up\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\n\n-- +goose Down\nDROP TABLE a;\n",
			wantGoose: true,
			kept:      []string{"CREATE TABLE a"},
			gone:      []string{"DROP TABLE a", "+goose"},
		},
		{
			name:      "statement begin end and no transaction",
			in:        "-- +goose NO TRANSACTION\n-- +goose Up\n-- +goose StatementBegin\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\n-- +goose StatementEnd\n-- +goose Down\n-- +goose StatementBegin\nDROP TABLE a;\n-- +goose StatementEnd\n",
			wantGoose: true,
			kept:      []string{"CREATE TABLE a"},
			gone:      []string{"DROP TABLE a", "StatementBegin", "NO TRANSACTION"},
		},
		{
			name:      "case-insensitive annotations",
			in:        "-- +goose up\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\n-- +GOOSE DOWN\nDROP TABLE a;\n",
			wantGoose: true,
			kept:      []string{"CREATE TABLE a"},
			gone:      []string{"DROP TABLE a"},
		},
		{
			name:      "text before Up does not run",
			in:        "DROP TABLE early;\n-- +goose Up\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\n",
			wantGoose: true,
			kept:      []string{"CREATE TABLE a"},
			gone:      []string{"DROP TABLE early"},
		},
		{
			name:      "down only",
			in:        "-- +goose Down\nDROP TABLE a;\n",
			wantGoose: true,
			gone:      []string{"DROP TABLE a"},
		},
		{
			name:      "not goose",
			in:        "CREATE TABLE a (id Uint64, PRIMARY KEY (id)); -- +goosed is not an annotation\n",
			wantGoose: false,
			kept:      []string{"CREATE TABLE a", "+goosed"},
		},
		{
			name:      "crlf",
			in:        "-- +goose Up\r\nCREATE TABLE a (id Uint64, PRIMARY KEY (id));\r\n-- +goose Down\r\nDROP TABLE a;\r\n",
			wantGoose: true,
			kept:      []string{"CREATE TABLE a"},
			gone:      []string{"DROP TABLE a"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, isGoose := gooseUpText([]byte(tt.in))
			if isGoose != tt.wantGoose {
				t.Errorf("isGoose = %v, want %v", isGoose, tt.wantGoose)
			}
			if len(got) != len(tt.in) {
				t.Fatalf("length changed: %d → %d", len(tt.in), len(got))
			}
			if strings.Count(got, "\n") != strings.Count(tt.in, "\n") {
				t.Errorf("newlines changed")
			}
			for _, k := range tt.kept {
				if !strings.Contains(got, k) {
					t.Errorf("%q blanked, want kept; text %q", k, got)
				}
				if strings.Index(got, k) != strings.Index(tt.in, k) {
					t.Errorf("%q moved", k)
				}
			}
			for _, g := range tt.gone {
				if strings.Contains(got, g) {
					t.Errorf("%q kept, want blanked; text %q", g, got)
				}
			}
		})
	}
}

func TestCompareVersions(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"2", "10", -1},
		{"00002", "10", -1},
		{"010", "10", 0},
		{"11", "10", 1},
		{"", "1", -1},
		{"", "", 0},
	}
	for _, tt := range tests {
		if got := compareVersions(tt.a, tt.b); got != tt.want {
			t.Errorf("compareVersions(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
