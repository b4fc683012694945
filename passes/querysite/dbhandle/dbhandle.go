package dbhandle

import (
	"go/token"
	"go/types"
	"net/url"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Host is what the Tracer asks of the pass: the bodies it sees and the
// package's functions, the fields it cannot see every write of, the known
// callers of a parameter, the stores into a package variable, and the SDK
// entry point a call reaches (a retrier hands its closure the handle).
type Host interface {
	// Blocks are fn's basic blocks as the pass sees them.
	Blocks(fn *ssa.Function) []*ssa.BasicBlock
	// Funcs are the package's functions the pass sees, its initialiser
	// included.
	Funcs() []*ssa.Function
	// UnknownField reports whether field i of tn may be written by a
	// function whose body the pass does not see.
	UnknownField(tn *types.TypeName, i int) bool
	// KnownCallers are every call of p's function and p's index among
	// the call's arguments, or -1 when the calls are not all known.
	KnownCallers(p *ssa.Parameter) ([]ssa.CallInstruction, int)
	// GlobalStores are the stores into a package variable of the
	// package, and whether its address is used otherwise (escaped).
	GlobalStores(g *ssa.Global) (stores []*ssa.Store, escaped bool)
	// Entry is the SDK entry point (or configured sink) a call reaches,
	// nil for any other call.
	Entry(common *ssa.CallCommon) *sdk.Entry
}

// Tracer traces the database/sql handles of one package, each parameter
// and field once.
type Tracer struct {
	host Host
	pkg  *types.Package
	memo map[any]Info // handle parameters and fields already traced
}

// New returns the Tracer of the handles of package pkg.
func New(host Host, pkg *types.Package) *Tracer {
	return &Tracer{host: host, pkg: pkg, memo: map[any]Info{}}
}

// Of is how the handle v binds arguments; Mode is site.BindUnknown when
// it cannot be traced.
func (t *Tracer) Of(v ssa.Value) Info { return t.info(v, 0) }

// Info describes how a database/sql handle binds arguments: traced back
// to sql.OpenDB(ydb.Connector(…)) or sql.Open("ydb", "<const DSN>"), through
// Conn/BeginTx, single-assignment package vars, retry.Do closures, and the
// parameters and struct fields below.
type Info struct {
	Mode          site.BindMode
	AutoDeclare   bool
	Prefix        string
	PrefixUnknown bool
	Driver        string
}

func (t *Tracer) info(v ssa.Value, depth int) Info {
	unknown := Info{Mode: site.BindUnknown}
	if depth > ssaval.MaxDepth || v == nil {
		return unknown
	}
	v = ssaval.Peel(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if g, ok := x.X.(*ssa.Global); ok && g.Pkg != nil && g.Pkg.Pkg == t.pkg {
				if stores, escaped := t.host.GlobalStores(g); !escaped && len(stores) == 1 {
					return t.info(stores[0].Val, depth+1)
				}
			}
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				if val := ssaval.SingleStore(alloc); val != nil {
					return t.info(val, depth+1)
				}
			}
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				return t.dbFieldInfo(fa, depth+1)
			}
		}
		return unknown
	case *ssa.FreeVar:
		if b, _ := ssaval.FreeVarBinding(x); b != nil {
			return t.info(b, depth+1)
		}
		return unknown
	case *ssa.Parameter:
		if x.Parent() != nil && x.Parent().Parent() == nil {
			return t.dbParamInfo(x, depth)
		}
		return t.closureDB(x, depth)
	}
	f, args, recv, _ := ssaval.HelperOf(v)
	if f == nil {
		return unknown
	}
	switch f.Helper {
	case sdk.HelperDBConn, sdk.HelperDBBegin:
		return t.info(recv, depth+1)
	case sdk.HelperSQLOpenDB:
		if len(args) == 1 {
			cf, cargs, _, _ := ssaval.HelperOf(ssaval.Peel(derefLocal(ssaval.Peel(args[0]))))
			if cf != nil && (cf.Helper == sdk.HelperConnector || cf.Helper == sdk.HelperMustConnector) && len(cargs) == 2 {
				return t.connectorOptions(cargs[1])
			}
		}
	case sdk.HelperSQLOpen:
		if len(args) == 2 {
			name, ok := ssaval.ConstString(args[0])
			if !ok {
				return unknown
			}
			isYDB := false
			for _, n := range sdk.YDBDriverNames {
				isYDB = isYDB || n == name
			}
			if !isYDB {
				return Info{Mode: site.BindUnknown, Driver: name}
			}
			dsn, ok := ssaval.ConstString(args[1])
			if !ok {
				return Info{Mode: site.BindUnknown, Driver: "ydb"}
			}
			return parseDSN(dsn)
		}
	}
	return unknown
}

