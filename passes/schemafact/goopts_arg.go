package schemafact

import (
	"go/ast"
	"go/token"
	"strconv"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/tableopt"
)

// The syntactic side of tableopt's Arg and Call: an option call's argument
// evaluated in its context, without types. Only calls of the SDK's
// table/options package are calls here (every option the decoder reads is
// one), method chains are not followed, and a value is known only when it
// is written out: a constant string, an integer literal, a types.Type
// expression, a keyed options.Column literal.

// optArg is one argument expression.
type optArg struct {
	e ast.Expr
	c *optCtx
}

func (x optArg) ConstString() (string, bool)             { return x.c.constStr(x.e) }
func (x optArg) ConstStrings() ([]string, bool)          { return nil, false }
func (x optArg) YDBType() (string, bool, bool)           { return x.c.ydbType(x.e, 0) }
func (x optArg) Elems() ([]tableopt.Arg, bool)           { return nil, false }
func (x optArg) Fields() (map[string]tableopt.Arg, bool) { return x.c.keyedFields(x.e) }

func (x optArg) ConstInt() (int64, bool) {
	lit, ok := x.e.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.Atoi(lit.Value)
	return int64(v), err == nil
}

func (x optArg) IsNil() bool {
	id, ok := x.e.(*ast.Ident)
	return ok && id.Name == "nil" && !x.c.isLocal("nil")
}

func (x optArg) Call() (tableopt.Call, bool) {
	ip, name, call := x.c.sdkCall(x.e)
	if call == nil || ip != ydbOptionsPkg {
		return nil, false
	}
	return optCall{call: call, c: x.c, f: sdk.LookupFunc(sdk.Identity{Pkg: ip, Name: name})}, true
}

// variadicArgs are the arguments of a variadic parameter, as written.
type variadicArgs struct {
	args []ast.Expr
	// spread is set for f(xs...): the slice's elements are not read.
	spread bool
	c      *optCtx
}

func (v variadicArgs) ConstString() (string, bool)             { return "", false }
func (v variadicArgs) ConstInt() (int64, bool)                 { return 0, false }
func (v variadicArgs) IsNil() bool                             { return false }
func (v variadicArgs) YDBType() (string, bool, bool)           { return "", false, false }
func (v variadicArgs) Call() (tableopt.Call, bool)             { return nil, false }
func (v variadicArgs) Fields() (map[string]tableopt.Arg, bool) { return nil, false }

func (v variadicArgs) ConstStrings() ([]string, bool) {
	if v.spread {
		return nil, false
	}
	var out []string
	for _, a := range v.args {
		s, ok := v.c.constStr(a)
		if !ok {
			return out, false
		}
		out = append(out, s)
	}
	return out, true
}

func (v variadicArgs) Elems() ([]tableopt.Arg, bool) {
	if v.spread {
		return nil, false
	}
	out := make([]tableopt.Arg, len(v.args))
	for i, a := range v.args {
		out[i] = optArg{a, v.c}
	}
	return out, true
}

// optCall is a call of the SDK's table/options package.
type optCall struct {
	call *ast.CallExpr
	c    *optCtx
	f    *sdk.Func
}

func (c optCall) Func() *sdk.Func    { return c.f }
func (c optCall) InSDK() bool        { return true }
func (c optCall) NumArgs() int       { return len(c.call.Args) }
func (c optCall) Recv() tableopt.Arg { return nil }
func (c optCall) Pos() token.Pos     { return c.call.Pos() }

func (c optCall) Arg(i int) tableopt.Arg {
	if i < 0 || i >= len(c.call.Args) {
		return nil
	}
	return optArg{c.call.Args[i], c.c}
}

func (c optCall) Variadic(i int) tableopt.Arg {
	if i < 0 || i > len(c.call.Args) {
		return nil
	}
	return variadicArgs{args: c.call.Args[i:], spread: c.call.Ellipsis.IsValid(), c: c.c}
}

// keyedFields reads a struct literal of a type of the SDK's options package
// (options.Column{Name: …, Type: …}) written with keyed fields; positional
// fields or a struct built elsewhere are not read.
func (c *optCtx) keyedFields(e ast.Expr) (map[string]tableopt.Arg, bool) {
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !c.isOptionsType(lit.Type) {
		return nil, false
	}
	out := map[string]tableopt.Arg{}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil, false
		}
		key, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, false
		}
		out[key.Name] = optArg{kv.Value, c}
	}
	return out, true
}

// isOptionsType reports whether e names a type of the SDK's options
// package through this file's import (options.Column).
func (c *optCtx) isOptionsType(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && !c.isLocal(id.Name) && importOf(c.file, id.Name) == ydbOptionsPkg
}
