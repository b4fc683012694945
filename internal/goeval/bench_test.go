package goeval_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
)

// BenchmarkEval evaluates a data layer as services write it: a query
// builder package carried as summaries (functional options, an interface,
// a generic helper with three callers), a fluent builder, a package-level
// template and a filter list, from a fresh evaluator each time (the
// summaries, like facts, are computed once).
func BenchmarkEval(b *testing.B) {
	src := `package p

import (
	"bytes"
	"context"
	"strings"
	"text/template"

	"example.com/qb"
	"example.com/queries"
)

type Connector struct{}

func doSelect[T any](ctx context.Context, c *Connector, q queries.ReadQuery) ([]T, error) {
	text, err := q.FormatQuery(ctx)
	if err != nil {
		return nil, err
	}
	sink(text)
	return nil, nil
}

func (c *Connector) Pending(ctx context.Context) ([]int, error) {
	return doSelect[int](ctx, c, queries.NewReadQuery(queries.WithTableName("jobs"),
		queries.WithQueryFilters(queries.Filter{"status", "=", "$status"}), queries.WithOrderBy("created_at")))
}

func (c *Connector) Count(ctx context.Context) ([]int, error) {
	return doSelect[int](ctx, c, queries.NewReadQuery(queries.WithTableName("tasks"), queries.WithGroupBy("state")))
}

func (c *Connector) Scan(ctx context.Context) ([]string, error) {
	return doSelect[string](ctx, c, queries.NewReadQuery(queries.WithTableName("runs"),
		queries.WithQueryFilters(queries.Filter{"kind", "!=", "$kind"}, queries.Filter{"ts", ">", "$ts"})))
}

func find(byName bool, limit int) {
	q := qb.NewSelect("users").Columns("id", "name").Where("org = $org")
	if byName {
		q = q.Where("name = $name")
	}
	if limit > 0 {
		q = q.Limit("$limit")
	}
	sink(q.String())
}

var upsert = template.Must(template.New("u").Parse("PRAGMA TablePathPrefix(\"{{ .Prefix }}\");\nUPSERT INTO {{ .Table }} SELECT * FROM AS_TABLE($rows){{ if .Returning }} RETURNING *{{ end }};"))

func write(prefix string, returning bool) {
	var b bytes.Buffer
	_ = upsert.Execute(&b, struct {
		Prefix, Table string
		Returning     bool
	}{prefix, "events", returning})
	sink(b.String())
}

func list(status, owner string, ids []uint64) {
	conds := []string{"tenant = $tenant"}
	if status != "" {
		conds = append(conds, "status = $status")
	}
	if owner != "" {
		conds = append(conds, "owner = $owner")
	}
	if len(ids) > 0 {
		conds = append(conds, "id IN $ids")
	}
	sink("SELECT * FROM items WHERE " + strings.Join(conds, " AND ") + " ORDER BY id LIMIT 100")
}

func sink(v any) {}
`
	p, err := build(srcPkg{"example.com/qb", qbSrc}, srcPkg{"example.com/queries", queriesSrc}, srcPkg{"example.com/p", src})
	if err != nil {
		b.Fatal(err)
	}
	env := newEnv(b, p, "example.com/p", "example.com/qb", "example.com/queries")
	want := ""
	b.ReportAllocs()
	for b.Loop() {
		ev := goeval.New(env, goeval.Budget{})
		got := render(sinkArgs(b, p, ev, "example.com/p"))
		if want == "" {
			want = got
			b.Log(got)
		} else if got != want {
			b.Fatalf("evaluations differ:\n%s\n%s", want, got)
		}
	}
}
