package qb // want package:`ydbEval\(\(\*example.com/evalenv/qb.Select\).String, \(\*example.com/evalenv/qb.Select\).Where, example.com/evalenv/qb.NewSelect; vars example.com/evalenv/qb.ByID\)`

// qb is a service's fluent query builder, in a package of its own:
// its importers build their texts with it, so the evaluator interprets its
// exported functions and methods at their calls from the summaries it
// exports (evalenv.Fact).

import "strings"

// Select is a SELECT being built.
type Select struct {
	table string
	where []string
}

// NewSelect starts a SELECT of every column of table.
func NewSelect(table string) *Select { return &Select{table: table} }

// Where adds a condition; the conditions are joined with AND.
func (s *Select) Where(cond string) *Select {
	s.where = append(s.where, cond)
	return s
}

// String renders the text.
func (s *Select) String() string {
	q := "SELECT * FROM " + s.table
	if len(s.where) > 0 {
		q += " WHERE " + strings.Join(s.where, " AND ")
	}
	return q
}

// ByID is the account lookup, built once when the program starts: only
// the initialiser assigns it.
var ByID = NewSelect("accounts").Where("id = $id").String()

// Current is reassigned by SetCurrent: its value is not the initialiser's.
var Current = NewSelect("accounts").String()

// SetCurrent replaces Current.
func SetCurrent(q string) { Current = q }
