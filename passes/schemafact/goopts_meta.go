package schemafact

import (
	"go/ast"

	"github.com/ydblint/ydblint/internal/schema"
)

// columnMeta decodes WithColumnMeta(options.Column{Name: …, Type: …,
// Family: …, DefaultValue: …}) written out with keyed fields (every v3
// release has Name, Type and Family; DefaultValue came later). Anything
// else — positional fields, a Column built elsewhere, a field this scan does
// not know, a name or type that is not constant — leaves the call
// undecoded, as for WithColumn.
func (c *optCtx) columnMeta(call *ast.CallExpr, src schema.Source) (schema.ColumnSpec, bool) {
	col := schema.ColumnSpec{Src: src}
	if len(call.Args) != 1 || call.Ellipsis.IsValid() {
		return col, false
	}
	lit, ok := call.Args[0].(*ast.CompositeLit)
	if !ok || !c.isOptionsType(lit.Type, "Column") {
		return col, false
	}
	typed := false
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return col, false
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return col, false
		}
		switch key.Name {
		case "Name":
			if col.Name, ok = c.constStr(kv.Value); !ok {
				return col, false
			}
		case "Type":
			if col.Type, col.Optional, ok = c.ydbType(kv.Value, 0); !ok {
				return col, false
			}
			typed = true
		case "Family":
		case "DefaultValue":
			if id, isIdent := kv.Value.(*ast.Ident); !isIdent || id.Name != "nil" || c.isLocal("nil") {
				col.HasDefault = true
			}
		default:
			return col, false
		}
	}
	return col, col.Name != "" && typed
}

// isOptionsType reports whether e names the SDK options package's type name
// (options.Column through this file's import).
func (c *optCtx) isOptionsType(e ast.Expr, name string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && !c.isLocal(id.Name) && importOf(c.file, id.Name) == ydbOptionsPkg
}