// closureDB resolves the *sql.Conn / *sql.Tx parameter of a closure passed
// to retry.Do / retry.DoTx to the *sql.DB argument of that call.
func (t *Tracer) closureDB(p *ssa.Parameter, depth int) Info {
	unknown := Info{Mode: site.BindUnknown}
	fn := p.Parent()
	parent := fn.Parent()
	if parent == nil {
		return unknown
	}
	var users []ssa.Value = []ssa.Value{fn}
	for _, b := range t.host.Blocks(parent) {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				users = append(users, mc)
			}
		}
	}
	for _, b := range t.host.Blocks(parent) {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			e := t.host.Entry(&call.Call)
			if e == nil || e.Kind != sdk.KindRetry {
				continue
			}
			args, _ := ssaval.SplitRecv(&call.Call)
			cb, db := e.ArgIndex(sdk.RoleCallback), e.ArgIndex(sdk.RoleDB)
			if cb < 0 || db < 0 || cb >= len(args) || db >= len(args) {
				continue
			}
			for _, u := range users {
				if ssaval.Peel(args[cb]) == u {
					return t.info(args[db], depth+1)
				}
			}
		}
	}
	return unknown
}

// connectorOptions decodes ydb.Connector options.
func (t *Tracer) connectorOptions(v ssa.Value) Info {
	info := Info{Mode: site.BindNative, Driver: "ydb"}
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		return Info{Mode: site.BindUnknown, Driver: "ydb", PrefixUnknown: true}
	}
	for _, e := range elems {
		f, args, _, _ := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil {
			if ssaval.IsSDKCall(ssaval.Peel(e)) {
				continue // an option that does not bind (WithQueryService, …)
			}
			info.Mode, info.PrefixUnknown = site.BindUnknown, true
			continue
		}
		switch f.Helper {
		case sdk.HelperWithPositional:
			if info.Mode != site.BindUnknown {
				info.Mode = site.BindPositional
			}
		case sdk.HelperWithNumeric:
			if info.Mode != site.BindUnknown {
				info.Mode = site.BindNumeric
			}
		case sdk.HelperWithAutoDeclare:
			info.AutoDeclare = true
		case sdk.HelperWithTablePrefix:
			if s, ok := ssaval.ConstString(args[0]); ok && len(args) == 1 {
				info.Prefix = s
			} else {
				info.PrefixUnknown = true
			}
		}
	}
	return info
}

