package goeval_test

import (
	"testing"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/goeval/value"
)

// TestInvokeMethodOfParameter: a helper whose text is a method of its
// interface parameter (q.FormatQuery(ctx), exported, so its callers are
// not all known), with no implementations to try (querysite's Env reports
// none), gives a parameter piece naming the method; at a caller
// that passes a functional-options query, Invoke on the argument renders
// that caller's text; at a caller passing its own parameter, the piece
// moves to that parameter. A method returning a non-string and a value of
// no known type stay holes.
func TestInvokeMethodOfParameter(t *testing.T) {
	p, err := build(srcPkg{"example.com/queries", queriesSrc}, srcPkg{"example.com/p", `package p

import (
	"context"

	"example.com/queries"
)

// DoSelect renders the query it is handed.
func DoSelect(ctx context.Context, q queries.ReadQuery) {
	text, _ := q.FormatQuery(ctx)
	sink(text)
}

// Jobs passes a query made with functional options.
func Jobs(ctx context.Context) {
	DoSelect(ctx, queries.NewReadQuery(queries.WithTableName("jobs"),
		queries.WithQueryFilters(queries.Filter{Column: "state", Op: "=", Param: "$state"})))
}

// Forward passes its own parameter on.
func Forward(ctx context.Context, q queries.ReadQuery) { DoSelect(ctx, q) }

// Unknown passes an implementation nothing is known about.
func Unknown(ctx context.Context, make func() queries.ReadQuery) { DoSelect(ctx, make()) }

func sink(v any) {}
`})
	if err != nil {
		t.Fatal(err)
	}
	env := newEnv(t, p, "example.com/p", "example.com/queries")
	env.noImplementations = true
	ev := goeval.New(env, goeval.Budget{})
	if got, want := render(sinkArgs(t, p, ev, "example.com/p")), "<param:q.FormatQuery()>"; got != want {
		t.Fatalf("at the helper: got %s, want %s", got, want)
	}
	want := map[string]string{
		"Jobs":    "SELECT * FROM jobs WHERE state = $state",
		"Forward": "<param:q.FormatQuery()>",
		"Unknown": "", // no text: an application nothing interprets
	}
	for _, fn := range p.funcs() {
		w, ok := want[fn.Name()]
		if !ok || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "example.com/p" {
			continue
		}
		delete(want, fn.Name())
		call := callOf(fn, "DoSelect")
		if call == nil {
			t.Fatalf("%s calls no DoSelect", fn.Name())
		}
		r := ev.Invoke(fn, ev.Args(call)[1], "FormatQuery", 1)
		if w == "" {
			if r.V.Kind() == value.KString {
				t.Errorf("%s: got text %s from a value of no known type", fn.Name(), r)
			}
			continue
		}
		if got := r.String(); got != w {
			t.Errorf("%s: got %s, want %s", fn.Name(), got, w)
		}
	}
	for name := range want {
		t.Errorf("no function %s", name)
	}
}

// callOf is fn's call of the function named name.
func callOf(fn *ssa.Function, name string) ssa.CallInstruction {
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(ssa.CallInstruction); ok {
				if callee := c.Common().StaticCallee(); callee != nil && callee.Name() == name {
					return c
				}
			}
		}
	}
	return nil
}
