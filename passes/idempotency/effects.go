package idempotency

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// This file walks what a retried closure runs (its body, the literals in
// it, and the functions of the package it calls) and sums up the effects
// of every call: the query sites it reaches, and whether anything else
// could change the world.

// maxDepth bounds how deep in-package calls are followed.
const maxDepth = 4

// effects is what one closure does.
type effects struct {
	// unknown is set when some call could not be classified: a query whose
	// text is not known, a call into another package, a dynamic call, a
	// goroutine or a channel send. A closure with unknown effects is never
	// called read-only, and its writes are judged only with -strict.
	unknown bool
	reads   []*site.Site // the sites that read
	writes  bool
	guards  bool
	rmw     []rmwWrite
	// genKeys are the writes whose key is generated anew on every
	// attempt (genkey.go).
	genKeys []rmwWrite
	sites   []*site.Site // every query site reached
}

// readOnly reports whether every effect is known and only reads.
func (e *effects) readOnly() bool { return !e.unknown && !e.writes && len(e.reads) > 0 }

// walker sums effects over a closure.
type walker struct {
	c       *checker
	visited map[*ssa.Function]bool
	out     effects
}

// closureEffects walks fn.
func (c *checker) closureEffects(fn *ssa.Function) effects {
	w := &walker{c: c, visited: map[*ssa.Function]bool{}}
	w.function(fn, 0)
	if w.out.unknown {
		return w.out
	}
	var spans [][2]token.Pos
	for f := range w.visited {
		if syn := f.Syntax(); syn != nil {
			spans = append(spans, [2]token.Pos{syn.Pos(), syn.End()})
		}
	}
	for _, s := range w.out.sites {
		w.out.genKeys = append(w.out.genKeys, c.generatedKeys(s, spans)...)
	}
	return w.out
}

// function walks fn and the literals declared in it.
func (w *walker) function(fn *ssa.Function, depth int) {
	if w.visited[fn] || w.out.unknown {
		return
	}
	w.visited[fn] = true
	if depth > maxDepth || fn.Blocks == nil {
		w.out.unknown = true
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.Go, *ssa.Send:
				w.out.unknown = true
			case ssa.CallInstruction:
				w.call(instr, depth)
			}
			if w.out.unknown {
				return
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		w.function(anon, depth)
	}
}

// call classifies one call.
func (w *walker) call(call ssa.CallInstruction, depth int) {
	if s := w.c.siteAt(call.Pos()); s != nil {
		w.site(s)
		return
	}
	common := call.Common()
	if _, ok := common.Value.(*ssa.Builtin); ok {
		return
	}
	if id, _, ok := sdkssa.Callee(common); ok && (sdk.InSDK(id.Pkg) || id.Pkg == sdk.PkgSQL) {
		if !w.sdkCall(id, common) {
			w.out.unknown = true
		}
		return
	}
	if common.IsInvoke() {
		if !pureInvoke(common.Method) {
			w.out.unknown = true
		}
		return
	}
	callee := common.StaticCallee()
	if callee == nil {
		if !iteratorOfResult(common.Value) && !valueFuncVar(common.Value) {
			w.out.unknown = true
		}
		return
	}
	if origin := callee.Origin(); callee.Pkg == w.c.pkg || origin != nil && origin.Pkg == w.c.pkg {
		w.function(callee, depth+1)
		return
	}
	if !pureStd(callee) {
		w.out.unknown = true
	}
}

// site adds a query site's effects.
func (w *walker) site(s *site.Site) {
	if s.Kind != sdk.KindYQL || isClientAPI(s.API) {
		w.out.unknown = true // a write by key, or a call with a session and retry loop of its own
		return
	}
	e := judgeSite(s, w.c.plans.Texts(s))
	if !e.known {
		w.out.unknown = true
		return
	}
	w.out.sites = append(w.out.sites, s)
	if e.reads {
		w.out.reads = append(w.out.reads, s)
	}
	w.out.writes = w.out.writes || e.writes
	w.out.guards = w.out.guards || e.guards
	w.out.rmw = append(w.out.rmw, e.rmw...)
}

