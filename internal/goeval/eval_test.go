package goeval_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
)

type evalCase struct {
	name   string
	deps   []srcPkg // other packages, carried as summaries
	opaque []srcPkg // other packages, neither bodies nor summaries
	src    string   // package p, calling sink(v) with the values under test
	want   string   // the renderings of the sink arguments, joined with " ; "
}

func runCases(t *testing.T, cases []evalCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := evalSrc(t, c)
			if got != c.want {
				t.Errorf("got\n\t%s\nwant\n\t%s", got, c.want)
			}
		})
	}
}

func evalSrc(t testing.TB, c evalCase) string {
	t.Helper()
	pkgs := append(append(append([]srcPkg(nil), c.opaque...), c.deps...), srcPkg{"example.com/p", c.src + "\nfunc sink(v any) {}\n"})
	p, err := build(pkgs...)
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	var summarised []string
	for _, d := range c.deps {
		summarised = append(summarised, d.path)
	}
	env := newEnv(t, p, "example.com/p", summarised...)
	ev := goeval.New(env, goeval.Budget{})
	return render(sinkArgs(t, p, ev, "example.com/p"))
}

const header = "package p\n"

// TestStrings covers string building: constants, concatenation, branches,
// switch, string functions.
func TestStrings(t *testing.T) {
	runCases(t, []evalCase{
		{name: "constants and concatenation", src: header + `
const table = "jobs"
func f(id string) { sink("SELECT * FROM " + table + " WHERE id = " + id) }
`, want: "SELECT * FROM jobs WHERE id = <param:id>"},
		{name: "filter under a condition", src: header + `
func f(id int) {
	q := "SELECT * FROM jobs WHERE status = $status"
	if id > 0 {
		q += " AND id > $id"
	}
	sink(q)
}`, want: "SELECT * FROM jobs WHERE status = $status[ AND id > $id]?1"},
		{name: "nested conditions", src: header + `
func f(a, b bool) {
	q := "SELECT * FROM t WHERE x = 1"
	if a {
		q += " AND a = $a"
		if b {
			q += " AND b = $b"
		}
	}
	sink(q)
}`, want: "SELECT * FROM t WHERE x = 1[ AND a = $a[ AND b = $b]?1]?3"},
		{name: "if else", src: header + `
func f(desc bool) {
	order := "ASC"
	if desc {
		order = "DESC"
	}
	sink("SELECT * FROM t ORDER BY id " + order)
}`, want: "SELECT * FROM t ORDER BY id (DESC|ASC)"},
		{name: "switch", src: header + `
func f(k int) {
	var t string
	switch k {
	case 1:
		t = "a"
	case 2:
		t = "b"
	default:
		t = "c"
	}
	sink("SELECT * FROM " + t)
}`, want: "SELECT * FROM (a|b|c)"},
		{name: "constant condition is decided", src: header + `
const debug = false
func f() {
	q := "SELECT * FROM t"
	if debug {
		q += " -- debug"
	}
	sink(q)
}`, want: "SELECT * FROM t"},
		{name: "strings functions", src: header + `
import "strings"
func f(s string) {
	sink(strings.ToUpper("select * from ") + strings.ToLower("T"))
	sink(strings.TrimSpace("  SELECT 1  "))
	sink(strings.TrimSpace("  SELECT " + s + " FROM t  "))
	sink(strings.TrimPrefix("SELECT 1", "SELECT "))
	sink(strings.TrimSuffix("a, b, ", ", "))
	sink(strings.Replace("a.b.c", ".", "_", -1) + strings.ReplaceAll("x", "x", "y"))
	sink(strings.Repeat("?, ", 3) + "?")
	sink(strings.ToLower(s))
}`, want: "SELECT * FROM t ; SELECT 1 ; SELECT <param:s> FROM t ; 1 ; a, b ; a_b_cy ; ?, ?, ?, ? ; <?strings.ToLower(s)>"},
		{name: "replace in a text with holes", src: header + `
import "strings"
func f(t string) {
	sink(strings.ReplaceAll("SELECT * FROM "+t+" WHERE a = 1", "*", "id"))
	sink(strings.ReplaceAll("SELECT a FROM "+t, "FROM", "IN"))
}`, want: "SELECT id FROM <?strings.ReplaceAll(t)> WHERE a = 1 ; <?strings.ReplaceAll(…)>"},
		{name: "strconv", src: header + `
import "strconv"
func f(n int, s string) {
	sink(strconv.Itoa(42) + strconv.FormatInt(255, 16) + strconv.Quote("a\"b") + strconv.FormatBool(true))
	sink("LIMIT " + strconv.Itoa(n))
	sink(strconv.Quote(s))
}`, want: "42ff\"a\\\"b\"true ; LIMIT <param:n> ; \"<?strconv.Quote(…)>\""},
		{name: "path", src: header + `
import "path"
var prefix string
func set(p string) { prefix = p }
func f(db string) {
	sink(path.Join(db, "orders"))
	sink(path.Join("/a/", "b", "c"))
	sink(path.Dir(prefix))
	sink(path.Base(prefix + "/series"))
	sink(path.Join(prefix, "../x"))
}`, want: "<param:db>/orders ; /a/b/c ; <dir:var:example.com/p.prefix> ; series ; <?path.Join(…)>"},
		{name: "leading hole stays a shape", src: header + `
import "strings"
func f(decls []string) {
	q := strings.Join(decls, "\n") + "\nSELECT * FROM t WHERE id = $id"
	sink(q)
}`, want: "<?strings.Join(…)>\nSELECT * FROM t WHERE id = $id"},
		{name: "declare block then select", src: header + `
import ("fmt"; "strings")
func f(filters map[string]string) {
	var decls []string
	for name := range filters {
		decls = append(decls, fmt.Sprintf("DECLARE %s AS Utf8;", name))
	}
	sink(strings.Join(decls, "\n") + "\nSELECT * FROM t")
}`, want: "join({DECLARE <?key> AS Utf8;}*; \n)\nSELECT * FROM t"},
	})
}

