// Package yqlinject defines ydblint's yqlinject analyzer.
//
// # Analyzer yqlinject
//
// yqlinject: report Go values spliced into YQL text where a parameter belongs
//
// A value written into the query text by fmt.Sprintf, + or a
// strings.Builder, instead of being passed as a declared parameter, has two
// costs. A string from a caller becomes part of the statement: a quote in
// it ends the literal and the rest is YQL (injection). And every distinct
// value makes a distinct text: YDB keeps compiled queries in a per-node
// compile cache that is "reused only when the query text matches exactly",
// so each new text is compiled again, at the cost of latency and node CPU,
// and crowds the cache (https://ydb.tech/docs/en/dev/query-execution-optimization/parameterized-queries;
// https://ydb.tech/docs/en/reference/ydb-sdk/parameterized_queries: "Parameterized
// query plans are cached on the server … The use of parameterized queries
// saves from vulnerabilities like SQL Injection"). gosec's G201/G202 check
// formatted and concatenated SQL for database/sql; nothing checks the YDB
// SDK's own entry points, where the text reaches query.Client.Query,
// table.Session.Execute and the rest the same way.
//
// The rule reads each query site's recovered text (querysite: holes stand
// for the Go values it cannot compute) and looks at the tokens around each
// hole. A hole is in a value position when it is the right-hand side of a
// comparison or assignment (id = %d, SET name = %s, $x = %s), an element
// of IN (…) or of a VALUES tuple, the count after LIMIT or OFFSET, the
// operand of LIKE or BETWEEN, or inside a quoted string literal ('%s'),
// in a query or write statement. The Go expression that fills the hole
// (an argument of Sprintf, an operand of +, a builder's write) gives its
// type and where it comes from. A function that splices a string
// parameter of its own into the text is a wrapper to querysite: its calls
// in the module are the sites, and the argument at each call is judged
// there (the handler that passes req.Name to repo.ByName is reported,
// with repo.ByName in the finding's path); each Go expression is reported
// once, for the first site that reaches it.
//
// # Category injection
//
// A string (or []byte) in a value position that comes from a parameter of
// an exported function or method: the parameter itself, a field or element
// of it (req.Name), a getter of it (req.GetName()), or a net/http or
// net/url accessor of a request parameter (r.FormValue("q"),
// r.URL.Query().Get("q")), followed through local variables assigned once.
// Reported by default.
//
//	func (h *Handler) Search(ctx context.Context, req SearchRequest) error {
//		q := fmt.Sprintf("SELECT id FROM users WHERE name = '%s';", req.Name) // bad
//		res, err := h.db.Query().QueryResultSet(ctx, q)
//		…
//	}
//
//	res, err := h.db.Query().QueryResultSet(ctx,
//		"DECLARE $name AS Utf8; SELECT id FROM users WHERE name = $name;",
//		query.WithParameters(ydb.ParamsBuilder().Param("$name").Text(req.Name).Build())) // good
//
// The message names the value's path and proposes the parameter: its
// DECLARE type from the Go type (string: Utf8, []byte: String, int64: Int64,
// uint64: Uint64, float64: Double, …) and its binding in the API the site
// calls: ydb.ParamsBuilder for the query service, table.ValueParam for the
// table service, sql.Named for database/sql.
//
// # Category compile-cache
//
// An integer or float in a value position. It cannot inject, but every
// distinct value is a new text to compile. Reported by default when the
// value comes from a caller (the origins of injection: a parameter of an
// exported function, a request field), since it then changes from call to
// call; with -strict, also when its origin is not known (a computed count,
// a loop variable, a field of the repository): whether such a value varies
// is a property of the program's run, so this is a review list.
//
//	rows, err := db.QueryContext(ctx, fmt.Sprintf("SELECT id, title FROM posts ORDER BY id LIMIT %d", limit)) // bad
//
//	rows, err := db.QueryContext(ctx, "DECLARE $limit AS Int64; SELECT id, title FROM posts ORDER BY id LIMIT $limit",
//		sql.Named("limit", int64(limit))) // good
//
// # Not reported
//
// Holes that are not values: table paths (after FROM, JOIN, INTO, UPDATE,
// inside backquotes, in PRAGMA TablePathPrefix and in table functions such
// as FROM CONCAT(…)), column names, ORDER BY directions, keywords and
// parts of longer names; every hole of DDL (CREATE, ALTER, DROP: YDB does
// not take parameters there), PRAGMA and DECLARE statements. Constants
// (querysite writes them into the text, so they leave no hole), values of
// a named type whose package declares constants of it (an enum: a few
// texts, each compiled once), booleans (two texts at most), values of
// other types (a Stringer, a time.Time, a struct). Strings whose origin is
// not known (a repository's field, a value computed in the function, a
// parameter of an unexported function or of a function literal, a
// parameter the function reassigns, a list joined by strings.Join): they
// are as likely to be configuration or generated SQL as input, and
// without -strict numbers of unknown origin. Holes without a single Go
// expression (querysite gives some no position: a range variable joined
// with + inside its loop, a builder written in branches), holes in
// another package, and texts the YQL lexer rejects. Texts in PostgreSQL syntax, explain-only calls, and
// database/sql handles traced to another driver.
package yqlinject
