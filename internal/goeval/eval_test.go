package goeval_test

import (
	"slices"
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/strshape"
)

type evalCase struct {
	name   string
	deps   []srcPkg // other packages, carried as summaries
	opaque []srcPkg // other packages, neither bodies nor summaries
	src    string   // package p, calling sink(v) with the values under test
	want   string   // the renderings of the sink arguments, joined with " ; "
	whole  bool     // every caller of an exported function is in the program
}

// allCases are every table of this file (the fuzz target's seeds).
func allCases() []evalCase {
	var out []evalCase
	for _, cs := range [][]evalCase{stringsCases, buffersCases, loopsAndIntsCases, valuesCases, templatesCases, idiomsCases, operationsCases} {
		out = append(out, cs...)
	}
	return out
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
	rs, _ := evalResults(t, c, goeval.Budget{})
	return render(rs)
}

// evalResults evaluates the sink arguments of a case and checks that each
// stays within the bounds.
func evalResults(t testing.TB, c evalCase, b goeval.Budget) ([]*goeval.Result, *goeval.Evaluator) {
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
	env.wholeProgram = c.whole
	env.budget = b
	ev := goeval.New(env, b)
	rs := sinkArgs(t, p, ev, "example.com/p")
	checkBounds(t, ev, rs, b)
	return rs, ev
}

// checkBounds checks that every result is within the size bound and
// enumerates within the variant bound.
func checkBounds(t testing.TB, ev *goeval.Evaluator, rs []*goeval.Result, b goeval.Budget) {
	t.Helper()
	size, variants := b.Size, b.Variants
	if size == 0 {
		size = goeval.DefaultSize
	}
	if variants == 0 {
		variants = goeval.DefaultVariants
	}
	for _, r := range rs {
		if r.V.Size() > size+2 { // an interface around a bounded value
			t.Errorf("%s: size %d beyond the bound %d", r, r.V.Size(), size)
		}
		if s := r.V.Dynamic().Shape(); s != nil {
			if en := strshape.Enumerate(ev.Limits(), s); len(en.Variants) > variants {
				t.Errorf("%s: %d variants beyond the bound %d", r, len(en.Variants), variants)
			}
		}
	}
}

const header = "package p\n"

// stringsCases cover string building: constants, concatenation, branches,
// switch, string functions.
var stringsCases = []evalCase{
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
	{name: "a test of an optional value is its condition", src: header + `
func f(limit int, where string) {
	l := ""
	if limit > 0 {
		l = "$limit"
	}
	var conds []string
	if where != "" {
		conds = append(conds, where)
	}
	q := "SELECT * FROM t"
	if len(conds) > 0 {
		q += " WHERE " + conds[0]
	}
	if l != "" {
		q += " LIMIT " + l
	}
	sink(q)
}`, want: "SELECT * FROM t[ WHERE <param:where>]?3[ LIMIT [$limit]?1]?1"},
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
	{name: "placeholder filled with a value not known", src: header + `
import "strings"
const tmpl = "SELECT id FROM {table} WHERE owner = $o; DELETE FROM {table} WHERE id = $id"
func f(t string, fast bool) {
	sink(strings.ReplaceAll(tmpl, "{table}", t))
	q := "SELECT {cols} FROM t"
	if fast {
		q += " LIMIT 10"
	}
	sink(strings.ReplaceAll(q, "{cols}", t+", id"))
	sink(strings.ReplaceAll("SELECT a FROM "+t+"{x}", "{x}", t))
	sink(strings.Replace(tmpl, "{table}", t, 1))
}`, want: "SELECT id FROM <param:t> WHERE owner = $o; DELETE FROM <param:t> WHERE id = $id ; SELECT <param:t>, id FROM t[ LIMIT 10]?1 ; <?strings.ReplaceAll(…)> ; <?strings.ReplaceAll(…)>"},
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
	sink(path.Base(path.Join(prefix, "series")))
	sink(path.Dir(path.Join(prefix, "a", "series")))
	sink(path.Base(prefix + "series"))
}`, want: "<param:db>/orders ; /a/b/c ; <dir:var:example.com/p.prefix> ; series ; <?path.Join(…)> ; series ; <var:example.com/p.prefix>/a ; <?path.Base(…)>"},
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
}

func TestStrings(t *testing.T) { runCases(t, stringsCases) }

// buffersCases cover strings.Builder, bytes.Buffer and fmt.
var buffersCases = []evalCase{
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
`, want: "<?fmt.Sprintf>"}, // its verbs take "jobs": the text is not the parameter's
	{name: "hole in a format after its arguments", src: header + `
import "fmt"
func f(t, where string) {
	sink(fmt.Sprintf("SELECT * FROM %s"+where, t))
	sink(fmt.Sprintf(where+" LIMIT %d", 10))
}`, want: "SELECT * FROM <param:t><param:where> ; <?fmt.Sprintf> LIMIT <?%d argument>"},
	{name: "Stringer argument", src: header + `
import "fmt"
type tbl struct{ name string }
func (t tbl) String() string { return "` + "`" + `" + t.name + "` + "`" + `" }
func f() { sink(fmt.Sprintf("SELECT * FROM %s", tbl{"jobs"})) }
`, want: "SELECT * FROM `jobs`"},
}

