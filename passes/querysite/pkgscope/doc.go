// Package pkgscope decides which packages querysite analyses and which
// function bodies it asks internal/ssaprog for. Decide gives a package's
// Plan (skip it, mark it incomplete, summaries only, or sites) from
// whether it can reach ydb-go-sdk or database/sql (Reaches, ReachFact),
// holds YQL text (MentionsYQL, BuildsText) or embeds a file into a string
// variable (EmbedsFile), has incomplete types or syntax
// (ImportsIncomplete, IncompleteFact, HasBadSyntax), or is the SDK's own
// library (SDKLibrary); Seeds are the seeds of the SSA body plan.
//
// It is apart from querysite because it runs before any SSA exists and
// needs nothing of the pass's data flow: only the pass, the configured
// sinks and, for the seeds, a predicate telling querysite's own function
// facts. The package has no analyzer of its own; querysite lists
// ReachFact and IncompleteFact in its Analyzer's FactTypes.
package pkgscope
