package querysite

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Table paths are often built with path.Join, path.Dir and path.Base:
// path.Join(db.Name(), "orders"), or PRAGMA TablePathPrefix(path.Dir(p))
// with the table path.Base(p). Recovering them keeps the table visible:
//
//   - path.Join of known strings is evaluated; with unknown pieces the
//     elements are joined with single slashes, so path.Join(db.Name(),
//     "orders") is a hole keyed "call:…(*Driver).Name" then "/orders", which
//     the catalogue matches by suffix. An element spelling ".." could eat an
//     unknown piece when cleaned, so the whole result is then an unkeyed hole.
//   - path.Dir and path.Base of a known string are evaluated; of a text
//     ending in "/name" they cut at that slash. Of a value that is exactly
//     one keyed hole K they are holes keyed "dir:K" and "base:K": the
//     catalogue (schema.NormalizePath) joins {dir:K}/{base:K} back into {K},
//     so a query under PRAGMA TablePathPrefix(path.Dir(p)) naming
//     path.Base(p) finds the table created as p.
//   - Anything else is an unkeyed hole.
//
// path/filepath's twins behave the same on a GOOS whose separator is '/';
// on Windows they are holes (the program would build backslash paths).

// Hole key prefixes for path.Dir and path.Base of a keyed value. schema's
// path normaliser spells the same prefixes.
const (
	dirKeyPrefix  = "dir:"
	baseKeyPrefix = "base:"
)

// pathFunc tells whether the callee is one of the path functions recovered
// here, by package path and name.
func pathFunc(pkg, name, recv string) (string, bool) {
	if recv != "" {
		return "", false
	}
	switch pkg {
	case "path":
	case "path/filepath":
		if build.Default.GOOS == "windows" {
			return "", false
		}
	default:
		return "", false
	}
	switch name {
	case "Join", "Dir", "Base":
		return name, true
	}
	return "", false
}

// pathText recovers path.Join(elems...), path.Dir(p) or path.Base(p).
func (a *pkgAnalysis) pathText(name string, common *ssa.CallCommon, ce *ast.CallExpr, c *ctx) texts {
	pos, end := common.Pos(), common.Pos()
	desc := "path." + name
	if ce != nil {
		pos, end, desc = ce.Pos(), ce.End(), types.ExprString(ce)
	}
	hole := single(holePiece("", desc, pos, end))
	if len(common.Args) != 1 {
		return hole
	}
	if name == "Join" {
		elems, ok := ssaval.SliceElems(common.Args[0])
		if !ok {
			return hole
		}
		var hints []ast.Expr
		if ce != nil && !ce.Ellipsis.IsValid() && len(ce.Args) == len(elems) {
			hints = ce.Args
		}
		// Every combination of the elements' variants, bounded.
		combos := [][]variant{nil}
		truncated := false
		for i, e := range elems {
			t := a.text(e, hintAt(hints, i), c.deeper())
			truncated = truncated || t.truncated
			if t.cyclic {
				return hole
			}
			var next [][]variant
			for _, combo := range combos {
				for _, v := range t.vs {
					if len(next) >= maxVariants {
						truncated = true
						break
					}
					next = append(next, append(append([]variant(nil), combo...), v))
				}
			}
			combos = next
		}
		out := texts{truncated: truncated}
		for _, combo := range combos {
			out = union(out, single(joinPathPieces(combo, desc, pos, end)...))
		}
		return out
	}
	var hint ast.Expr
	if ce != nil && len(ce.Args) == 1 {
		hint = ce.Args[0]
	}
	t := a.text(common.Args[0], hint, c.deeper())
	if t.cyclic {
		return hole
	}
	out := texts{truncated: t.truncated}
	for _, v := range t.vs {
		var r variant
		if name == "Dir" {
			r = dirPieces(v, desc, pos, end)
		} else {
			r = basePieces(v, desc, pos, end)
		}
		out = union(out, single(r...))
	}
	return out
}

func allLiteral(v variant) bool {
	for _, p := range v {
		if p.hole || p.param >= 0 {
			return false
		}
	}
	return true
}

// hasDotDot reports whether a literal piece of v holds "..", which
// path.Clean would resolve against the unknown piece before it.
func hasDotDot(v variant) bool {
	for _, p := range v {
		if !p.hole && p.param < 0 && strings.Contains(p.text, "..") {
			return true
		}
	}
	return false
}

