package goeval_test

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"strconv"
	"testing"
	"time"

	"github.com/ydblint/ydblint/internal/goeval"
)

// FuzzEval mutates the table tests' sources (statements duplicated,
// deleted, swapped, put under a condition, in a loop or in a function
// literal called at once; literals replaced), and evaluates every mutant
// that type-checks: the evaluator must not panic, must finish within its
// budget, and its results must stay within the bounds.
func FuzzEval(f *testing.F) {
	seeds := allCases()
	for i := range seeds {
		f.Add(uint8(i), []byte{})
		f.Add(uint8(i), []byte{2, 0, 3, 1, 4, 2})
		f.Add(uint8(i), []byte{0, 1, 5, 0, 6, 3, 7, 1})
	}
	f.Fuzz(func(t *testing.T, seed uint8, ops []byte) {
		c := seeds[int(seed)%len(seeds)]
		src, ok := mutate(c.src, ops)
		if !ok {
			return
		}
		c.src = src
		pkgs := append(append(append([]srcPkg(nil), c.opaque...), c.deps...), srcPkg{"example.com/p", c.src + "\nfunc sink(v any) {}\n"})
		p, err := build(pkgs...)
		if err != nil {
			return // the mutant does not type-check
		}
		var summarised []string
		for _, d := range c.deps {
			summarised = append(summarised, d.path)
		}
		b := goeval.Budget{Steps: 20000}
		env := newEnv(t, p, "example.com/p", summarised...)
		env.wholeProgram = c.whole
		env.budget = b
		start := time.Now()
		ev := goeval.New(env, b)
		rs := sinkArgs(t, p, ev, "example.com/p")
		if d := time.Since(start); d > 20*time.Second {
			t.Fatalf("evaluation took %v:\n%s", d, src)
		}
		checkBounds(t, ev, rs, b)
		for _, r := range rs {
			_ = r.String()
		}
	})
}

var fuzzStrings = []string{"", "%s", "%d %s", " AND x = $x", "{{ .X }}", "`", "..", "a/b", "SELECT * FROM t"}

var fuzzInts = []string{"0", "1", "-1", "3", "100", "1 << 40"}

// mutate applies ops, two bytes each (what, where), to the function
// bodies of src.
func mutate(src string, ops []byte) (string, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.SkipObjectResolution)
	if err != nil {
		return "", false
	}
	var blocks []*ast.BlockStmt
	var lits []*ast.BasicLit
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if len(n.List) > 0 {
				blocks = append(blocks, n)
			}
		case *ast.BasicLit:
			lits = append(lits, n)
		}
		return true
	})
	if len(blocks) == 0 {
		return "", false
	}
	helpers := false
	// More mutations only nest deeper: go/printer is quadratic in the
	// nesting, which the evaluator's bounds do not govern.
	const maxOps = 64
	if len(ops) > 2*maxOps {
		ops = ops[:2*maxOps]
	}
	for i := 0; i+1 < len(ops); i += 2 {
		what, where := ops[i], int(ops[i+1])
		blk := blocks[where%len(blocks)]
		k := (where / len(blocks)) % len(blk.List)
		st := blk.List[k]
		switch what % 8 {
		case 0: // duplicate
			blk.List = append(blk.List[:k+1], append([]ast.Stmt{st}, blk.List[k+1:]...)...)
		case 1: // delete
			if len(blk.List) > 1 {
				blk.List = append(blk.List[:k], blk.List[k+1:]...)
			}
		case 2: // under a condition
			helpers = true
			blk.List[k] = &ast.IfStmt{Cond: &ast.CallExpr{Fun: ast.NewIdent("fuzzCond")}, Body: &ast.BlockStmt{List: []ast.Stmt{st}}}
		case 3: // in a loop
			helpers = true
			blk.List[k] = &ast.ForStmt{Cond: &ast.CallExpr{Fun: ast.NewIdent("fuzzCond")}, Body: &ast.BlockStmt{List: []ast.Stmt{st}}}
		case 4: // swap with the next
			if k+1 < len(blk.List) {
				blk.List[k], blk.List[k+1] = blk.List[k+1], blk.List[k]
			}
		case 5: // a string literal
			if len(lits) > 0 {
				l := lits[where%len(lits)]
				if l.Kind == token.STRING {
					l.Value = strconv.Quote(fuzzStrings[int(what/8)%len(fuzzStrings)])
				}
			}
		case 6: // an integer literal
			if len(lits) > 0 {
				l := lits[where%len(lits)]
				if l.Kind == token.INT {
					l.Value = fuzzInts[int(what/8)%len(fuzzInts)]
				}
			}
		case 7: // in a function literal called at once
			blk.List[k] = &ast.ExprStmt{X: &ast.CallExpr{Fun: &ast.FuncLit{
				Type: &ast.FuncType{Params: &ast.FieldList{}},
				Body: &ast.BlockStmt{List: []ast.Stmt{st}},
			}}}
		}
	}
	var b bytes.Buffer
	if err := format.Node(&b, fset, f); err != nil {
		return "", false
	}
	if helpers {
		b.WriteString("\nvar fuzzFlag bool\n\nfunc fuzzCond() bool { return fuzzFlag }\n\nfunc setFuzz(v bool) { fuzzFlag = v }\n")
	}
	return b.String(), true
}
