package goeval_test

import (
	"bytes"
	"encoding/gob"
	"errors"
	"math"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// TestSummaryInstantiate summarises a fluent builder's functions,
// carries them through gob as facts are, and instantiates them in a
// fresh evaluator with abstract arguments.
func TestSummaryInstantiate(t *testing.T) {
	p, err := build(srcPkg{"example.com/qb", qbSrc})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	sum := func(name string) *goeval.Summary {
		fn := env.find(name)
		if fn == nil {
			t.Fatalf("no function %s", name)
		}
		s, err := goeval.Summarize(env, goeval.Budget{}, fn)
		if err != nil {
			t.Fatalf("summarize %s: %v", name, err)
		}
		return roundTrip(t, s)
	}
	newSelect := sum("example.com/qb.NewSelect")
	where := sum("(*example.com/qb.Select).Where")
	str := sum("(*example.com/qb.Select).String")
	if got, want := newSelect.String(), "goeval.Summary{qb.NewSelect +0 funcs, 4 instrs, 0 globals}"; got != want {
		t.Errorf("String() = %s, want %s", got, want)
	}

	ev := goeval.New(goeval.NoEnv{}, goeval.Budget{})
	sel := ev.Instantiate(newSelect, []*goeval.Result{ev.Lit("jobs")})
	sel = ev.Instantiate(where, []*goeval.Result{sel, ev.Lit("status = $status")})
	sel = ev.Instantiate(where, []*goeval.Result{sel, ev.Unknown("cond")})
	got := ev.Instantiate(str, []*goeval.Result{sel}).String()
	if want := "SELECT * FROM jobs WHERE status = $status AND <?cond>"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// A summary that does not fit the call is a hole, not a panic.
	if got := ev.Instantiate(where, nil).String(); got != "<?summary does not fit the call>" {
		t.Errorf("mismatched call: %s", got)
	}
}

// TestSummaryGlobals embeds a package variable's value (a template parsed
// at initialisation) in the summary of the function that executes it.
func TestSummaryGlobals(t *testing.T) {
	p, err := build(srcPkg{"example.com/tmpl", `package tmpl

import (
	"strings"
	"text/template"
)

var upsert = template.Must(template.New("upsert").Parse("UPSERT INTO {{ .Table }} SELECT * FROM AS_TABLE($rows){{ if .Returning }} RETURNING *{{ end }}"))

var tables = map[string]string{"events": "events_v2"}

type data struct {
	Table     string
	Returning bool
}

func Render(kind string, returning bool) string {
	var b strings.Builder
	_ = upsert.Execute(&b, data{Table: tables[kind], Returning: returning})
	return b.String()
}
`})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	s, err := goeval.Summarize(env, goeval.Budget{}, env.find("example.com/tmpl.Render"))
	if err != nil {
		t.Fatal(err)
	}
	s = roundTrip(t, s)
	if len(s.Unit.Globals) != 2 {
		t.Fatalf("%d globals embedded, want 2: %s", len(s.Unit.Globals), s)
	}
	ev := goeval.New(goeval.NoEnv{}, goeval.Budget{})
	got := ev.Instantiate(s, []*goeval.Result{ev.Lit("events"), ev.Unknown("returning")}).String()
	if want := "UPSERT INTO events_v2 SELECT * FROM AS_TABLE($rows)[ RETURNING *]?1"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestSummaryBound checks the instruction bound.
func TestSummaryBound(t *testing.T) {
	p, err := build(srcPkg{"example.com/qb", qbSrc})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	_, err = goeval.Summarize(env, goeval.Budget{Summary: 5}, env.find("(*example.com/qb.Select).String"))
	if !errors.Is(err, goeval.ErrTooLarge) {
		t.Errorf("err = %v, want ErrTooLarge", err)
	}
}

// TestSummaryCorrupt checks that a summary damaged in transit is refused
// or evaluates to holes, never panics.
func TestSummaryCorrupt(t *testing.T) {
	p, err := build(srcPkg{"example.com/queries", queriesSrc})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	s, err := goeval.Summarize(env, goeval.Budget{}, env.find("(*example.com/queries.readQuery).FormatQuery"))
	if err != nil {
		t.Fatal(err)
	}
	damage := []func(s *goeval.Summary){
		func(s *goeval.Summary) { s.Unit.Funcs[0].Blocks[0].Succs = []int{99} },
		func(s *goeval.Summary) { s.Unit.Funcs[0].NValues = 1 },
		func(s *goeval.Summary) { s.Unit.Funcs[0].Blocks[0].Instrs[0].Args = []int{1 << 20} },
		func(s *goeval.Summary) { s.Unit.Funcs[0].Blocks[0].Instrs[0].Type = 1 << 20 },
		func(s *goeval.Summary) { s.Unit.Funcs[0].Blocks = nil },
		func(s *goeval.Summary) { s.Version++ },
		func(s *goeval.Summary) { s.Unit.Funcs[0].Blocks[1].Idom = 42 },
	}
	for i, d := range damage {
		c := roundTrip(t, s)
		d(c)
		ev := goeval.New(goeval.NoEnv{}, goeval.Budget{})
		got := ev.Instantiate(c, []*goeval.Result{ev.Unknown("q"), ev.Unknown("ctx")}).String()
		if !strings.HasPrefix(got, "<?") {
			t.Errorf("damage %d: got %s, want a hole", i, got)
		}
	}
}

// TestSummaryDeterministic summarises every function of a package twice
// and compares the encodings.
func TestSummaryDeterministic(t *testing.T) {
	p, err := build(srcPkg{"example.com/queries", queriesSrc})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	n := 0
	for _, fn := range p.funcs() {
		var enc [2][]byte
		for i := range enc {
			s, err := goeval.Summarize(env, goeval.Budget{}, fn)
			if err != nil {
				t.Fatalf("%s: %v", fn, err)
			}
			var b bytes.Buffer
			if err := gob.NewEncoder(&b).Encode(s); err != nil {
				t.Fatal(err)
			}
			enc[i] = b.Bytes()
		}
		if !bytes.Equal(enc[0], enc[1]) {
			t.Errorf("%s: two encodings differ", fn)
		}
		n++
	}
	if n < 8 {
		t.Errorf("only %d functions summarised", n)
	}
}

// TestSummarizeAt summarises a wrapper's text at the call inside it, as a
// function of the wrapper's parameters, and instantiates it at a caller.
func TestSummarizeAt(t *testing.T) {
	p, err := build(srcPkg{"example.com/wrap", `package wrap

import "fmt"

type Session struct{}

func (s *Session) Execute(q string) error { return nil }

func Select(s *Session, prefix, table string, byID bool) error {
	q := fmt.Sprintf("PRAGMA TablePathPrefix(%q);\nSELECT * FROM %s", prefix, table)
	if byID {
		q += " WHERE id = $id"
	}
	return s.Execute(q)
}
`})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/other")
	fn := env.find("example.com/wrap.Select")
	var arg ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == "Execute" {
				arg = c.Call.Args[1]
			}
		}
	}
	s, err := goeval.SummarizeAt(env, goeval.Budget{}, fn, arg)
	if err != nil {
		t.Fatal(err)
	}
	s = roundTrip(t, s)
	ev := goeval.New(goeval.NoEnv{}, goeval.Budget{})
	got := ev.Instantiate(s, []*goeval.Result{ev.Unknown("session"), ev.Lit("/local"), ev.Lit("jobs"), ev.Unknown("byID")}).String()
	if want := "PRAGMA TablePathPrefix(\"/local\");\nSELECT * FROM jobs[ WHERE id = $id]?1"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestAPI reads results through the exported accessors, as querysite
// will: a value of a function (Evaluator.Value), its kind, shape, holes,
// conditions, intervals, applications and pointers.
func TestAPI(t *testing.T) {
	p, err := build(srcPkg{"example.com/table", tableSrc}, srcPkg{"example.com/p", `package p

import "example.com/table"

type req struct {
	Table string
	Limit int
	Cols  []string
}

func handle(in req, id uint64, all bool) (string, any, *req, int) {
	r := &req{Table: in.Table, Limit: in.Limit}
	q := "SELECT * FROM " + r.Table
	if !all {
		q += " WHERE id = $id"
	}
	lim := r.Limit
	if lim > 100 {
		lim = 100
	}
	params := table.NewQueryParameters(table.ValueParam("$id", table.Uint64Value(id)))
	r.Cols = append(r.Cols, "id")
	return q, params, r, lim
}
`})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/p")
	ev := goeval.New(env, goeval.Budget{})
	fn := env.find("example.com/p.handle")
	var ret *ssa.Return
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			ret = r
		}
	}
	q := ev.Value(fn, ret.Results[0])
	if q.V.Kind() != value.KString {
		t.Fatalf("q is %s", q.V.Kind())
	}
	if got := ev.RenderShape(q.V.Shape()); got != "SELECT * FROM <field:example.com/p.req.Table>[ WHERE id = $id]?2" {
		t.Errorf("q = %s", got)
	}
	conds := q.V.Shape().Conds()
	if len(conds) != 1 || !ev.Cond(conds[0]).Negated || ev.Cond(conds[0]).Func != "example.com/p.handle" || !ev.Cond(conds[0]).Pos.IsValid() {
		t.Errorf("cond %+v", ev.Cond(conds[0]))
	}
	en := strshape.Enumerate(ev.Limits(), q.V.Shape())
	if len(en.Variants) != 2 || !en.Exhaustive {
		t.Fatalf("variants %+v", en)
	}
	var hole value.Piece
	for _, a := range en.Variants[0].Atoms {
		if a.Hole {
			hole = ev.Piece(a.Ref)
		}
	}
	if hole.Kind != value.HoleField || hole.Key != "field:example.com/p.req.Table" || hole.Desc != "in.Table" {
		t.Errorf("hole %+v", hole)
	}
	if p := ev.Piece(en.Variants[0].Atoms[0].Ref); p.Hole || !p.Pos.IsValid() || !p.Exact || p.Text != "SELECT * FROM " {
		t.Errorf("literal %+v", p)
	}

	params := ev.Value(fn, ret.Results[1]).V.Dynamic()
	if params.Kind() != value.KApply || params.Name() != "example.com/table.NewQueryParameters" {
		t.Fatalf("params %s %s", params.Kind(), params.Name())
	}
	items := params.Elems()[0].Items()
	vp := items[0].V.Dynamic()
	if len(items) != 1 || vp.Name() != "example.com/table.ValueParam" || vp.Elems()[0].Const().ExactString() != `"$id"` {
		t.Errorf("ValueParam %s", vp.Name())
	}
	if id := vp.Elems()[1].Dynamic().Elems()[0]; id.Kind() != value.KInt || ev.Piece(id.Hole()).Kind != value.HoleParam {
		t.Errorf("id %s", id.Kind())
	}

	r := ev.Value(fn, ret.Results[2])
	st := r.Deref(r.V)
	if st == nil || st.Kind() != value.KStruct || st.Name() != "example.com/p.req" {
		t.Fatalf("*r = %v", st)
	}
	if cols := st.Field("Cols"); cols.Kind() != value.KSlice || len(cols.Items()) != 1 || cols.Items()[0].V.Const().ExactString() != `"id"` {
		t.Errorf("Cols = %s", r)
	}
	// Pointee is Deref as a Result (the pointee of a *string a wrapper
	// reads, at its caller); of a value that is no pointer, a hole.
	if pt := r.Pointee(); pt.V.Kind() != value.KStruct || pt.V.Name() != "example.com/p.req" {
		t.Errorf("Pointee of r = %s", pt.V.Kind())
	}
	if pt := q.Pointee(); pt.V.Kind() != value.KUnknown || ev.Piece(pt.V.Hole()).Kind != value.HoleRuntime {
		t.Errorf("Pointee of q = %s, want a run-time hole", pt.V.Kind())
	}

	lim := ev.Value(fn, ret.Results[3]).V
	if lo, hi, ok := lim.Interval(); !ok || lo != math.MinInt64 || hi != 100 {
		t.Errorf("lim = [%d, %d]", lo, hi)
	}
	if c := ev.Int(7).V.Const(); c == nil || c.ExactString() != "7" {
		t.Errorf("Int(7) = %v", c)
	}
	if k := ev.Lit("x").V.Keys(); k != nil {
		t.Errorf("keys of a string: %v", k)
	}
	if got := value.HoleParam.String() + value.KTemplate.String(); got != "paramtemplate" {
		t.Errorf("names %s", got)
	}
}

