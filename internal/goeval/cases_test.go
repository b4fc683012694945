package goeval_test

// Source of the packages the idiom tests build, written as services write
// them.

const qbSrc = `package qb

import "strings"

// Select is a fluent builder: each method appends to a field of the
// receiver and returns it.
type Select struct {
	table  string
	cols   []string
	wheres []string
	limit  string
}

func NewSelect(table string) *Select { return &Select{table: table} }

func (s *Select) Columns(cols ...string) *Select { s.cols = append(s.cols, cols...); return s }

func (s *Select) Where(cond string) *Select { s.wheres = append(s.wheres, cond); return s }

func (s *Select) Limit(param string) *Select { s.limit = param; return s }

func (s *Select) String() string {
	cols := "*"
	if len(s.cols) > 0 {
		cols = strings.Join(s.cols, ", ")
	}
	q := "SELECT " + cols + " FROM " + s.table
	if len(s.wheres) > 0 {
		q += " WHERE " + strings.Join(s.wheres, " AND ")
	}
	if s.limit != "" {
		q += " LIMIT " + s.limit
	}
	return q
}

type Update struct {
	table string
	sets  []string
	where string
}

func NewUpdate(table string) *Update { return &Update{table: table} }

func (u *Update) Set(col string) *Update { u.sets = append(u.sets, col+" = $"+col); return u }

func (u *Update) Where(cond string) *Update { u.where = cond; return u }

func (u *Update) Build() string {
	return "UPDATE " + u.table + " SET " + strings.Join(u.sets, ", ") + " WHERE " + u.where
}
`

const queriesSrc = `package queries

import (
	"context"
	"fmt"
	"strings"
)

// ReadQuery is how the data layer hands queries to its helpers.
type ReadQuery interface {
	FormatQuery(ctx context.Context) (string, error)
}

type Filter struct {
	Column, Op, Param string
}

type readQuery struct {
	table   string
	filters []Filter
	groupBy []string
	orderBy string
}

type Option func(*readQuery)

func WithTableName(name string) Option { return func(q *readQuery) { q.table = name } }

func WithQueryFilters(fs ...Filter) Option {
	return func(q *readQuery) { q.filters = append(q.filters, fs...) }
}

func WithGroupBy(cols ...string) Option { return func(q *readQuery) { q.groupBy = cols } }

func WithOrderBy(col string) Option { return func(q *readQuery) { q.orderBy = col } }

func NewReadQuery(opts ...Option) ReadQuery {
	q := &readQuery{}
	for _, o := range opts {
		o(q)
	}
	return q
}

func (q *readQuery) FormatQuery(ctx context.Context) (string, error) {
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
	if len(q.groupBy) > 0 {
		b.WriteString(" GROUP BY " + strings.Join(q.groupBy, ", "))
	}
	if q.orderBy != "" {
		b.WriteString(" ORDER BY " + q.orderBy)
	}
	return b.String(), nil
}
`

// tableSrc stands for the SDK: a package whose functions are neither
// interpreted nor summarised, so calls to them are applications.
const tableSrc = `package table

type ParameterOption interface{ Name() string }

type Value interface{ Type() int }

func ValueParam(name string, v Value) ParameterOption { return nil }

func NullValue(t int) Value { return nil }

func OptionalValue(v Value) Value { return v }

func Uint64Value(v uint64) Value { return nil }

func NewQueryParameters(opts ...ParameterOption) any { return nil }

func Scan(dst ...any) error { return nil }
`

// ydbSrc stands for ydb-go-sdk's database/sql connector options.
const ydbSrc = `package ydb

import (
	"context"
	"database/sql/driver"
)

type Option interface{ apply() }

func WithPositionalArgs() Option { return nil }

func WithAutoDeclare() Option { return nil }

type Driver struct{}

func Open(ctx context.Context, dsn string) (*Driver, error) { return nil, nil }

func Connector(d *Driver, opts ...Option) (driver.Connector, error) { return nil, nil }
`

const reportsSrc = `package reports

import (
	"context"
	"database/sql"
)

type Store struct {
	db *sql.DB
}

func NewStore(db *sql.DB) *Store { return &Store{db: db} }

func (s *Store) List(ctx context.Context, id *uint64) error {
	_, err := s.db.QueryContext(ctx, "SELECT * FROM reports WHERE id = ?", id)
	sink(s.db)
	return err
}

func sink(v any) {}
`
