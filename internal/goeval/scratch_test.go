package goeval_test

import "testing"

const qbSrc = `package qb
import "strings"
type Select struct { table string; wheres []string; cols []string }
func NewSelect(t string) *Select { return &Select{table: t} }
func (s *Select) Columns(c ...string) *Select { s.cols = append(s.cols, c...); return s }
func (s *Select) Where(w string) *Select { s.wheres = append(s.wheres, w); return s }
func (s *Select) String() string {
	q := "SELECT " + strings.Join(s.cols, ", ") + " FROM " + s.table
	if len(s.wheres) > 0 { q += " WHERE " + strings.Join(s.wheres, " AND ") }
	return q
}
`

const queriesSrc = `package queries
import ("context"; "fmt"; "strings")
type ReadQuery interface { FormatQuery(ctx context.Context) (string, error) }
type Filter struct { Column, Op, Param string }
type readQuery struct { table string; filters []Filter; orderBy string }
type Option func(*readQuery)
func WithTableName(t string) Option { return func(q *readQuery) { q.table = t } }
func WithQueryFilters(fs ...Filter) Option { return func(q *readQuery) { q.filters = append(q.filters, fs...) } }
func WithOrderBy(o string) Option { return func(q *readQuery) { q.orderBy = o } }
func NewReadQuery(opts ...Option) ReadQuery {
	q := &readQuery{}
	for _, o := range opts { o(q) }
	return q
}
func (q *readQuery) FormatQuery(ctx context.Context) (string, error) {
	var b strings.Builder
	b.WriteString("SELECT * FROM ")
	b.WriteString(q.table)
	for i, f := range q.filters {
		if i == 0 { b.WriteString(" WHERE ") } else { b.WriteString(" AND ") }
		b.WriteString(fmt.Sprintf("%s %s %s", f.Column, f.Op, f.Param))
	}
	if q.orderBy != "" { b.WriteString(" ORDER BY " + q.orderBy) }
	return b.String(), nil
}
`

func TestScratch(t *testing.T) {
	for _, c := range []evalCase{
		{name: "fluent cross", deps: []srcPkg{{"example.com/qb", qbSrc}}, src: `package p
import "example.com/qb"
func sink(v any) {}
func f(x bool) {
	q := qb.NewSelect("jobs").Columns("id", "name").Where("a = $a")
	if x { q = q.Where("b = $b") }
	sink(q.String())
}`},
		{name: "generic helper", deps: []srcPkg{{"example.com/queries", queriesSrc}}, src: `package p
import ("context"; "example.com/queries")
func sink(v any) {}
type Connector struct{}
func doSelect[T any](ctx context.Context, c *Connector, qb queries.ReadQuery) (T, error) {
	var zero T
	q, err := qb.FormatQuery(ctx)
	if err != nil { return zero, err }
	sink(q)
	return zero, nil
}
func a(ctx context.Context, c *Connector) {
	_, _ = doSelect[int](ctx, c, queries.NewReadQuery(queries.WithTableName("jobs"), queries.WithQueryFilters(queries.Filter{"status", "=", "$status"}), queries.WithOrderBy("id")))
}
func b(ctx context.Context, c *Connector) {
	_, _ = doSelect[string](ctx, c, queries.NewReadQuery(queries.WithTableName("tasks"), queries.WithQueryFilters(queries.Filter{"id", "!=", "$id"}, queries.Filter{"k", ">", "$k"})))
}`},
		{name: "iife", opaque: []srcPkg{{"example.com/table", `package table
type ParameterOption interface{ Name() string }
func ValueParam(name string, v any) ParameterOption { return nil }
func NullValue(t int) any { return nil }
func OptionalValue(v any) any { return v }
func NewQueryParameters(opts ...ParameterOption) any { return nil }
`}}, src: `package p
import "example.com/table"
func sink(v any) {}
func f(x *uint64) {
	sink(table.NewQueryParameters(
		table.ValueParam("$id", 1),
		func() table.ParameterOption {
			if x == nil { return table.ValueParam("$a", table.NullValue(4)) }
			return table.ValueParam("$a", table.OptionalValue(*x))
		}(),
	))
}`},
	} {
		t.Run(c.name, func(t *testing.T) { t.Log(evalSrc(t, c)) })
	}
}