// TestSummarizeGlobals carries another package's variables to an importer
// that has no initialiser body for them (as under go vet): a template
// parsed once into an exported variable and executed by the importer, a
// table name, and a variable assigned after initialisation, which stays a
// hole keyed by the variable.
func TestSummarizeGlobals(t *testing.T) {
	p, err := build(srcPkg{"example.com/queries", `package queries

import "text/template"

var ReadJobs = template.Must(template.New("read").Parse("SELECT id FROM {{ .Table }} WHERE status = $status"))

var Table = "jobs"

var Current = "jobs_v1"

func Rotate(next string) { Current = next }
`}, srcPkg{"example.com/app", `package app

import (
	"bytes"
	"strings"

	"example.com/queries"
)

func read() string {
	var b bytes.Buffer
	_ = queries.ReadJobs.Execute(&b, struct{ Table string }{queries.Table})
	return b.String()
}

func rotated() string {
	var b strings.Builder
	_ = queries.ReadJobs.Execute(&b, struct{ Table string }{queries.Current})
	return b.String()
}
`})
	if err != nil {
		t.Fatal(err)
	}
	exporter := newEnv(t, p, "example.com/queries")
	var gs []*ssa.Global
	for _, pkg := range p.prog.AllPackages() {
		if pkg.Pkg.Path() != "example.com/queries" {
			continue
		}
		for _, m := range pkg.Members {
			if g, ok := m.(*ssa.Global); ok && g.Object() != nil && g.Object().Exported() {
				gs = append(gs, g)
			}
		}
		s := goeval.SummarizeGlobals(exporter, goeval.Budget{}, pkg, gs)
		if s == nil {
			t.Fatal("no globals summarised")
		}
		s = roundTrip(t, s)
		var names []string
		for _, g := range s.Unit.Globals {
			names = append(names, g.Name)
		}
		// Current is assigned by Rotate: not carried.
		if got, want := strings.Join(names, " "), "example.com/queries.ReadJobs example.com/queries.Table"; got != want {
			t.Fatalf("globals carried: %s, want %s", got, want)
		}
		importer := newEnv(t, p, "example.com/app")
		importer.globals = map[string]*goeval.Summary{"example.com/queries": s}
		for _, c := range []struct{ fn, want string }{
			{"example.com/app.read", "SELECT id FROM jobs WHERE status = $status"},
			{"example.com/app.rotated", "SELECT id FROM <var:example.com/queries.Current> WHERE status = $status"},
		} {
			if got := evalReturn(t, importer, c.fn); got != c.want {
				t.Errorf("%s = %s, want %s", c.fn, got, c.want)
			}
		}
		// Without the fact the template is a hole, as before.
		importer.globals = map[string]*goeval.Summary{}
		if got := evalReturn(t, importer, "example.com/app.read"); strings.Contains(got, "SELECT") {
			t.Errorf("without the fact: %s", got)
		}
	}
	if goeval.SummarizeGlobals(exporter, goeval.Budget{}, nil, gs) != nil {
		t.Error("nil package summarised")
	}
}