// sdkCall reports whether an SDK (or database/sql) call outside every
// query site changes nothing: a value, parameter or option builder, a
// read of a result, or one of the handle's harmless methods.
func (w *walker) sdkCall(id sdk.Identity, common *ssa.CallCommon) bool {
	if sdk.LookupEntry(id) != nil || sdk.LookupRetrier(id) != nil || sdk.LookupClientCall(id) != nil {
		return false // a query whose text is not known, or a retry loop of its own
	}
	if id.Pkg == sdk.PkgSQL {
		return slices.Contains(sdk.SQLReadMethods, id)
	}
	if sdk.IsValueFunc(id) {
		return true
	}
	if id.Recv == "" {
		return false
	}
	recv := receiverType(common)
	if recv == nil {
		return false
	}
	if sdk.ResultFamilyOf(derefType(recv)) != sdk.ResultNone {
		return true
	}
	return sdk.IsRetrierHandle(recv) && sdk.IsHandleReadMethod(id.Name)
}

// receiverType is the type of the receiver of a method call.
func receiverType(c *ssa.CallCommon) types.Type {
	if c.IsInvoke() {
		return c.Value.Type()
	}
	if len(c.Args) > 0 {
		return c.Args[0].Type()
	}
	return nil
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// iteratorOfResult reports whether v, a called function value, is an
// iterator an SDK result method returned (`for row := range rs.Rows(ctx)`
// calls it with the loop body).
func iteratorOfResult(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	id, _, ok := sdkssa.Callee(call.Common())
	if !ok || !sdk.InSDK(id.Pkg) || id.Recv == "" {
		return false
	}
	recv := receiverType(call.Common())
	return recv != nil && sdk.ResultFamilyOf(derefType(recv)) != sdk.ResultNone
}

// valueFuncVar reports whether v, a called function value, is loaded from
// a package-level variable of an SDK value package (table/types declares
// some constructors as variables: `var Uint64Value = value.Uint64Value`).
func valueFuncVar(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg == nil || g.Pkg.Pkg == nil {
		return false
	}
	return sdk.IsValueFunc(sdk.Identity{Pkg: g.Pkg.Pkg.Path(), Name: g.Name()})
}

// pureInvoke reports whether an interface method call outside the SDK
// cannot change anything: error's Error method.
func pureInvoke(m *types.Func) bool {
	return m != nil && m.Pkg() == nil && m.Name() == "Error"
}

// pureStdPkgs are standard-library packages whose functions compute,
// format, log or lock: repeating them is harmless. fmt is listed by
// function (pureFmt), since Fprint* writes where the caller says.
var pureStdPkgs = []string{
	"errors", "strings", "strconv", "bytes", "time", "sort", "slices", "maps", "math", "math/big",
	"unicode", "unicode/utf8", "context", "encoding/json", "encoding/hex", "encoding/base64",
	"log", "log/slog", "sync", "sync/atomic",
}

// pureLibs are packages outside the standard library whose functions
// only generate or format values (a new UUID each call: harmless to the
// database, and the reason genkey.go looks at them).
var pureLibs = []string{"github.com/google/uuid"}

var pureFmt = []string{"Sprintf", "Sprint", "Sprintln", "Errorf", "Sscan", "Sscanf", "Sscanln", "Append", "Appendf", "Appendln"}

// pureStd reports whether fn belongs to the standard library and is
// harmless to repeat.
func pureStd(fn *ssa.Function) bool {
	obj := fn.Object()
	if obj == nil || obj.Pkg() == nil {
		return false
	}
	path := obj.Pkg().Path()
	if path == "fmt" {
		return slices.Contains(pureFmt, obj.Name())
	}
	if path == "io" {
		return obj.Name() == "ReadAll"
	}
	if slices.Contains(pureLibs, path) {
		return true
	}
	return !strings.Contains(path, ".") && slices.Contains(pureStdPkgs, path)
}

// statementsOf returns the planned statements of site s.
func (c *checker) statementsOf(s *site.Site) []*queryplan.Statement {
	if c.statements == nil {
		c.statements = map[*site.Site][]*queryplan.Statement{}
		for _, st := range c.plans.Statements {
			c.statements[st.Site] = append(c.statements[st.Site], st)
		}
	}
	return c.statements[s]
}

// siteAt returns the query site whose call has its left parenthesis at
// lparen (where SSA positions a call), or nil.
func (c *checker) siteAt(lparen token.Pos) *site.Site {
	return c.sitesByLparen[lparen]
}

// isClientAPI reports whether api is a client call (sdk.ClientCalls): it
// takes its own session and retries on its own, with its own flag.
func isClientAPI(api string) bool {
	for _, c := range sdk.ClientCalls {
		if c.API == api {
			return true
		}
	}
	return false
}