func TestBuffers(t *testing.T) { runCases(t, buffersCases) }

// loopsAndIntsCases cover loops (unrolled, element by element, widened)
// and integer intervals.
var loopsAndIntsCases = []evalCase{
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
	{name: "range over a slice with optional elements, the first one told apart", src: header + `
func f(owner, state string) {
	var conds []func() string
	if owner != "" {
		conds = append(conds, func() string { return "owner = $owner" })
	}
	if state != "" {
		conds = append(conds, func() string { return "state = $state" })
	}
	q := "SELECT * FROM jobs"
	for i, c := range conds {
		if i == 0 {
			q += " WHERE "
		} else {
			q += " AND "
		}
		q += c()
	}
	sink(q)
}`, want: "SELECT * FROM jobs([ WHERE state = $state]?3| WHERE owner = $owner[ AND state = $state]?3)"},
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
}

func TestLoopsAndInts(t *testing.T) { runCases(t, loopsAndIntsCases) }

// valuesCases cover structs, slices, maps, closures, pointers, interfaces
// and calls.
var valuesCases = []evalCase{
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
	{name: "closure run now keeps the captured value", src: header + `
func f() {
	q := "SELECT 1"
	func() { sink(q) }()
	q = "SELECT 2"
	_ = q
}`, want: "SELECT 1"},
	{name: "goroutine reads a captured variable when it runs", src: header + `
func f() {
	q := "SELECT 1"
	go func() { sink(q) }()
	q = "SELECT 2"
	_ = q
}`, want: "<?q>"},
	{name: "goroutine reads a captured variable assigned once, before it starts", src: header + `
func f(t string) {
	q := "SELECT * FROM " + t
	go func() { sink(q) }()
	sink("DELETE FROM " + t)
}`, want: "DELETE FROM <param:t> ; SELECT * FROM <param:t>"},
	{name: "goroutine reads a variable a loop assigns again", src: header + `
func f(ts []string) {
	var q string
	for _, t := range ts {
		q = "SELECT * FROM " + t
		go func() { sink(q) }()
	}
}`, want: "<?q>"},
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
	{name: "field set by an exported constructor is the field's hole", src: header + `
type store struct{ table string }
func NewStore(t string) *store { return &store{table: t} }
func (s *store) get() { sink("SELECT * FROM " + s.table) }
func Other(s *store) { s.get() }
`, want: "SELECT * FROM (<field:example.com/p.store.table>|)"},
	{name: "a call reading a variable written between two calls", src: header + `
var suffix = "a"
func SetSuffix(s string) { suffix = s }
func q(t string) string { return "SELECT * FROM " + t + suffix }
func f() {
	a := q("t")
	suffix = "_b"
	sink(a)
	sink(q("t"))
}`, want: "SELECT * FROM t<var:example.com/p.suffix> ; SELECT * FROM t_b"},
	{name: "a variable assigned a text not wholly known reads as the variable", src: header + `
var prefix string
func Configure(folder string) {
	prefix = folder + "/app"
	sink("SELECT * FROM ` + "`" + `" + prefix + "/t` + "`" + `")
}`, want: "SELECT * FROM `<var:example.com/p.prefix>/t`"},
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
	{name: "a *string parameter only read through is its caller's pointee", opaque: []srcPkg{{"example.com/table", tableSrc}}, src: header + `
import "example.com/table"
func run(q *string) { sink("-- run\n" + *q) }
func runLater(q *string) { func() { sink(*q + " LIMIT 1") }() }
func filled(q *string) {
	_ = table.Scan(q)
	sink(*q)
}
func written(q *string) {
	*q = "SELECT 1"
	sink(*q)
}
func compared(q *string) {
	if q != nil {
		sink(*q)
	}
}`, want: "<?*q> ; <?*q> ; -- run\n<param:*q> ; <param:*q> LIMIT 1 ; SELECT 1"},
	{name: "a closure handed to an external call writes only what it assigns", opaque: []srcPkg{{"example.com/retry", retrySrc}}, src: header + `
import "example.com/retry"
func f(prefix, table string) {
	_ = retry.Do(func() error { sink("PRAGMA TablePathPrefix(\"" + prefix + "\")"); return nil })
	_ = retry.Do(func() error { table = table + "_v2"; return nil })
	sink(prefix + "/" + table)
}`, want: "<param:prefix>/<?table> ; PRAGMA TablePathPrefix(\"<param:prefix>\")"},
}

