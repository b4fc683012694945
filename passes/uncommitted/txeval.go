package uncommitted

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/ssacell"
)

// txState is the small lattice a transaction control is interpreted in.
type txState uint8

const (
	// txUnknown: not built visibly from the SDK's builders, or paths
	// disagree. Rules stay silent.
	txUnknown txState = iota
	// txRWOpen: BeginTx with a read-write mode and no CommitTx.
	txRWOpen
	// txRWCommit: BeginTx read-write with CommitTx.
	txRWCommit
	// txNoOpen: read-only, no transaction, or the implicit default.
	txNoOpen
	// txContinue: WithTx/WithTxID, an open transaction continued.
	txContinue
)

const maxDepth = 8

// globalStores maps each package variable to the values stored to it
// anywhere in the package (its declaration's initializer included).
type globalStores map[*ssa.Global][]ssa.Value

func collectGlobalStores(fns []*ssa.Function, pkg *ssa.Package) globalStores {
	out := globalStores{}
	scan := func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok {
						out[g] = append(out[g], st.Val)
					}
				}
			}
		}
	}
	for _, fn := range fns {
		scan(fn)
	}
	if pkg != nil {
		if init := pkg.Func("init"); init != nil {
			scan(init)
		}
	}
	return out
}

// evalTx interprets v, a *TransactionControl, through locals, φ and
// package variables assigned once.
func (gs globalStores) evalTx(v ssa.Value, depth int) txState {
	if depth > maxDepth {
		return txUnknown
	}
	switch v := v.(type) {
	case *ssa.Phi:
		st := txUnknown
		for i, e := range v.Edges {
			s := gs.evalTx(e, depth+1)
			if i == 0 {
				st = s
			} else if s != st {
				return txUnknown
			}
		}
		return st
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return txUnknown
		}
		var vals []ssa.Value
		switch x := v.X.(type) {
		case *ssa.Global:
			vals = gs[x]
			if len(vals) != 1 {
				return txUnknown
			}
		case *ssa.FreeVar:
			alloc, ok := ssacell.BoundTo(x).(*ssa.Alloc)
			if !ok {
				return txUnknown
			}
			if vals, ok = localStores(alloc); !ok {
				return txUnknown
			}
		case *ssa.Alloc:
			var ok bool
			if vals, ok = localStores(x); !ok {
				return txUnknown
			}
		default:
			return txUnknown
		}
		st := txUnknown
		for i, val := range vals {
			s := gs.evalTx(val, depth+1)
			if i == 0 {
				st = s
			} else if s != st {
				return txUnknown
			}
		}
		return st
	case *ssa.Call:
		b, args := builderOf(&v.Call)
		switch b {
		case sdk.TxRWCommit:
			return txRWCommit
		case sdk.TxNoOpen:
			return txNoOpen
		case sdk.TxCombine:
			if len(args) != 1 {
				return txUnknown
			}
			opts, ok := sdkssa.Varargs(args[0])
			if !ok {
				return txUnknown
			}
			return combine(opts, false, depth)
		case sdk.TxBeginRW:
			if len(args) != 1 {
				return txUnknown
			}
			opts, ok := sdkssa.Varargs(args[0])
			if !ok {
				return txUnknown
			}
			return combine(opts, true, depth)
		}
	}
	return txUnknown
}

// combine interprets TxControl options; beginRW is set for the
// …ReadWriteTxControl builders, which add BeginTx(read-write) themselves.
func combine(opts []ssa.Value, beginRW bool, depth int) txState {
	begin := txUnknown
	if beginRW {
		begin = txRWOpen
	}
	commit, cont := false, false
	for _, o := range opts {
		call, ok := o.(*ssa.Call)
		if !ok {
			return txUnknown
		}
		b, args := builderOf(&call.Call)
		switch b {
		case sdk.TxOptCommit:
			commit = true
		case sdk.TxOptContinue:
			cont = true
		case sdk.TxOptBegin:
			mode := txUnknown
			if len(args) == 1 {
				settings, ok := sdkssa.Varargs(args[0])
				if !ok {
					return txUnknown
				}
				for _, s := range settings {
					sc, ok := s.(*ssa.Call)
					if !ok {
						return txUnknown
					}
					switch m, _ := builderOf(&sc.Call); m {
					case sdk.TxModeRW:
						mode = txRWOpen
					case sdk.TxModeRO:
						if mode == txUnknown {
							mode = txNoOpen
						}
					default:
						return txUnknown
					}
				}
			}
			begin = mode
		default:
			return txUnknown
		}
	}
	switch {
	case cont:
		return txContinue
	case begin == txRWOpen && commit:
		return txRWCommit
	case begin == txRWOpen:
		return txRWOpen
	case begin == txNoOpen:
		return txNoOpen
	}
	return txUnknown
}

// builderOf returns what a static call to an SDK transaction builder
// contributes, and its arguments.
func builderOf(c *ssa.CallCommon) (sdk.TxBuilder, []ssa.Value) {
	f := c.StaticCallee()
	if f == nil {
		return sdk.TxBuilderNone, nil
	}
	obj, ok := f.Object().(*types.Func)
	if !ok {
		return sdk.TxBuilderNone, nil
	}
	id, ok := sdk.IdentityOf(obj)
	if !ok || id.Recv != "" {
		return sdk.TxBuilderNone, nil
	}
	return sdk.TxBuilders[id], c.Args
}

// txControlOption finds query.WithTxControl(ctrl) among the elements of a
// variadic execute-option argument and returns ctrl.
func txControlOption(opts ssa.Value) (ssa.Value, bool) {
	list, ok := sdkssa.Varargs(opts)
	if !ok {
		return nil, false
	}
	var ctrl ssa.Value
	for _, o := range list {
		call, ok := o.(*ssa.Call)
		if !ok {
			continue
		}
		if b, args := builderOf(&call.Call); b == sdk.TxWithControl && len(args) == 1 {
			if ctrl != nil {
				return nil, false
			}
			ctrl = args[0]
		}
	}
	return ctrl, ctrl != nil
}

// localStores returns every value stored to a captured local variable,
// when its address is only stored to, loaded from and captured by
// closures that do the same.
func localStores(a *ssa.Alloc) ([]ssa.Value, bool) {
	stores, ok := ssacell.Stores(a)
	if !ok || len(stores) == 0 {
		return nil, false
	}
	out := make([]ssa.Value, len(stores))
	for i, st := range stores {
		out[i] = st.Val
	}
	return out, true
}