// TestEmbeddedText reads a //go:embed variable as its file's text
// (Env.Embedded): in its own package, where the initialiser already sees
// it (the toolchain sets it first), and in an importer through
// SummarizeGlobals, as querysite's Fact carries it.
func TestEmbeddedText(t *testing.T) {
	p, err := build(srcPkg{"example.com/queries", `package queries

import "strings"

var selectJobs string // embedded from select_jobs.sql (env.embeds)

var CreateJobs string // embedded from create_jobs.sql (env.embeds)

var trimmed = strings.TrimSpace(selectJobs)

func Jobs() string { return strings.ReplaceAll(selectJobs, "{table}", "jobs") }

func Trimmed() string { return trimmed }
`}, srcPkg{"example.com/app", `package app

import "example.com/queries"

func create() string { return queries.CreateJobs }
`})
	if err != nil {
		t.Fatal(err)
	}
	exporter := newEnv(t, p, "example.com/queries")
	exporter.embeds = map[string]string{
		"example.com/queries.selectJobs": "\nSELECT id FROM {table} WHERE id = $id\n",
		"example.com/queries.CreateJobs": "CREATE TABLE jobs (id Uint64, PRIMARY KEY (id))",
	}
	for _, c := range []struct{ fn, want string }{
		{"example.com/queries.Jobs", "\nSELECT id FROM jobs WHERE id = $id\n"},
		{"example.com/queries.Trimmed", "SELECT id FROM {table} WHERE id = $id"},
	} {
		if got := evalReturn(t, exporter, c.fn); got != c.want {
			t.Errorf("%s = %q, want %q", c.fn, got, c.want)
		}
	}
	var pkg *ssa.Package
	for _, q := range p.prog.AllPackages() {
		if q.Pkg.Path() == "example.com/queries" {
			pkg = q
		}
	}
	g, _ := pkg.Members["CreateJobs"].(*ssa.Global)
	s := goeval.SummarizeGlobals(exporter, goeval.Budget{}, pkg, []*ssa.Global{g})
	if s == nil {
		t.Fatal("the embedded variable is not summarised")
	}
	importer := newEnv(t, p, "example.com/app")
	importer.globals = map[string]*goeval.Summary{"example.com/queries": roundTrip(t, s)}
	if got, want := evalReturn(t, importer, "example.com/app.create"), "CREATE TABLE jobs (id Uint64, PRIMARY KEY (id))"; got != want {
		t.Errorf("create = %q, want %q", got, want)
	}
	// The importer knows no file of another package's variable: without
	// the summary, a hole keyed by the variable.
	importer.globals = map[string]*goeval.Summary{}
	importer.embeds = exporter.embeds
	if got, want := evalReturn(t, importer, "example.com/app.create"), "<var:example.com/queries.CreateJobs>"; got != want {
		t.Errorf("create without the summary = %q, want %q", got, want)
	}
}