// retrySrc stands for a retrier that runs the closure it is given.
const retrySrc = `package retry

func Do(f func() error) error { return f() }
`

func TestValues(t *testing.T) { runCases(t, valuesCases) }

// templatesCases cover text/template and html/template.
var templatesCases = []evalCase{
	{name: "package-level template", src: header + `
import ("bytes"; "text/template")
var readQuery = template.Must(template.New("read").Parse(` + "`" + `PRAGMA TablePathPrefix("{{ .Prefix }}");
SELECT {{ template "cols" }} FROM {{ .Table }}{{ if .ByID }} WHERE id = $id{{ end }}{{ range .Filters }} AND {{ . }}{{ end }};
{{ define "cols" }}id, name{{ end }}` + "`" + `))
type data struct {
	Prefix, Table string
	ByID          bool
	Filters       []string
}
func f(prefix string, byID bool) {
	var buf bytes.Buffer
	_ = readQuery.Execute(&buf, data{Prefix: prefix, Table: "jobs", ByID: byID, Filters: []string{"a = $a", "b = $b"}})
	sink(buf.String())
}`, want: "PRAGMA TablePathPrefix(\"<param:prefix>\");\nSELECT id, name FROM jobs[ WHERE id = $id]?1 AND a = $a AND b = $b;\n"},
	{name: "template local, else, with, variables", src: header + `
import ("strings"; "text/template")
func f(order string) {
	t, _ := template.New("q").Parse("SELECT * FROM {{ $t := .T }}{{ $t }}{{ with .Order }} ORDER BY {{ . }}{{ else }} ORDER BY id{{ end }}{{ if eq .T \"jobs\" }} -- jobs{{ end }}")
	var b strings.Builder
	t.Execute(&b, map[string]string{"T": "jobs", "Order": order})
	sink(b.String())
}`, want: "SELECT * FROM jobs( ORDER BY <param:order>| ORDER BY id) -- jobs"},
	{name: "range over a map, ExecuteTemplate", src: header + `
import ("strings"; "text/template")
var tmpl = template.Must(template.New("all").Parse(` + "`" + `{{ define "upsert" }}UPSERT INTO t ({{ range $k, $v := . }}{{ $k }}={{ $v }},{{ end }}){{ end }}` + "`" + `))
func f() {
	var b strings.Builder
	tmpl.ExecuteTemplate(&b, "upsert", map[string]int{"b": 2, "a": 1})
	sink(b.String())
}`, want: "UPSERT INTO t (a=1,b=2,)"},
	{name: "unknown actions are holes", src: header + `
import ("strings"; "text/template")
var tmpl = template.Must(template.New("x").Funcs(template.FuncMap{"q": strings.ToUpper}).Parse("SELECT {{ q .C }} FROM {{ .T }}{{ range .Rows }}({{ . }}){{ end }}"))
type data struct{ C, T string; Rows []string }
func f(rows []string) {
	var b strings.Builder
	tmpl.Execute(&b, data{C: "id", T: "t", Rows: rows})
	sink(b.String())
}`, want: "SELECT <?q> FROM t{(<?rows[…]>)}*"},
	{name: "template text not constant", src: header + `
import ("strings"; "text/template")
func f(text string) {
	t := template.Must(template.New("x").Parse(text))
	var b strings.Builder
	t.Execute(&b, nil)
	sink("-- " + b.String())
}`, want: "-- <?template output>"},
	{name: "html/template escapes the data", src: header + `
import ("html/template"; "strings")
var t = template.Must(template.New("x").Parse("SELECT * FROM {{.T}} WHERE a = '{{.V}}'"))
func f() {
	var b strings.Builder
	t.Execute(&b, struct{ T, V string }{"jobs", "a'b"})
	sink(b.String())
}`, want: "SELECT * FROM jobs WHERE a = 'a&#39;b'"},
}

