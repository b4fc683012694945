// Package pkgstate defines the Analyzer whose result is the state that
// ydblint's analyzers of one package share, written and read explicitly
// through pass.ResultOf[pkgstate.Analyzer]:
//
//   - the package's configuration (Config), which passes/config records;
//   - whether the package uses YDB at all (UsesYDB), which passes/queryplan
//     records once it has seen the package's query sites: package-wide
//     messages such as configuration errors are reported only in packages
//     that do;
//   - the internal failures of the fact analyzers (AddFailure), which
//     report.WrapFact records and report.WrapRun reports once per package;
//   - claims (Claim): the first caller of a key gets true, so that a
//     package-wide message every rule would make is made once.
//
// Every rule Requires config.Analyzer and this Analyzer (analyzer.Check
// enforces it), and report.WrapRun reads the State after the rule ran. A
// rule that does not read query sites (an SDK-usage rule) may finish before
// queryplan has run on the package; UsesYDB then says it does not know yet,
// and that rule leaves the configuration errors to a rule that does.
package pkgstate
