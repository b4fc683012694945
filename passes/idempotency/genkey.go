package idempotency

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// This file finds INSERTs and UPSERTs whose key is generated anew on every
// attempt: by the server (RandomUuid, CurrentUtcTimestamp) or by Go code
// that runs inside the retried work (uuid.New(), time.Now()).

// generatedKeys returns the writes of s whose key column takes a value
// generated on every attempt; spans are the source ranges of the functions
// the retried work runs.
func (c *checker) generatedKeys(s *site.Site, spans [][2]token.Pos) []rmwWrite {
	var out []rmwWrite
	for _, st := range c.statementsOf(s) {
		if st.Plan == nil {
			continue
		}
		for _, w := range st.Plan.Writes {
			if w.Table == nil || w.Kind > keyplan.WriteReplace {
				continue
			}
			for _, k := range w.Keys {
				for _, v := range k.Values {
					src := c.generated(s, v, spans)
					if src == "" {
						continue
					}
					sp := st.Stmt().NodeSpan()
					pos, end := st.Pos(sp)
					out = append(out, rmwWrite{pos: pos, end: end,
						what: fmt.Sprintf("%s INTO %s with key column %s from %s", w.Kind, queryplan.DisplayPath(w.Table.Path), k.Column, src)})
				}
			}
		}
	}
	return out
}

// generated names what generates a written key value anew on every
// attempt, "" when nothing does.
func (c *checker) generated(s *site.Site, v keyplan.WrittenValue, spans [][2]token.Pos) string {
	switch v.Class {
	case keyplan.ValRandomUuid, keyplan.ValCurrentTime:
		return v.Func + "()"
	case keyplan.ValParam:
		if s.Query == nil {
			return ""
		}
		b := s.Query.Params.Lookup(v.Param)
		if b == nil || !b.Pos.IsValid() || !b.End.IsValid() || !within(b.Pos, spans) {
			return ""
		}
		return c.generatorIn(b.Pos, b.End, spans)
	}
	return ""
}

// generatorIn looks in the Go expression at [pos, end) for a call of a
// generated-key source, directly or through a local variable assigned
// inside the retried work.
func (c *checker) generatorIn(pos, end token.Pos, spans [][2]token.Pos) string {
	expr := c.nodeAround(pos, end)
	if expr == nil {
		return ""
	}
	inside := func(n ast.Node) bool { return pos <= n.Pos() && n.End() <= end }
	if src := c.generatorCall(expr, inside); src != "" {
		return src
	}
	found := ""
	ast.Inspect(expr, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || found != "" || !inside(n) {
			return found == ""
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || !within(v.Pos(), spans) {
			return true
		}
		if rhs := c.definition(v); rhs != nil {
			found = c.generatorCall(rhs, func(ast.Node) bool { return true })
		}
		return found == ""
	})
	return found
}

// generatorCall returns the spelling of the first generated-key source
// call in e for which keep holds, or "".
func (c *checker) generatorCall(e ast.Node, keep func(ast.Node) bool) string {
	found := ""
	ast.Inspect(e, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found != "" || !keep(n) {
			return found == ""
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok {
			return true
		}
		if id, ok := sdk.IdentityOf(fn); ok && id.Recv == "" && sdk.IsGeneratedKeySource(id) {
			found = fn.Pkg().Name() + "." + fn.Name() + "()"
		}
		return found == ""
	})
	return found
}

// definition returns the expression v is declared with (`v := e`, `var v
// = e`), or nil.
func (c *checker) definition(v *types.Var) ast.Expr {
	for _, f := range c.pass.Files {
		if v.Pos() < f.FileStart || v.Pos() > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, v.Pos(), v.Pos())
		for _, n := range path {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok && id.Pos() == v.Pos() {
							return n.Rhs[i]
						}
					}
				}
				if len(n.Rhs) == 1 {
					return n.Rhs[0] // id, err := uuid.NewRandom()
				}
				return nil
			case *ast.ValueSpec:
				for i, name := range n.Names {
					if name.Pos() == v.Pos() && i < len(n.Values) {
						return n.Values[i]
					}
				}
				return nil
			}
		}
	}
	return nil
}

// nodeAround returns the smallest syntax node that encloses [pos, end):
// a binding's range may be a link of a builder chain
// (`Param("$id").Text(id)`), which is no expression of its own.
func (c *checker) nodeAround(pos, end token.Pos) ast.Node {
	for _, f := range c.pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		if path, _ := astutil.PathEnclosingInterval(f, pos, end); len(path) > 0 {
			return path[0]
		}
	}
	return nil
}

func within(p token.Pos, spans [][2]token.Pos) bool {
	for _, s := range spans {
		if s[0] <= p && p < s[1] {
			return true
		}
	}
	return false
}