func TestTemplates(t *testing.T) { runCases(t, templatesCases) }

// idiomsCases cover the shapes of issue 22, written as services write
// them.
var idiomsCases = []evalCase{
	{name: "builder behind an interface, generic helper, functional options", whole: true, deps: []srcPkg{{"example.com/queries", queriesSrc}}, src: header + `
import (
	"context"

	"example.com/queries"
)

type Connector struct{}

func DoSelect[T any](ctx context.Context, c *Connector, qb queries.ReadQuery) ([]T, error) {
	q, err := qb.FormatQuery(ctx)
	if err != nil {
		return nil, err
	}
	sink(q)
	return nil, nil
}

type Job struct{ ID uint64 }

func (c *Connector) PendingJobs(ctx context.Context) ([]Job, error) {
	return DoSelect[Job](ctx, c, queries.NewReadQuery(
		queries.WithTableName("jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "status", Op: "=", Param: "$status"}),
		queries.WithOrderBy("created_at"),
	))
}

func (c *Connector) CountByState(ctx context.Context) ([]int, error) {
	return DoSelect[int](ctx, c, queries.NewReadQuery(
		queries.WithTableName("tasks"),
		queries.WithGroupBy("state"),
	))
}

func (c *Connector) Scan(ctx context.Context) ([]Job, error) {
	return DoSelect[Job](ctx, c, queries.NewReadQuery(
		queries.WithTableName("runs"),
		queries.WithQueryFilters(queries.Filter{"kind", "!=", "$kind"}, queries.Filter{"ts", ">", "$ts"}),
	))
}
`, want: "SELECT * FROM (tasks GROUP BY state|jobs WHERE status = $status ORDER BY created_at|runs WHERE kind != $kind AND ts > $ts)"},
	{name: "exported helper: every implementation", deps: []srcPkg{{"example.com/queries", queriesSrc}}, src: header + `
import (
	"context"

	"example.com/queries"
)

func DoSelect(ctx context.Context, qb queries.ReadQuery) {
	q, _ := qb.FormatQuery(ctx)
	sink(q)
}
`, want: "SELECT * FROM <field:example.com/queries.readQuery.table>{( WHERE | AND )<field:example.com/queries.Filter.Column> <field:example.com/queries.Filter.Op> <field:example.com/queries.Filter.Param>}*[ GROUP BY <call:strings.Join(field:example.com/queries.readQuery.groupBy,\", \")>]?3[ ORDER BY <field:example.com/queries.readQuery.orderBy>]?5"},
	{name: "fluent builders in another package", deps: []srcPkg{{"example.com/qb", qbSrc}}, src: header + `
import "example.com/qb"

func find(byName bool) {
	q := qb.NewSelect("users").Columns("id", "name").Where("org = $org")
	if byName {
		q = q.Where("name = $name")
	}
	sink(q.Limit("$limit").String())
}

func rename() {
	sink(qb.NewUpdate("users").Set("name").Set("email").Where("id = $id").Build())
}
`, want: "SELECT id, name FROM users WHERE join(org = $org, [name = $name]?1;  AND ) LIMIT $limit ; UPDATE users SET name = $name, email = $email WHERE id = $id"},
	{name: "closures appended to a slice of filters, applied in a loop", src: header + `
import "strings"

type Filter func(b *strings.Builder, args *[]any)

type ListRequest struct {
	Status string
	Owner  *string
}

func filters(r ListRequest) []Filter {
	var fs []Filter
	if r.Status != "" {
		fs = append(fs, func(b *strings.Builder, args *[]any) {
			b.WriteString(" AND status = $status")
			*args = append(*args, r.Status)
		})
	}
	if r.Owner != nil {
		fs = append(fs, func(b *strings.Builder, args *[]any) {
			b.WriteString(" AND owner = $owner")
			*args = append(*args, *r.Owner)
		})
	}
	return fs
}

func List(r ListRequest) {
	var b strings.Builder
	var args []any
	b.WriteString("SELECT * FROM items WHERE tenant = $tenant")
	for _, f := range filters(r) {
		f(&b, &args)
	}
	sink(b.String())
	sink(len(args))
}
`, want: "SELECT * FROM items WHERE tenant = $tenant[ AND status = $status]?1[ AND owner = $owner]?3 ; int[0..2]"},
	{name: "parameters bound through an immediately invoked function literal", opaque: []srcPkg{{"example.com/table", tableSrc}}, src: header + `
import "example.com/table"

func Update(id uint64, parent *uint64) {
	sink(table.NewQueryParameters(
		table.ValueParam("$id", table.Uint64Value(id)),
		func() table.ParameterOption {
			if parent == nil {
				return table.ValueParam("$parent", table.NullValue(4))
			}
			return table.ValueParam("$parent", table.OptionalValue(table.Uint64Value(*parent)))
		}(),
	))
}
`, want: `table.NewQueryParameters([table.ValueParam("$id", table.Uint64Value(<param:id>)), table.ValueParam("$parent", alt(table.NullValue(4) | table.OptionalValue(table.Uint64Value(<?*parent>))))])`},
	{name: "template whose text starts with a hole", src: header + `
import (
	"bytes"
	"text/template"
)

var q = template.Must(template.New("q").Parse("{{ .Declares }}\nSELECT * FROM t WHERE id = $id"))

func f(declares string) {
	var b bytes.Buffer
	q.Execute(&b, struct{ Declares string }{declares})
	sink(b.String())
}
`, want: "<param:declares>\nSELECT * FROM t WHERE id = $id"},
}

