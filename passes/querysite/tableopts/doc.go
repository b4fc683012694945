// Package tableopts reads the options of CreateTable and AlterTable calls
// over SSA: it gathers the option list as services assemble it (a literal
// list, appends on branches and in loops, a variable a closure captures, a
// helper of the package returning the slice) and hands each option to
// internal/tableopt's Decoder through tableopt.Arg, the SSA side of the
// decoder schemafact's syntactic scan shares.
//
// It is apart from querysite because gathering options is one concern with
// a narrow need of the pass: Host (the bodies the pass sees, its decoding of
// types.Type values, call positions) is all it asks, and querysite
// implements it (tableopthost.go). It is apart from internal/tableopt
// because it reads SSA as the pass sees it, and packages under internal/
// never import passes/. Its test runs it with a minimal Host over buildssa;
// querysite's tests run it as the pass does.
package tableopts
