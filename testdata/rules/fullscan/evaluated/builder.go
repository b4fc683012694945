// Package evaluated holds fullscan cases whose query text is made the way
// the recognisers never modelled and the evaluator computes: a fluent
// builder whose methods append to slice fields of the receiver, filters
// made by closures appended under ifs and applied in a loop that tells the
// first one apart, a DECLARE block spliced in before the statement, and
// built texts handed to the repository's own read helper (wrapped.go).
// Each faulty read has a keyed twin that stays silent.
package evaluated

import "strings"

// selectBuilder is the package's fluent SELECT builder: each method appends
// to a field of the receiver and returns it.
type selectBuilder struct {
	table  string
	cols   []string
	wheres []string
	limit  string
}

func newSelect(table string) *selectBuilder { return &selectBuilder{table: table} }

func (b *selectBuilder) columns(cols ...string) *selectBuilder {
	b.cols = append(b.cols, cols...)
	return b
}

func (b *selectBuilder) where(cond string) *selectBuilder {
	b.wheres = append(b.wheres, cond)
	return b
}

func (b *selectBuilder) limitBy(param string) *selectBuilder {
	b.limit = param
	return b
}

func (b *selectBuilder) String() string {
	cols := "*"
	if len(b.cols) > 0 {
		cols = strings.Join(b.cols, ", ")
	}
	q := "SELECT " + cols + " FROM " + b.table
	if len(b.wheres) > 0 {
		q += " WHERE " + strings.Join(b.wheres, " AND ")
	}
	if b.limit != "" {
		q += " LIMIT " + b.limit
	}
	return q
}