func TestIdioms(t *testing.T) { runCases(t, idiomsCases) }

// TestSameFunctionSameKey checks that a table named through the same pure
// function of the same value in the DDL and in a query keys identically.
func TestSameFunctionSameKey(t *testing.T) {
	src := header + `
import (
	"fmt"
	"strings"
)

type Config struct{ Table string }

func quoteIdentifier(s string) string {
	return "` + "`" + `" + strings.ReplaceAll(s, "` + "`" + `", "` + "``" + `") + "` + "`" + `"
}

func createTable(cfg Config) {
	sink(fmt.Sprintf("CREATE TABLE %s (k Utf8, v Utf8, PRIMARY KEY (k))", quoteIdentifier(cfg.Table)))
}

func (c *Config) scan() {
	sink("SELECT v FROM " + quoteIdentifier(c.Table) + " WHERE k LIKE $prefix")
}
`
	p, err := build(srcPkg{"example.com/p", src + "\nfunc sink(v any) {}\n"})
	if err != nil {
		t.Fatal(err)
	}
	ev := goeval.New(newEnv(t, p, "example.com/p"), goeval.Budget{})
	rs := sinkArgs(t, p, ev, "example.com/p")
	if len(rs) != 2 {
		t.Fatalf("%d sinks", len(rs))
	}
	var keys []string
	for _, r := range rs {
		en := strshape.Enumerate(ev.Limits(), r.V.Dynamic().Shape())
		if len(en.Variants) != 1 {
			t.Fatalf("%s: %d variants", r, len(en.Variants))
		}
		var k []string
		for _, a := range en.Variants[0].Atoms {
			if a.Hole {
				k = append(k, ev.Piece(a.Ref).Key)
			}
		}
		if len(k) != 1 || k[0] == "" {
			t.Fatalf("%s: holes %q", r, k)
		}
		keys = append(keys, k[0])
	}
	if keys[0] != keys[1] {
		t.Errorf("keys differ: %q and %q", keys[0], keys[1])
	}
	if want := "call:strings.ReplaceAll(field:example.com/p.Config.Table,\"`\",\"``\")"; keys[0] != want {
		t.Errorf("key %q, want %q", keys[0], want)
	}
}

