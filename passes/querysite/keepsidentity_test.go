package querysite

import "testing"

// TestKeepsIdentity: when the evaluator's text may stand for the
// recognisers' where they left keyed holes.
func TestKeepsIdentity(t *testing.T) {
	const local = "field:example.com/feeds."
	var (
		lit   = func(s string) piece { return lit(s, 0, 0, true) }
		hole  = func(key string) piece { return holePiece(key, key, 0, 0) }
		text  = func(vs ...variant) texts { return texts{vs: vs} }
		table = field("writer.tableName")
	)
	for _, tc := range []struct {
		name     string
		neu, old texts
		want     bool
	}{
		{
			// A per-table writer's name field recovered as text next to
			// a suffix nobody recovers (a partition's number): the field
			// is the package's own, read through its stores.
			name: "keyless old, local field recovered",
			old:  text(variant{hole(field("writer.folder")), lit("/"), hole(table), lit("_"), hole("")}),
			neu:  text(variant{hole(field("writer.folder")), lit("/feed_op_"), hole("")}, variant{hole(field("writer.folder")), lit("/feed_tag_"), hole("")}),
			want: true,
		},
		{
			name: "keyless old, another package's key lost",
			old:  text(variant{hole("field:example.com/schema.DbPath.Path"), lit("/"), hole("")}),
			neu:  text(variant{hole("field:example.com/config.Config.Database"), lit("/"), hole("")}),
			want: false,
		},
		{
			// The path a constructor stored in a local field, itself the
			// exported field another package filled.
			name: "local field read as the value stored",
			old:  text(variant{lit("SELECT * FROM "), hole(field("db.tablePath"))}),
			neu:  text(variant{lit("SELECT * FROM `"), hole("field:example.com/kv.Params.TablePath"), lit("`")}),
			want: true,
		},
		{
			// A package variable spelled as the path.Join that last
			// assigned it: the DDL naming the variable does not share it.
			name: "package variable re-spelled",
			old:  text(variant{lit("SELECT * FROM "), hole("var:example.com/feeds.prefix"), lit("/t")}),
			neu:  text(variant{lit("SELECT * FROM "), hole("call:ydb.(*Driver).Name"), lit("/"), hole("var:example.com/feeds.prefix"), lit("/t")}),
			want: false,
		},
		{
			name: "package variable re-spelled without its key",
			old:  text(variant{lit("SELECT * FROM "), hole("var:example.com/feeds.prefix"), lit("/t")}),
			neu:  text(variant{lit("SELECT * FROM "), hole(""), lit("/"), hole("field:example.com/other.T.Dir"), lit("/t")}),
			want: false,
		},
		{
			name: "a query kept in a field is a statement",
			old:  text(variant{hole(field("repo.readQuery"))}),
			neu:  text(variant{lit("SELECT v FROM t WHERE id = $id")}),
			want: true,
		},
		{
			// Its own holes are the statement's: the field's key named
			// no table.
			name: "a query kept in a field, with a hole of its own",
			old:  text(variant{hole(field("repo.listQuery"))}),
			neu:  text(variant{lit("SELECT v FROM t WHERE "), hole(""), lit(" LIMIT 10")}),
			want: true,
		},
		{
			name: "a name in place of a non-local keyed hole",
			old:  text(variant{hole("var:example.com/feeds.table")}),
			neu:  text(variant{lit("events")}),
			want: true,
		},
	} {
		if got := keepsIdentity(tc.neu, tc.old, local); got != tc.want {
			t.Errorf("%s: keepsIdentity = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func field(name string) string { return "field:example.com/feeds." + name }