// TestBuffers covers strings.Builder, bytes.Buffer and fmt.
func TestBuffers(t *testing.T) {
	runCases(t, []evalCase{
		{name: "builder", src: header + `
import "strings"
func f(id int) {
	var b strings.Builder
	b.WriteString("SELECT * FROM jobs WHERE status = $status")
	if id > 0 {
		b.WriteString(" AND id > $id")
	}
	b.WriteByte(';')
	b.WriteRune('\n')
	sink(b.String())
	sink(b.Len())
}`, want: "SELECT * FROM jobs WHERE status = $status[ AND id > $id]?1;\n ; int[43..+inf]"},
		{name: "buffer and Fprintf", src: header + `
import ("bytes"; "fmt")
func f(table string, limit int) {
	buf := bytes.NewBufferString("SELECT * FROM ")
	fmt.Fprintf(buf, "%s", table)
	fmt.Fprint(buf, " LIMIT ", 10)
	buf.Write([]byte(" -- x"))
	sink(buf.String())
	buf.Reset()
	fmt.Fprintln(buf, "SELECT", 1)
	sink(buf.String())
}`, want: "SELECT * FROM <param:table> LIMIT 10 -- x ; SELECT 1\n"},
		{name: "builder in a field", src: header + `
import "strings"
type q struct{ b strings.Builder; n int }
func (x *q) add(s string) { x.b.WriteString(s); x.n++ }
func f() {
	var x q
	x.add("SELECT ")
	x.add("1")
	sink(x.b.String())
	sink(x.n)
}`, want: "SELECT 1 ; 2"},
		{name: "sprintf verbs", src: header + `
import "fmt"
func f(t string, n int) {
	sink(fmt.Sprintf("SELECT * FROM %s WHERE a = %d LIMIT %d -- %q %x %5s %v %%", t, 42, n, "x", 255, "ab", true))
	sink(fmt.Sprintf("%s %s", "only"))
	sink(fmt.Sprintf("%s", "a", "b"))
}`, want: "SELECT * FROM <param:t> WHERE a = 42 LIMIT <param:n> -- \"x\" ff    ab true % ; only %!s(MISSING) ; a<?%!(EXTRA)>"},
		{name: "format built by concatenation and alternatives", src: header + `
import "fmt"
const base = "SELECT * FROM %s"
func f(byID bool, t string) {
	format := base + " WHERE a = %d"
	if byID {
		format = base + " WHERE id = %d"
	}
	sink(fmt.Sprintf(format, t, 7))
}`, want: "(SELECT * FROM <param:t> WHERE id = 7|SELECT * FROM <param:t> WHERE a = 7)"},
		{name: "format with an optional piece", src: header + `
import "fmt"
func f(limit bool, t string) {
	format := "SELECT * FROM %s"
	if limit {
		format += " LIMIT 10"
	}
	sink(fmt.Sprintf(format, t))
}`, want: "SELECT * FROM <param:t>[ LIMIT 10]?1"},
		{name: "format from a parameter", src: header + `
import "fmt"
func f(format string) { sink(fmt.Sprintf(format, "jobs")) }
`, want: "<param:format>"},
		{name: "Stringer argument", src: header + `
import "fmt"
type tbl struct{ name string }
func (t tbl) String() string { return "` + "`" + `" + t.name + "` + "`" + `" }
func f() { sink(fmt.Sprintf("SELECT * FROM %s", tbl{"jobs"})) }
`, want: "SELECT * FROM `jobs`"},
	})
}