// TestStableResult keys a driver's database name by the method alone
// (Env.StableResult): a driver opened from a DSN not known, and one handed
// in by a caller, name one database, and a table joined to either is the
// same table. Without it neither hole has a key. (A Conn parameter's
// Name is its callers' to instantiate: a method piece, not this.)
func TestStableResult(t *testing.T) {
	p, err := build(
		srcPkg{"example.com/drv", `package drv

type Driver struct{ name string }

func Open(dsn string) *Driver { return &Driver{name: dsn} }

func (d *Driver) Name() string { return d.name }

type Conn interface{ Name() string }

func Dial(dsn string) Conn { return Open(dsn) }
`},
		srcPkg{"example.com/p", `package p

import (
	"path"

	"example.com/drv"
)

func Create(dsn string) {
	d := drv.Open(dsn)
	sink("CREATE TABLE ` + "`" + `" + path.Join(d.Name(), "t") + "` + "`" + ` (id Uint64, PRIMARY KEY (id))")
}

func Read(dsn string) {
	c := drv.Dial(dsn)
	sink("SELECT * FROM ` + "`" + `" + c.Name() + "/t` + "`" + `")
}

func sink(v any) {}
`})
	if err != nil {
		t.Fatal(err)
	}
	for _, stable := range []bool{false, true} {
		env := newEnv(t, p, "example.com/p")
		env.noImplementations = true
		if stable {
			env.stable = map[string]bool{"(*example.com/drv.Driver).Name": true, "(example.com/drv.Conn).Name": true}
		}
		ev := goeval.New(env, goeval.Budget{})
		var keys []string
		for _, r := range sinkArgs(t, p, ev, "example.com/p") {
			for _, v := range strshape.Enumerate(ev.Limits(), r.V.Dynamic().Shape()).Variants {
				for _, at := range v.Atoms {
					if at.Hole {
						keys = append(keys, ev.Piece(at.Ref).Key)
					}
				}
			}
		}
		want := []string{"", ""}
		if stable {
			want = []string{"call:(*example.com/drv.Driver).Name()", "call:(example.com/drv.Conn).Name()"}
		}
		if !slices.Equal(keys, want) {
			t.Errorf("stable=%t: keys %q, want %q", stable, keys, want)
		}
	}
}

