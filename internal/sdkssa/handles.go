package sdkssa

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// Handles tells whether a database/sql handle of one package (a *sql.DB,
// a *sql.Conn) was certainly opened on the YDB driver, and whether a table
// session certainly came from table.Client.CreateSession. Services open the
// handle in main or a constructor, far from where they use it:
//
//	db := sql.OpenDB(ydb.MustConnector(drv))   // or sql.Open("ydb", dsn)
//	repo := &Repo{db: db}                      // r.db.BeginTx(…) in a method
//
// The trace goes through local variables (captured ones too), phis whose
// every edge is traced, an unexported package-level variable (any variable
// of package main) whose every store is traced, an unexported field of a
// struct type of the package whose every store is traced and whose address
// is only loaded or stored through, a parameter of an unexported function
// (any function of package main) that is never used as a value and whose
// every static call passes a traced handle, and (*sql.DB).Conn; a session
// takes the same path from CreateSession's first result. Anything
// else is not YDB: the many services that open Postgres or MySQL with
// database/sql next to YDB must never be judged as YDB.
type Handles struct {
	pkg     *ssa.Package
	funcs   []*ssa.Function
	memo    map[handleKey]bool
	callers map[*ssa.Function][]ssa.CallInstruction
	asValue map[*ssa.Function]bool // used other than as the callee of a call
	indexed bool
}

// handleKind is what a traced value must be.
type handleKind uint8

const (
	kindDB             handleKind = iota // a *sql.DB or *sql.Conn on the YDB driver
	kindConnector                        // a connector of ydb.Connector / ydb.MustConnector
	kindCreatedSession                   // a table session of table.Client.CreateSession
)

type handleKey struct {
	what any // an ssa.Value, *ssa.Global, handleField
	kind handleKind
}

// handleField identifies field i of a struct type of the package.
type handleField struct {
	tn *types.TypeName
	i  int
}

// Bounds of the trace: nesting of values, stores into one variable.
const (
	maxHandleDepth  = 24
	maxHandleStores = 8
)

// NewHandles traces the handles of pkg, whose functions (with every
// function literal) are funcs.
func NewHandles(pkg *ssa.Package, funcs []*ssa.Function) *Handles {
	all := slices.Clone(funcs)
	if pkg != nil {
		if init := pkg.Func("init"); init != nil && !slices.Contains(all, init) {
			all = append(all, init) // package-level variable initialisers
			all = append(all, init.AnonFuncs...)
		}
	}
	return &Handles{pkg: pkg, funcs: all, memo: map[handleKey]bool{}}
}

// IsYDB reports whether v, a *sql.DB or *sql.Conn, was certainly opened
// on the YDB database/sql driver.
func (h *Handles) IsYDB(v ssa.Value) bool {
	if h == nil || h.pkg == nil {
		return false
	}
	return h.traced(v, kindDB, 0)
}

// IsCreatedSession reports whether v, a table.Session or
// table.ClosableSession, certainly came from table.Client.CreateSession:
// a session the code holds itself, that no retrier hands out or takes back.
func (h *Handles) IsCreatedSession(v ssa.Value) bool {
	if h == nil || h.pkg == nil {
		return false
	}
	return h.traced(v, kindCreatedSession, 0)
}

// StaticCallers returns every static call of fn among the package's
// functions, and whether fn is used otherwise (as a value).
func (h *Handles) StaticCallers(fn *ssa.Function) (calls []ssa.CallInstruction, asValue bool) {
	h.index()
	return h.callers[fn], h.asValue[fn]
}

// memoized computes what key says once; a key met again while it is
// being computed (a cycle) is not traced.
func (h *Handles) memoized(key handleKey, compute func() bool) bool {
	if v, ok := h.memo[key]; ok {
		return v
	}
	h.memo[key] = false
	v := compute()
	h.memo[key] = v
	return v
}

