// Package localcell tells the one value a local variable holds when its
// address leaves it only for readers: loads, functions of the package that
// only read through the pointer (in their closures too), and helpers that
// hand the pointer back unchanged to a caller that only reads through it
// (shortDir := getPrefix(&dir): *shortDir is dir's value). When any write
// may escape this view the variable has no single value.
//
// It is apart from querysite because the question is one of pointers and
// cells alone: Host (the function bodies the pass sees) is all it asks,
// and the pass's ssaprog.Program is one. querysite asks it for text read
// through *string (pointers.go) and for the origin of values (values.go).
// Its test runs it over buildssa's bodies.
package localcell
