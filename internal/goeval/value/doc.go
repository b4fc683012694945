// Package value is the abstract domain of the Go evaluator (package
// goeval): the values it computes, the pieces and conditions their
// string shapes are made of, and the abstract heap. It holds what a
// value is and how two values compare; how values are made from Go code
// (interpretation, joins, bounds) stays in goeval.
//
// A Value is one of:
//
//   - a string (or []byte) as a strshape.Shape: literal pieces (with the
//     source position of the constant they come from), holes,
//     alternatives, pieces optional under a condition, repetition. A
//     hole is a Piece saying what it stands for (a parameter, a field
//     "field:pkg.T.f", a package variable "var:pkg.v", the result of a
//     call not interpreted, a run-time value, a bound) and why it is not
//     known, and where it was made (Piece.Src: the field read, the call,
//     the parameter; the call for text an intrinsic synthesises). Its
//     Key, when it has one, is the same wherever the value is the same: a
//     pure function applied to keyed values is keyed by the function and
//     the keys ("call:strings.ToLower(field:pkg.T.f)"), so
//     quoteIdentifier(cfg.Table) in a DDL statement and in a query name
//     the same table;
//   - an integer as an interval (a constant when both ends meet), narrowed
//     by the conditions that dominate its use: `if limit > 100 { limit =
//     100 }` leaves int[-inf..100], and a hole printed from it carries the
//     interval (Piece.Ranged);
//   - a bool, float or complex constant; nil;
//   - a struct, field by field; a slice or array as ordered elements, each
//     definite, optional under conditions (an append under an if) or
//     repeated (an append in a loop); a map with constant keys;
//   - a function value: the function and the values its closure captured;
//   - a pointer to a cell of the abstract heap (or to a part of one); maps
//     are pointers to their contents, since they are shared;
//   - an interface holding a value of a known dynamic type;
//   - an application: the result of a call the evaluator does not
//     interpret, with its abstract arguments (table.ValueParam("$id",
//     types.Uint64Value(<param:id>))), which is how a consumer reads
//     parameter sets and options without the evaluator knowing the SDK;
//   - alternatives of values; a parsed template; Unknown with a hole.
//
// Pieces and conditions are interned in Tables, numbered in evaluation
// order so that results are deterministic; two pieces that differ only in
// where they were made are the same for comparisons (Tables.Same), so
// joins and loops do not tell apart values that differ only in Src.
package value
