package schemafact

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// A string written to a builder (sb.WriteString("CREATE TABLE ")) or
// grown with += (q := "CREATE TABLE t ("; q += "id Uint64, "…) is a piece
// of a statement the scan cannot assemble. Such a piece is kept when it is
// a whole statement by itself (it parses), and dropped otherwise: its parse
// error says nothing about the DDL that YDB receives.

// pieceContext reports, for a node the scan is about to descend into,
// the sub-expressions that are pieces: the arguments of a WriteString
// call, the right-hand side of +=, and the value first assigned to a
// variable that some += in the package grows. nil when n is none of
// these.
func (s *goScanner) pieceContext(n ast.Node) []ast.Expr {
	switch n := n.(type) {
	case *ast.CallExpr:
		if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "WriteString" {
			return n.Args
		}
	case *ast.AssignStmt:
		switch n.Tok {
		case token.ADD_ASSIGN:
			return n.Rhs
		case token.DEFINE, token.ASSIGN:
			for _, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && s.grown[id.Name] {
					return n.Rhs
				}
			}
		}
	case *ast.ValueSpec:
		for _, name := range n.Names {
			if s.grown[name.Name] {
				return n.Values
			}
		}
	}
	return nil
}

// addGrownNames adds to out the names of the variables that a += in f
// grows (by name: the scan has no scopes).
func addGrownNames(out map[string]bool, f *ast.File) {
	ast.Inspect(f, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ADD_ASSIGN {
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					out[id.Name] = true
				}
			}
		}
		return true
	})
}

// visitPieces records the DDL in exprs as pieces.
func (s *goScanner) visitPieces(rel string, exprs []ast.Expr) {
	s.pieces++
	for _, e := range exprs {
		ast.Inspect(e, s.visit(rel))
	}
	s.pieces--
}

// dropBrokenPieces removes the pieces that do not parse by themselves.
func dropBrokenPieces(out []goDDL) []goDDL {
	kept := out[:0]
	for _, d := range out {
		if d.Piece && len(yql.Parse(d.Text).Errors) > 0 {
			continue
		}
		kept = append(kept, d)
	}
	return kept
}

// evalJoin evaluates strings.Join over a []string literal written at the
// call (the way a statement is laid out one clause per line); any other
// list, or an unknown separator, is a hole.
func (s *goScanner) evalJoin(call *ast.CallExpr, depth int, used map[string]bool) string {
	if len(call.Args) != 2 {
		return holeMark
	}
	lit, ok := call.Args[0].(*ast.CompositeLit)
	if !ok || !isStringSliceType(lit.Type) {
		return holeMark
	}
	sep, ok := s.eval(call.Args[1], depth+1, used)
	if !ok || strings.Contains(sep, holeMark) {
		return holeMark
	}
	var b strings.Builder
	for i, el := range lit.Elts {
		if _, keyed := el.(*ast.KeyValueExpr); keyed {
			return holeMark // [...]string{2: "x"} leaves gaps
		}
		v, ok := s.eval(el, depth+1, used)
		if !ok {
			v = holeMark
		}
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(v)
		if b.Len() > maxTextLen {
			return holeMark
		}
	}
	return b.String()
}

// isStringSliceType reports whether e is written []string.
func isStringSliceType(e ast.Expr) bool {
	at, ok := e.(*ast.ArrayType)
	if !ok || at.Len != nil {
		return false
	}
	id, ok := at.Elt.(*ast.Ident)
	return ok && id.Name == "string"
}
