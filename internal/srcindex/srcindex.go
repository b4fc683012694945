package srcindex

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
)

// Index is the syntax index of one package. Its methods build what they
// read on first use; an Index is not safe for concurrent use.
type Index struct {
	files []*ast.File
	info  *types.Info

	decls    bool                        // calls, consts, specs and specFile are built
	calls    map[token.Pos]*ast.CallExpr // by Lparen
	consts   map[*types.Const]ast.Expr   // package-level and local const initialisers
	specs    map[*types.Var]*ast.ValueSpec
	specFile map[*ast.ValueSpec]*ast.File // package-level var specs

	exprs      map[token.Pos]ast.Expr // by the position of their SSA instruction
	lits       map[token.Pos]*ast.BasicLit
	pkgStrings map[string][]ast.Expr
	fnStrings  map[*ast.BlockStmt]map[string][]ast.Expr
}

// New returns the index of the package made of files, type-checked into
// info.
func New(files []*ast.File, info *types.Info) *Index {
	return &Index{files: files, info: info}
}

// buildDecls indexes calls and declarations in one walk.
func (x *Index) buildDecls() {
	if x.decls {
		return
	}
	x.decls = true
	x.calls = map[token.Pos]*ast.CallExpr{}
	x.consts = map[*types.Const]ast.Expr{}
	x.specs = map[*types.Var]*ast.ValueSpec{}
	x.specFile = map[*ast.ValueSpec]*ast.File{}
	for _, f := range x.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				x.calls[n.Lparen] = n
			case *ast.ValueSpec:
				for i, name := range n.Names {
					switch obj := x.info.Defs[name].(type) {
					case *types.Const:
						if i < len(n.Values) {
							x.consts[obj] = n.Values[i]
						}
					case *types.Var:
						x.specs[obj] = n
					}
				}
			}
			return true
		})
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, s := range gd.Specs {
					x.specFile[s.(*ast.ValueSpec)] = f
				}
			}
		}
	}
}

// Call returns the call expression whose parenthesis is at lparen (the
// position SSA gives a call), nil when there is none.
func (x *Index) Call(lparen token.Pos) *ast.CallExpr {
	x.buildDecls()
	return x.calls[lparen]
}

// ConstInit returns the expression constant c is declared with, nil when
// it has none here (an iota-repeated spec, another package's constant).
func (x *Index) ConstInit(c *types.Const) ast.Expr {
	x.buildDecls()
	return x.consts[c]
}

// VarSpec returns the declaration of variable v, nil when it is not
// declared by a var spec of the package.
func (x *Index) VarSpec(v *types.Var) *ast.ValueSpec {
	x.buildDecls()
	return x.specs[v]
}

// SpecFile returns the file of a package-level var spec, nil for a local
// one.
func (x *Index) SpecFile(s *ast.ValueSpec) *ast.File {
	x.buildDecls()
	return x.specFile[s]
}

// ExprAt returns the expression whose SSA instruction is at pos: a
// selector by its Sel, a call by its Lparen, an index or slice by its
// Lbrack, an operator by its OpPos, a dereference by its Star, else an
// identifier. nil when pos is none of them. The outermost expression wins
// where two share a position.
func (x *Index) ExprAt(pos token.Pos) ast.Expr {
	if !pos.IsValid() {
		return nil
	}
	if x.exprs == nil {
		x.exprs = map[token.Pos]ast.Expr{}
		add := func(p token.Pos, e ast.Expr) {
			if _, ok := x.exprs[p]; !ok {
				x.exprs[p] = e
			}
		}
		for _, f := range x.files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch e := n.(type) {
				case *ast.SelectorExpr:
					add(e.Sel.Pos(), e)
				case *ast.CallExpr:
					add(e.Lparen, e)
				case *ast.IndexExpr:
					add(e.Lbrack, e)
				case *ast.SliceExpr:
					add(e.Lbrack, e)
				case *ast.BinaryExpr:
					add(e.OpPos, e)
				case *ast.UnaryExpr:
					add(e.OpPos, e)
				case *ast.StarExpr:
					add(e.Star, e)
				case *ast.Ident:
					add(e.Pos(), e)
				}
				return true
			})
		}
	}
	return x.exprs[pos]
}

// StringLitAt returns the string literal starting at pos, nil when there
// is none.
func (x *Index) StringLitAt(pos token.Pos) *ast.BasicLit {
	if x.lits == nil {
		x.lits = map[token.Pos]*ast.BasicLit{}
		for _, f := range x.files {
			ast.Inspect(f, func(n ast.Node) bool {
				if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING {
					x.lits[bl.Pos()] = bl
				}
				return true
			})
		}
	}
	return x.lits[pos]
}

// PackageStrings indexes the maximal constant string expressions of the
// whole package by value: a constant carried out of the function that
// wrote it (a helper's result, a named constant) maps back to its
// expression when it is the only one with that value.
func (x *Index) PackageStrings() map[string][]ast.Expr {
	if x.pkgStrings == nil {
		x.pkgStrings = map[string][]ast.Expr{}
		for _, f := range x.files {
			x.collectStrings(f, x.pkgStrings, true)
		}
	}
	return x.pkgStrings
}

// FuncStrings indexes the maximal constant string expressions of the
// function declared or written as syn (an *ast.FuncDecl or *ast.FuncLit,
// what ssa.Function.Syntax returns) by value, without those of the
// function literals inside it. Any other syn has none.
func (x *Index) FuncStrings(syn ast.Node) map[string][]ast.Expr {
	var body *ast.BlockStmt
	switch s := syn.(type) {
	case *ast.FuncDecl:
		body = s.Body
	case *ast.FuncLit:
		body = s.Body
	}
	if body == nil {
		return map[string][]ast.Expr{}
	}
	if m, ok := x.fnStrings[body]; ok {
		return m
	}
	if x.fnStrings == nil {
		x.fnStrings = map[*ast.BlockStmt]map[string][]ast.Expr{}
	}
	m := map[string][]ast.Expr{}
	x.fnStrings[body] = m
	x.collectStrings(body, m, false)
	return m
}

// collectStrings adds the maximal constant string expressions under root
// to m, entering function literals only when literals is set.
func (x *Index) collectStrings(root ast.Node, m map[string][]ast.Expr, literals bool) {
	ast.Inspect(root, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok && !literals {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		if tv, ok := x.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
			s := constant.StringVal(tv.Value)
			m[s] = append(m[s], e)
			return false
		}
		return true
	})
}

// Containing returns the one expression of exprs (constant strings by
// value, as PackageStrings and FuncStrings give them) whose value holds
// text exactly once, nil when none or several do.
func Containing(exprs map[string][]ast.Expr, text string) ast.Expr {
	var found ast.Expr
	for val, es := range exprs {
		switch n := strings.Count(val, text); {
		case n == 0:
			continue
		case n > 1 || len(es) > 1 || found != nil:
			return nil
		}
		found = es[0]
	}
	return found
}
