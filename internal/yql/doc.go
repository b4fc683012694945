// Package yql is ydblint's YQL front end: an exact lexer and a recursive-descent
// parser for the subset of YQL that decides how a statement touches a table's
// primary key.
//
// It knows YQL tokens, statements and expressions, each with the byte offsets it
// was parsed from, and nothing about Go, schemas or rules. Anything it does not
// understand becomes an opaque node (OpaqueStmt, OpaqueExpr, OpaqueSource,
// OpaqueAction) from which no rule may draw a conclusion. It never panics,
// bounds recursion depth and input size, and reports positioned errors.
//
// # API
//
//   - Parse(src) *Script: statements split on top-level `;`, each parsed on its
//     own; a statement that fails becomes an *OpaqueStmt plus an *Error.
//     A Parser parses one text after another reusing its token buffer
//     (siteplan.Parses holds one per package).
//   - Lex(src) ([]Token, error): the tokens with byte offsets, for callers that
//     need token spans; LexComments(src) and Script.Comments: the comments
//     with their spans (for in-query annotations and suppressions).
//   - Limits: MaxInput (8 MiB), MaxTokens (1 Mi tokens and comments),
//     MaxDepth (200 levels of nesting).
//   - Inspect(node, f): a depth-first walk; Dump / DumpScript: S-expression
//     renderings used by the tests.
//   - CanonicalType, IsIntegral, IsUnsigned, IsFloat, IsString, IsTime,
//     IsSerial, SerialBase: type-name helpers for the planner.
//   - HasStatementPair(s): whether a string holds an upper-case statement
//     keyword pair (SELECT … FROM, UPSERT INTO, …), the cheap test that
//     marks a Go string as query text.
//
// # Grammar decisions
//
// The reference is YDB's SQLv1 ANTLR grammar (yql/essentials/sql/v1/SQLv1Antlr4.g.in)
// and https://ydb.tech/docs/en/yql/reference/syntax/. Points where YQL differs
// from other SQL dialects, kept as YQL has them:
//
//   - Precedence, loosest first: OR, AND, XOR, then one optional condition
//     (LIKE…, IN, BETWEEN, IS [NOT] NULL, or a chain of = == != <> IS [NOT]
//     DISTINCT FROM), then < <= > >=, then bit operators and shifts with a
//     right-associative `??`, then + -, then * / %, then ||, then ONE prefix
//     operator (+ - ~ NOT). So `NOT a = b` is `(NOT a) = b`.
//   - `LIMIT a, b` means OFFSET a LIMIT b.
//   - `x IN (e)` with one parenthesised element is a one-element List; only a
//     bare operand (`x IN $list`, `x IN ListMap(…)`) fills In.Expr.
//   - In the default lexer mode a block comment ends at the first `*/` and
//     `'it”s'` is two strings; `--!ansi_lexer` switches to nesting comments,
//     `”` escapes and "…" identifiers.
//   - Numbers keep their text: Literal.Value is the digits as written (with any
//     0x/0o/0b prefix), Literal.Suffix the lower-cased type suffix.
//   - `$1`-style numeric parameters (written by database/sql users before the
//     SDK binder rewrites them) lex as parameters named "1"; `?` placeholders do
//     not parse, so such statements are opaque until the caller rewrites them.
//
// Type names are canonicalised case-insensitively (see CanonicalType): Text is
// reported as Utf8 and Bytes as String, YQL's own names; Serial types keep their
// names because they imply a sequence.
//
// # Holes
//
// Text recovered from Go may contain hole placeholders (HolePrefix…). A hole in
// expression position is an *OpaqueExpr with Reason "hole"; a table name that
// contains one is a TableRef with Hole set. A hole where the grammar expects a
// keyword (`FROM t <hole>`, standing for a spliced-in WHERE clause) is never
// taken for an implicit alias: the statement becomes opaque. Holes in other
// name positions (column lists, aliases, PRAGMA values) are kept verbatim;
// callers check ContainsHole on those names.
package yql
