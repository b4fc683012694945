// Package ssaprog builds each package's SSA program, one shared by the
// passes that read SSA: querysite and, through internal/sdkssa, the
// SDK-usage rules.
//
// # Analyzer ssaprog
//
// ssaprog: build each package's one SSA program, shared by querysite and the SDK-usage rules
//
// The program is built on demand (Builder), with buildssa's settings and
// bare package initialisers, so that only the imports the bodies use get
// an SSA package:
//
//   - the SDK-usage rules read every body, with the no-return answers of
//     internal/noreturn, of a package that imports ydb-go-sdk and is not
//     one of the SDK's library packages (EveryBody, All);
//   - querysite needs only the bodies its plan keeps (plan.go): the
//     functions that touch a seed, their callers, the text summaries and
//     the writers of what those read. A package where nothing is needed
//     gets no SSA.
//
// When the rules' program exists, querysite reads it through a view of its
// plan (Program.Blocks, UnknownUse), which hides the bodies the plan leaves
// out, so it sees the same program as one built for the plan alone. It
// reads code after a call that never returns as if the call returned:
// where a body it needs calls such a function, the two programs differ,
// and querysite gets its own program of the planned bodies, as it does
// where the rules' program was not built first (Builder.Build).
package ssaprog
