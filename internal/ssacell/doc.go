// Package ssacell answers who loads, stores or captures a local variable
// in SSA: the walks over a variable's address (an *ssa.Alloc, or the
// *ssa.FreeVar through which a closure captured one) that querysite and
// the SDK-usage rules share.
//
// Uses and Stores follow the variable into the closures that capture it.
// SingleStore and OnlyLoaded look at one function and let the caller
// accept any other use (a capture, a return, a call), so a difference
// between callers is an argument, not a copy. Bindings and BoundTo go the
// other way, from a closure's free variable to what it was made with, and
// Captured all the way out to the variable; FixedAt says whether the
// variable holds one value wherever a closure made at an instruction (a
// goroutine, a t.Run body) reads it.
//
// The package reads golang.org/x/tools/go/ssa values only.
package ssacell
