package queryplan

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// TestDisplayText: a table path as a query names it is shown relative to
// the database root (the catalogue's reading of path.Join(db.Name(), …)),
// other holes by their Go expression.
func TestDisplayText(t *testing.T) {
	root := site.Hole{Key: schema.DatabaseRootKey, Desc: "r.db.Name()"}
	folder := site.Hole{Key: "field:example.com/svc/store.Repo.folder", Desc: "r.folder"}
	h0, h1 := yql.HoleName(0), yql.HoleName(1)
	for _, tc := range []struct {
		text  string
		holes []site.Hole
		want  string
	}{
		{h0 + "/account", []site.Hole{root}, "account"},
		{"`" + h0 + "/account`", []site.Hole{root}, "`account`"},
		{h0 + "/" + h1 + "/account", []site.Hole{root, folder}, "<r.folder>/account"},
		{h1 + "/account", []site.Hole{root, folder}, "<r.folder>/account"},
		{"account", []site.Hole{root}, "account"},
		// The database root alone, or not leading, stays as written.
		{h0, []site.Hole{root}, "<r.db.Name()>"},
		{"archive/" + h0 + "/account", []site.Hole{root}, "archive/<r.db.Name()>/account"},
		{h0 + "/account", []site.Hole{{Desc: "name"}}, "<name>/account"},
	} {
		if got := DisplayText(tc.text, tc.holes); got != tc.want {
			t.Errorf("DisplayText(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestDisplayPath: catalogue paths show keyed holes as the Go value's
// identity and never the database root.
func TestDisplayPath(t *testing.T) {
	for _, tc := range []struct{ path, want string }{
		{"account", "account"},
		{"{" + schema.DatabaseRootKey + "}/account", "account"},
		{"/{" + schema.DatabaseRootKey + "}/account", "account"},
		{"{field:example.com/svc/store.Repo.folder}/account", "<example.com/svc/store.Repo.folder>/account"},
		{"{" + schema.DatabaseRootKey + "}", "<" + schema.DatabaseRootKey[len("call:"):] + ">"},
	} {
		if got := DisplayPath(tc.path); got != tc.want {
			t.Errorf("DisplayPath(%q) = %q, want %q", tc.path, got, tc.want)
		}
	}
}

// TestStatementDescribeTable: a table keyed by a Go value's identity is
// named as the statement wrote it; any other path, and a hole with no
// description, keep the catalogue's rendering.
func TestStatementDescribeTable(t *testing.T) {
	root := site.Hole{Key: schema.DatabaseRootKey, Desc: "r.db.Name()"}
	folder := site.Hole{Key: "field:example.com/svc/store.Repo.folder", Desc: "r.folder"}
	anon := site.Hole{Key: "field:example.com/svc/store.Repo.folder"}
	keyed := &schema.Table{Path: "{field:example.com/svc/store.Repo.folder}/account", PrimaryKey: []string{"id"}}
	plain := &schema.Table{Path: "account", PrimaryKey: []string{"id"}}
	rooted := &schema.Table{Path: "{" + schema.DatabaseRootKey + "}/account", PrimaryKey: []string{"id"}}
	h0, h1 := yql.HoleName(0), yql.HoleName(1)
	for _, tc := range []struct {
		holes []site.Hole
		ref   *yql.TableRef
		table *schema.Table
		want  string
	}{
		{[]site.Hole{folder}, &yql.TableRef{Path: h0 + "/account", Hole: true}, keyed, "table <r.folder>/account, "},
		{[]site.Hole{root, folder}, &yql.TableRef{Path: h0 + "/" + h1 + "/account", Hole: true}, keyed, "table <r.folder>/account, "},
		// Under a PRAGMA TablePathPrefix holding the folder.
		{[]site.Hole{folder}, &yql.TableRef{Path: "account"}, keyed, "table account, "},
		// No identity in the catalogue path: as DescribeTable has it.
		{nil, &yql.TableRef{Path: "account"}, plain, "table account, "},
		{[]site.Hole{root}, &yql.TableRef{Path: h0 + "/account", Hole: true}, rooted, "table account, "},
		// A hole without a description, a named table, no reference.
		{[]site.Hole{anon}, &yql.TableRef{Path: h0 + "/account", Hole: true}, keyed, "table <example.com/svc/store.Repo.folder>/account, "},
		{[]site.Hole{folder}, &yql.TableRef{Named: "t"}, keyed, "table <example.com/svc/store.Repo.folder>/account, "},
		{[]site.Hole{folder}, nil, keyed, "table <example.com/svc/store.Repo.folder>/account, "},
	} {
		st := &Statement{Text: &site.Text{Holes: tc.holes}}
		got := st.DescribeTable(tc.ref, tc.table)
		if !strings.HasPrefix(got, tc.want) || !strings.Contains(got, "primary key (id)") {
			t.Errorf("DescribeTable(%+v, %s) = %q, want prefix %q", tc.ref, tc.table.Path, got, tc.want)
		}
	}
}

// TestStatementTableName: a table keyed by a Go value's identity is named
// as the statement wrote it, unless the statement wrote nothing but one Go
// expression (or a hole without a description): the identity is kept.
func TestStatementTableName(t *testing.T) {
	root := site.Hole{Key: schema.DatabaseRootKey, Desc: "r.db.Name()"}
	folder := site.Hole{Key: "field:example.com/svc/store.Repo.folder", Desc: "r.folder"}
	whole := site.Hole{Key: "call:example.com/svc/store.Repo.table", Desc: "r.table()"}
	anon := site.Hole{Key: "field:example.com/svc/store.Repo.folder"}
	keyed := &schema.Table{Path: "{field:example.com/svc/store.Repo.folder}/account", PrimaryKey: []string{"id"}}
	plain := &schema.Table{Path: "account", PrimaryKey: []string{"id"}}
	rooted := &schema.Table{Path: "{" + schema.DatabaseRootKey + "}/account", PrimaryKey: []string{"id"}}
	identity := "<example.com/svc/store.Repo.folder>/account"
	h0, h1 := yql.HoleName(0), yql.HoleName(1)
	for _, tc := range []struct {
		name  string
		holes []site.Hole
		ref   *yql.TableRef
		table *schema.Table
		want  string
	}{
		{"folder hole", []site.Hole{folder}, &yql.TableRef{Path: h0 + "/account", Hole: true}, keyed, "<r.folder>/account"},
		{"root and folder", []site.Hole{root, folder}, &yql.TableRef{Path: h0 + "/" + h1 + "/account", Hole: true}, keyed, "<r.folder>/account"},
		{"under a prefix", []site.Hole{folder}, &yql.TableRef{Path: "account"}, keyed, "account"},
		{"plain path", nil, &yql.TableRef{Path: "account"}, plain, "account"},
		{"database root", []site.Hole{root}, &yql.TableRef{Path: h0 + "/account", Hole: true}, rooted, "account"},
		{"bare hole", []site.Hole{whole}, &yql.TableRef{Path: h0, Hole: true}, keyed, identity},
		{"quoted bare hole", []site.Hole{whole}, &yql.TableRef{Path: "`" + h0 + "`", Hole: true}, keyed, identity},
		{"hole without description", []site.Hole{anon}, &yql.TableRef{Path: h0 + "/account", Hole: true}, keyed, identity},
		{"named table", []site.Hole{folder}, &yql.TableRef{Named: "t"}, keyed, identity},
		{"no reference", []site.Hole{folder}, nil, keyed, identity},
		{"no table", []site.Hole{folder}, &yql.TableRef{Path: "account"}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := &Statement{Text: &site.Text{Holes: tc.holes}}
			if got := st.TableName(tc.ref, tc.table); got != tc.want {
				t.Errorf("TableName = %q, want %q", got, tc.want)
			}
		})
	}
}
