// Package querysite is ydblint's fact analyzer for query sites: every place
// where Go code hands YQL text, parameters, rows or a table definition to
// ydb-go-sdk or database/sql, directly or through wrappers.
//
// # Analyzer querysite
//
// querysite: find the places where Go code hands YQL text, parameters, rows or table options to ydb-go-sdk or database/sql
//
// The pass reports no diagnostics. Its *site.Result is the model of
// internal/site: schemafact reads the sites' DDL and evidence, queryplan
// plans their texts, and the rules read both through queryplan. The SDK
// knowledge (entry points, argument roles, constructors, hash and
// monotonic sources) lives in internal/sdk; this package does the data
// flow over SSA.
//
// Cost. As a fact analyzer it runs on every dependency (the whole standard
// library under go vet). It therefore asks internal/ssaprog for SSA instead
// of requiring buildssa, and only for packages that can reach the SDK or
// database/sql (through their imports or a direct import's reachesYDB
// package fact) or that contain an upper-case YQL statement in a string
// literal (a package of query-text helpers). Everything else returns an
// empty Result after an import walk and a literal scan. Within a package
// that gets SSA, querysite sees only the function bodies that can matter
// (ssaprog's plan, over the seeds of pkgscope.Seeds: the functions touching the
// SDK, database/sql, a hash package or a fact-carrying wrapper, their
// callers, the text summaries, and the writers of what those read); the
// program holds only those unless the SDK-usage rules need every body,
// and a package where no function can matter gets none. Both decisions,
// which packages are analysed and which bodies are planned, are package
// pkgscope's.
//
// What is recovered:
//   - where text comes from: the text of every query site, of its table
//     path, of the argument a wrapper's caller passes for its text (or
//     for the *string it reads through) is the evaluator's (evaltext.go
//     siteText, internal/goeval); a helper returning text, here or in
//     another package, is run by it with the caller's arguments (its body,
//     or its ydbEval summary). No recogniser is left: text.go is the text
//     model (pieces, variants, constants mapped back to source) and the
//     instantiation of a wrapper's fact at a caller.
//   - text: constants (positions through the const declaration), +,
//     //go:embed string vars (one file in the package directory, read by
//     embed.go and handed to the evaluator, which carries an exported one
//     to importers; the text is placed at the variable's declaration),
//     closure captures, φ variants (at most 16, Query.TextsTruncated beyond; a
//     variant no known call of the site's function builds is left out,
//     reach.go). Unknown pieces are holes keyed by field
//     ("field:pkg.Type.name"), package var ("var:pkg.name") or
//     parameterless function ("call:pkg.Func"); the value of a package
//     var is the evaluator's.
//   - parameters: ParamsBuilder chains, table.NewQueryParameters /
//     ValueParam, ydb.ParamsFromMap, query.WithParameters (last wins),
//     database/sql args (sql.Named, ValueParam, positional → $pN) with the
//     binding mode traced to ydb.Connector options or a constant DSN
//     (package dbhandle, through dbHost, dbhost.go), and BindUnknown when
//     the *sql.DB cannot be traced (unnamed args are then dropped and
//     Known is false). The parameters and their values are decoded by
//     package bindings through bindHost, bindhost.go.
//   - values: YDB type, Optional, NULL class, constants, Go hash functions
//     (table, local summaries, ydbHash facts), monotonic sources (package
//     bindings).
//   - rows, key ranges and CreateTable/AlterTable options (rows and key
//     ranges by package rowshape through rowHost, rowhost.go; the option
//     lists by package tableopts through tableOptHost, tableopthost.go,
//     each option decoded by internal/tableopt, as schemafact's syntactic
//     scan does).
//     The decoders of SSA values the pass and its packages share (the SDK
//     function, helper or constructor a call invokes; slice literals) are
//     internal/ssaval's.
//   - table paths through path.Join, path.Dir and path.Base are the
//     evaluator's (goeval/intrinsic strings.go): path.Dir/path.Base of a
//     keyed value K are holes keyed "dir:K" and "base:K", which the
//     catalogue joins back into K; the driver's database name
//     ((*ydb.Driver).Name) is keyed (dbname.go). An exported field holding
//     a path of unknowns is a hole keyed by the field (goeval
//     fieldIdentity), so a path another package joined names one table at
//     the DDL and the reads; a string package variable the program assigns
//     a text not wholly known (a folder from a flag, joined to the
//     database name in main) is read as the variable wherever it is read.
//   - string fields of the package's own structs are read as the values
//     stored into them (package evalenv indexes the stores for its
//     Env.Stores; a constructor's per-table names through Env.Callers); the
//     evaluator's text replaces the recognisers' keyed hole where it keeps
//     the identity the DDL shares (keepsIdentity).
//   - text through *string (pointers.go): a *string parameter only read
//     through ({*k} in facts) is instantiated with the evaluator's text of
//     what the caller's argument points to at the call; a helper returning
//     the address of a variable is interpreted (ydbEval carries it across
//     packages). A pointer written through where the evaluator cannot see
//     is a hole.
//   - a variable a closure captures (the closure a retrier or t.Run runs,
//     however deeply nested) is the evaluator's: it evaluates the makers'
//     frames, outermost first (goeval bindFree), and reads the cell there;
//     another function's parameter read through a capture is keyed as the
//     parameter (evalHole).
//   - a prepared statement's runs are sites whose text is the one
//     PrepareContext was given, read as a direct call's is (siteText).
//   - PRAGMA TablePathPrefix from a value with no identity: where some
//     variant's prefix has one, only those variants are the text
//     (knownPathPrefixes); where none has, the tables are matched by
//     suffix, as for any prefix hole.
//   - a helper returning a string at a query site (a render helper, a
//     lookup by its parameter, a format that is a parameter) is the
//     evaluator's (evaltext.go siteText, internal/goeval): it runs the
//     helper with the call's arguments. What it recovers is described in
//     the user's own spelling through the package's syntax index
//     (internal/srcindex: the literal a piece came from, the expression an
//     SSA position names, the constant strings of a function or package).
//   - text built at run time is the evaluator's (internal/goeval, over the
//     string shapes of internal/strshape): strings.Join, strings.Builder and
//     bytes.Buffer (writes, fmt.Fprintf into them, in branches and loops),
//     a list grown by appends under ifs (each optional item a Choice the variants record in
//     Text.Choices, choices.go, so planning can tell a filter present on every
//     path from one left out on some). A loop is read as one copy of its
//     body (strshape.OneCopy): how many times it runs is not known, and zero
//     copies may be a text the program never builds (`WHERE ` alone when
//     every caller passes a filter). fmt.Sprintf and its family with a format of
//     any shape (a constant, a concatenation, a variable, a map entry),
//     each formatted operand whose text is not known placed at its argument
//     expression (value.Piece.At, evalHole), where yqlinject reads what was
//     spliced; read-only package maps of texts (or of structs
//     holding one) indexed by a constant key; a lookup helper indexed by a
//     wrapper's parameter, one text per key under the condition that the
//     parameter is that key (goeval keysplit.go; the keyEq pieces its callers
//     instantiate, keycond.go); text/template and html/template with a
//     constant template (goeval/intrinsic template.go), executed on the
//     caller's data.
//   - query modes: Query.ScanQuery for StreamExecuteScanQuery and for
//     database/sql calls whose context is traced to
//     ydb.WithQueryMode(ctx, ydb.ScanQueryMode); ExplainQueryMode makes the
//     site ExplainOnly (package sqlmode).
//
// Facts (on the declared function, deterministic, no maps):
//   - ydbSink(query=i,params=j,…): the function forwards its arguments to an
//     SDK entry point (or the text is a template: text=PRAGMA x; {2});
//     calls to it are sites with Site.Chain naming the wrappers. A piece
//     {2.FormatQuery()} is the text that method of the argument returns
//     (a generic helper rendering the query builder it is handed as an
//     interface): each caller's text is the evaluator's call of the method
//     on the value it passes, with the memory at the call (methodText).
//   - ydbHash(func,arg=i): the function returns a hash of parameter i
//     (package gohash).
//   - ydbRowShape({f1,f2}|…): the function returns these row fields
//     as []types.StructValueOption (package rowshape).
//   - ydbRowImpls (package): the package's row-returning methods and the
//     interfaces its types are converted to (package rowshape).
//   - ydbEval(F, G; vars V) (package): the evaluator's summaries of the
//     package's exported functions that build text or values of the
//     package, and of its exported variables only the initialiser assigns
//     (package evalenv).
//   - reachesYDB (package): the package reaches the SDK.
//
// Packages of ydb-go-sdk itself are skipped (its internals are not user
// query sites), except, when ydblint runs in the SDK's own repository, its
// clients there: packages under tests/ and external _test packages
// (pkgscope.SDKLibrary). A wrapper's summary covers its first forwarding call; any
// other forwarding call that hands the database something else is a site
// of its own, with the wrapper's parameters as holes.
//
// Configured sinks (the sinks: section of .ydblint.yml, config.Sink) are
// entry points too, checked after the SDK table and before wrapper
// summaries and facts (package cfgsink): a call to one is a site, its parameters
// argument is decoded by its type, and a function forwarding its own
// parameters to one gets a ydbSink fact. A package that declares or imports
// a configured sink reaches the database. The scope options (include-pkgs,
// exclude-pkgs) do not apply here: facts are computed for every package,
// so that an excluded wrapper still serves its importers.
//
// Real-service shapes (issue 10):
//   - database/sql with a *sql.DB that cannot be traced to its connector
//     (a repository field set by a constructor): a `?` in expression
//     position, or a `$1`, outside literals and comments tells the binding
//     mode, so the text is read with placeholders as parameters of unknown
//     value; Params.Mode stays BindUnknown and no argument is mapped
//     (bindings.InferBind).
//   - wrappers that forward query.WithParameters(params) of their own
//     parameter (a transaction-or-pool helper) forward the parameters
//     (forward.go); parameters built by a helper of the package (a row
//     struct's method) are evaluated at the call, fields read through the
//     bound pointer to a local composite literal being the caller's values
//     (paramsinline.go); NewQueryParameters(opts...) with opts appended on
//     several paths or in a loop is the union of the appended ValueParams,
//     a name appended with two values dropped (package bindings); BulkUpsert
//     rows and ReadRows keys appended in loops are one representative row,
//     also when a retrier's closure captures the slice.
//   - a table field set by a constructor whose callers (all known, the
//     constructor unexported and never used as a value) each pass a known
//     text is the union of those texts, when it is the only string
//     parameter the callers vary (two that vary together would pair one
//     call's table with another call's column): the evaluator reads the
//     field (package evalenv's Env.Stores and Env.Callers, over its index
//     of stores, through evalHost, evalhost.go); a
//     keyed site whose path then has several variants lists them in
//     TableArg.Alternatives (tablealt.go) and consumers judge rows under
//     every alternative.
//   - a BulkUpsert/ReadRows helper that takes the table's
//     NAME and builds the path inside (path.Join(db.Name(), name)), the
//     callers passing different names: the path is a template of the
//     helper's parameters (ydbSink table=<template>), so each call is a
//     site with its own path and the rows it passes, never another call's
//     (a parameter in the folder only keeps the helper's site, found by
//     the table's name). Rows forwarded as types.ListValue(p...) of a
//     []types.Value parameter are decoded at each call (rows=list:k), and a
//     wrapper forwarding rows carries its path to its callers even when the
//     path is constant; a function literal of the caller computing the
//     name (tableName := func(t string) string {…}; tableName(tblTraces))
//     is evaluated at its call (helperpath.go). Rows a function
//     of the package returns (rows := buildRows(spans), also with an
//     error) are the elements its return statements build.
//   - row fields returned by a function or method as
//     []types.StructValueOption (ydbRowShape fact), also through an
//     interface method: one row alternative (Row.Impl,
//     Bulk.Alternatives) per type of the module converted to that
//     interface, from the ydbRowImpls package facts; unknown rows when an
//     implementation is not decoded, is a test double, is promoted from an
//     embedded type, may reach the interface through another interface
//     with the method, or there are more than eight (package rowshape).
//   - Go hashes derived by folding digest bytes (v <<= 8; v += int64(b[i]),
//     loops too), % N, masks and shifts; io.WriteString into a hasher;
//     hash helpers in packages that do not reach the SDK still export
//     ydbHash facts (package gohash, through hashHost, hashhost.go); a
//     pointer a helper hands back unchanged (shortDir := getPrefix(&dir))
//     keeps the variable's origin, so *shortDir and dir are the same value
//     (package localcell).
//
// Dynamically built text (issue 11; lists, maps, formats and templates
// are goeval's):
//   - table identity through Go values: a parameter of an unexported (or
//     package main) function never used as a value, whose callers all pass
//     the same package var, field or parameterless call, is a hole keyed by
//     that value, so CreateTable(ctx, path.Join(prefix, "series")) in one
//     helper and a query under PRAGMA TablePathPrefix(prefix) in another
//     name the same table (paramkey.go); a template's PRAGMA
//     TablePathPrefix from a parameter is decided at each call, unrecovered
//     where the argument has no identity;
//   - a variable assigned on branches and read by a retrier's closure
//     (created right before the retrier's call, which runs it before
//     returning) is the union of the values stored on the paths reaching
//     the closure (capture.go).
//
// Not traced, on purpose (precision first): the number of copies a loop
// makes (one is read, above), interface
// calls on user types other than SDK-shaped interfaces and row-field
// methods (above; a value reaching an interface only through a type
// assertion from any is not followed), function values
// stored in fields, the ParameterOption values a wrapper appends to a
// forwarded option list (the caller's own are decoded, package bindings, with
// Params.Known=false), parameters added through (*Params).Add (Params.Known=false),
// templates with functions, custom delimiters or associated templates,
// query-builder types configured by functional options, GORM/xorm
// builders.
package querysite
