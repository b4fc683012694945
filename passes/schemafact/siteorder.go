package schemafact

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"github.com/ydblint/ydblint/internal/schema"
)

// creators tracks which top-level function of the package first created
// each table in the package's ordered site catalogue.
//
// A package's query-site DDL is applied in source order, which is a real
// order inside one function (create, then alter) but not between functions:
// two test functions that each create their own `seasons` table, one with a
// GLOBAL index and one without, run against different folders or in no
// known order. Applied in sequence, the later CREATE would silently replace
// the earlier one and its index would be claimed for the other test's
// queries. So a CREATE of a table that another function already created is
// applied to a catalogue of its own, and the merge treats the two
// definitions as unordered: an index only one has is Partial, different
// keys are a conflict — both make the rules quieter, never louder.
type creators struct {
	funcs []*ast.FuncDecl // sorted by position
	first map[tableID]any // *ast.FuncDecl, or a function's name (goDDL.Func)
}

type tableID struct {
	path          string
	prefixUnknown bool
}

func newCreators(files []*ast.File) *creators {
	c := &creators{first: map[tableID]any{}}
	for _, f := range files {
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				c.funcs = append(c.funcs, fd)
			}
		}
	}
	sort.Slice(c.funcs, func(i, j int) bool { return c.funcs[i].Pos() < c.funcs[j].Pos() })
	return c
}

// enclosing is the top-level function declaration holding pos (closures
// belong to the function they are written in); nil at package level.
func (c *creators) enclosing(pos token.Pos) *ast.FuncDecl {
	i := sort.Search(len(c.funcs), func(i int) bool { return c.funcs[i].End() > pos })
	if i < len(c.funcs) && c.funcs[i].Pos() <= pos {
		return c.funcs[i]
	}
	return nil
}

// redefines applies the DDL (parsed once by the caller) to a scratch
// catalogue to see which tables it creates, and reports whether one of them
// was first created by another function. The tables it creates are
// recorded otherwise.
func (c *creators) redefines(pos token.Pos, apply func(*schema.Catalog)) bool {
	if fn := c.enclosing(pos); fn != nil {
		return c.redefinesIn(fn, apply)
	}
	return c.redefinesIn("", apply)
}

// redefinesIn is redefines for DDL written in fn (an *ast.FuncDecl or a
// function's name; "" for package level, which is one sequence).
func (c *creators) redefinesIn(fn any, apply func(*schema.Catalog)) bool {
	scratch := schema.New()
	apply(scratch)
	var ids []tableID
	for _, t := range scratch.Tables {
		if len(t.PrimaryKey) == 0 && len(t.Columns) == 0 {
			continue // a placeholder for an ALTER of a table created elsewhere
		}
		id := tableID{t.Path, t.PrefixUnknown}
		if first, seen := c.first[id]; seen && first != fn {
			return true
		}
		ids = append(ids, id)
	}
	for _, id := range ids {
		if _, seen := c.first[id]; !seen {
			c.first[id] = fn
		}
	}
	return false
}

// enclosingFuncName is the name of the top-level function of f holding pos
// ("Recv.Name" for methods), or "" at package level or when f is nil.
func enclosingFuncName(f *ast.File, pos token.Pos) string {
	if f == nil {
		return ""
	}
	for _, decl := range f.Decls {
		fd, ok := decl.(*ast.FuncDecl)
		if !ok || pos < fd.Pos() || pos >= fd.End() {
			continue
		}
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			return types.ExprString(fd.Recv.List[0].Type) + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
	return ""
}
