// Package qb is the service's fluent query builder: each method appends to
// a field of the receiver and returns it. It never imports the SDK.
package qb

import "strings"

// Select builds a SELECT.
type Select struct {
	table  string
	cols   []string
	wheres []string
	order  string
}

// NewSelect starts a SELECT from table.
func NewSelect(table string) *Select { return &Select{table: table} }

// Columns adds result columns.
func (s *Select) Columns(cols ...string) *Select {
	s.cols = append(s.cols, cols...)
	return s
}

// Where adds a conjunct.
func (s *Select) Where(cond string) *Select {
	s.wheres = append(s.wheres, cond)
	return s
}

// OrderBy sets the order.
func (s *Select) OrderBy(col string) *Select {
	s.order = col
	return s
}

// String renders the statement.
func (s *Select) String() string {
	cols := "*"
	if len(s.cols) > 0 {
		cols = strings.Join(s.cols, ", ")
	}
	q := "SELECT " + cols + " FROM " + s.table
	if len(s.wheres) > 0 {
		q += " WHERE " + strings.Join(s.wheres, " AND ")
	}
	if s.order != "" {
		q += " ORDER BY " + s.order
	}
	return q
}
