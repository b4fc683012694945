// Package srcindex indexes the syntax of one type-checked package for the
// lookups that map SSA back to Go source: the call expression at a
// parenthesis, the expression an SSA instruction was made from (by the
// position SSA records for it), the string literal at a position, the
// initialiser of a constant, the declaration of a variable and its file,
// and the constant string expressions of the package or of one function
// body, by value.
//
// querysite uses it to describe what the evaluator recovered in the user's
// own spelling (a literal's pieces, s.tablePath rather than *s.tablePath)
// and to find the syntax of a call it reads. Each index is built on first
// use from the files and type information alone, so it is a pure package
// with table tests, apart from the analysis state querysite keeps.
package srcindex
