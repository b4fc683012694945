package goeval_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
)

type evalCase struct {
	name string
	deps   []srcPkg // other packages, carried as summaries
	opaque []srcPkg // other packages, neither bodies nor summaries
	src  string   // package p, calling sink(v) with the values under test
	want string   // the renderings of the sink arguments, joined with " ; "
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
	pkgs := append(append(append([]srcPkg(nil), c.opaque...), c.deps...), srcPkg{"example.com/p", c.src})
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

func TestBasics(t *testing.T) {
	runCases(t, []evalCase{
		{name: "concat", src: `package p
const table = "jobs"
func sink(v any) {}
func f(id string) { sink("SELECT * FROM " + table + " WHERE id = " + id) }
`, want: "SELECT * FROM jobs WHERE id = <param:id>"},
		{name: "optional filter", src: `package p
func sink(v any) {}
func f(id int) {
	q := "SELECT * FROM jobs WHERE status = $status"
	if id > 0 {
		q += " AND id > $id"
	}
	sink(q)
}
`, want: "SELECT * FROM jobs WHERE status = $status[ AND id > $id]?1"},
	})
}