// traced reports whether v is certainly a value of kind.
func (h *Handles) traced(v ssa.Value, kind handleKind, depth int) bool {
	if v == nil || depth > maxHandleDepth {
		return false
	}
	switch x := v.(type) {
	case *ssa.ChangeType:
		return h.traced(x.X, kind, depth+1)
	case *ssa.MakeInterface:
		return h.traced(x.X, kind, depth+1)
	case *ssa.ChangeInterface:
		return h.traced(x.X, kind, depth+1)
	case *ssa.Call:
		return h.opens(x.Common(), -1, kind, depth)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return h.opens(call.Common(), x.Index, kind, depth)
		}
	case *ssa.Phi:
		return h.memoized(handleKey{x, kind}, func() bool {
			return len(x.Edges) > 0 && all(x.Edges, func(e ssa.Value) bool { return h.traced(e, kind, depth+1) })
		})
	case *ssa.FreeVar:
		return h.traced(ssacell.BoundTo(x), kind, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return h.loaded(x.X, kind, depth+1)
		}
	case *ssa.Parameter:
		return h.memoized(handleKey{x, kind}, func() bool { return h.param(x, kind, depth) })
	}
	return false
}

// opens reports whether result index (-1: the only one) of the call c is
// a value of kind.
func (h *Handles) opens(c *ssa.CallCommon, index int, kind handleKind, depth int) bool {
	id, args, ok := Callee(c)
	if !ok {
		return false
	}
	if kind == kindCreatedSession {
		return index == 0 && id == sdk.CreateSession
	}
	f := sdk.LookupFunc(id)
	if f == nil {
		return false
	}
	switch {
	case kind == kindConnector && f.Helper == sdk.HelperConnector:
		return index == 0
	case kind == kindConnector && f.Helper == sdk.HelperMustConnector:
		return index < 0
	case kind == kindDB && f.Helper == sdk.HelperSQLOpenDB:
		return index < 0 && len(args) == 1 && h.traced(args[0], kindConnector, depth+1)
	case kind == kindDB && f.Helper == sdk.HelperSQLOpen:
		return index == 0 && len(args) == 2 && isYDBDriverName(args[0])
	case kind == kindDB && f.Helper == sdk.HelperDBConn:
		return index == 0 && !c.IsInvoke() && len(c.Args) > 0 && h.traced(c.Args[0], kindDB, depth+1)
	}
	return false
}

// isYDBDriverName reports whether v is a constant driver name the SDK
// registers (sql.go: sql.Register("ydb", d), sql.Register("ydb/v3", d)).
func isYDBDriverName(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return false
	}
	return slices.Contains(sdk.YDBDriverNames, constant.StringVal(c.Value))
}

// loaded reports whether the variable at addr holds values of kind only.
func (h *Handles) loaded(addr ssa.Value, kind handleKind, depth int) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return h.memoized(handleKey{a, kind}, func() bool {
			stores, ok := ssacell.Stores(a)
			return ok && h.allStored(stores, kind, depth)
		})
	case *ssa.FreeVar:
		if cell, ok := ssacell.BoundTo(a).(*ssa.Alloc); ok {
			return h.loaded(cell, kind, depth)
		}
	case *ssa.Global:
		if a.Pkg != h.pkg || !h.knownVar(a.Object()) {
			return false
		}
		return h.memoized(handleKey{a, kind}, func() bool {
			stores, ok := h.storesTo(func(v ssa.Value) bool { return v == ssa.Value(a) })
			return ok && h.allStored(stores, kind, depth)
		})
	case *ssa.FieldAddr:
		tn := LocalStruct(a.X.Type(), h.pkg.Pkg)
		if tn == nil || !h.knownField(tn, a.Field) {
			return false
		}
		return h.memoized(handleKey{handleField{tn, a.Field}, kind}, func() bool {
			stores, ok := h.storesTo(func(v ssa.Value) bool {
				fa, isFA := v.(*ssa.FieldAddr)
				return isFA && fa.Field == a.Field && LocalStruct(fa.X.Type(), h.pkg.Pkg) == tn
			})
			return ok && h.allStored(stores, kind, depth)
		})
	}
	return false
}

