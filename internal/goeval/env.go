package goeval

import (
	"golang.org/x/tools/go/ssa"
)

// Env is the evaluator's only way out of the function it interprets. Every
// answer must be deterministic: the same question gets the same answer, and
// lists come in a stable order.
type Env interface {
	// Body reports whether the body of fn may be interpreted at a call:
	// typically fn belongs to the package under analysis (or is a
	// synthetic wrapper: bound method, thunk, instantiation wrapper).
	// A function whose body may not be interpreted is looked up by name
	// (Lookup) for a summary.
	Body(fn *ssa.Function) bool

	// Lookup resolves a function or method by its full name, as
	// (*ssa.Function).String spells it for a source function
	// ("example.com/qb.NewSelect", "(*example.com/qb.Select).Where"): its
	// SSA function when Body allows it, else its Summary (typically a fact
	// of another package), else neither.
	Lookup(name string) Callee

	// Method returns the full name of the method named method in the
	// method set of the type spelled typ (types.TypeString with full
	// package paths, "*example.com/q.readQuery"), "" when there is none
	// or the type is not known.
	Method(typ, method string) string

	// Implementations returns the full names of the methods named method
	// of every type of the module that implements the interface spelled
	// iface, sorted; nil when unknown. The evaluator tries each (as
	// alternatives) when an interface call's receiver is not known.
	Implementations(iface, method string) []string

	// Callers returns every call of fn in the program, and whether the
	// list is complete (fn unexported or in package main, never used as
	// a value). A parameter of a function whose callers are complete is
	// the join of the arguments at those calls.
	Callers(fn *ssa.Function) (calls []ssa.CallInstruction, complete bool)

	// InitOnly reports whether the package variable g is assigned only by
	// its package's initialiser, so that its value after initialisation
	// is its value everywhere.
	InitOnly(g *ssa.Global) bool

	// Embedded returns the text of the file a //go:embed string variable
	// holds, when the variable is of the package under analysis and
	// nothing assigns it: the toolchain sets it before any initialiser
	// runs, so that text is its value everywhere.
	Embedded(g *ssa.Global) (string, bool)

	// Global returns a Summary whose Unit.Globals holds the value of a
	// package variable of another package (by full name,
	// "example.com/q.tmpl"), as SummarizeGlobals makes it there; nil when
	// unknown.
	Global(name string) *Summary

	// Stores returns every store to field field of the named struct type
	// typ in the program (the functions and the stored values), and
	// whether the list is complete (the field is unexported and its
	// address never escapes). A field read from a struct the evaluator
	// does not know is the join of the stored values and the zero value.
	Stores(typ string, field int) (stores []Store, complete bool)

	// StableResult reports whether the function or method name (full
	// name, as Lookup takes it), not interpreted, returns the same value
	// wherever and on whatever it is called in one run of the program:
	// the database name of a driver (a service talks to one database).
	// Its result is a hole keyed by name alone, "call:name()", where
	// otherwise it would need keys for its receiver and arguments.
	StableResult(name string) bool
}

// Callee is what Env.Lookup resolves a name to.
type Callee struct {
	Fn      *ssa.Function
	Summary *Summary
}

// Store is one store to a field, found by Env.Stores.
type Store struct {
	Fn  *ssa.Function
	Val ssa.Value
}

// NoEnv answers every question with "not known": nothing outside the
// function interpreted is followed except the functions of its own
// package whose body SSA holds.
type NoEnv struct{}

func (NoEnv) Body(fn *ssa.Function) bool                          { return false }
func (NoEnv) Lookup(string) Callee                                { return Callee{} }
func (NoEnv) Method(string, string) string                        { return "" }
func (NoEnv) Implementations(string, string) []string             { return nil }
func (NoEnv) Callers(*ssa.Function) ([]ssa.CallInstruction, bool) { return nil, false }
func (NoEnv) InitOnly(*ssa.Global) bool                           { return false }
func (NoEnv) Embedded(*ssa.Global) (string, bool)                 { return "", false }
func (NoEnv) StableResult(string) bool                            { return false }
func (NoEnv) Global(string) *Summary                              { return nil }
func (NoEnv) Stores(string, int) ([]Store, bool)                  { return nil, false }

// Budget bounds one evaluation. Zero fields take the defaults; a result
// beyond a bound is a hole or Unknown saying which bound was hit, never a
// guess.
type Budget struct {
	// Steps is the number of instructions interpreted for one top-level
	// function (callees, loop iterations and passes included).
	Steps int
	// Depth bounds nested calls interpreted from one frame.
	Depth int
	// Tops bounds nested top-level evaluations (a parameter read from the
	// callers, which are evaluated in turn).
	Tops int
	// Size bounds the nodes of one value (shape nodes included).
	Size int
	// Variants bounds the alternatives of one value and the enumeration
	// of a text.
	Variants int
	// Elems bounds the elements of one slice, struct or map.
	Elems int
	// Unroll bounds the iterations of one loop interpreted one by one.
	Unroll int
	// Callers bounds the call sites joined for one parameter.
	Callers int
	// Impls bounds the implementations tried for one interface call.
	Impls int
	// Summary bounds the instructions of one Summary.
	Summary int
}

// Default bounds.
const (
	DefaultSteps    = 50000
	DefaultDepth    = 8
	DefaultTops     = 3
	DefaultSize     = 512
	DefaultVariants = 16
	DefaultElems    = 64
	DefaultUnroll   = 32
	DefaultCallers  = 16
	DefaultImpls    = 8
	DefaultSummary  = 4000
)

func (b Budget) norm() Budget {
	def := func(p *int, d int) {
		if *p <= 0 {
			*p = d
		}
	}
	def(&b.Steps, DefaultSteps)
	def(&b.Depth, DefaultDepth)
	def(&b.Tops, DefaultTops)
	def(&b.Size, DefaultSize)
	def(&b.Variants, DefaultVariants)
	def(&b.Elems, DefaultElems)
	def(&b.Unroll, DefaultUnroll)
	def(&b.Callers, DefaultCallers)
	def(&b.Impls, DefaultImpls)
	def(&b.Summary, DefaultSummary)
	return b
}
