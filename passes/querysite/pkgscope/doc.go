// Package pkgscope decides which packages querysite analyses and which
// function bodies it asks internal/ssaprog for: whether a package can reach
// ydb-go-sdk or database/sql (Reaches, ReachFact), whether it holds YQL text
// (MentionsYQL, BuildsText), whether its type information or syntax is
// incomplete (ImportsIncomplete, IncompleteFact, HasBadSyntax), whether it
// is the SDK's own library (SDKLibrary), and the seeds of the SSA body plan
// (Seeds).
//
// It is apart from querysite because it runs before any SSA exists and
// needs nothing of the pass's data flow: only the pass, the configured
// sinks and, for the seeds, a predicate telling querysite's own function
// facts. The package has no analyzer of its own; querysite lists
// ReachFact and IncompleteFact in its Analyzer's FactTypes.
package pkgscope
