// Package siteplan plans the YQL texts of query sites against a schema
// catalogue. It is the one plan step between the model of a query site
// (internal/site) and the key planner (internal/keyplan): it parses a text
// (internal/yql), resolves each table reference the way the catalogue keys
// its tables (site.Text.KeyPath, the query's PRAGMA TablePathPrefix, then
// the driver's prefix), tells the planner what the Go side knows of each
// parameter (ParamOracle), and plans every DML statement once.
//
// Two analyzers plan, at two moments. schemafact plans the package's
// writes and keyed reads to find hash-prefix evidence (ForEvidence), on
// the catalogue as it stands before that evidence is added; queryplan then
// plans every text for the rules (ForRules) on the finished catalogue, and
// -explain reads those same plans. The plans of the two moments differ by
// design (a table's hash prefix changes how its reads are judged); a text
// is parsed once for both (Parses).
package siteplan
