// Package ir is goeval's intermediate representation and the wire format
// of its summaries. Lower turns an SSA function into a Func; a Lowerer
// from NewBundleLowerer lowers a summary's bundle (the function with the
// closures, unexported helpers and methods it embeds) into one Unit.
// Linking (link.go) derives what the interpreter walks: blocks in reverse
// postorder, natural loops (a range over a slice tagged as such), the
// dominator tree, and why a function cannot be interpreted.
//
// The IR keeps the SSA control flow but names callees, globals, types and
// fields by strings, so that one interpreter runs both a function of the
// package under analysis and one of another package carried as a
// gob-encoded goeval.Summary. A Unit is deterministic (slices, no maps);
// what lowering and linking derive in this process stays unexported, out
// of the gob encoding, and read through accessors.
//
// goeval is its only user: it interprets the IR and encodes the abstract
// values of package variables as EncValue. This package knows nothing of
// abstract values.
package ir
