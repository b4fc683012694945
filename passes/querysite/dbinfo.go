package querysite

import (
	"go/token"
	"net/url"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// dbInfo describes how a database/sql handle binds arguments: traced back
// to sql.OpenDB(ydb.Connector(…)) or sql.Open("ydb", "<const DSN>"), through
// Conn/BeginTx, single-assignment package vars, retry.Do closures, and the
// parameters and struct fields of dbtrace.go.
type dbInfo struct {
	mode          site.BindMode
	autoDeclare   bool
	prefix        string
	prefixUnknown bool
	driver        string
}

func (a *pkgAnalysis) dbInfo(v ssa.Value, depth int) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	if depth > maxDepth || v == nil {
		return unknown
	}
	v = ssaval.Peel(v)
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if g, ok := x.X.(*ssa.Global); ok && g.Pkg != nil && g.Pkg.Pkg == a.pass.Pkg {
				if stores, escaped := a.globalStores(g); !escaped && len(stores) == 1 {
					return a.dbInfo(stores[0].Val, depth+1)
				}
			}
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				if val := ssaval.SingleStore(alloc); val != nil {
					return a.dbInfo(val, depth+1)
				}
			}
			if fa, ok := x.X.(*ssa.FieldAddr); ok {
				return a.dbFieldInfo(fa, depth+1) // dbtrace.go
			}
		}
		return unknown
	case *ssa.FreeVar:
		if b, _ := freeVarBinding(x); b != nil {
			return a.dbInfo(b, depth+1)
		}
		return unknown
	case *ssa.Parameter:
		if x.Parent() != nil && x.Parent().Parent() == nil {
			return a.dbParamInfo(x, depth) // dbtrace.go
		}
		return a.closureDB(x, depth)
	}
	f, args, recv, _ := ssaval.HelperOf(v)
	if f == nil {
		return unknown
	}
	switch f.Helper {
	case sdk.HelperDBConn, sdk.HelperDBBegin:
		return a.dbInfo(recv, depth+1)
	case sdk.HelperSQLOpenDB:
		if len(args) == 1 {
			cf, cargs, _, _ := ssaval.HelperOf(ssaval.Peel(derefLocal(ssaval.Peel(args[0]))))
			if cf != nil && (cf.Helper == sdk.HelperConnector || cf.Helper == sdk.HelperMustConnector) && len(cargs) == 2 {
				return a.connectorOptions(cargs[1])
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
				return dbInfo{mode: site.BindUnknown, driver: name}
			}
			dsn, ok := ssaval.ConstString(args[1])
			if !ok {
				return dbInfo{mode: site.BindUnknown, driver: "ydb"}
			}
			return parseDSN(dsn)
		}
	}
	return unknown
}

// closureDB resolves the *sql.Conn / *sql.Tx parameter of a closure passed
// to retry.Do / retry.DoTx to the *sql.DB argument of that call.
func (a *pkgAnalysis) closureDB(p *ssa.Parameter, depth int) dbInfo {
	unknown := dbInfo{mode: site.BindUnknown}
	fn := p.Parent()
	parent := fn.Parent()
	if parent == nil {
		return unknown
	}
	var users []ssa.Value = []ssa.Value{fn}
	for _, b := range a.prog.Blocks(parent) {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				users = append(users, mc)
			}
		}
	}
	for _, b := range a.prog.Blocks(parent) {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			t := a.target(&call.Call)
			if t.entry == nil || t.entry.Kind != sdk.KindRetry {
				continue
			}
			args, _ := ssaval.SplitRecv(&call.Call)
			cb, db := t.entry.ArgIndex(sdk.RoleCallback), t.entry.ArgIndex(sdk.RoleDB)
			if cb < 0 || db < 0 || cb >= len(args) || db >= len(args) {
				continue
			}
			for _, u := range users {
				if ssaval.Peel(args[cb]) == u {
					return a.dbInfo(args[db], depth+1)
				}
			}
		}
	}
	return unknown
}

// connectorOptions decodes ydb.Connector options.
func (a *pkgAnalysis) connectorOptions(v ssa.Value) dbInfo {
	info := dbInfo{mode: site.BindNative, driver: "ydb"}
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		return dbInfo{mode: site.BindUnknown, driver: "ydb", prefixUnknown: true}
	}
	for _, e := range elems {
		f, args, _, _ := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil {
			if ssaval.IsSDKCall(ssaval.Peel(e)) {
				continue // an option that does not bind (WithQueryService, …)
			}
			info.mode, info.prefixUnknown = site.BindUnknown, true
			continue
		}
		switch f.Helper {
		case sdk.HelperWithPositional:
			if info.mode != site.BindUnknown {
				info.mode = site.BindPositional
			}
		case sdk.HelperWithNumeric:
			if info.mode != site.BindUnknown {
				info.mode = site.BindNumeric
			}
		case sdk.HelperWithAutoDeclare:
			info.autoDeclare = true
		case sdk.HelperWithTablePrefix:
			if s, ok := ssaval.ConstString(args[0]); ok && len(args) == 1 {
				info.prefix = s
			} else {
				info.prefixUnknown = true
			}
		}
	}
	return info
}

// parseDSN reads go_query_bind tokens from a constant DSN.
func parseDSN(dsn string) dbInfo {
	info := dbInfo{mode: site.BindNative, driver: "ydb"}
	u, err := url.Parse(dsn)
	if err != nil {
		return dbInfo{mode: site.BindUnknown, driver: "ydb", prefixUnknown: true}
	}
	for _, tok := range strings.Split(u.Query().Get(sdk.DSNBindParam), ",") {
		tok = strings.TrimSpace(tok)
		switch {
		case tok == "positional":
			info.mode = site.BindPositional
		case tok == "numeric":
			info.mode = site.BindNumeric
		case tok == "declare":
			info.autoDeclare = true
		case strings.HasPrefix(tok, "table_path_prefix(") && strings.HasSuffix(tok, ")"):
			info.prefix = tok[len("table_path_prefix(") : len(tok)-1]
		}
	}
	return info
}
