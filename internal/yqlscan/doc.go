// Package yqlscan tells, byte by byte, whether a query text is read as code
// or inside a quote or comment, for the two readers of database/sql
// placeholders (a `?` or `$1` counts only as code): the binding mode
// inferred from the text (passes/querysite/bindings.InferBind) and the
// rewrite of placeholders into $p0, $p1, … (passes/querysite, sites.go).
//
// A Scanner carries its State across the literal pieces of one text, so a
// quote opened in one piece goes on in the next. The rules are coarse and
// fixed, and both readers must see the same thing:
//   - '…' and "…" take backslash escapes; `…` does not;
//   - `--` opens a comment that ends at a newline, `/*` one that ends at
//     `*/`; the `*` of `/*` is read inside the comment, so `/*/` is a whole
//     comment;
//   - a two-byte opener, closer or escape is recognised only within one
//     piece: a backslash that ends a piece escapes nothing.
//
// It is not the YQL lexer (internal/yql), which gives backquoted names
// backslash and doubled-backquote escapes, reads ANSI mode and @@…@@
// strings, and lexes one whole text.
package yqlscan
