// Package intrinsic holds the standard library functions the Go
// evaluator (package goeval) knows the meaning of instead of
// interpreting them: the strings, strconv and path functions that build
// text, strings.Builder and bytes.Buffer, fmt's printing functions with
// any format shape, and text/template and html/template with a constant
// template. They are separate from the interpreter because each is a
// model of one library function, written against the small Host
// interface the interpreter's frame implements rather than its state.
package intrinsic
