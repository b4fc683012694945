package yqlinject

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

// h is the placeholder of hole n.
func h(n int) string { return yql.HoleName(n) }

func TestValueUses(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // "hole:place:column" per use, space separated
	}{
		{"SELECT * FROM t WHERE id = " + h(0), "0:compared value:id"},
		{"SELECT * FROM t WHERE t.name = '" + h(0) + "'", "0:string literal:name"},
		{"SELECT * FROM t WHERE name LIKE '" + h(0) + "%'", "0:string literal:"},
		{"SELECT * FROM t WHERE a > " + h(0) + " AND b <= " + h(1), "0:compared value:a 1:compared value:b"},
		{"SELECT * FROM t WHERE id IN (1, " + h(0) + ", " + h(1) + ")", "0:IN list: 1:IN list:"},
		{"SELECT * FROM t WHERE id IN " + h(0), "0:IN list:"},
		{"UPSERT INTO t (a, b) VALUES (" + h(0) + ", 1), (2, " + h(1) + ")", "0:VALUES tuple: 1:VALUES tuple:"},
		{"SELECT * FROM t LIMIT " + h(0) + " OFFSET " + h(1), "0:LIMIT/OFFSET count:limit 1:LIMIT/OFFSET count:offset"},
		{"SELECT * FROM t WHERE ts BETWEEN " + h(0) + " AND " + h(1), "0:LIKE/BETWEEN operand: 1:LIKE/BETWEEN operand:"},
		{"UPDATE t SET title = " + h(0) + " WHERE id = $id", "0:compared value:title"},
		{"$x = '" + h(0) + "'; SELECT * FROM t WHERE a = $x", "0:string literal:x"},
		{"SELECT * FROM t WHERE ts > Timestamp('" + h(0) + "')", "0:string literal:"},
		// Not values: paths, names, directions, keywords, DDL, PRAGMA.
		{"SELECT * FROM " + h(0) + " WHERE id = $id", ""},
		{"SELECT * FROM `" + h(0) + "/t` WHERE id = $id", ""},
		{"SELECT * FROM t_" + h(0) + " WHERE id = $id", ""},
		{"SELECT * FROM t WHERE " + h(0) + " = $id", ""},
		{"SELECT * FROM t ORDER BY " + h(0) + " " + h(1), ""},
		{"SELECT * FROM a JOIN b ON a.id = " + h(0) + ".id", ""},
		{"SELECT * FROM t WHERE id = " + h(0) + "($x)", ""},
		{"SELECT * FROM CONCAT('" + h(0) + "', 'b') WHERE id = $id", ""},
		{"PRAGMA TablePathPrefix('" + h(0) + "'); SELECT * FROM t WHERE id = $id", ""},
		{"DECLARE $id AS " + h(0) + "; SELECT * FROM t WHERE id = $id", ""},
		{"CREATE TABLE t (id Uint64, PRIMARY KEY (id)) WITH (TTL = Interval('P" + h(0) + "D') ON ts, AUTO_PARTITIONING_MIN_PARTITIONS_COUNT = " + h(1) + ")", ""},
		{"ALTER TABLE t SET (TTL = Interval('" + h(0) + "') ON ts)", ""},
		{"SELECT * FROM t WHERE id = 'unterminated " + h(0), ""},
		{"SELECT * FROM t WHERE id = 1", ""},
	} {
		var got []string
		for _, u := range ValueUses(tc.src) {
			got = append(got, fmt.Sprintf("%d:%s:%s", u.Hole, u.Place, u.Column))
			if !strings.HasPrefix(tc.src[u.Off:], h(u.Hole)) {
				t.Errorf("%q: use of hole %d at %d, text there %q", tc.src, u.Hole, u.Off, tc.src[u.Off:])
			}
		}
		if g := strings.Join(got, " "); g != tc.want {
			t.Errorf("ValueUses(%q) = %q, want %q", tc.src, g, tc.want)
		}
	}
}

func FuzzValueUses(f *testing.F) {
	f.Add("SELECT * FROM t WHERE id IN (1, " + h(0) + ") LIMIT " + h(1))
	f.Add("UPSERT INTO t VALUES ('" + h(0) + "'), (" + h(1) + ")")
	f.Add("$x = " + h(0) + "; SELECT ((" + h(1))
	f.Fuzz(func(t *testing.T, src string) {
		for _, u := range ValueUses(src) {
			if u.Off < 0 || u.Off >= len(src) || !strings.HasPrefix(src[u.Off:], h(u.Hole)) {
				t.Fatalf("%q: use %+v does not point at its hole", src, u)
			}
		}
	})
}
