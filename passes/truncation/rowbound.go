package truncation

import (
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file is pure: an upper bound on the number of rows a top-level
// SELECT returns, from its syntax and the key planner's verdicts. Anything
// it cannot prove is unbounded.

// unbounded is the bound of a SELECT whose row count is not known.
const unbounded = -1

// Bound is an upper bound on the rows of one SELECT and what proves it.
type Bound struct {
	// Rows is the bound, unbounded (-1) when none is proven.
	Rows int64
	// Why says what proves it ("LIMIT 100", "a point read of the full
	// primary key", …); for an unbounded SELECT, why not ("no LIMIT").
	Why string
	// Unknown is set on an unbounded SELECT that filters a table the
	// catalogue does not know: it may be a point read of the full key, so
	// rules stay silent.
	Unknown bool
}

// ParamBound answers the largest value a query parameter (name without
// '$') can hold, from the Go code that binds it; false when unknown.
type ParamBound func(name string) (int64, bool)

// ListBound answers the largest number of elements a list parameter (name
// without '$') can hold, from the Go code that builds it; false when
// unknown.
type ListBound func(name string) (int64, bool)

// TableRows answers the most rows a catalogue table can hold, from the
// module's writes of it, and what says so; false when unknown.
type TableRows func(t *schema.Table) (n int64, why string, ok bool)

// aggregates are the YQL aggregate functions (upper-cased): a SELECT of
// aggregates without GROUP BY returns one row.
var aggregates = map[string]bool{
	"COUNT": true, "COUNT_IF": true, "SUM": true, "SUM_IF": true, "AVG": true, "AVG_IF": true,
	"MIN": true, "MAX": true, "MIN_BY": true, "MAX_BY": true, "SOME": true,
	"BOOL_AND": true, "BOOL_OR": true, "BOOL_XOR": true, "BIT_AND": true, "BIT_OR": true, "BIT_XOR": true,
	"AGGREGATE_LIST": true, "AGGREGATE_LIST_DISTINCT": true, "AGG_LIST": true, "AGG_LIST_DISTINCT": true,
	"AGGREGATE_BY": true, "MULTI_AGGREGATE_BY": true, "MEDIAN": true, "PERCENTILE": true,
	"STDDEV": true, "STDDEV_POPULATION": true, "STDDEV_SAMPLE": true, "STDDEVPOP": true, "STDDEVSAMP": true,
	"VARIANCE": true, "VARIANCE_POPULATION": true, "VARIANCE_SAMPLE": true, "VARPOP": true, "VARSAMP": true,
	"POPULATION_STDDEV": true, "POPULATION_VARIANCE": true,
	"COUNT_DISTINCT_ESTIMATE": true, "HYPERLOGLOG": true, "HLL": true, "HISTOGRAM": true,
	"TOP": true, "BOTTOM": true, "TOP_BY": true, "BOTTOM_BY": true, "MODE": true, "TOPFREQ": true,
	"CORRELATION": true, "COVARIANCE": true, "COVARIANCE_SAMPLE": true, "COVARIANCE_POPULATION": true,
	"LIST": true, "SET": true, "DICT": true, "UDAF": true,
}

// RowBound bounds the rows of the top-level SELECT s. plan is the key
// planner's plan of the statement (its reads prove point lookups); script
// holds the named expressions a LIMIT or an IN may name; param bounds the
// integer query parameters, list the lengths of the list parameters, rows
// the tables seeded with a constant set of rows.
func RowBound(s *yql.Select, plan *keyplan.Plan, script *yql.Script, param ParamBound, list ListBound, rows TableRows) Bound {
	if s == nil {
		return Bound{Rows: unbounded, Why: "the statement was not parsed"}
	}
	total := coreBound(s, plan, script, param, list, rows)
	for _, u := range s.Union {
		b := coreBound(u, plan, script, param, list, rows)
		if b.Rows == unbounded || total.Rows == unbounded {
			// The reason is the unbounded SELECT's: the other one's says
			// why it is bounded.
			open := total
			if total.Rows != unbounded {
				open = b
			}
			return Bound{Rows: unbounded, Why: "a SELECT of the UNION has no bound (" + open.Why + ")", Unknown: b.Unknown || total.Unknown}
		}
		total = Bound{Rows: total.Rows + b.Rows, Why: "every SELECT of the UNION is bounded"}
	}
	return total
}

// coreBound bounds one SELECT without its UNION members.
func coreBound(s *yql.Select, plan *keyplan.Plan, script *yql.Script, param ParamBound, list ListBound, rows TableRows) Bound {
	best := Bound{Rows: unbounded, Why: "no LIMIT"}
	take := func(b Bound) {
		if b.Rows != unbounded && (best.Rows == unbounded || b.Rows < best.Rows) {
			best = b
		}
	}
	switch {
	case s.From == nil:
		take(Bound{Rows: 1, Why: "a SELECT without FROM"})
	case len(s.GroupBy) == 0 && globalAggregate(s.Items):
		take(Bound{Rows: 1, Why: "a global aggregate"})
	}
	if b, ok := pointKeysBound(s, plan, script, list); ok {
		take(b)
	}
	if a := tableRead(s, plan); a != nil && rows != nil {
		if n, why, ok := rows(a.Table); ok {
			take(Bound{Rows: n, Why: "table " + a.Table.Path + " holds at most " + strconv.FormatInt(n, 10) + " rows: every write of it in the module gives constant keys (" + why + ")"})
		}
	}
	if sub, ok := s.From.(*yql.SubquerySource); ok && sub.Query != nil {
		// Filtering, grouping and projecting never add rows.
		if b := RowBound(sub.Query, plan, script, param, list, rows); b.Rows != unbounded {
			take(Bound{Rows: b.Rows, Why: "a subquery that is bounded (" + b.Why + ")"})
		}
	}
	if best.Rows == unbounded && s.Where != nil && unknownTable(s, plan) {
		best.Unknown = true
	}
	if s.Limit != nil {
		if n, why, ok := limitValue(s.Limit, script, param); ok {
			take(Bound{Rows: n, Why: why})
		} else if best.Rows == unbounded {
			best.Why = "a LIMIT whose value is not known to be at most " + strconv.Itoa(rowCap)
		}
	}
	return best
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// globalAggregate reports whether every item is computed from aggregates
// (and constants) only, with at least one aggregate: one row without GROUP
// BY.
func globalAggregate(items []*yql.SelectItem) bool {
	if len(items) == 0 {
		return false
	}
	sawAggregate := false
	for _, it := range items {
		if it.Star || it.Expr == nil {
			return false
		}
		ok := true
		var walk func(n yql.Node, inAgg bool)
		walk = func(n yql.Node, inAgg bool) {
			yql.Inspect(n, func(c yql.Node) bool {
				if !ok {
					return false
				}
				switch c := c.(type) {
				case *yql.Call:
					if c.Module == "" && aggregates[strings.ToUpper(c.Name)] && !inAgg {
						sawAggregate = true
						for _, a := range c.Args {
							walk(a, true)
						}
						return false
					}
				case *yql.ColumnRef:
					if !inAgg {
						ok = false
					}
				case *yql.SubqueryExpr, *yql.OpaqueExpr:
					if !inAgg {
						ok = false
					}
				}
				return true
			})
		}
		walk(it.Expr, false)
		if !ok {
			return false
		}
	}
	return sawAggregate
}

// pointKeysBound bounds a read of one table that pins every column of a
// unique key (the primary key, a GLOBAL UNIQUE index) to a finite set of
// values in every OR branch: at most one row per key value, so the sum
// over the branches of the product of the sets' sizes, an `IN $list` as
// long as the Go code lets the list be. The smallest bound over the keys
// wins; false when no key is pinned or a list's length is unknown.
func pointKeysBound(s *yql.Select, plan *keyplan.Plan, script *yql.Script, list ListBound) (Bound, bool) {
	a := tableRead(s, plan)
	if a == nil {
		return Bound{}, false
	}
	best, found := Bound{Rows: unbounded}, false
	for _, pk := range a.PointKeys {
		n, lists, ok := pointKeyRows(pk, script, list)
		if !ok || found && n >= best.Rows {
			continue
		}
		why := "every column of the primary key pinned to at most " + strconv.FormatInt(n, 10) + " values"
		if pk.Name != "PRIMARY KEY" {
			why = "every column of the unique index " + pk.Name + " pinned to at most " + strconv.FormatInt(n, 10) + " values"
		}
		if lists != "" {
			why += " (" + lists + ")"
		}
		best, found = Bound{Rows: n, Why: why}, true
	}
	return best, found
}

// pointKeyRows is Σ over pk's branches of Π of their sets' sizes, and the
// list parameters it used ("$ids holds at most
// 100 values where the Go code builds it").
func pointKeyRows(pk keyplan.PointKey, script *yql.Script, list ListBound) (int64, string, bool) {
	var total int64
	var lists []string
	for _, br := range pk.Branches {
		prod := int64(1)
		for _, set := range br {
			n := int64(set.Count)
			if set.Count < 0 {
				p, ok := set.List.(*yql.ParamRef)
				if !ok || list == nil {
					return 0, "", false
				}
				if _, named := namedValue(script, p.Name); named {
					return 0, "", false
				}
				if n, ok = list(p.Name); !ok || n < 0 {
					return 0, "", false
				}
				lists = append(lists, "$"+p.Name+" holds at most "+strconv.FormatInt(n, 10)+" values where the Go code builds it")
			}
			prod = mulSat(prod, n)
		}
		total = addSat(total, prod)
	}
	return total, strings.Join(lists, "; "), true
}

// tableRead returns the planner's read of s's one catalogue table, nil
// when s reads anything else.
func tableRead(s *yql.Select, plan *keyplan.Plan) *keyplan.Access {
	src, ok := s.From.(*yql.TableSource)
	if !ok || plan == nil {
		return nil
	}
	for _, r := range plan.Reads {
		if r.Source == src && r.Named == "" {
			if r.Table == nil {
				return nil
			}
			return r
		}
	}
	return nil
}

// unknownTable reports whether s reads one table the planner could not
// resolve (its key, and so a point read, is unknown).
func unknownTable(s *yql.Select, plan *keyplan.Plan) bool {
	src, ok := s.From.(*yql.TableSource)
	if !ok || plan == nil {
		return false
	}
	for _, a := range plan.Reads {
		if a.Source == src && a.Named == "" {
			return a.Table == nil
		}
	}
	return true // no read planned for it
}

// limitValue evaluates a LIMIT: an integer literal, a named expression
// bound to one, or a query parameter the Go code bounds.
func limitValue(e yql.Expr, script *yql.Script, param ParamBound) (int64, string, bool) {
	for depth := 0; depth < 4; depth++ {
		switch x := e.(type) {
		case *yql.Literal:
			if x.Kind != yql.LitInt {
				return 0, "", false
			}
			n, err := strconv.ParseInt(x.Value, 0, 64)
			if err != nil || n < 0 {
				return 0, "", false
			}
			return n, "LIMIT " + x.Value, true
		case *yql.ParamRef:
			if v, ok := namedValue(script, x.Name); ok {
				e = v
				continue
			}
			if param == nil {
				return 0, "", false
			}
			n, ok := param(x.Name)
			if !ok || n < 0 {
				return 0, "", false
			}
			if n > rowCap {
				return n, "LIMIT $" + x.Name + ", which the Go code does not keep to " + strconv.Itoa(rowCap) + " or less", true
			}
			return n, "LIMIT $" + x.Name + " (at most " + strconv.FormatInt(n, 10) + " where the Go code binds it)", true
		default:
			return 0, "", false
		}
	}
	return 0, "", false
}

// namedValue returns the expression of `$name = expr;` when the script
// binds name exactly once.
func namedValue(script *yql.Script, name string) (yql.Expr, bool) {
	if script == nil {
		return nil, false
	}
	var found yql.Expr
	n := 0
	for _, st := range script.Stmts {
		ne, ok := st.(*yql.NamedExprStmt)
		if !ok {
			continue
		}
		for _, nm := range ne.Names {
			if nm == name {
				n++
				if len(ne.Names) == 1 {
					found = ne.Value
				}
			}
		}
	}
	return found, n == 1 && found != nil
}
