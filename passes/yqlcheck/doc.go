// Package yqlcheck defines ydblint's yqlcheck analyzer.
//
// # Analyzer yqlcheck
//
// yqlcheck: report statements YDB would reject when it compiles them
//
// The most common YDB failures of Go services are not key design but
// statements the server refuses at compile time: a misspelt column, a
// parameter declared but not bound, a NOT NULL column left out of an
// UPSERT. They surface only when the code path first runs. yqlcheck finds
// them at go vet time from what ydblint already knows: every statement's
// text, its DECLAREs, the Go values bound to its parameters, and the
// tables' schema from migrations and Go DDL. Every message quotes the error
// text YDB itself gives, so it can be matched to a log line.
//
// yqlcheck judges a name only where it is certain: a table whose whole
// definition was seen (no DDL it could not parse, no conflicting
// definitions, no ALTER TABLE of an unknown table anywhere in the module),
// a statement that reads that one table (no join, no named or AS_TABLE
// source), no hole in the text outside table paths, and nothing the parser
// did not model. It judges parameters only where every Go binding of the
// call is known and, when the call may run one of several texts (built by
// branches, or picked from a map in another package), only for faults all
// of those texts share: the bindings belong to the call, not to one text.
//
// Other faults are reported once per site however many ways its text is
// built; when the text is one of several alternatives (a φ of literals, a
// format chosen by a switch) and the fault is in some of them, the message
// names them by the Go literal that sets them apart, as fullscan does:
// "(in 1 of the 2 ways the query text is built: the text at names.go:49)".
// A fault every text has, each at a literal of its own (the same unknown
// column written in both branches), says nothing of the texts.
//
// Messages name a table as the statement wrote it when its path holds a
// Go value (<a.folder>/closed_users; under a PRAGMA TablePathPrefix
// holding the folder, closed_users), as fullscan does; a path written as
// one Go expression and nothing else (`+a.table()+` that ydblint does not
// see into) keeps the Go identity it resolves to, which says more.
//
// # Category unknown-column
//
// A column the table does not have is named in a SELECT list, WHERE, ORDER
// BY, UPDATE SET, or the column list of an INSERT, UPSERT, REPLACE, UPDATE
// ON or DELETE ON. YDB rejects a read with "Member not found: <column>"
// (yql/essentials/core/type_ann/type_ann_core.cpp, FindOrReportMissingMember)
// and a write with "No such column: <column>, table: <table>"
// (ydb/core/kqp/provider/yql_kikimr_type_ann.cpp, GetExpectedRowType). When
// exactly one column of the table differs by one edit or by letter case, the
// fix renames the reference to it.
//
//	CREATE TABLE users (user_id Uint64, name Utf8, PRIMARY KEY (user_id));
//
//	SELECT nmae FROM users WHERE user_id = $id;   -- bad: Member not found: nmae
//	SELECT name FROM users WHERE user_id = $id;   -- good
//
// Names in a SELECT with GROUP BY or HAVING are judged in WHERE only
// (GROUP BY … AS alias introduces names), and select-list aliases are never
// reported.
//
// # Category unknown-index
//
// `FROM t VIEW idx` names an index the table does not have. YDB: "Required
// global index not found, index name: <idx>"
// (ydb/core/kqp/provider/yql_kikimr_type_ann.cpp, HandleKiRead).
//
//	SELECT * FROM users VIEW users_by_mail WHERE email = $e;   -- bad: the index is users_by_email
//	SELECT * FROM users VIEW users_by_email WHERE email = $e;  -- good
//
// # Category unbound-parameter
//
// A `$name` is used in the text but is neither declared, nor defined as a
// named expression or lambda parameter, nor bound in Go. The YQL translator
// rejects it: "Unknown name: $name" (yql/essentials/sql/v1/context.cpp,
// TTranslation::GetNamedNode).
//
//	SELECT * FROM users WHERE user_id = $id;          -- bad: nothing binds $id
//	  query.WithParameters(ydb.ParamsBuilder().Param("$user").Uint64(id).Build())
//	SELECT * FROM users WHERE user_id = $user;        -- good
//
// # Category missing-parameter
//
// `DECLARE $name AS T` with a non-Optional T, and the Go call binds no value
// for $name. YDB: "Missing value for parameter: $name"
// (ydb/core/kqp/session_actor/kqp_session_actor.cpp, ValidateParameter). A
// declared Optional parameter that is not bound is NULL and not reported.
// ydb.ParamsBuilder().Param("id") sends the name "id" exactly as written,
// which binds no `$id`; the message says so.
//
//	DECLARE $id AS Uint64; SELECT * FROM users WHERE user_id = $id;
//	  ydb.ParamsBuilder().Param("id").Uint64(id)     -- bad: binds "id", not "$id"
//	  ydb.ParamsBuilder().Param("$id").Uint64(id)    -- good
//
// # Category parameter-type
//
// A parameter is declared with one type and bound in Go with another
// (types.Int64Value for `DECLARE $id AS Uint64`, an Optional constructor
// for a non-Optional DECLARE, or the reverse). YDB compares the types
// exactly: "Parameter $id type mismatch, expected: …, actual: …"
// (kqp_session_actor.cpp, ValidateParameter). The fix changes the DECLARE
// to the bound type. Judged are values built with the SDK's typed
// constructors (types.*Value, ParamsBuilder setters, table.ValueParam) and
// database/sql arguments passed as sql.Named(name, v) whose static Go type
// decides the conversion (ydb-go-sdk internal/bind.toValue, the table in
// internal/sdk/gotypes.go): note that a Go int binds as Int32 and a
// uint as Uint32, a pointer as Optional. Arguments whose type implements
// driver.Valuer or json.Marshaler, interfaces and containers are not
// judged: their YDB type is decided at run time.
//
//	DECLARE $id AS Uint64;
//	  ydb.ParamsBuilder().Param("$id").Int64(id)     -- bad
//	  ydb.ParamsBuilder().Param("$id").Uint64(id)    -- good
//	  db.QueryRowContext(ctx, q, sql.Named("id", n)) -- bad when n is an int: Int32
//
// # Category unused-parameter
//
// A parameter is bound in Go but the text never uses nor declares it. YDB
// ignores parameters a query does not declare
// (kqp_session_actor.cpp validates only the query's own parameters), so
// this is reported only with -strict: usually a renamed parameter whose
// old binding stayed behind.
//
// # Category value-count
//
// An INSERT, UPSERT or REPLACE lists more or fewer VALUES than columns.
// YDB: "VALUES have N columns, INSERT INTO expects: M" (the YQL translator).
//
//	UPSERT INTO users (user_id, name) VALUES ($id);           -- bad
//	UPSERT INTO users (user_id, name) VALUES ($id, $name);    -- good
//
// # Category missing-not-null
//
// An INSERT, UPSERT or REPLACE with a column list leaves out a NOT NULL
// column that has no DEFAULT and is not Serial. YDB rejects UPSERT and
// REPLACE as well as INSERT: "Missing not null column in input: <column>.
// All not null columns should be initialized"
// (ydb/core/kqp/provider/yql_kikimr_type_ann.cpp, HandleWriteTable, for
// InsertAbort, InsertRevert, Upsert and Replace; columns whose default kind
// is defined, DEFAULT or Serial, are exempt). To change some columns of an
// existing row, use UPDATE. Key columns are nullkey's (missing-key).
//
//	CREATE TABLE users (user_id Uint64, email Utf8 NOT NULL, seen Timestamp, PRIMARY KEY (user_id));
//	UPSERT INTO users (user_id, seen) VALUES ($id, $now);          -- bad: email is NOT NULL
//	UPDATE users SET seen = $now WHERE user_id = $id;              -- good
//
// # DDL YDB rejects
//
// The categories below judge the schema itself: migrations (.sql, .yql)
// of the module, DDL strings of this package's Go code, and its
// CreateTable calls. A finding in Go code points at the word at fault in
// the string literal (or at the option's line). A finding in a migration
// points at the migration's line and is reported by the packages it
// concerns: the package whose directory holds the migration (it embeds or
// applies it) and the packages whose queries name the table at fault. go
// vet runs each package on its own and prints it once per such package;
// the standalone checker and editors de-duplicate by position. golangci-lint
// drops issues outside Go files, so under its plugin the finding moves to
// the package's first query that names the table (or its package clause)
// and names the line after its headline ("the statement is in migration
// <file>:<line>"). ydblint:ignore directives do
// not apply to a migration's lines. Column tables (STORE = COLUMN,
// PARTITION BY HASH) have other rules and are judged only for
// unknown-type; nor is a column of a type whose rules ydblint does not
// model (containers, Decimal, PostgreSQL types, a Go value) judged by the
// key, partition and TTL categories, nor DDL in Go files of another
// package (that package reports its own).
//
// # Category schema-syntax
//
// A CREATE TABLE column definition is followed by a word YQL does not allow
// there: after `name Type [FAMILY f] [NOT NULL | NULL] [DEFAULT e]` only a
// comma, `)`, COMPRESSION(…) or ENCODING(…) may come (the column_schema
// rule of yql/essentials/sql/v1/SQLv1.g.in). Usually a comma is missing;
// YDB's parser rejects the whole statement ("mismatched input 'region'
// expecting …"; older servers say "Unexpected token 'region' : cannot match
// to any predicted input..."), so the migration fails.
//
// Only this shape is reported, and only when the statement also fails to
// parse in ydblint and the column's type is a plain primitive name: words
// other databases write there and YDB may come to accept (PRIMARY KEY,
// UNIQUE, CHECK, COLLATE, GENERATED, AS, …) and statements ydblint does not
// understand for any other reason are left alone; -explain names the
// tables they leave unknown.
//
//	CREATE TABLE hosts (host_id Uint64, name Utf8 NOT NULL region Utf8, PRIMARY KEY (host_id));   -- bad
//	CREATE TABLE hosts (host_id Uint64, name Utf8 NOT NULL, region Utf8, PRIMARY KEY (host_id));  -- good
//
// A stray word after a comma is the same fault seen from the other side:
// `first_name Utf8,s` then `last_name Utf8` reads as a column s of type
// last_name followed by the word Utf8, and YDB stops there ("mismatched
// input 'Utf8' …"). It is reported at the stray word when the word after
// it is not a type YQL knows and the word after that is a primitive type.
//
//	CREATE TABLE members (id Uint64, first_name Utf8,s
//	    last_name Utf8, PRIMARY KEY (id));                                  -- bad
//
// # Category unknown-type
//
// A column definition (CREATE TABLE, ALTER TABLE … ADD COLUMN) names a
// type YQL does not know: not a primitive type, a SQL alias of one
// (tinyint, smallint, int, integer, bigint, varchar, Text, Bytes), a
// Serial type, a type constructor (Optional<…>, List<…>, Decimal(p, s), …)
// or a PostgreSQL type (pg… names are never judged). YDB: "Unknown simple
// type '<name>'" (BuildSimpleType, yql/essentials/sql/v1/node.cpp; the
// names it resolves are LookupSimpleTypeBySqlAlias's, in
// yql/essentials/core/sql_types/simple_types.cpp). Column tables are
// judged too. A misspelling one edit away from a type gets a "did you
// mean".
//
//	CREATE TABLE invites (code Strng NOT NULL, PRIMARY KEY (code));    -- bad
//	CREATE TABLE invites (code String NOT NULL, PRIMARY KEY (code));   -- good
//
// # Category key-type
//
// A primary key column is Float, Double, Json, JsonDocument or Yson, types
// YDB does not allow in a key. YDB: "Column <column> has wrong key type
// <type>" (ydb/core/tx/schemeshard, table creation, IsAllowedKeyType).
//
//	CREATE TABLE readings (value Double, host_id Uint64, PRIMARY KEY (value, host_id));   -- bad
//	CREATE TABLE readings (host_id Uint64, ts Timestamp, value Double, PRIMARY KEY (host_id, ts));  -- good
//
// The same holds for options.WithPrimaryKeyColumn naming a column created
// with types.TypeDouble.
//
// # Category uniform-partitions
//
// UNIFORM_PARTITIONS (options.WithUniformPartitions) splits the value range
// of the first key column, which YDB does only for Uint32 and Uint64 (and,
// on newer servers, Uuid, which is not reported). YDB: "Unsupported first
// key column type <type>, only Uint32 and Uint64 are supported"
// (ydb/core/tx/schemeshard/schemeshard_impl.cpp, FillUniformPartitioning).
// A Serial key is an Int32 or Int64 and is refused the same way.
//
//	CREATE TABLE samples (host Utf8, ts Timestamp, PRIMARY KEY (host, ts)) WITH (UNIFORM_PARTITIONS = 16);   -- bad
//	CREATE TABLE samples (host_hash Uint64, host Utf8, ts Timestamp, PRIMARY KEY (host_hash, host, ts))
//	    WITH (UNIFORM_PARTITIONS = 16);                                                               -- good
//
// # Category partition-at-keys
//
// A PARTITION_AT_KEYS split point has more values than the key has
// columns, or a literal of the wrong kind for its key column (a string for
// an integer column, a number for a String or Utf8 column). YDB: "Partition
// at keys has <n> key values while there are only <m> key columns" and
// "Failed to convert value "<v>" to a corresponding key column type"
// (ydb/core/kqp/provider/yql_kikimr_type_ann.cpp).
//
//	CREATE TABLE t (k Uint64, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = ((10), (100, "a")));   -- bad
//	CREATE TABLE t (k Uint64, PRIMARY KEY (k)) WITH (PARTITION_AT_KEYS = (10, 100));            -- good
//
// # Category ttl-column
//
// A TTL (in CREATE TABLE, or ALTER TABLE … SET (TTL = …)) names a column
// YDB cannot expire rows by: it reads a Date,
// Datetime or Timestamp column (and their 32/64-bit forms) without a unit,
// and a Uint32, Uint64 or DyNumber column with one (`ON col AS SECONDS`).
// YDB (ydb/core/tx/schemeshard, TTTLValidator::ValidateUnit): "Unsupported
// column type", "To enable TTL on integral type column
// 'ValueSinceUnixEpochModeSettings' should be specified" and "To enable TTL
// on date type column 'DateTypeColumnModeSettings' should be specified".
//
//	CREATE TABLE r (id Uint64, ts Uint64, PRIMARY KEY (id)) WITH (TTL = Interval("P7D") ON ts);              -- bad
//	CREATE TABLE r (id Uint64, ts Uint64, PRIMARY KEY (id)) WITH (TTL = Interval("P7D") ON ts AS SECONDS);   -- good
//
// # Not reported
//
// Tables, columns and indexes created outside the code ydblint reads (by
// hand, by another repository), which it cannot know; statements with
// joins or subquery sources; parameter types of positional database/sql
// arguments and of ydb.WithAutoDeclare queries; value types written to
// columns; AUTO_PARTITIONING_MIN_PARTITIONS_COUNT greater than the MAX
// (the server's check and wording were not confirmed); TTL settings of
// CreateTable calls (their mode is not decoded); DDL in Go files of other
// packages (each package reports its own).
package yqlcheck