// allStored reports whether there are stores, not too many, and each
// stores a value of kind.
func (h *Handles) allStored(stores []*ssa.Store, kind handleKind, depth int) bool {
	if len(stores) == 0 || len(stores) > maxHandleStores {
		return false
	}
	return all(stores, func(s *ssa.Store) bool { return h.traced(s.Val, kind, depth+1) })
}

// knownVar reports whether every write of the package-level variable obj
// is in this package: it is unexported, or the package is main.
func (h *Handles) knownVar(obj types.Object) bool {
	return obj != nil && (!obj.Exported() || h.pkg.Pkg.Name() == "main")
}

// knownField reports whether every write of field i of tn is in this
// package: the field is unexported (or the package is main).
func (h *Handles) knownField(tn *types.TypeName, i int) bool {
	st, ok := tn.Type().Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return false
	}
	return h.knownVar(st.Field(i))
}

// storesTo returns every store into an address isAddr accepts, among the
// package's functions; ok is false when such an address is used other
// than to load from or store to it (passed on, stored itself), since the
// variable may then be written anywhere.
func (h *Handles) storesTo(isAddr func(ssa.Value) bool) (stores []*ssa.Store, ok bool) {
	for _, fn := range h.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if s, isStore := instr.(*ssa.Store); isStore && isAddr(s.Addr) {
					if isAddr(s.Val) {
						return nil, false
					}
					stores = append(stores, s)
					continue
				}
				if u, isLoad := instr.(*ssa.UnOp); isLoad && u.Op == token.MUL && isAddr(u.X) {
					continue
				}
				if _, isRef := instr.(*ssa.DebugRef); isRef {
					continue
				}
				for _, op := range instr.Operands(nil) {
					if *op != nil && isAddr(*op) {
						return nil, false
					}
				}
			}
		}
	}
	return stores, true
}

// param reports whether every static call of p's function passes a
// value of kind for p, when those calls are all its calls.
func (h *Handles) param(p *ssa.Parameter, kind handleKind, depth int) bool {
	fn := p.Parent()
	if fn == nil || fn.Parent() != nil || fn.Signature.Recv() != nil || fn.TypeParams().Len() > 0 || fn.Pkg != h.pkg {
		return false
	}
	if !h.knownVar(fn.Object()) {
		return false
	}
	i := slices.Index(fn.Params, p)
	calls, asValue := h.StaticCallers(fn)
	if i < 0 || asValue || len(calls) == 0 {
		return false
	}
	return all(calls, func(c ssa.CallInstruction) bool {
		args := c.Common().Args
		return i < len(args) && h.traced(args[i], kind, depth+1)
	})
}

// index records the static calls of the package's top-level functions
// and which of them are used as values.
func (h *Handles) index() {
	if h.indexed {
		return
	}
	h.indexed = true
	h.callers = map[*ssa.Function][]ssa.CallInstruction{}
	h.asValue = map[*ssa.Function]bool{}
	for _, fn := range h.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee *ssa.Value
				if c, ok := instr.(ssa.CallInstruction); ok && !c.Common().IsInvoke() {
					callee = &c.Common().Value
					if f, ok := (*callee).(*ssa.Function); ok && f.Pkg == h.pkg {
						h.callers[f] = append(h.callers[f], c)
					}
				}
				for _, op := range instr.Operands(nil) {
					if f, ok := (*op).(*ssa.Function); ok && f.Pkg == h.pkg && op != callee {
						h.asValue[f] = true
					}
				}
			}
		}
	}
}

// LocalStruct is the named non-generic struct type of pkg that t is or
// points to, or nil (querysite's handle tracing uses it too).
func LocalStruct(t types.Type, pkg *types.Package) *types.TypeName {
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 || n.Obj().Pkg() != pkg {
		return nil
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return nil
	}
	return n.Obj()
}

func all[T any](xs []T, ok func(T) bool) bool {
	for _, x := range xs {
		if !ok(x) {
			return false
		}
	}
	return true
}
