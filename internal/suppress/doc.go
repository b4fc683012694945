// Package suppress parses and matches ydblint's suppression directives. It is
// pure: it sees Go syntax trees and YQL text, never an analysis pass (the
// report package applies it).
//
// # Go directives
//
//	//ydblint:ignore <rule>[,<rule>...] <reason>
//
// ("// ydblint:ignore" with a space is accepted too; block comments are not
// directives.) A directive covers:
//
//   - its own line: a diagnostic positioned on that line is covered, so a
//     directive may trail the code it excuses;
//   - when the directive is alone on its line (no code before it) and its
//     comment group ends on line E, the syntax that starts on line E+1: the
//     outermost statement, declaration or expression starting there, or, when
//     several sibling nodes start there with no common node starting there
//     (the arguments of a call continued from an earlier line), all of them.
//     A blank line between the comment group and the code breaks the link.
//
// A diagnostic is covered when its Pos lies in a covered range.
//
// # YQL directives
//
//	-- ydblint:ignore <rule>[,<rule>...] <reason>
//
// in a `--` comment of YQL text (also "--ydblint:ignore"). It covers the
// statement whose span contains the comment (any line of a multi-line
// statement), the statement whose last line it trails (after the last token
// or the `;`), or else, when the comment lies on a line between statements,
// the next statement. The caller supplies the statement spans (byte
// offsets) from the YQL parser.
//
// # Validity and use
//
// Rule names are the rules (hashprefix, nullkey, fullscan,
// monotonickey, yqlcheck, yqlinject, resultloop, retrystate, uncommitted,
// nestedretry, retryerr, txretry, idempotency, scantype, sessionescape, truncation) and "all". A directive without a reason suppresses nothing
// and is a Problem ("ydblint:ignore needs a reason"), and so is a reason
// that is only a placeholder in angle brackets, such as the <reason> that
// the editor's suppress action inserts; an unknown rule name is
// a Problem and is skipped while the known names in the same directive still
// apply. Every Directive records which rules it suppressed something for, so
// a caller can report directives that were never used.
package suppress
