package keyplan

import (
	"strconv"
	"strings"
	"testing"
)

func inList(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(i))
	}
	return b.String()
}

// any means "do not check the reason".
const any ReasonCode = -1

type readCase struct {
	name   string
	q      string
	table  string
	want   Verdict
	reason ReasonCode
	params map[string]ParamInfo
}

// TestReadVerdicts covers rows 1–28 of yql-semantics.md §3.3, each with a
// positive and a negative case.
func TestReadVerdicts(t *testing.T) {
	cases := []readCase{
		// Row 1: every key column pinned.
		{"r1 all eq", "SELECT * FROM plain WHERE k1 = 1 AND k2 = 2 AND k3 = 'a'", "plain", Point, ReasonNone, nil},
		{"r1 single-element IN", "SELECT * FROM plain WHERE k1 IN (1) AND k2 = $b AND k3 = 'a'", "plain", Point, ReasonNone, nil},
		{"r1 reversed operands", "SELECT * FROM plain WHERE 1 = k1 AND $b = k2 AND 'a' = k3", "plain", Point, ReasonNone, nil},
		{"r1 neg: one column short", "SELECT * FROM plain WHERE k1 = 1 AND k2 = 2", "plain", Range, ReasonPrefixEnd, nil},
		// Row 2: a point prefix.
		{"r2 prefix", "SELECT * FROM plain WHERE k1 = $a", "plain", Range, ReasonPrefixEnd, nil},
		{"r2 neg: prefix not leading", "SELECT * FROM plain WHERE k2 = $a AND k3 = 'x'", "plain", Full, ReasonLeadingUnbound, nil},
		// Row 3: range after a point prefix.
		{"r3 range after point", "SELECT * FROM plain WHERE k1 = 1 AND k2 > 5", "plain", Range, ReasonPrefixEnd, nil},
		{"r3 between after point", "SELECT * FROM plain WHERE k1 = 1 AND k2 BETWEEN 1 AND 5", "plain", Range, ReasonPrefixEnd, nil},
		{"r3 neg: range without point", "SELECT * FROM plain WHERE k2 > 5", "plain", Full, ReasonLeadingUnbound, nil},
		// Row 4: a range on k1.
		{"r4 gt", "SELECT * FROM plain WHERE k1 > $a", "plain", Range, ReasonPrefixEnd, nil},
		{"r4 between", "SELECT * FROM plain WHERE k1 BETWEEN 1 AND 10", "plain", Range, ReasonPrefixEnd, nil},
		{"r4 reversed lt", "SELECT * FROM plain WHERE 10 < k1", "plain", Range, ReasonPrefixEnd, nil},
		{"r4 neg: range on non-key", "SELECT * FROM plain WHERE v > 'a'", "plain", Full, ReasonNoKeyPredicate, nil},
		// Row 5: range on k1, k2 residual.
		{"r5 range then point", "SELECT * FROM plain WHERE k1 > 1 AND k2 = 2", "plain", Range, ReasonPrefixEnd, nil},
		// Row 6: gap.
		{"r6 gap", "SELECT * FROM plain WHERE k1 = 1 AND k3 = 'x'", "plain", Range, ReasonGap, nil},
		{"r6 neg: no gap", "SELECT * FROM plain WHERE k1 = 1 AND k2 = 1 AND k3 = 'x'", "plain", Point, ReasonNone, nil},
		// Row 7: IN lists.
		{"r7 IN lists all columns", "SELECT * FROM plain WHERE k1 IN (1, 2, 3) AND k2 IN (1, 2) AND k3 IN ('a')", "plain", Point, ReasonNone, nil},
		{"r7 IN list prefix", "SELECT * FROM plain WHERE k1 IN (1, 2, 3)", "plain", Range, ReasonPrefixEnd, nil},
		{"r7 IN param", "SELECT * FROM plain WHERE k1 IN $list", "plain", Range, ReasonPrefixEnd, nil},
		{"r7 tuple IN param", "SELECT * FROM plain WHERE (k1, k2, k3) IN $tuples", "plain", Point, ReasonNone, nil},
		{"r7 tuple IN literal", "SELECT * FROM plain WHERE (k1, k2) IN ((1, 2), (3, 4))", "plain", Range, ReasonPrefixEnd, nil},
		{"r7 10,000 cap exceeded", "SELECT * FROM plain WHERE k1 IN (" + inList(101) + ") AND k2 IN (" + inList(100) + ")", "plain", Depends, ReasonTooManyRanges, nil},
		{"r7 neg: 10,000 exactly", "SELECT * FROM plain WHERE k1 IN (" + inList(100) + ") AND k2 IN (" + inList(100) + ")", "plain", Range, any, nil},
		{"r7 neg: IN on k2 only", "SELECT * FROM plain WHERE k2 IN (1, 2)", "plain", Full, ReasonLeadingUnbound, nil},
		// Row 8: OR unions.
		{"r8 OR of points", "SELECT * FROM plain WHERE k1 = 1 OR k1 = 2", "plain", Range, any, nil},
		{"r8 OR of full points", "SELECT * FROM plain WHERE (k1 = 1 AND k2 = 2 AND k3 = 'a') OR (k1 = 3 AND k2 = 4 AND k3 = 'b')", "plain", Point, ReasonNone, nil},
		{"r8 OR mixed prefix", "SELECT * FROM plain WHERE (k1 = 1 AND k2 = 2) OR (k1 = 3)", "plain", Range, any, nil},
		{"r8 paging tuple", "SELECT * FROM plain WHERE (k1, k2) > ($a, $b)", "plain", Range, any, nil},
		{"r8 AND over OR", "SELECT * FROM plain WHERE k1 = 1 AND (k2 = 2 OR k2 = 3) AND k3 = 'a'", "plain", Point, ReasonNone, nil},
		// Row 9: k1 unconstrained.
		{"r9 k2 only", "SELECT * FROM plain WHERE k2 = 1", "plain", Full, ReasonLeadingUnbound, nil},
		{"r9 k3 range", "SELECT * FROM plain WHERE k3 > 'a'", "plain", Full, ReasonLeadingUnbound, nil},
		{"r9 sync index leads with point", "SELECT * FROM t WHERE v = $v", "t", Depends, ReasonAutoIndex, nil},
		{"r9 sync index, VIEW PRIMARY KEY", "SELECT * FROM t VIEW PRIMARY KEY WHERE v = $v", "t", Full, ReasonNoKeyPredicate, nil},
		{"r9 async index only", "SELECT * FROM t WHERE w = 5", "t", Full, ReasonNoKeyPredicate, nil},
		{"r9 vector index never chosen", "SELECT * FROM t WHERE u = 5", "t", Full, ReasonNoKeyPredicate, nil},
		{"r9 neg: k1 pinned", "SELECT * FROM plain WHERE k2 = 1 AND k1 = 3", "plain", Range, any, nil},
		// Row 10: OR across columns.
		{"r10 OR across key columns", "SELECT * FROM plain WHERE k1 = 1 OR k2 = 2", "plain", Full, ReasonOrAcrossColumns, nil},
		{"r10 OR with non-key", "SELECT * FROM plain WHERE k1 = 1 OR v = 'x'", "plain", Full, ReasonOrAcrossColumns, nil},
		{"r10 OR with non-key, sync index does not help", "SELECT * FROM t WHERE k1 = 1 OR v = 'x'", "t", Full, ReasonOrAcrossColumns, nil},
		// The optional-filter idiom: FULL only in executions that pass NULL.
		{"optional filter (k = $p OR $p IS NULL)", "SELECT * FROM plain WHERE (k1 = $a OR $a IS NULL)", "plain", Depends, ReasonOptionalParam, nil},
		{"optional range filter and a second optional", "SELECT * FROM plain WHERE (k1 >= $a OR $a IS NULL) AND (k2 >= $b OR $b IS NULL)", "plain", Depends, ReasonOptionalParam, nil},
		{"optional filter on the second column only stays FULL", "SELECT * FROM plain WHERE (k2 = $b OR $b IS NULL)", "plain", Full, any, nil},
		{"$p IS NOT NULL gates nothing", "SELECT * FROM plain WHERE (k1 = $a OR $a IS NOT NULL)", "plain", Full, ReasonOrAcrossColumns, nil},
		{"an ungated free branch stays FULL", "SELECT * FROM plain WHERE k1 = $a OR $a IS NULL OR v = 'x'", "plain", Full, ReasonOrAcrossColumns, nil},
		{"a column IS NULL is a point, not a gate", "SELECT * FROM plain WHERE k1 = $a OR v IS NULL", "plain", Full, ReasonOrAcrossColumns, nil},
		{"r10 neg: OR inside a pinned AND", "SELECT * FROM plain WHERE k1 = 1 AND (k2 = 2 OR v = 'x')", "plain", Range, any, nil},
		// Row 11: function or cast on the key column.
		{"r11 cast", "SELECT * FROM plain WHERE CAST(k1 AS String) = '1'", "plain", Full, ReasonFuncOnColumn, nil},
		{"r11 digest of key", "SELECT * FROM plain WHERE Digest::NumericHash(k1) = 5", "plain", Full, ReasonFuncOnColumn, nil},
		{"r11 arithmetic", "SELECT * FROM plain WHERE k1 + 1 = 5", "plain", Full, ReasonFuncOnColumn, nil},
		{"r11 udf", "SELECT * FROM names WHERE String::ToLower(name) = 'a'", "names", Full, ReasonFuncOnColumn, nil},
		{"r11 neg: cast of the value", "SELECT * FROM plain WHERE k1 = CAST($p AS Uint64)", "plain", Range, any, nil},
		{"r11 neg: arithmetic on the value", "SELECT * FROM plain WHERE k1 = 1 + $p", "plain", Range, any, nil},
		{"r11 neg: other atoms pin k1", "SELECT * FROM plain WHERE k1 + 1 = 5 AND k1 = 4", "plain", Range, any, nil},
		// Row 12: column vs column.
		{"r12 k1 = k2", "SELECT * FROM plain WHERE k1 = k2", "plain", Full, ReasonColumnVsColumn, nil},
		{"r12 hash of column", "SELECT * FROM orders WHERE order_hash = Digest::NumericHash(order_id) AND order_id = $id", "orders", Full, ReasonColumnVsColumn, nil},
		{"r12 hash of column reversed", "SELECT * FROM orders WHERE Digest::NumericHash(order_id) = order_hash AND order_id = $id", "orders", Full, ReasonColumnVsColumn, nil},
		{"r12 neg: hash of param", "SELECT * FROM orders WHERE order_hash = Digest::NumericHash($id) AND order_id = $id", "orders", Point, ReasonNone, nil},
		// Row 13: lossy type mismatch.
		{"r13 float literal", "SELECT * FROM orders_poor WHERE order_id = 1.0", "orders_poor", Full, ReasonLossyType, nil},
		{"r13 declared Double", "DECLARE $p AS Double; SELECT * FROM orders_poor WHERE order_id = $p", "orders_poor", Full, ReasonLossyType, nil},
		{"r13 bound Double", "SELECT * FROM orders_poor WHERE order_id = $p", "orders_poor", Full, ReasonLossyType, map[string]ParamInfo{"p": {Type: typ("Double")}}},
		{"r13 IN list of Double", "SELECT * FROM orders_poor WHERE order_id IN $ps", "orders_poor", Full, ReasonLossyType, map[string]ParamInfo{"ps": {Type: typ("List<Double>")}}},
		{"r13 neg: integer literal", "SELECT * FROM orders_poor WHERE order_id = 1", "orders_poor", Point, ReasonNone, nil},
		// Row 14: harmless mismatches.
		{"r14 Int32 param vs Uint64 key", "DECLARE $p AS Int32; SELECT * FROM orders_poor WHERE order_id = $p", "orders_poor", Point, ReasonNone, nil},
		{"r14 Utf8 key vs String literal", "SELECT * FROM names WHERE name = 'a's", "names", Point, ReasonNone, nil},
		{"r14 String param vs Utf8 key", "DECLARE $n AS String; SELECT * FROM names WHERE name = $n", "names", Point, ReasonNone, nil},
		// Row 15: IS NULL is a point.
		{"r15 IS NULL single key", "SELECT * FROM orders_poor WHERE order_id IS NULL", "orders_poor", Point, ReasonNone, nil},
		{"r15 IS NULL prefix", "SELECT * FROM plain WHERE k1 IS NULL", "plain", Range, any, nil},
		{"r15 NOT IS NOT NULL", "SELECT * FROM orders_poor WHERE NOT (order_id IS NOT NULL)", "orders_poor", Point, ReasonNone, nil},
		// Row 16: near-full ranges.
		{"r16 not equal", "SELECT * FROM plain WHERE k1 != 1", "plain", Full, ReasonNotEqual, nil},
		{"r16 <>", "SELECT * FROM plain WHERE k1 <> 1", "plain", Full, ReasonNotEqual, nil},
		{"r16 IS NOT NULL", "SELECT * FROM plain WHERE k1 IS NOT NULL", "plain", Full, ReasonIsNotNull, nil},
		{"r16 NOT (k = v)", "SELECT * FROM plain WHERE NOT (k1 = 1)", "plain", Full, ReasonNotEqual, nil},
		{"r16 NOT StartsWith", "SELECT * FROM names WHERE NOT StartsWith(name, 'a')", "names", Full, ReasonNotStartsWith, nil},
		{"r16 neg: != after point", "SELECT * FROM plain WHERE k1 = 1 AND k2 != 2", "plain", Range, ReasonNotEqual, nil},
		// Row 17: NOT IN.
		{"r17 NOT IN", "SELECT * FROM plain WHERE k1 NOT IN (1, 2)", "plain", Full, ReasonNotIn, nil},
		{"r17 NOT (IN)", "SELECT * FROM plain WHERE NOT (k1 IN (1, 2))", "plain", Full, ReasonNotIn, nil},
		{"r17 neg: NOT NOT IN", "SELECT * FROM plain WHERE NOT (k1 NOT IN (1, 2))", "plain", Range, any, nil},
		// Row 18: negated comparisons.
		{"r18 NOT <", "SELECT * FROM plain WHERE NOT (k1 < 5)", "plain", Range, any, nil},
		{"r18 double NOT", "SELECT * FROM orders_poor WHERE NOT (NOT (order_id = 1))", "orders_poor", Point, ReasonNone, nil},
		{"r18 De Morgan", "SELECT * FROM plain WHERE NOT (k1 != 1 OR v = 'x')", "plain", Range, any, nil},
		{"r18 NOT BETWEEN", "SELECT * FROM plain WHERE k1 NOT BETWEEN 1 AND 5", "plain", Range, any, nil},
		{"r18 neg: NOT of OR of points", "SELECT * FROM plain WHERE NOT (k1 = 1 OR k1 = 2)", "plain", Full, ReasonNotEqual, nil},
		// Row 19: StartsWith.
		{"r19 StartsWith literal", "SELECT * FROM names WHERE StartsWith(name, 'ab')", "names", Range, any, nil},
		{"r19 StartsWith param", "SELECT * FROM names WHERE StartsWith(name, $p)", "names", Range, any, nil},
		{"r19 neg: StartsWith of a function", "SELECT * FROM names WHERE StartsWith(String::ToLower(name), 'a')", "names", Full, ReasonFuncOnColumn, nil},
		// Row 20.
		{"r20 point then StartsWith", "SELECT * FROM plain WHERE k1 = 1 AND k2 = 2 AND StartsWith(k3, 'a')", "plain", Range, any, nil},
		// Row 21: LIKE prefix.
		{"r21 LIKE prefix", "SELECT * FROM names WHERE name LIKE 'abc%'", "names", Depends, ReasonLikePrefix, nil},
		// Row 22: other pattern matches.
		{"r22 LIKE param", "SELECT * FROM names WHERE name LIKE $p", "names", Full, ReasonLikeParam, nil},
		{"r22 LIKE leading %", "SELECT * FROM names WHERE name LIKE '%x'", "names", Full, ReasonLikeLeadingWildcard, nil},
		{"r22 LIKE leading _", "SELECT * FROM names WHERE name LIKE '_x%'", "names", Full, ReasonLikeLeadingWildcard, nil},
		{"r22 ILIKE", "SELECT * FROM names WHERE name ILIKE 'abc%'", "names", Full, ReasonPatternMatch, nil},
		{"r22 REGEXP", "SELECT * FROM names WHERE name REGEXP '^a'", "names", Full, ReasonPatternMatch, nil},
		{"r22 NOT LIKE", "SELECT * FROM names WHERE name NOT LIKE 'a%'", "names", Full, ReasonNotLike, nil},
		{"r22 neg: other atom pins", "SELECT * FROM names WHERE name LIKE '%x' AND name = $n", "names", Point, ReasonNone, nil},
		// Row 23: IN (SELECT) and joins.
		{"r23 IN subquery", "SELECT * FROM orders_poor WHERE order_id IN (SELECT id FROM customers WHERE id = 1)", "orders_poor", Depends, ReasonInSubquery, nil},
		{"r23 IN named subquery", "$ids = SELECT id FROM customers; SELECT * FROM orders_poor WHERE order_id IN $ids", "orders_poor", Depends, ReasonInSubquery, nil},
		{"r23 join key", "SELECT * FROM customers AS c JOIN orders_poor AS o ON o.order_id = c.id WHERE c.id = 5", "orders_poor", Depends, ReasonJoin, nil},
		{"r23 scalar subquery value", "SELECT * FROM orders_poor WHERE order_id = (SELECT MAX(id) FROM customers)", "orders_poor", Depends, ReasonSubqueryValue, nil},
		{"r23 neg: IN list", "SELECT * FROM orders_poor WHERE order_id IN (1, 2)", "orders_poor", Point, ReasonNone, nil},
		// Row 24: no WHERE / non-key only.
		{"r24 no WHERE", "SELECT * FROM plain", "plain", Full, ReasonNoWhere, nil},
		{"r24 non-key only", "SELECT * FROM plain WHERE v = 'x' AND flag", "plain", Full, ReasonNoKeyPredicate, nil},
		{"r24 WHERE TRUE", "SELECT * FROM plain WHERE TRUE", "plain", Full, ReasonNoKeyPredicate, nil},
		// Row 25: VIEW idx.
		{"r25 VIEW idx point prefix", "SELECT * FROM t VIEW idx_v WHERE v = $v", "t", Range, any, nil},
		{"r25 VIEW idx full key", "SELECT * FROM t VIEW idx_v WHERE v = $v AND k1 = 1 AND k2 = 2 AND k3 = 'a'", "t", Point, ReasonNone, nil},
		{"r25 VIEW idx not leading", "SELECT * FROM t VIEW idx_v WHERE k1 = 1", "t", Full, ReasonLeadingUnbound, nil},
		{"r25 VIEW unknown index", "SELECT * FROM t VIEW nope WHERE v = 1", "t", Unknown, ReasonUnknownIndex, nil},
		{"r25 VIEW vector index", "SELECT * FROM t VIEW idx_vec WHERE u = 1", "t", Unknown, ReasonUnsupportedIndex, nil},
		// Row 26: UPDATE/DELETE WHERE.
		{"r26 UPDATE by non-key", "UPDATE plain SET v = 'x' WHERE k2 = 1", "plain", Full, ReasonLeadingUnbound, nil},
		{"r26 DELETE by key", "DELETE FROM plain WHERE k1 = 1 AND k2 = 2 AND k3 = 'a'", "plain", Point, ReasonNone, nil},
		{"r26 UPDATE by SYNC-indexed column", "UPDATE t SET w = 1 WHERE v = $v", "t", Depends, ReasonAutoIndex, nil},
		{"r26 DELETE without WHERE", "DELETE FROM plain", "plain", Full, ReasonNoWhere, nil},
		// Row 28: BATCH.
		{"r28 BATCH UPDATE", "BATCH UPDATE plain SET v = 'x' WHERE k2 = 3", "plain", Full, ReasonBatch, nil},
		{"r28 BATCH DELETE", "BATCH DELETE FROM plain WHERE k1 = 1", "plain", Full, ReasonBatch, nil},
		// Normalisation.
		{"bare Bool leading key", "SELECT * FROM flags WHERE flag", "flags", Range, any, nil},
		{"NOT bare Bool", "SELECT * FROM flags WHERE NOT flag AND id = 1", "flags", Point, ReasonNone, nil},
		{"Coalesce(pred, false)", "SELECT * FROM orders_poor WHERE Coalesce(order_id = $id, false)", "orders_poor", Point, ReasonNone, nil},
		{"pred ?? false", "SELECT * FROM orders_poor WHERE (order_id = $id) ?? false", "orders_poor", Point, ReasonNone, nil},
		{"Coalesce(pred, true) is a filter", "SELECT * FROM orders_poor WHERE Coalesce(order_id = $id, true)", "orders_poor", Full, any, nil},
		{"tuple equality", "SELECT * FROM plain WHERE (k1, k2, k3) = (1, 2, 'a')", "plain", Point, ReasonNone, nil},
		{"tuple inequality", "SELECT * FROM plain WHERE (k1, k2) != (1, 2)", "plain", Full, ReasonNotEqual, nil},
		{"NOT tuple paging", "SELECT * FROM plain WHERE NOT ((k1, k2) > ($a, $b))", "plain", Range, any, nil},
		{"named predicate value", "$h = Digest::NumericHash($id); SELECT * FROM orders WHERE order_hash = $h AND order_id = $id", "orders", Point, ReasonNone, nil},
		{"named value of a column is unknown", "$x = 1; SELECT * FROM orders_poor WHERE order_id = $x", "orders_poor", Point, ReasonNone, nil},
		{"IS DISTINCT FROM is a filter", "SELECT * FROM orders_poor WHERE order_id IS NOT DISTINCT FROM $id", "orders_poor", Full, ReasonUnsupportedOperator, nil},
		{"WHERE FALSE stays silent", "SELECT * FROM plain WHERE FALSE", "plain", Unknown, any, nil},
		// Holes: stay silent.
		{"hole as predicate", "SELECT * FROM plain WHERE " + holeName(0), "plain", Unknown, ReasonOpaque, nil},
		{"hole as value of k1", "SELECT * FROM plain WHERE k1 = " + holeName(0), "plain", Unknown, ReasonOpaque, nil},
		{"hole with k2 only", "SELECT * FROM plain WHERE k2 = 1 AND " + holeName(0), "plain", Unknown, ReasonOpaque, nil},
		{"hole in an OR branch", "SELECT * FROM plain WHERE k1 = 1 OR " + holeName(0), "plain", Unknown, ReasonOpaque, nil},
		{"hole as column", "SELECT * FROM plain WHERE " + holeName(0) + " = 5", "plain", Unknown, ReasonOpaque, nil},
		{"hole beside a pinned k1", "SELECT * FROM plain WHERE k1 = 1 AND " + holeName(0), "plain", Range, any, nil},
		{"hole inside a function of the column", "SELECT * FROM plain WHERE k1 = 1 AND F(" + holeName(0) + ") = 2", "plain", Range, any, nil},
		{"hole in a non-key OR branch is still FULL", "SELECT * FROM plain WHERE (k1 = 1 OR v = 'x') AND k2 = " + holeName(1), "plain", Full, ReasonOrAcrossColumns, nil},
		// Unusable tables.
		{"unknown table", "SELECT * FROM nowhere WHERE id = 1", "nowhere", Unknown, ReasonUnknownTable, nil},
		{"column table", "SELECT * FROM colstore", "colstore", Unknown, ReasonColumnStore, nil},
		{"conflicting schema", "SELECT * FROM conflict", "conflict", Unknown, ReasonSchemaConflict, nil},
		{"pragma prefix", "PRAGMA TablePathPrefix(\"dir\"); SELECT * FROM sub WHERE id = 1", "sub", Point, ReasonNone, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o ParamOracle
			if c.params != nil {
				o = oracle(c.params)
			}
			a := readOf(t, planLast(t, c.q, o), c.table)
			if a.Verdict != c.want {
				t.Errorf("verdict = %v, want %v (break %v: %s)", a.Verdict, c.want, a.Break.Code, a.Break.Text)
			}
			if c.reason != any && a.Break.Code != c.reason {
				t.Errorf("break = %v (%s), want %v", a.Break.Code, a.Break.Text, c.reason)
			}
		})
	}
}

func holeName(i int) string { return "__ydblint_hole_" + strconv.Itoa(i) + "__" }
