package querysite

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// database/sql handles that services pass around. The binding mode of a
// handle (how `?`, `$1` and named arguments reach YQL parameters) and its
// table path prefix come from the connector it was opened with, usually in
// main or a constructor, far from the queries:
//
//	func main() {
//		c, _ := ydb.Connector(cc, ydb.WithAutoDeclare(), ydb.WithTablePathPrefix(prefix))
//		db := sql.OpenDB(c)
//		_ = fillTables(ctx, db)          // fillTables(ctx, db *sql.DB) runs the queries
//	}
//
//	type hosts struct{ db *sql.DB }
//	func newHosts(drv *ydb.Driver) *hosts {
//		return &hosts{db: sql.OpenDB(ydb.MustConnector(drv, ydb.WithPositionalArgs()))}
//	}
//
// dbInfo follows a handle into such places only when every way in is
// known and they agree:
//
//   - a parameter of a function every call of which is known (unexported,
//     or in package main; knownCallers), when every call passes a handle
//     with the same binding;
//   - a field of a struct type of this package, when every store into the
//     field stores a handle with the same binding and the field's address
//     is used for nothing else (no function whose body querysite does not
//     see may write it: ssaprog.Program.UnknownField).
//
// Anything else keeps the binding unknown: a value-based check must never
// rest on a guessed mapping.

// maxHandleStores bounds the stores into one handle field that are traced.
const maxHandleStores = 8

// handleMemo returns the traced binding of key (a parameter, a field),
// computing it once; a key met again while being computed (calls passing
// a handle around in a cycle) is unknown.
func (a *pkgAnalysis) handleMemo(key any, compute func() dbInfo) dbInfo {
	if a.handles == nil {
		a.handles = map[any]dbInfo{}
	}
	if info, ok := a.handles[key]; ok {
		return info
	}
	a.handles[key] = dbInfo{mode: site.BindUnknown}
	info := compute()
	a.handles[key] = info
	return info
}

// handleField identifies field i of a local struct type.
type handleField struct {
	tn *types.TypeName
	i  int
}

// dbParamInfo is the binding every known call passes for parameter p.
func (a *pkgAnalysis) dbParamInfo(p *ssa.Parameter, depth int) dbInfo {
	return a.handleMemo(p, func() dbInfo { return a.computeParamDB(p, depth) })
}

func (a *pkgAnalysis) computeParamDB(p *ssa.Parameter, depth int) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	calls, i := a.knownCallers(p)
	if i < 0 {
		return unknown
	}
	return agreeingDB(len(calls), func(k int) (dbInfo, bool) {
		args := calls[k].Common().Args
		if i >= len(args) {
			return unknown, false
		}
		return a.dbInfo(args[i], depth+1), true
	})
}

// dbFieldInfo is the binding of a handle loaded from field fa of a local
// struct type: the handles stored into that field, when they agree.
func (a *pkgAnalysis) dbFieldInfo(fa *ssa.FieldAddr, depth int) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	tn := sdkssa.LocalStruct(fa.X.Type(), a.pass.Pkg)
	if tn == nil || a.prog.UnknownField(tn, fa.Field) {
		return unknown
	}
	return a.handleMemo(handleField{tn, fa.Field}, func() dbInfo { return a.computeFieldDB(tn, fa.Field, depth) })
}

func (a *pkgAnalysis) computeFieldDB(tn *types.TypeName, field, depth int) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	stores, ok := a.handleStores(tn, field)
	if !ok || len(stores) == 0 || len(stores) > maxHandleStores {
		return unknown
	}
	return agreeingDB(len(stores), func(k int) (dbInfo, bool) {
		return a.dbInfo(stores[k].Val, depth+1), true
	})
}

// agreeingDB is what n sources all say of a handle, or unknown when one
// says nothing or two differ. A source may know the driver but not the
// binding (sql.Open("pgx", dsn)): when all agree, that is kept too, so a
// handle of another database stays recognised as one.
func agreeingDB(n int, source func(int) (dbInfo, bool)) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	var first dbInfo
	for k := range n {
		info, ok := source(k)
		if !ok || info == unknown {
			return unknown
		}
		if k == 0 {
			first = info
		} else if info != first {
			return unknown
		}
	}
	if n == 0 {
		return unknown
	}
	return first
}

// handleStores returns every store into field i of tn in the package's
// functions; ok is false when the field's address is used otherwise (passed
// on, stored, converted), since it may then be written anywhere.
func (a *pkgAnalysis) handleStores(tn *types.TypeName, i int) (stores []*ssa.Store, ok bool) {
	for _, fn := range a.funcs {
		for _, b := range a.prog.Blocks(fn) {
			for _, instr := range b.Instrs {
				fa, isFA := instr.(*ssa.FieldAddr)
				if !isFA || fa.Field != i || sdkssa.LocalStruct(fa.X.Type(), a.pass.Pkg) != tn {
					continue
				}
				st, escaped := ssaval.FieldAddrUses(fa)
				if escaped {
					return nil, false
				}
				stores = append(stores, st...)
			}
		}
	}
	return stores, true
}

// derefLocal is the value stored once into the local variable v loads
// (a variable captured by a closure, such as a connector closed by a
// deferred function, lives in an Alloc), or v itself.
func derefLocal(v ssa.Value) ssa.Value {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if alloc, ok := u.X.(*ssa.Alloc); ok {
			if val := ssaval.SingleStore(alloc); val != nil {
				return val
			}
		}
	}
	return v
}