// TestCapturedByNestedClosures reads a test's table name in closures
// nested in closures that code not interpreted runs (t.Run, a retrier),
// made in a loop: a variable assigned a constant once where it is declared,
// which no closure assigns, is that constant (onceStoredString), and
// handing the closures over does not make it unknown (FreeOnlyLoaded
// follows the captures). Its twins: a closure that assigns it, a variable
// the loop assigns again after the closures are made. Deep: a value built
// from a parameter, read three closures deep, which needs every maker's
// frame (bindFree does not count the makers against Budget.Tops).
func TestCapturedByNestedClosures(t *testing.T) {
	p, err := build(
		srcPkg{"example.com/r", `package r

func Run(name string, f func()) { f() }
`},
		srcPkg{"example.com/p", `package p

import "example.com/r"

func Ranges(ids []string) {
	table := "ranges_table"
	for _, id := range ids {
		r.Run(id, func() {
			r.Run("upsert", func() { sink("UPSERT INTO " + table + " SELECT * FROM AS_TABLE($rows)") })
		})
	}
}

func Once(suffix string) {
	table := "events_" + suffix
	r.Run("read", func() {
		r.Run("scan", func() { sink("SELECT * FROM " + table) })
	})
}

func Renamed(ids []string) {
	table := "a"
	for _, id := range ids {
		r.Run(id, func() {
			table = id
			r.Run("upsert", func() { sink("DELETE FROM " + table) })
		})
	}
}

func Later(ids []string) {
	table := "b"
	for _, id := range ids {
		r.Run(id, func() {
			r.Run("upsert", func() { sink("SELECT * FROM " + table) })
		})
		table = id
	}
}

// Deep's closures are handed to a function value the evaluator does not
// run, three deep as a test's t.Run closures and a retrier's are: the
// innermost reads folder from the outermost frame.
func Deep(run func(string, func()), root string) {
	folder := root + "/archive"
	run("a", func() {
		run("b", func() {
			run("c", func() { sink("SELECT * FROM ` + "`" + `" + folder + "/events` + "`" + `") })
		})
	})
}

func sink(v any) {}
`})
	if err != nil {
		t.Fatal(err)
	}
	ev := goeval.New(newEnv(t, p, "example.com/p"), goeval.Budget{})
	got := render(sinkArgs(t, p, ev, "example.com/p"))
	want := "SELECT * FROM `<param:root>/archive/events` ; SELECT * FROM (b|<?ids[…]>) ; SELECT * FROM events_<param:suffix> ; UPSERT INTO ranges_table SELECT * FROM AS_TABLE($rows) ; DELETE FROM <?ids[…]>"
	if got != want {
		t.Errorf("got\n\t%s\nwant\n\t%s", got, want)
	}
}

// TestConstructorInjectedHandle follows a *sql.DB from main, where it is
// opened with ydb.WithPositionalArgs(), into the field of a store of
// another package, in a whole-program run where every caller is known.
func TestConstructorInjectedHandle(t *testing.T) {
	p, err := build(
		srcPkg{"example.com/ydb", ydbSrc},
		srcPkg{"example.com/reports", reportsSrc},
		srcPkg{"example.com/main", `package main

import (
	"context"
	"database/sql"

	"example.com/reports"
	"example.com/ydb"
)

func main() {
	ctx := context.Background()
	nativeDriver, _ := ydb.Open(ctx, "grpc://localhost:2136/local")
	connector, _ := ydb.Connector(nativeDriver, ydb.WithPositionalArgs())
	db := sql.OpenDB(connector)
	store := reports.NewStore(db)
	_ = store.List(ctx, nil)
}
`})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/reports")
	env.wholeProgram = true
	ev := goeval.New(env, goeval.Budget{})
	got := render(sinkArgs(t, p, ev, "example.com/reports"))
	want := `sql.OpenDB(ydb.Connector(ydb.Open(context.Background(), "grpc://localhost:2136/local"), [ydb.WithPositionalArgs()]))`
	if got != want {
		t.Errorf("got\n\t%s\nwant\n\t%s", got, want)
	}
}