// evalReturn renders the first result of fn's return.
func evalReturn(t *testing.T, env *env, name string) string {
	t.Helper()
	fn := env.find(name)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	ev := goeval.New(env, goeval.Budget{})
	for _, b := range fn.Blocks {
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			return ev.Value(fn, r.Results[0]).String()
		}
	}
	t.Fatalf("%s does not return", name)
	return ""
}

// TestSummaryDeps: a summary carries the summaries of the other packages'
// functions and variables it names (Deps), so that an importer which
// cannot see those packages (go vet gives a pass the facts of the
// packages its type information names: app imports store, whose API does
// not mention ordersql) still runs them.
func TestSummaryDeps(t *testing.T) {
	p, err := build(srcPkg{"example.com/ordersql", `package ordersql

var Table = "orders"

func ByID() string { return "SELECT amount FROM orders WHERE order_id = $id" }

func From(table string) string { return "SELECT amount FROM " + table }
`}, srcPkg{"example.com/store", `package store

import "example.com/ordersql"

func OrderQuery() string { return ordersql.ByID() }

func TableQuery() string { return ordersql.From(ordersql.Table) + " WHERE order_id = $id" }
`}, srcPkg{"example.com/app", `package app

import "example.com/store"

func amount() string { return store.OrderQuery() }

func byTable() string { return store.TableQuery() }
`})
	if err != nil {
		t.Fatal(err)
	}
	var ordersql *ssa.Package
	for _, q := range p.prog.AllPackages() {
		if q.Pkg.Path() == "example.com/ordersql" {
			ordersql = q
		}
	}
	table, _ := ordersql.Members["Table"].(*ssa.Global)
	vars := goeval.SummarizeGlobals(newEnv(t, p, "example.com/ordersql"), goeval.Budget{}, ordersql, []*ssa.Global{table})
	if vars == nil {
		t.Fatal("ordersql.Table is not summarised")
	}
	// store sees ordersql: its functions by summary, its variable by
	// SummarizeGlobals.
	store := newEnv(t, p, "example.com/store", "example.com/ordersql")
	store.globals = map[string]*goeval.Summary{"example.com/ordersql": roundTrip(t, vars)}
	summaries := map[string]*goeval.Summary{}
	for _, name := range []string{"example.com/store.OrderQuery", "example.com/store.TableQuery"} {
		s, err := goeval.Summarize(store, goeval.Budget{}, store.find(name))
		if err != nil {
			t.Fatalf("summarise %s: %v", name, err)
		}
		summaries[name] = roundTrip(t, s)
	}
	var deps []string
	for _, d := range summaries["example.com/store.TableQuery"].Deps {
		deps = append(deps, d.Name)
	}
	if got, want := strings.Join(deps, ", "), "example.com/ordersql.From, example.com/ordersql.Table"; got != want {
		t.Errorf("TableQuery's deps = %s, want %s", got, want)
	}
	cases := []struct{ fn, want, without string }{
		{"example.com/app.amount", "SELECT amount FROM orders WHERE order_id = $id", "<call:example.com/ordersql.ByID()>"},
		{"example.com/app.byTable", "SELECT amount FROM orders WHERE order_id = $id", "<call:example.com/ordersql.From(var:example.com/ordersql.Table)> WHERE order_id = $id"},
	}
	for _, withDeps := range []bool{true, false} {
		// app sees store only: ordersql is neither summarised nor has
		// its variables.
		app := newEnv(t, p, "example.com/app", "example.com/store")
		for name, s := range summaries {
			if !withDeps {
				c := *s
				c.Deps = nil
				s = &c
			}
			app.summaries[name] = s
		}
		for _, c := range cases {
			want := c.want
			if !withDeps {
				want = c.without
			}
			if got := evalReturn(t, app, c.fn); got != want {
				t.Errorf("deps %v: %s = %q, want %q", withDeps, c.fn, got, want)
			}
		}
	}
}
