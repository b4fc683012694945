// Package dyntext builds query text at run time the ways services do:
// condition slices joined into the WHERE clause, formats glued from
// pieces, lookup tables of query templates.
package dyntext

import (
	"context"
	"fmt"
	"strings"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"

	"example.com/app/dyntext/queries"
)

type Store struct {
	db     *ydb.Driver
	prefix string
}

type Filter struct {
	Org  string
	Kind string
}

// Conditions appended under ifs, joined with AND.
func (s *Store) Search(ctx context.Context, f Filter) {
	conds := []string{"created_at > $since"}
	if f.Org != "" {
		conds = append(conds, "org_id = $org")
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
	}
	q := fmt.Sprintf("SELECT * FROM events WHERE %s", strings.Join(conds, " AND "))
	_, _ = s.db.Query().QueryResultSet(ctx, q) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM events WHERE created_at > \\$since AND org_id = \\$org AND kind = \\$kind\" \\| text=\"SELECT \\* FROM events WHERE created_at > \\$since AND org_id = \\$org\" \\| text=\"SELECT \\* FROM events WHERE created_at > \\$since AND kind = \\$kind\" \\| text=\"SELECT \\* FROM events WHERE created_at > \\$since\" params=\\{\\}"
}

// A list built in a loop: one copy of its element (how many the loop
// makes is not known), the column a hole; never "WHERE " alone, which no
// caller passing columns builds.
func (s *Store) InLoop(ctx context.Context, cols []string) {
	var conds []string
	for _, c := range cols {
		conds = append(conds, c+" = 1")
	}
	_, _ = s.db.Query().QueryResultSet(ctx, "SELECT * FROM events WHERE "+strings.Join(conds, " AND ")) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM events WHERE __ydblint_hole_0__ = 1\" holes=\\[\\] params=\\{\\}"
}

const likeQuery = "WHERE name LIKE $p"

// A format that is itself a concatenation.
func (s *Store) Like(ctx context.Context) {
	_, _ = s.db.Query().QueryResultSet(ctx, fmt.Sprintf("SELECT key FROM %s "+likeQuery, "names")) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT key FROM names WHERE name LIKE \\$p\" params=\\{\\}"
}

type queryInfo struct {
	table string
	query string
}

var templates = map[string]queryInfo{
	"by-org":  {"events", "SELECT * FROM `%s` WHERE org_id = $org"},
	"by-kind": {table: "events", query: "SELECT * FROM `%s` WHERE kind = $kind"},
}

var plain = map[string]string{
	"count": "SELECT COUNT(*) FROM events",
}

// Lookup tables with constant keys.
func (s *Store) Lookups(ctx context.Context) {
	q := templates["by-kind"]
	_, _ = s.db.Query().QueryResultSet(ctx, fmt.Sprintf(q.query, q.table)) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM `events` WHERE kind = \\$kind\" params=\\{\\}"
	if i, ok := templates["by-org"]; ok {
		_, _ = s.db.Query().QueryResultSet(ctx, fmt.Sprintf(i.query, s.prefix+"/"+i.table)) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM `__ydblint_hole_0__/events` WHERE org_id = \\$org\" holes=\\[field:example\\.com/app/dyntext\\.Store\\.prefix\\] params=\\{\\}"
	}
	_, _ = s.db.Query().QueryResultSet(ctx, plain["count"]) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT COUNT\\(\\*\\) FROM events\" params=\\{\\}"
}

// buildQuery is called with constant names: evaluated at each call.
func buildQuery(name, prefix string) string {
	if i, ok := templates[name]; ok {
		return fmt.Sprintf(i.query, prefix+i.table)
	}
	panic("no query " + name)
}

func (s *Store) ByName(ctx context.Context) {
	_, _ = s.db.Query().QueryResultSet(ctx, buildQuery("by-org", "app_")) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM `app_events` WHERE org_id = \\$org\" params=\\{\\}"
}

var mutable = map[string]string{"q": "SELECT 1"}

// A map written after initialisation is not a lookup table.
func (s *Store) Mutable(ctx context.Context, q string) {
	mutable["q"] = q
	_, _ = s.db.Query().QueryResultSet(ctx, mutable["q"]) // want "api=query\\.Client\\.QueryResultSet text=\"__ydblint_hole_0__\" holes=\\[\\] params=\\{\\}"
}