// operationsCases cover the remaining operations: conversions, type
// assertions, element stores, slicing, arrays, struct values, loops
// carrying several values.
var operationsCases = []evalCase{
	{name: "loop reading an unchanged carried value", src: header + `
import "strings"
type q struct{ table string; b strings.Builder }
func f(cols []string) {
	x := &q{table: "t"}
	for _, c := range cols {
		x.b.WriteString(x.table + "." + c + ",")
	}
	sink(x.b.String())
}`, want: "{t.<?cols[…]>,}*"},
	{name: "loop appending pointers", src: header + `
type col struct{ name string }
func f(names []string) {
	var cols []*col
	for _, n := range names {
		cols = append(cols, &col{name: n})
	}
	sink(cols)
}`, want: "[&p.col{name: \"<?names[…]>\"}*]"},
	{name: "two values carried together", src: header + `
func f(xs []string) {
	q, sep := "", ""
	for _, x := range xs {
		q += sep + x
		sep = ", "
	}
	sink(q)
}`, want: "{(|, )<?xs[…]>}*"},
	{name: "loop whose header jumps", src: header + `
func f(xs []string, n int) {
	s := "a"
	for {
		for range xs {
			s += ","
		}
		n--
		if n <= 0 {
			break
		}
	}
	sink(s)
}`, want: "a{{,}*}*{,}*"},
	{name: "element stores and make", src: header + `
func f(id uint64) {
	args := make([]any, 2)
	args[0] = id
	args[1] = "x"
	sink(args)
	cols := make([]string, 0, 4)
	cols = append(cols, "a")
	sink(cols)
}`, want: "[<param:id>, \"x\"] ; [\"a\"]"},
	{name: "arrays and slicing", src: header + `
func f() {
	a := [3]string{"a", "b", "c"}
	sink(a[1])
	s := a[:]
	sink(s[1:])
	sink("select"[:3])
	sink(len(a))
}`, want: "b ; [\"b\", \"c\"] ; sel ; 3"},
	{name: "struct values and value receivers", src: header + `
type t struct{ name string; cols []string }
func (x t) text() string { return "SELECT * FROM " + x.name }
func f() {
	v := t{name: "jobs"}
	w := v
	w.name = "tasks"
	sink(v.text())
	sink(w.text())
}`, want: "SELECT * FROM jobs ; SELECT * FROM tasks"},
	{name: "values that are not addressable", src: header + `
type t struct{ name string }
func mk() t { return t{name: "jobs"} }
func cols() [2]string { return [2]string{"id", "name"} }
func f(n, i int) {
	sink(mk().name)
	sink(cols()[1])
	sink(cols()[i])
	s := make([]string, n)
	sink(s)
}`, want: "jobs ; name ; (id|name) ; [<?element>*]"},
	{name: "conversions", src: header + `
type Query string
func f(n int) {
	q := Query("SELECT 1")
	sink(string(q))
	sink(string([]byte("abc")))
	sink(string(rune(65)))
	sink(uint8(200))
	sink(float64(2))
	m := 300
	sink(uint8(m))
	sink(int8(m - 200))
	sink(uint(n))
}`, want: "SELECT 1 ; abc ; A ; 200 ; 2 ; int[0..255] ; 100 ; int[0..+inf]"},
	{name: "type assertions", src: header + `
type S interface{ String() string }
type a struct{}
func (a) String() string { return "a" }
func g(v any) {
	if s, ok := v.(S); ok {
		sink(s.String())
	}
	if s, ok := v.(string); ok {
		sink(s)
	}
	sink(v.(a).String())
}
func f() { g(a{}) }
`, want: "a ; <?value not reached> ; a"},
	{name: "multiple results", src: header + `
import "strconv"
func split() (string, int) { return "t", 3 }
func f(s string) {
	t, n := split()
	sink(t + strconv.Itoa(n))
	v, err := strconv.Atoi(s)
	sink(v)
	sink(err)
}`, want: "t3 ; int[-inf..+inf] ; <?strconv.Atoi#1>"},
	{name: "string predicates and truncation", src: header + `
import ("bytes"; "strings")
func f() {
	sink(strings.HasPrefix("SELECT 1", "SELECT"))
	sink(strings.Contains("a", "b"))
	var b bytes.Buffer
	b.WriteString("a, b, ")
	b.Truncate(4)
	sink(b.String())
	b.Grow(10)
	sink(b.Cap())
}`, want: "true ; false ; a, b ; int[0..+inf]"},
	{name: "template name and delimiters", src: header + `
import ("strings"; "text/template")
func f() {
	t := template.Must(template.New("x").Delims("[[", "]]").Parse("SELECT [[ .A ]]"))
	var b strings.Builder
	t.Execute(&b, map[string]int{"A": 1})
	sink(t.Name() + ": " + b.String())
}`, want: "x: SELECT 1"},
	{name: "unary operators", src: header + `
func f(b bool, n int) {
	if n > 0 && n < 5 {
		sink(-n)
	}
	sink(!true)
	sink(-2.5)
}`, want: "int[-4..-1] ; false ; -5/2"},
}

func TestOperations(t *testing.T) { runCases(t, operationsCases) }