// TestLoopsAndInts covers loops (unrolled, element by element, widened)
// and integer intervals.
func TestLoopsAndInts(t *testing.T) {
	runCases(t, []evalCase{
		{name: "range over a known slice", src: header + `
import "strings"
func f() {
	var b strings.Builder
	for i, c := range []string{"a", "b", "c"} {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c)
	}
	sink(b.String())
}`, want: "a, b, c"},
		{name: "range over a slice with optional elements", src: header + `
import "strings"
func f(x bool) {
	cols := []string{"id"}
	if x {
		cols = append(cols, "name")
	}
	var b strings.Builder
	for _, c := range cols {
		b.WriteString(c + ",")
	}
	sink(b.String())
}`, want: "id,[name,]?1"},
		{name: "range over an unknown slice", src: header + `
import "strings"
func f(cols []string) {
	var b strings.Builder
	b.WriteString("SELECT ")
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(c)
	}
	b.WriteString(" FROM t")
	sink(b.String())
}`, want: "SELECT {[, ]?1<?cols[…]>}* FROM t"},
		{name: "separator cut after the loop", src: header + `
import ("fmt"; "strings")
func f(cols []string) {
	var b strings.Builder
	b.WriteString("SELECT ")
	for _, c := range cols {
		fmt.Fprintf(&b, "%s, ", c)
	}
	sink(strings.TrimSuffix(b.String(), ", ") + " FROM t")
	sink(strings.Repeat("?, ", len(cols)))
}`, want: "SELECT join({<?cols[…]>}*; , ) FROM t ; {?, }*"},
		{name: "counted loop", src: header + `
import "strconv"
func f() {
	q := "VALUES "
	for i := 0; i < 3; i++ {
		if i > 0 {
			q += ", "
		}
		q += "($p" + strconv.Itoa(i) + ")"
	}
	sink(q)
}`, want: "VALUES ($p0), ($p1), ($p2)"},
		{name: "loop beyond the unroll bound", src: header + `
func f() {
	s := ""
	for i := 0; i < 1000000; i++ {
		s += "x"
	}
	sink(len(s) > 0)
	sink(s)
}`, want: "true ; xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx{x}*"},
		{name: "slice grown in a loop", src: header + `
import "strings"
func f(n int) {
	conds := []string{"a = 1"}
	for i := 0; i < n; i++ {
		conds = append(conds, "b = $b")
	}
	sink(strings.Join(conds, " OR "))
}`, want: "join(a = 1, {b = $b}*;  OR )"},
		{name: "value reassigned in a loop", src: header + `
func f(xs []string) {
	last := "none"
	for _, x := range xs {
		last = x
	}
	sink(last)
}`, want: "(none|<?xs[…]>)"},
		{name: "value defined from itself", src: header + `
func f(xs []string) {
	s := "a"
	for range xs {
		s = s + s
	}
	sink(s)
}`, want: "<?defined from itself in a loop>"},
		{name: "limit clamp", src: header + `
import "fmt"
func f(limit int) {
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	sink(limit)
	sink(fmt.Sprintf("SELECT * FROM t LIMIT %d", limit))
}`, want: "int[1..100] ; SELECT * FROM t LIMIT <int[1..100]>"},
		{name: "min and arithmetic", src: header + `
func f(n int) {
	sink(min(n, 50))
	if n > 0 && n < 10 {
		sink(n*2 + 1)
		sink(n + 1)
	}
}`, want: "int[-inf..50] ; int[-inf..+inf] ; int[2..10]"},
	})
}

