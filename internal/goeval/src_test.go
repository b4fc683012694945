package goeval_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/goeval"
	"github.com/ydblint/ydblint/internal/strshape"
)

// TestPieceSources checks where holes and synthesised text come from
// (Piece.Src) and the zero value of a field (Piece.Zero). Each atom that
// is a hole, a zero or text without a source constant is printed as
// [label@line:col], the position read back through the file set; the
// source lines are numbered from the package clause (line 1).
func TestPieceSources(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{name: "parameter", src: `package p
func Run(table string) {
	sink("SELECT * FROM " + table)
}`, want: "SELECT * FROM [table@2:10]"},
		{name: "field read through a pointer, each read placed", src: `package p
type store struct{ table, index string }
func (s *store) Get() {
	sink("SELECT * FROM " + s.index + s.table)
}`, want: "SELECT * FROM [*s.index@4:28][*s.table@4:38]"},
		{name: "one field read at two places, each placed", src: `package p
type store struct{ table string }
func (s *store) A() { sink("SELECT * FROM " + s.table) }
func (s *store) B() { sink("DELETE FROM " + s.table) }`, want: "SELECT * FROM [*s.table@3:49] ; DELETE FROM [*s.table@4:47]"},
		{name: "path.Join separator at the call", src: `package p
import "path"
func Run(db string) {
	sink(path.Join(db,
		"t"))
}`, want: "[db@3:10][\"/\"@4:16]t"},
		{name: "path.Join element cleaned: a piece of its constant, or text of the call", src: `package p
import "path"
func Run(db string) {
	sink(path.Join(db, "t/", "x//u"))
}`, want: "[db@3:10][\"/\"@4:16]t[\"/\"@4:16][\"x/u\"@4:16]"},
		{name: "integer formatted from a parameter", src: `package p
import "fmt"
func Run(n int) {
	sink(fmt.Sprintf("SELECT %d", n))
}`, want: "SELECT [n@3:10 arg1@4:18]"},
		{name: "formatted operands placed at their arguments, the family's offsets", src: `package p
import ("fmt"; "strings")
func Run(n int, t string) {
	var b strings.Builder
	fmt.Fprintf(&b, "SELECT %d FROM %s", n, t)
	sink(b.String())
	sink(fmt.Sprint("LIMIT ", n))
	sink(fmt.Sprintf("%s%s", "SELECT * FROM ", t))
}`, want: "SELECT [n@3:10 arg2@5:13] FROM [t@3:17 arg3@5:13] ; LIMIT [n@3:10 arg1@7:17] ; [\"SELECT * FROM \"@8:18][t@3:17 arg2@8:18]"},
		{name: "an operand of a helper's Sprintf placed in the helper; a spread slice not placed", src: `package p
import "fmt"
func where(col string, v int) string { return fmt.Sprintf(" WHERE %s = %d", col, v) }
func Run(id int, args []any) {
	sink("SELECT * FROM t" + where("id", id))
	sink(fmt.Sprintf("SELECT %d", args...))
}`, want: "SELECT * FROM t WHERE [\"id\"@3:58] = [id@4:10 arg2@3:58] ; [fmt.Sprintf@6:18]"},
		{name: "pieces of a computed format at the call", src: `package p
import ("fmt"; "strings")
func Run(t string) {
	sink(fmt.Sprintf(strings.TrimSpace(" SELECT * FROM %s "), t))
}`, want: "[\"SELECT * FROM \"@4:18][t@3:10 arg1@4:18]"},
		{name: "field zero value marked", src: `package p
type store struct{ table string }
func newStore(t string) *store { return &store{table: t} }
func (s *store) get() { sink("SELECT * FROM " + s.table) }
func main() { newStore("a").get() }
func Other(s *store) { s.get() }`, want: "SELECT * FROM a ; SELECT * FROM [zero:field:example.com/p.store.table@4:51]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := build(srcPkg{"example.com/p", c.src + "\nfunc sink(v any) {}\n"})
			if err != nil {
				t.Fatal(err)
			}
			ev := goeval.New(newEnv(t, p, "example.com/p"), goeval.Budget{})
			var got []string
			for _, r := range sinkArgs(t, p, ev, "example.com/p") {
				for _, v := range strshape.Enumerate(ev.Limits(), r.V.Dynamic().Shape()).Variants {
					var b strings.Builder
					for _, a := range v.Atoms {
						pc := ev.Piece(a.Ref)
						label := ""
						switch {
						case a.Hole:
							label = pc.Desc
						case pc.Zero:
							label = "zero:" + pc.Key
						case !pc.Pos.IsValid() && a.Text != "":
							label = strconv.Quote(a.Text)
						default:
							b.WriteString(a.Text)
							continue
						}
						at := "nopos"
						if pc.Src.IsValid() {
							pos := p.fset.Position(pc.Src)
							at = strconv.Itoa(pos.Line) + ":" + strconv.Itoa(pos.Column)
						}
						if pc.At.IsValid() {
							// Spliced as an argument of a call (fmt's
							// operands): the argument's index and the call.
							pos := p.fset.Position(pc.At)
							at += " arg" + strconv.Itoa(pc.Arg-1) + "@" + strconv.Itoa(pos.Line) + ":" + strconv.Itoa(pos.Column)
						}
						b.WriteString("[" + label + "@" + at + "]")
					}
					got = append(got, b.String())
				}
			}
			if g := strings.Join(got, " ; "); g != c.want {
				t.Errorf("got\n\t%s\nwant\n\t%s", g, c.want)
			}
		})
	}
}
