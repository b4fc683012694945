// Package keyplan decides, for one parsed YQL statement and the schema of
// the tables it touches, how each table is read (POINT / RANGE / FULL /
// DEPENDS / UNKNOWN) and what each write puts into the primary key. It is
// the knowledge behind the rules hashprefix, nullkey, fullscan and
// monotonickey, which only phrase what it returns. The specification is
// /work/shared/reference/yql-semantics.md §2.3, §3 and §4; row numbers in
// comments ("row 12") refer to its §3.3 table.
//
// # Entry points
//
//	p := keyplan.NewPlanner(script, src, resolve, params) // once per script
//	plan := p.Plan(i)                                     // per statement
//
// resolve maps a *yql.TableRef (plus the active PRAGMA TablePathPrefix) to
// a *schema.Table; params (may be nil) tells what the Go call site binds to
// each $parameter (type, Optional, certainly NULL, Go-side hash of another
// parameter, clock-derived). DECLAREs in the script override the bound type.
//
// # Reads
//
// Plan.Reads has one *Access per table read: SELECT FROM, each table of a
// JOIN, subqueries (FROM, IN, EXISTS, scalar, named `$t = SELECT …` where
// used), INSERT … SELECT sources, UPDATE/DELETE WHERE and the inner SELECT of
// UPDATE/DELETE ON. An Access carries the key used (primary key, or for
// `VIEW idx` the index columns followed by the primary key), the Verdict,
// one Binding per key column, the Break reason (a ReasonCode plus span and
// text), residual atoms, run-time dependencies, an IndexHint for the fix
// `VIEW <idx>`, the unique keys — primary key, GLOBAL UNIQUE indexes —
// every OR branch pins to a finite set of values (PointKeys: per branch the
// size of each pinning atom's set, or the list expression of an `IN $list`,
// so a caller that knows the list's length bounds the rows; a unique
// index's constraint holds for the table, so the bound holds with or
// without VIEW), and for hash-prefix tables a HashCheck. `IN ($list)` with $list
// of a List type is `IN $list`: parentheses around one expression only
// group it.
//
// The predicate is normalised the way KQP does before key extraction (NOT
// push-down, De Morgan, BETWEEN and tuple expansion, bare Bool columns,
// Coalesce(p, false), named-expression substitution), expanded into OR
// branches, and each atom classified: only `bare column OP value` (value not
// referencing the row, no lossy integer/float mismatch), IN lists, IS NULL
// and StartsWith give points or ranges. A branch uses the key prefix pinned
// by points, ending at the first range; a branch that leaves the first key
// column unconstrained makes the read FULL. Precision comes first: an opaque
// expression or hole that might constrain the key gives UNKNOWN, never a
// guess, and anything the server decides at run time (automatic SYNC index
// choice, lookup joins, IN (SELECT …), LIKE 'abc%', over 10,000 ranges)
// gives DEPENDS; except KQP's batch lookup, a key list (AS_TABLE($keys) or
// a list parameter) joined as the left input with a table read without a
// filter of its own, on a prefix of the table's key (inner, left, left
// only, left semi and right semi joins: KqpJoinToIndexLookup in
// ydb/core/kqp/opt/logical/kqp_opt_log_join.cpp), which is POINT on the
// whole key and RANGE on a shorter prefix, with a Depends note. Rules report FULL only. BATCH UPDATE/DELETE are FULL by
// design with Break.Code ReasonBatch: fullscan must not report them.
// Column tables, unknown tables or indexes and conflicting definitions give
// UNKNOWN.
//
// # Writes
//
// Plan.Writes has one *Write per written table (INSERT/UPSERT/REPLACE with
// VALUES, SELECT or AS_TABLE, UPDATE SET, UPDATE ON, DELETE ON) with, per
// key column, the written values classified (literal, NULL, Nothing, param,
// Digest hash, CurrentUtc*, Uuid kinds, source column, other) and the
// write-side Findings: missing key column, NULL / Optional into a key column
// (CompileError for NOT NULL keys, a stored or possible NULL key otherwise),
// UPDATE SET of a key column, UPDATE/DELETE ON input without a key column.
// Write.Hash is §4 A evidence: the leading key column written as Digest::F(e)
// with e written to another key column of the same row, or a parameter whose
// ParamInfo.HashOf names the parameter written to another key column.
//
// # Monotonic keys
//
// LeadingKeyMonotonic says whether a row table's leading key column is
// Serial or a time type; MonotonicFill whether a write fills it with a
// clock (CurrentUtc*, Uuid::newV8ColumnKey, a Monotonic parameter).
//
// The package knows nothing of Go code or reporting; spans are byte offsets
// in the text given to yql.Parse. It never panics: recursion, predicate
// size and OR expansion are bounded, and beyond the bounds the answer is
// UNKNOWN.
package keyplan
