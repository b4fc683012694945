package keyplan

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// namesTables is the schema the name tests resolve against.
func namesTables() map[string]*schema.Table {
	users := table("users", []string{"id"}, "id Uint64 NOT NULL", "email Utf8", "name Utf8", "info Json")
	users.Indexes = []*schema.Index{{Name: "by_email", Columns: []string{"email"}}}
	return map[string]*schema.Table{
		"users":  users,
		"orders": table("orders", []string{"id"}, "id Uint64", "user_id Uint64", "amount Double"),
	}
}

func namesOf(q string) []string {
	tables := namesTables()
	script := yql.Parse(q)
	var out []string
	for _, st := range script.Stmts {
		refs := UnknownNames(st, q, func(ref *yql.TableRef) *schema.Table {
			if ref == nil || ref.Named != "" {
				return nil
			}
			return tables[ref.Path]
		}, func(name string) *yql.TypeRef {
			var t *yql.TypeRef
			for _, s := range script.Stmts {
				switch s := s.(type) {
				case *yql.DeclareStmt:
					if s.Name == name {
						t = s.Type
					}
				case *yql.NamedExprStmt:
					for _, n := range s.Names {
						if n == name {
							return nil // a named expression, not a parameter
						}
					}
				}
			}
			return t
		})
		for _, r := range refs {
			kind := "column"
			if r.Kind == NameIndex {
				kind = "index"
			}
			if q[r.Span.Start:r.Span.End] != r.Name && q[r.Span.Start:r.Span.End] != "`"+r.Name+"`" {
				out = append(out, "BADSPAN:"+q[r.Span.Start:r.Span.End])
			}
			out = append(out, kind+" "+r.Name+" @"+r.Clause)
		}
	}
	return out
}

func TestUnknownNames(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want string // names joined with "; "
	}{
		{"SELECT id, nmae FROM users WHERE id = $id", "column nmae @SELECT list"},
		{"SELECT id FROM users WHERE mail = $e", "column mail @WHERE"},
		{"SELECT id FROM users ORDER BY created", "column created @ORDER BY"},
		{"SELECT u.id FROM users AS u WHERE u.Email = $e", "column Email @WHERE"},
		{"SELECT users.id, users.nope FROM users", "column nope @SELECT list"},
		{"SELECT * FROM users VIEW by_mail WHERE email = $e", "index by_mail @VIEW"},
		{"SELECT * FROM users VIEW by_email WHERE email = $e", ""},
		{"UPDATE users SET last = 1 WHERE id = $id", "column last @SET"},
		{"UPDATE users SET name = nme WHERE idd = $id", "column nme @SET; column idd @WHERE"},
		{"DELETE FROM users WHERE emial = $e", "column emial @WHERE"},
		{"UPSERT INTO users (id, mail) VALUES ($id, $e)", "column mail @column list"},
		{"INSERT INTO orders (id, user_id) SELECT id, emai FROM users", "column emai @SELECT list"},
		{"UPDATE users ON (id, nam) VALUES (1, 'a')", "column nam @ON column list"},
		{"DELETE FROM users ON SELECT id FROM users WHERE nm = 'x'", "column nm @WHERE"},
		// Silent: aliases, GROUP BY, joins, subqueries, struct fields, holes,
		// opaque parts, named and AS_TABLE sources, unknown tables.
		{"SELECT email AS e FROM users ORDER BY e", ""},
		{"SELECT email AS e, COUNT(*) AS n FROM users GROUP BY email ORDER BY n", ""},
		{"SELECT k, COUNT(*) FROM users GROUP BY email AS k", ""},
		{"SELECT o.amount FROM orders AS o JOIN users AS u ON o.user_id = u.id WHERE u.nope = 1", ""},
		{"SELECT id FROM users WHERE id IN (SELECT user_id FROM orders WHERE nope = 1)", ""},
		{"SELECT info.field FROM users", ""},
		{"SELECT id FROM users WHERE " + yql.HoleName(0) + " = 1 AND nope = 2", ""},
		{"SELECT id FROM `" + yql.HoleName(0) + "/users` WHERE nope = 2", ""},
		{"$t = SELECT * FROM users; SELECT nope FROM $t", ""},
		{"SELECT nope FROM AS_TABLE($rows)", ""},
		{"DECLARE $rows AS List<Struct<id: Uint64, email: Utf8>>; UPSERT INTO users (id, email) SELECT id, mail FROM AS_TABLE($rows)", "column mail @SELECT list"},
		{"DECLARE $rows AS List<Struct<id: Uint64, mail: Utf8>>; UPSERT INTO users SELECT * FROM AS_TABLE($rows)", "BADSPAN:AS_TABLE($rows); column mail @AS_TABLE($rows) field"},
		{"DECLARE $rows AS List<Struct<id: Uint64, email: Utf8>>; UPSERT INTO users SELECT * FROM AS_TABLE($rows)", ""},
		{"DECLARE $rows AS List<Struct<id: Uint64>>?; SELECT nope FROM AS_TABLE($rows)", ""},
		{"DECLARE $rows AS List<Struct<id: Uint64>>; $rows = SELECT 1 AS x; SELECT x FROM AS_TABLE($rows)", ""},
		{"SELECT nope FROM unknown_table", ""},
		{"SELECT ListMap($l, ($x) -> { RETURN $x.nope }) FROM users", ""},
		{"SELECT _yql_partition_id FROM users", ""},
		{"SELECT id FROM users UNION ALL SELECT nope FROM orders", "column nope @SELECT list"},
	} {
		got := strings.Join(namesOf(tc.q), "; ")
		if got != tc.want {
			t.Errorf("%s\n got: %s\nwant: %s", tc.q, got, tc.want)
		}
	}
}

// FuzzUnknownNames: arbitrary text never panics, and every name's span
// lies inside the text.
func FuzzUnknownNames(f *testing.F) {
	f.Add("SELECT id, nmae FROM users WHERE id = $id ORDER BY x")
	f.Add("UPDATE users SET a = b WHERE c IN (SELECT d FROM orders)")
	f.Add("UPSERT INTO users (id, q) SELECT * FROM users VIEW nope")
	f.Add("SELECT id FROM `" + yql.HoleName(0) + "` WHERE " + yql.HoleName(1))
	tables := namesTables()
	f.Fuzz(func(t *testing.T, q string) {
		s := yql.Parse(q)
		for _, st := range s.Stmts {
			for _, r := range UnknownNames(st, q, func(ref *yql.TableRef) *schema.Table {
				if ref == nil {
					return nil
				}
				return tables[ref.Path]
			}, func(string) *yql.TypeRef { return nil }) {
				if r.Span.Start < 0 || r.Span.End > len(q) || r.Span.Start > r.Span.End || r.Table == nil {
					t.Fatalf("bad name ref %+v in %q", r, q)
				}
			}
		}
	})
}
