package keyplan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

var benchQueries = []string{
	"SELECT * FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id",
	"SELECT * FROM orders WHERE order_id = $id",
	"SELECT * FROM plain WHERE (k1, k2) > ($a, $b) ORDER BY k1, k2 LIMIT 100",
	"SELECT * FROM t WHERE v = $v AND flag",
	"UPSERT INTO orders (order_hash, order_id, customer_id, amount) VALUES (Digest::NumericHash($id), $id, $c, $a)",
	"UPDATE plain SET v = $v WHERE k1 = $a AND k2 IN $list AND k3 LIKE 'x%'",
	"SELECT o.amount FROM orders AS o JOIN customers AS c ON o.customer_id = c.id WHERE c.id = $c",
	"DELETE FROM events WHERE userid = $u AND timestamp < $t",
}

// FuzzPlan parses arbitrary text and plans every statement against the test
// catalogue: the planner must not panic and must keep its invariants.
func FuzzPlan(f *testing.F) {
	for _, q := range benchQueries {
		f.Add(q)
	}
	f.Add("SELECT * FROM plain WHERE NOT (k1 = 1 OR (k2, k3) <= ($a, $b)) AND k1 NOT BETWEEN 1 AND 2")
	f.Add("$x = $y; $y = $x; SELECT * FROM plain WHERE k1 = $x AND $y")
	f.Add("SELECT * FROM plain WHERE " + holeName(0) + " AND k1 IN (SELECT k1 FROM plain WHERE k2 = " + holeName(1) + ")")
	f.Add("DECLARE $rows AS List<Struct<h: Uint64?, id: Uint64>>; UPSERT INTO nn SELECT * FROM AS_TABLE($rows)")
	cat := catalogue()
	res := resolver(cat)
	f.Fuzz(func(t *testing.T, q string) {
		s := yql.Parse(q)
		p := NewPlanner(s, q, res, func(string) ParamInfo { return ParamInfo{} })
		for i := range s.Stmts {
			plan := p.Plan(i)
			for _, a := range plan.Reads {
				if a.Verdict != Unknown && len(a.Bindings) != len(a.Key) {
					t.Fatalf("bindings %d for key %d", len(a.Bindings), len(a.Key))
				}
				if a.Verdict == Point && a.PointPrefix != len(a.Key) {
					t.Fatalf("POINT with point prefix %d of %d", a.PointPrefix, len(a.Key))
				}
				for _, e := range hashEdits(a) {
					if e.Start < 0 || e.End > len(q) || e.Start > e.End {
						t.Fatalf("edit out of range: %+v", e)
					}
				}
			}
			for _, w := range plan.Writes {
				for _, f := range w.Findings {
					if f.Span.Start < 0 || f.Span.End > len(q) {
						t.Fatalf("finding span out of range: %+v", f)
					}
				}
				MonotonicFill(w)
			}
		}
	})
}

func hashEdits(a *Access) []TextEdit {
	if a.Hash == nil {
		return nil
	}
	return a.Hash.Edits
}

// BenchmarkPlan measures planning alone (parsing excluded), per statement.
func BenchmarkPlan(b *testing.B) {
	res := resolver(catalogue())
	type parsed struct {
		s *yql.Script
		q string
	}
	var ps []parsed
	for _, q := range benchQueries {
		ps = append(ps, parsed{yql.Parse(q), q})
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		NewPlanner(p.s, p.q, res, nil).Plan(0)
	}
}

// BenchmarkParseAndPlan includes yql.Parse, for comparison.
func BenchmarkParseAndPlan(b *testing.B) {
	res := resolver(catalogue())
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		q := benchQueries[i%len(benchQueries)]
		s := yql.Parse(q)
		NewPlanner(s, q, res, nil).Plan(0)
	}
}

// TestNamedExpressionChain plans named expressions that each use the
// previous one twice ($v1 = $v0 % $v0; $v2 = $v1 % $v1; …): a DAG whose
// tree is 2^40 leaves. FuzzPlan's CI run died on an input of that family
// ($x=$x%$y=$x); before refs memoised a named value per name, this test
// did not end.
func TestNamedExpressionChain(t *testing.T) {
	var b strings.Builder
	b.WriteString("$v0 = $x; ")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&b, "$v%d = $v%d %% $v%d; ", i, i-1, i-1)
	}
	b.WriteString("SELECT * FROM plain WHERE k1 = $v40 AND $v40")
	q := b.String()
	s := yql.Parse(q)
	p := NewPlanner(s, q, resolver(catalogue()), func(string) ParamInfo { return ParamInfo{} })
	plan := p.Plan(len(s.Stmts) - 1)
	if len(plan.Reads) != 1 {
		t.Fatalf("%d reads, want 1", len(plan.Reads))
	}
}
