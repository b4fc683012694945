package yqlcheck

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// sqlBoundType is the YQL type of a database/sql argument bound with
// sql.Named(name, v) in this package, from the static Go type of v and the
// SDK's conversion table; ok is false when the type alone does not decide
// it (an interface, a driver.Valuer, a json.Marshaler, a container) or the
// call is not in this package.
func (c *checker) sqlBoundType(b *site.Binding) (string, bool) {
	call := c.callAt(b.Pos, b.End)
	if call == nil || len(call.Args) != 2 {
		return "", false
	}
	fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != sdk.PkgSQL || fn.Name() != "Named" {
		return "", false
	}
	t := c.pass.TypesInfo.TypeOf(call.Args[1])
	if t == nil {
		return "", false
	}
	y, optional, ok := sdk.GoBindingOf(t)
	if !ok {
		return "", false
	}
	if optional {
		y += "?"
	}
	return y, true
}

// callAt finds the call expression of this package spanning [pos, end).
func (c *checker) callAt(pos, end token.Pos) *ast.CallExpr {
	if !pos.IsValid() {
		return nil
	}
	if c.calls == nil {
		c.calls = map[token.Pos]*ast.CallExpr{}
		for _, f := range c.pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if _, dup := c.calls[call.Pos()]; !dup {
						c.calls[call.Pos()] = call
					}
				}
				return true
			})
		}
	}
	call := c.calls[pos]
	if call == nil || call.End() != end {
		return nil
	}
	return call
}

// namedBindingsCertain reports whether the call's parameter names are the
// ones YDB sees. By name (SDK parameters, sql.Named with the native binder)
// they are; when the database/sql binder is not known (ydb.WithPositionalArgs
// or WithNumericArgs may be on), named arguments keep their names in every
// binder, so the names are certain when every binding is a sql.Named or
// table.ValueParam call in this package and the text has no `?` and no
// `$1`-style placeholder a binder would rewrite.
func (c *checker) namedBindingsCertain(p *site.Params, text string) bool {
	switch p.Mode {
	case site.BindNative:
		return true
	case site.BindUnknown:
	default:
		return false
	}
	for _, b := range p.Bindings {
		call := c.callAt(b.Pos, b.End)
		if call == nil {
			return false
		}
		fn := typeutil.StaticCallee(c.pass.TypesInfo, call)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		switch {
		case fn.Pkg().Path() == sdk.PkgSQL && fn.Name() == "Named":
		case fn.Pkg().Path() == sdk.PkgTable && fn.Name() == "ValueParam":
		default:
			return false
		}
	}
	toks, _ := yql.Lex(text)
	for _, t := range toks {
		switch {
		case t.Kind == yql.TokOp && t.Text == "?":
			return false
		case t.Kind == yql.TokParam && t.Value != "" && t.Value[0] >= '0' && t.Value[0] <= '9':
			return false
		case t.Kind == yql.TokIllegal:
			return false
		}
	}
	return true
}
