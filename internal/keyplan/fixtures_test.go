package keyplan

import (
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// col parses "name Type [NOT NULL] [DEFAULT]".
func col(spec string) *schema.Column {
	f := strings.Fields(spec)
	c := &schema.Column{Name: f[0], Type: f[1]}
	rest := strings.Join(f[2:], " ")
	c.NotNull = strings.Contains(rest, "NOT NULL")
	c.HasDefault = strings.Contains(rest, "DEFAULT") || serialTypes[c.Type]
	return c
}

func table(path string, pk []string, cols ...string) *schema.Table {
	t := &schema.Table{Path: path, PrimaryKey: pk}
	for _, c := range cols {
		t.Columns = append(t.Columns, col(c))
	}
	return t
}

// catalogue builds the tables the tests use. Each call returns fresh values.
func catalogue() map[string]*schema.Table {
	m := map[string]*schema.Table{}
	add := func(t *schema.Table) *schema.Table { m[t.Path] = t; return t }

	// Seeds (003): the poor and good orders tables.
	add(table("orders_poor", []string{"order_id"},
		"order_id Uint64", "customer_id Uint64", "amount Double"))
	o := add(table("orders", []string{"order_hash", "order_id"},
		"order_hash Uint64", "order_id Uint64", "customer_id Uint64", "amount Double"))
	o.Hash = &schema.HashPrefix{Column: "order_hash", Func: "Digest::NumericHash", SourceColumn: "order_id", Evidence: "annotation"}
	// Seeds (000/001): the log table and its hashed variant.
	add(table("events", []string{"timestamp", "userid"},
		"timestamp Timestamp", "userid Uint64", "userevent Utf8"))
	e := add(table("events_hashed", []string{"userhash", "userid", "timestamp"},
		"userhash Uint64", "userid Uint64", "timestamp Timestamp", "userevent Utf8"))
	e.Hash = &schema.HashPrefix{Column: "userhash", Func: "Digest::NumericHash", SourceColumn: "userid", Evidence: "annotation"}

	// A three-column key with indexes.
	t := add(table("t", []string{"k1", "k2", "k3"},
		"k1 Uint64", "k2 Uint64", "k3 Utf8", "v Utf8", "w Uint64", "flag Bool", "d Double", "u Uint64"))
	t.Indexes = []*schema.Index{
		{Name: "idx_v", Columns: []string{"v"}},
		{Name: "idx_w_async", Columns: []string{"w"}, Async: true},
		{Name: "idx_vec", Columns: []string{"u"}, Kind: "vector_kmeans_tree"},
	}
	// The same without indexes.
	add(table("plain", []string{"k1", "k2", "k3"},
		"k1 Uint64", "k2 Uint64", "k3 Utf8", "v Utf8", "flag Bool"))
	// Bool leading key, string key.
	add(table("flags", []string{"flag", "id"}, "flag Bool", "id Uint64"))
	add(table("names", []string{"name"}, "name Utf8", "v Utf8"))
	// NOT NULL keys.
	nn := add(table("nn", []string{"h", "id"}, "h Uint64 NOT NULL", "id Uint64 NOT NULL", "v Utf8"))
	nn.Hash = &schema.HashPrefix{Column: "h", Func: "Digest::NumericHash", SourceColumn: "id", Evidence: "write"}
	add(table("customers", []string{"id"}, "id Uint64", "name Utf8"))
	add(table("serial", []string{"id"}, "id Serial8", "v Utf8"))
	add(table("defaulted", []string{"a", "b"}, "a Uint64 DEFAULT", "b Uint64"))
	add(table("slo", []string{"hash", "id"}, "hash Uint64", "id Uint64", "payload_str Utf8"))
	add(table("uuids", []string{"id"}, "id Uuid", "v Utf8"))
	add(table("ints", []string{"ts", "id"}, "ts Uint64", "id Uint64"))
	cs := add(table("colstore", []string{"id"}, "id Uint64", "v Utf8"))
	cs.Store = schema.ColumnStore
	cf := add(table("conflict", []string{"id"}, "id Uint64"))
	cf.Conflict = true
	add(table("dir/sub", []string{"id"}, "id Uint64"))
	// Unique indexes: one column, two columns, and one only some
	// definitions of the table have.
	us := add(table("users", []string{"id"}, "id Uint64", "email Utf8", "org Uint64", "login Utf8", "phone Utf8", "name Utf8"))
	us.Indexes = []*schema.Index{
		{Name: "users_email_uidx", Columns: []string{"email"}, Unique: true},
		{Name: "users_org_login_uidx", Columns: []string{"org", "login"}, Unique: true},
		{Name: "users_phone_uidx", Columns: []string{"phone"}, Unique: true, Partial: true},
		{Name: "users_name_idx", Columns: []string{"name"}},
	}
	return m
}

func resolver(m map[string]*schema.Table) TableResolver {
	return func(ref *yql.TableRef, prefix string) (*schema.Table, bool) {
		if ref.Hole {
			return nil, false
		}
		p := ref.Path
		if prefix != "" && !strings.HasPrefix(p, "/") {
			p = strings.TrimSuffix(prefix, "/") + "/" + p
		}
		t, ok := m[p]
		return t, ok
	}
}

// planLast parses q and plans its last statement.
func planLast(tb testing.TB, q string, params ParamOracle) *Plan {
	tb.Helper()
	s := yql.Parse(q)
	if len(s.Errors) > 0 {
		tb.Fatalf("parse %q: %v", q, s.Errors[0])
	}
	p := NewPlanner(s, q, resolver(catalogue()), params)
	return p.Plan(len(s.Stmts) - 1)
}

// readOf returns the read of table path in the plan.
func readOf(tb testing.TB, p *Plan, path string) *Access {
	tb.Helper()
	for _, a := range p.Reads {
		if a.Ref != nil && a.Ref.Path == path {
			return a
		}
	}
	tb.Fatalf("no read of %s in plan (%d reads)", path, len(p.Reads))
	return nil
}

func oracle(m map[string]ParamInfo) ParamOracle {
	return func(name string) ParamInfo { return m[name] }
}

func typ(s string) *yql.TypeRef {
	if strings.HasSuffix(s, "?") {
		return &yql.TypeRef{Name: "Optional", Args: []*yql.TypeRef{typ(strings.TrimSuffix(s, "?"))}}
	}
	if strings.HasPrefix(s, "List<") {
		return &yql.TypeRef{Name: "List", Args: []*yql.TypeRef{typ(strings.TrimSuffix(strings.TrimPrefix(s, "List<"), ">"))}}
	}
	return &yql.TypeRef{Name: s}
}

func mustParse(tb testing.TB, q string) *yql.Script {
	tb.Helper()
	s := yql.Parse(q)
	if len(s.Errors) > 0 {
		tb.Fatalf("parse %q: %v", q, s.Errors[0])
	}
	return s
}
