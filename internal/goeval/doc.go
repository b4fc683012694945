// Package goeval is a bounded symbolic evaluator of Go, over SSA: it
// computes the abstract value of a string, a parameter set or a table
// name at an SSA value, by interpreting the code that builds it — calls,
// builders, templates, loops — instead of recognising its shape.
//
// It knows nothing of go/analysis or of YDB. What it needs from the
// world outside the function it interprets it asks an Env; what it must
// carry across packages it carries as a Summary, which a go/analysis
// pass can store as a fact.
//
// # Domain
//
// The values it computes — strings as shapes of literal pieces and
// holes, integer intervals, structs, slices with optional and repeated
// elements, pointers into an abstract heap, applications of calls not
// interpreted, alternatives — are package value's, with the pieces and
// conditions they are made of and the heap.
//
// # Interpretation
//
// Each function is lowered once to a small IR (package ir) that keeps the SSA
// control flow but names callees, globals and types by strings, so that
// the same interpreter runs local code and summaries. A frame interprets
// the blocks in reverse postorder over an immutable heap; a block's entry
// state joins its live predecessors' states, and code behind a condition
// the evaluator can decide is not run.
//
// Where paths meet, the join follows the ifs that separate them: when one
// path's value extends the other's — `if c { q += " AND x = $x" }`, an
// append to a slice or a builder under an if — the extension becomes a
// piece optional under that if's condition (one Cond per edge of the if
// and calling context), so that planning can tell a filter present on
// every path from one present on some; otherwise the values are
// alternatives. Composite values that differ in more than one component
// stay whole alternatives rather than being joined field by field, which
// would make variants no path has (one caller's table with another's
// filters), and a call whose argument is one of several composites is
// interpreted once per alternative.
//
// A loop runs element by element over a known slice (an optional
// element's iteration joins the states with and without it under its
// condition), iteration by iteration while its exit is decided (a counted
// loop), and is otherwise widened: strings and slices carried by the loop
// are replaced by markers, the body runs once, and a value that came back
// as its marker followed by more is the value before the loop followed
// by that more repeated (widen.go); other values are generalised in a few
// rounds.
//
// Calls of functions whose body Env allows are interpreted with their
// abstract arguments, sharing the caller's heap, so a functional option
// `func(c *cfg) { c.table = t }` applied in a loop over `opts ...Option`
// writes the caller's struct. Calls are memoised by function and argument
// digest when no argument reaches memory; recursion and the depth bound
// give holes. A method call on a known receiver is a static call; an
// interface call is devirtualised from the dynamic type that reached it
// (a MakeInterface, possibly in a caller or in a summary), else tried on
// every implementation Env reports; when Env reports none and the
// receiver is a parameter of the function evaluated, the string the
// method returns is a parameter piece naming the method (Piece.Method),
// which the consumer instantiates at each caller by calling the method on
// the value that caller passes (Evaluator.Invoke): a generic helper
// rendering qb.FormatQuery(ctx) for each caller's query builder. A call
// nothing is known about is an
// application, and the memory its arguments reach becomes unknown (it may
// write it).
//
// A call of a helper that picks its text from a package map by an
// argument that is exactly a parameter of the function evaluated (a
// wrapper handing down its callers' query name) is interpreted once per
// key of the table, and each text is led by a HoleKeyEq piece, a
// condition saying which key builds it, for the consumer to keep the
// entries each caller's argument can pick (keysplit.go); only when the
// key reaches the lookup unchanged, the keys are string constants and a
// missing key builds no text. Text made while another package's code
// runs carries the home package's call that reached it (Piece.Src), where
// a consumer that reads only its own sources places it.
//
// The standard library's text functions are intrinsics (package
// intrinsic): strings.Builder and bytes.Buffer are pointers to a cell
// holding the text written; fmt's printing functions take any format
// shape; text/template and html/template run a constant template. A
// formatted operand whose text is not known is placed at its argument of
// the call (Piece.At and Arg), where a consumer finds the Go expression
// spliced into the text; by identity it is the operand's own hole.
//
// A top-level evaluation (Evaluator.Value, Evaluator.Args) interprets a
// function from its entry. Its parameters are the join of the arguments
// at every call when Env knows them all (Env.Callers), else holes; a
// closure's captured values are those where its maker made it or handed
// it to a function that runs it (holes for a closure started by a go
// statement, which may run after the maker assigns them again, but for a
// variable assigned once where it is declared, before the go statement);
// where the maker's frame is not known (a closure made in a loop the
// maker did not finish), a string variable assigned a constant once where
// it is declared, before the closures capture it, is that constant. A
// closure that only loads a captured variable, itself and the closures it
// makes with it, cannot assign it, whoever runs it. A package variable
// only the initialiser assigns is its value after the package initialiser
// runs; a string package variable the program assigns at run time is
// named by the variable (a hole keyed "var:…") wherever it is read, but
// where this path assigned it a wholly known text; a field of a
// struct the evaluator does not know is the join of every store to it
// when Env knows them all (Env.Stores), and of its zero value (a string
// field's is an empty literal marked Piece.Zero). A value computed in a loop is the
// join of its values over the iterations.
//
// # Bounds
//
// Budget bounds the instructions interpreted per top-level evaluation,
// the call depth, nested top-level evaluations, the nodes of one value,
// the alternatives, the elements of a slice or map, the iterations
// unrolled, the callers joined, the implementations tried and the size of
// a summary. Beyond a bound the value is a hole saying which bound was
// hit, never a guess: a frame out of steps leaves holes for the values
// defined in loops it did not finish, and a top-level frame whose inputs
// a bound cut is not reused where the bound does not apply. Results are
// deterministic: nothing iterates over a map, and pieces and conditions
// are numbered in evaluation order.
//
// # Env
//
// Env answers, deterministically: whether a function's body may be
// interpreted; a function by name (its body or its Summary); the method
// of a type by name; the implementations of an interface method; the
// callers of a function and whether they are all known; whether a
// package variable is assigned only by its initialiser; the file text a
// //go:embed string variable holds (Embedded: the toolchain sets it before
// the initialiser runs, and SummarizeGlobals carries it like a value the
// initialiser made); the value of a package variable of another package
// (SummarizeGlobals makes it there: a template parsed once into a
// variable of a queries package); the stores to a field and whether
// they are all known; the functions whose result is the same wherever they
// are called (StableResult: a driver's database name, keyed by the method
// alone). NoEnv knows nothing.
//
// # Summaries
//
// A Summary carries a function across packages as a residual program: the
// function lowered to the IR with the closures it makes, the unexported
// functions it calls, the methods of its package's types it converts to
// interfaces (importers cannot name them), and the values of the package
// variables it reads that only the initialiser assigns. Exported callees
// stay names, resolved at the importer through Env; those of other
// packages travel along too (Summary.Deps: the summaries Env gave where
// the summary was made, flat, within the same instruction bound), since
// an importer may not see a package its import only uses — go vet gives
// a pass the facts of the packages its type information names, so text
// that store.OrderQuery takes from ordersql.ByID reaches app, which
// imports store alone, only that way. A residual program
// rather than a residual value, because what crosses packages is effects
// and control flow over the parameters — a builder's methods write fields
// of the receiver, a constructor applies option closures in a loop over
// its variadic parameter, a helper calls a method of an interface
// parameter — which no closed expression of the parameters describes.
// Instantiate runs a summary with the caller's abstract arguments on the
// same interpreter, so `qb.NewSelect(t).Where("a = $a").String()` in
// another package of the module, or a generic helper calling
// FormatQuery through an interface on a value built by
// queries.NewReadQuery(queries.WithTableName("jobs"), …), evaluates to
// the query text. A Summary is deterministic (slices, no maps, positions
// as strings), gob-encodable, validated when linked (a damaged summary
// evaluates to holes), and bounded by Budget.Summary instructions.
package goeval