// joinPathPieces is path.Join over element variants.
func joinPathPieces(elems []variant, desc string, pos, end token.Pos) variant {
	var strs []string
	known := true
	for _, e := range elems {
		if !allLiteral(e) {
			known = false
			break
		}
		strs = append(strs, joined(e))
	}
	if known {
		j := path.Join(strs...)
		var nonEmpty []variant
		var parts []string
		for i, e := range elems {
			if strs[i] != "" {
				nonEmpty = append(nonEmpty, e)
				parts = append(parts, strs[i])
			}
		}
		if j != strings.Join(parts, "/") {
			// Cleaning changed the bytes: keep the value, map it to the call.
			return variant{lit(j, pos, end, false)}
		}
		var out variant
		for i, e := range nonEmpty {
			if i > 0 {
				out = append(out, lit("/", pos, end, false))
			}
			out = append(out, e...)
		}
		if len(out) == 0 {
			out = variant{lit("", pos, end, false)}
		}
		return out
	}
	var parts []variant
	for i, e := range elems {
		if hasDotDot(e) {
			return variant{holePiece("", desc, pos, end)}
		}
		if i > 0 {
			e = trimSlashes(e, true)
		}
		if i < len(elems)-1 {
			e = trimSlashes(e, false)
		}
		if len(e) == 0 || allLiteral(e) && joined(e) == "" {
			continue
		}
		parts = append(parts, e)
	}
	var out variant
	for i, e := range parts {
		if i > 0 {
			out = append(out, lit("/", pos, end, false))
		}
		out = append(out, e...)
	}
	return out
}

// trimSlashes removes the slashes at the start (left) or end of v's
// literal bytes, up to the first unknown piece.
func trimSlashes(v variant, left bool) variant {
	out := append(variant(nil), v...)
	for len(out) > 0 {
		i := len(out) - 1
		if left {
			i = 0
		}
		p := out[i]
		if p.hole || p.param >= 0 {
			break
		}
		var t string
		var cut []piece
		if left {
			t = strings.TrimLeft(p.text, "/")
			cut = slicePieces([]piece{p}, len(p.text)-len(t), len(p.text))
		} else {
			t = strings.TrimRight(p.text, "/")
			cut = slicePieces([]piece{p}, 0, len(t))
		}
		if t == "" {
			if left {
				out = out[1:]
			} else {
				out = out[:i]
			}
			continue
		}
		out[i] = cut[0]
		break
	}
	return out
}

// tailSplit splits v at the last slash of its trailing literal bytes: the
// pieces before the slash, and the text after it. ok is false when v does
// not end in a literal "/name" (name not empty, "." or "..").
func tailSplit(v variant) (head variant, base variant, ok bool) {
	k := len(v) - 1
	for k >= 0 && !v[k].hole && v[k].param < 0 {
		k--
	}
	tail := v[k+1:]
	s := joined(tail)
	i := strings.LastIndexByte(s, '/')
	if i < 0 {
		return nil, nil, false
	}
	name := s[i+1:]
	if name == "" || name == "." || name == ".." {
		return nil, nil, false
	}
	dir := strings.TrimRight(s[:i], "/")
	head = append(append(variant(nil), v[:k+1]...), slicePieces(tail, 0, len(dir))...)
	if hasDotDot(head) {
		return nil, nil, false
	}
	return head, slicePieces(tail, i+1, len(s)), true
}

// dirPieces is path.Dir of one variant.
func dirPieces(v variant, desc string, pos, end token.Pos) variant {
	if allLiteral(v) {
		return variant{lit(path.Dir(joined(v)), pos, end, false)}
	}
	if len(v) == 1 && v[0].hole && v[0].key != "" {
		return variant{holePiece(dirKeyPrefix+v[0].key, desc, pos, end)}
	}
	if head, _, ok := tailSplit(v); ok && len(head) > 0 {
		return head
	}
	return variant{holePiece("", desc, pos, end)}
}

// basePieces is path.Base of one variant.
func basePieces(v variant, desc string, pos, end token.Pos) variant {
	if allLiteral(v) {
		return variant{lit(path.Base(joined(v)), pos, end, false)}
	}
	if len(v) == 1 && v[0].hole && v[0].key != "" {
		return variant{holePiece(baseKeyPrefix+v[0].key, desc, pos, end)}
	}
	if _, base, ok := tailSplit(v); ok {
		return base
	}
	return variant{holePiece("", desc, pos, end)}
}

// databaseNameKey is the hole key of the driver's database name,
// (*ydb.Driver).Name() or ydb.Connection's Name(): a service talks to one
// database, so every such call holds the same string, the same way a
// parameterless function does.
func databaseNameKey(common *ssa.CallCommon) (string, string) {
	var obj *types.Func
	if common.IsInvoke() {
		obj = common.Method
	} else if callee := common.StaticCallee(); callee != nil {
		obj, _ = callee.Object().(*types.Func)
	}
	if id, ok := sdk.IdentityOf(obj); !ok || !slices.Contains(sdk.DatabaseNameMethods, id) {
		return "", ""
	}
	if sig, ok := obj.Type().(*types.Signature); !ok || sig.Params().Len() != 0 {
		return "", ""
	}
	return schema.DatabaseRootKey, "db.Name()"
}
