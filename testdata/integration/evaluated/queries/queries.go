// Package queries makes read queries from functional options; callers hold
// them as the ReadQuery interface and render them with FormatQuery.
package queries

import (
	"context"
	"fmt"
	"strings"
)

// ReadQuery is what the storage layer runs.
type ReadQuery interface {
	FormatQuery(ctx context.Context) string
}

// Filter is one conjunct: column, operator, parameter.
type Filter struct {
	Column, Op, Param string
}

type readQuery struct {
	table   string
	filters []Filter
	orderBy string
}

// Option configures a read query.
type Option func(*readQuery)

// WithTableName sets the table.
func WithTableName(t string) Option { return func(q *readQuery) { q.table = t } }

// WithQueryFilters adds conjuncts.
func WithQueryFilters(fs ...Filter) Option {
	return func(q *readQuery) { q.filters = append(q.filters, fs...) }
}

// WithOrderBy sets the order.
func WithOrderBy(c string) Option { return func(q *readQuery) { q.orderBy = c } }

// NewReadQuery applies the options.
func NewReadQuery(opts ...Option) ReadQuery {
	q := &readQuery{}
	for _, o := range opts {
		o(q)
	}
	return q
}

func (q *readQuery) FormatQuery(ctx context.Context) string {
	var b strings.Builder
	b.WriteString("SELECT * FROM ")
	b.WriteString(q.table)
	for i, f := range q.filters {
		if i == 0 {
			b.WriteString(" WHERE ")
		} else {
			b.WriteString(" AND ")
		}
		b.WriteString(fmt.Sprintf("%s %s %s", f.Column, f.Op, f.Param))
	}
	if q.orderBy != "" {
		b.WriteString(" ORDER BY " + q.orderBy)
	}
	return b.String()
}