// A lookup helper of another package, called with a constant key: its
// lookup fact gives that entry's text (and only that one).
func (s *Store) Imported(ctx context.Context) {
	_, _ = s.db.Query().QueryResultSet(ctx, queries.Build(s.prefix, "active")) // want `api=query.Client.QueryResultSet text="SELECT part_date FROM .__ydblint_hole_0__partitions. WHERE is_active = true" holes=\[field:example.com/app/dyntext.Store.prefix\] params=\{\}`
}

// The same with a typed integer key and an entry held in a package var.
func (s *Store) ImportedNamed(ctx context.Context) {
	_, _ = s.db.Query().QueryResultSet(ctx, queries.BuildNamed(s.prefix, queries.Active)) // want `api=query.Client.QueryResultSet text="SELECT part_num FROM .__ydblint_hole_0__partitions. WHERE is_active = true" holes=\[field:example.com/app/dyntext.Store.prefix\] params=\{\}`
}

// A short-circuit condition joins three edges: still one optional filter.
func (s *Store) SearchAnd(ctx context.Context, f Filter) {
	conds := []string{"created_at > $since"}
	if f.Org != "" && f.Kind == "" {
		conds = append(conds, "org_id = $org")
	}
	_, _ = s.db.Query().QueryResultSet(ctx, "SELECT * FROM events WHERE "+strings.Join(conds, " AND ")) // want `api=query.Client.QueryResultSet text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org" \| text="SELECT \* FROM events WHERE created_at > \$since" params=\{\}`
}

// withPrefix puts the store's database path in front of a query, as
// temporal-over-ydb's AddQueryPrefix does.
func (s *Store) withPrefix(q string) string {
	return "PRAGMA TablePathPrefix(\"" + s.prefix + "\");\n" + q
}

// Conditions joined from a list inside a prefixed text: the prefix stays
// the hole keyed by its field (the DDL's table names it the same way), the
// list's optional condition a choice.
func (s *Store) SearchPrefixed(ctx context.Context, f Filter) {
	conds := []string{"created_at > $since"}
	if f.Org != "" {
		conds = append(conds, "org_id = $org")
	}
	_, _ = s.db.Query().QueryResultSet(ctx, s.withPrefix("SELECT * FROM events WHERE "+strings.Join(conds, " AND "))) // want `api=query.Client.QueryResultSet text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\);\\nSELECT \* FROM events WHERE created_at > \$since AND org_id = \$org" holes=\[field:example.com/app/dyntext.Store.prefix\] \| text="PRAGMA TablePathPrefix\(\\"__ydblint_hole_0__\\"\);\\nSELECT \* FROM events WHERE created_at > \$since" holes=\[field:example.com/app/dyntext.Store.prefix\] params=\{\}`
}

// Wide is a search with more optional filters than the variants a site
// holds (2⁵ > 16): the representatives of the list, the text cut short.
type Wide struct {
	Org, Kind, Host, Role, Zone string
}

func (s *Store) SearchWide(ctx context.Context, f Wide) {
	conds := []string{"created_at > $since"}
	if f.Org != "" {
		conds = append(conds, "org_id = $org")
	}
	if f.Kind != "" {
		conds = append(conds, "kind = $kind")
	}
	if f.Host != "" {
		conds = append(conds, "host = $host")
	}
	if f.Role != "" {
		conds = append(conds, "role = $role")
	}
	if f.Zone != "" {
		conds = append(conds, "zone = $zone")
	}
	_, _ = s.db.Query().QueryResultSet(ctx, "SELECT * FROM events WHERE "+strings.Join(conds, " AND ")) // want `api=query\.Client\.QueryResultSet text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org AND kind = \$kind AND host = \$host AND role = \$role AND zone = \$zone" \| text="SELECT \* FROM events WHERE created_at > \$since" \| text="SELECT \* FROM events WHERE created_at > \$since AND kind = \$kind AND host = \$host AND role = \$role AND zone = \$zone" \| text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org AND host = \$host AND role = \$role AND zone = \$zone" \| text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org AND kind = \$kind AND role = \$role AND zone = \$zone" \| text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org AND kind = \$kind AND host = \$host AND zone = \$zone" \| text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org AND kind = \$kind AND host = \$host AND role = \$role" \| text="SELECT \* FROM events WHERE created_at > \$since AND org_id = \$org" \| text="SELECT \* FROM events WHERE created_at > \$since AND kind = \$kind" \| text="SELECT \* FROM events WHERE created_at > \$since AND host = \$host" \| text="SELECT \* FROM events WHERE created_at > \$since AND role = \$role" \| text="SELECT \* FROM events WHERE created_at > \$since AND zone = \$zone" params=\{\}`
}
