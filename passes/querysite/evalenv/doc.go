// Package evalenv is the evaluator's environment for the package querysite
// analyses (Env, a goeval.Env): the function bodies querysite's SSA
// program shows, the package's functions and the methods of the types it
// can name, its variables only the initialiser assigns, the file text of
// its //go:embed string variables nothing else assigns, the writes to its
// unexported string fields (fields.go), the complete callers of a
// constructor that stores its string parameters into fields, and the
// summaries imported packages export.
//
// Those summaries travel as Fact (ydbEval, on the package): the evaluator's
// summaries of the package's exported functions and methods that return
// text or a value of the package (SummaryRoot), and of its exported
// variables only its initialiser (or a //go:embed file) sets
// (Package.ExportSummaries), so that an importer interprets a fluent
// builder, an options constructor or a template parsed into a variable
// with its own arguments, and runs a .sql file another package embeds.
//
// It is apart from querysite because the environment needs little of the
// rest of the pass: Host (the package, the bodies the pass sees, the
// complete callers of a function, the stores to a package variable and
// a //go:embed variable's file) is all it asks. querysite implements it
// (evalhost.go), makes its Evaluator over an Env, exports the Fact and
// lists Fact in its Analyzer's FactTypes; the package has no analyzer of
// its own.
package evalenv