// TestValues covers structs, slices, maps, closures, pointers, interfaces
// and calls.
func TestValues(t *testing.T) {
	runCases(t, []evalCase{
		{name: "struct and slice values", src: header + `
type q struct { table string; cols []string; limit int }
func f(x bool) {
	v := q{table: "jobs", cols: []string{"id"}}
	if x {
		v.cols = append(v.cols, "name")
	}
	v.limit = 10
	sink(v)
}`, want: `p.q{table: "jobs", cols: ["id", "name"?1], limit: 10}`},
		{name: "map with constant keys", src: header + `
var tables = map[string]string{"jobs": "jobs_v2", "tasks": "tasks"}
func f(k string, b bool) {
	sink(tables["jobs"])
	key := "tasks"
	if b {
		key = "jobs"
	}
	sink(tables[key])
	sink(tables["nope"])
	sink(tables[k])
	m := map[string]int{}
	m["a"] = 1
	sink(m)
}`, want: "jobs_v2 ; (jobs_v2|tasks) ;  ; <?map entry> ; &map[\"a\": 1]"},
		{name: "pointer to a local", src: header + `
func set(p *string, v string) { *p = v }
func f() {
	q := "SELECT 1"
	set(&q, "SELECT 2")
	sink(q)
	p := &q
	*p += ";"
	sink(q)
}`, want: "SELECT 2 ; SELECT 2;"},
		{name: "closure capturing", src: header + `
func f(t string) {
	prefix := "SELECT * FROM "
	mk := func(cond string) string { return prefix + t + " WHERE " + cond }
	sink(mk("a = $a"))
}`, want: "SELECT * FROM <param:t> WHERE a = $a"},
		{name: "closure writing a captured variable", src: header + `
func f(b bool) {
	q := ""
	set := func() { q = "SELECT 1" }
	if b {
		set()
	}
	sink(q)
}`, want: "[SELECT 1]?1"},
		{name: "function value", src: header + `
func byID(t string) string { return "SELECT * FROM " + t + " WHERE id = $id" }
func all(t string) string { return "SELECT * FROM " + t }
func f(one bool) {
	g := all
	if one {
		g = byID
	}
	sink(g("jobs"))
}`, want: "(SELECT * FROM jobs WHERE id = $id|SELECT * FROM jobs)"},
		{name: "interface devirtualised", src: header + `
type Q interface{ Text() string }
type byID struct{ t string }
func (q byID) Text() string { return "SELECT * FROM " + q.t + " WHERE id = $id" }
func run(q Q) { sink(q.Text()) }
func a() { run(byID{"jobs"}) }
`, want: "SELECT * FROM jobs WHERE id = $id"},
		{name: "interface with every implementation", src: header + `
type Q interface{ Text() string }
type byID struct{}
func (byID) Text() string { return "SELECT * FROM t WHERE id = $id" }
type all struct{}
func (all) Text() string { return "SELECT * FROM t" }
func Run(q Q) { sink(q.Text()) }
var _, _ Q = byID{}, all{}
`, want: "(SELECT * FROM t|SELECT * FROM t WHERE id = $id)"},
		{name: "type switch", src: header + `
type A struct{}
type B struct{}
func f(v any) string {
	switch v.(type) {
	case A:
		return "a"
	case B:
		return "b"
	}
	return "none"
}
func g() { sink(f(B{})) }
`, want: "b"},
		{name: "parameters from every caller", src: header + `
func run(table string) { sink("SELECT * FROM " + table) }
func a() { run("jobs") }
func b() { run("tasks") }
`, want: "SELECT * FROM (jobs|tasks)"},
		{name: "parameter every caller fills from the same variable", src: header + `
import "os"
var prefix = os.Getenv("P")
func setPrefix(p string) { prefix = p }
func run(table string) { sink("SELECT * FROM " + table) }
func a() { run(prefix) }
func b() { run(prefix) }
`, want: "SELECT * FROM <var:example.com/p.prefix>"},
		{name: "field set by a constructor", src: header + `
type store struct{ table string }
func newStore(t string) *store { return &store{table: t} }
func (s *store) get() { sink("SELECT * FROM " + s.table) }
func main() {
	newStore("a").get()
}
func Other(s *store) { s.get() }
`, want: "SELECT * FROM (a|)"},
		{name: "recursion is a hole", src: header + `
func rec(n int) string {
	if n == 0 {
		return ""
	}
	return "x" + rec(n-1)
}
func f() { sink(rec(3)) }
`, want: "x<?p.rec(…)>"},
		{name: "external calls are applications", opaque: []srcPkg{{"example.com/table", tableSrc}}, src: header + `
import "example.com/table"
func f(id uint64, name *string) {
	p := table.NewQueryParameters(table.ValueParam("$id", table.Uint64Value(id)))
	sink(p)
}`, want: `table.NewQueryParameters([table.ValueParam("$id", table.Uint64Value(<param:id>))])`},
		{name: "memory handed to an external call is unknown", opaque: []srcPkg{{"example.com/table", tableSrc}}, src: header + `
import "example.com/table"
type row struct{ name, table string }
func f() {
	v := row{name: "a", table: "jobs"}
	_ = table.Scan(&v.name)
	sink(v.name)
	sink(v.table)
}`, want: "<?v.…> ; jobs"},
	})
}