// parseDSN reads go_query_bind tokens from a constant DSN.
func parseDSN(dsn string) Info {
	info := Info{Mode: site.BindNative, Driver: "ydb"}
	u, err := url.Parse(dsn)
	if err != nil {
		return Info{Mode: site.BindUnknown, Driver: "ydb", PrefixUnknown: true}
	}
	for _, tok := range strings.Split(u.Query().Get(sdk.DSNBindParam), ",") {
		tok = strings.TrimSpace(tok)
		switch {
		case tok == "positional":
			info.Mode = site.BindPositional
		case tok == "numeric":
			info.Mode = site.BindNumeric
		case tok == "declare":
			info.AutoDeclare = true
		case strings.HasPrefix(tok, "table_path_prefix(") && strings.HasSuffix(tok, ")"):
			info.Prefix = tok[len("table_path_prefix(") : len(tok)-1]
		}
	}
	return info
}

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
// A Tracer follows a handle into such places only when every way in is
// known and they agree:
//
//   - a parameter of a function every call of which is known (unexported,
//     or in package main; Host.KnownCallers), when every call passes a handle
//     with the same binding;
//   - a field of a struct type of the analysed package, when every store
//     into the field stores a handle with the same binding and the field's
//     address is used for nothing else (no function whose body querysite
//     does not see may write it: Host.UnknownField).
//
// Anything else keeps the binding unknown: a value-based check must never
// rest on a guessed mapping.

// maxHandleStores bounds the stores into one handle field that are traced.
const maxHandleStores = 8

// handleMemo returns the traced binding of key (a parameter, a field),
// computing it once; a key met again while being computed (calls passing
// a handle around in a cycle) is unknown.
func (t *Tracer) handleMemo(key any, compute func() Info) Info {
	if info, ok := t.memo[key]; ok {
		return info
	}
	t.memo[key] = Info{Mode: site.BindUnknown}
	info := compute()
	t.memo[key] = info
	return info
}

// handleField identifies field i of a local struct type.
type handleField struct {
	tn *types.TypeName
	i  int
}

// dbParamInfo is the binding every known call passes for parameter p.
func (t *Tracer) dbParamInfo(p *ssa.Parameter, depth int) Info {
	return t.handleMemo(p, func() Info { return t.computeParamDB(p, depth) })
}

func (t *Tracer) computeParamDB(p *ssa.Parameter, depth int) Info {
	unknown := Info{Mode: site.BindUnknown}
	calls, i := t.host.KnownCallers(p)
	if i < 0 {
		return unknown
	}
	return agreeingDB(len(calls), func(k int) (Info, bool) {
		args := calls[k].Common().Args
		if i >= len(args) {
			return unknown, false
		}
		return t.info(args[i], depth+1), true
	})
}

// dbFieldInfo is the binding of a handle loaded from field fa of a local
// struct type: the handles stored into that field, when they agree.
func (t *Tracer) dbFieldInfo(fa *ssa.FieldAddr, depth int) Info {
	unknown := Info{Mode: site.BindUnknown}
	tn := sdkssa.LocalStruct(fa.X.Type(), t.pkg)
	if tn == nil || t.host.UnknownField(tn, fa.Field) {
		return unknown
	}
	return t.handleMemo(handleField{tn, fa.Field}, func() Info { return t.computeFieldDB(tn, fa.Field, depth) })
}

func (t *Tracer) computeFieldDB(tn *types.TypeName, field, depth int) Info {
	unknown := Info{Mode: site.BindUnknown}
	stores, ok := t.handleStores(tn, field)
	if !ok || len(stores) == 0 || len(stores) > maxHandleStores {
		return unknown
	}
	return agreeingDB(len(stores), func(k int) (Info, bool) {
		return t.info(stores[k].Val, depth+1), true
	})
}

// agreeingDB is what n sources all say of a handle, or unknown when one
// says nothing or two differ. A source may know the driver but not the
// binding (sql.Open("pgx", dsn)): when all agree, that is kept too, so a
// handle of another database stays recognised as one.
func agreeingDB(n int, source func(int) (Info, bool)) Info {
	unknown := Info{Mode: site.BindUnknown}
	var first Info
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
func (t *Tracer) handleStores(tn *types.TypeName, i int) (stores []*ssa.Store, ok bool) {
	for _, fn := range t.host.Funcs() {
		for _, b := range t.host.Blocks(fn) {
			for _, instr := range b.Instrs {
				fa, isFA := instr.(*ssa.FieldAddr)
				if !isFA || fa.Field != i || sdkssa.LocalStruct(fa.X.Type(), t.pkg) != tn {
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
