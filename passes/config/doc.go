// Package config is ydblint's configuration: the ydblint_config
// pseudo-analyzer, its flags, and the .ydblint.yml file.
//
// Every ydblint analyzer Requires [Analyzer] and reads
// pass.ResultOf[config.Analyzer].(*config.Config). The options are flags of
// this one analyzer rather than of the rules because a driver parses a root
// analyzer's flags only after the analyzers it requires have run (the
// nilaway design). The ydblint command lifts them to the top level, so the
// same spelling works standalone and under go vet:
//
//	ydblint -strict -migrations=db/migrations ./...
//	go vet -vettool=$(command -v ydblint) -strict ./...
//
// Analyzer never fails and never reports. Problems in the file, the flags or
// the settings go into [Config.Errors] (with file, line and key); the rules
// report them once per package at the package clause of its first file, and
// otherwise carry on with the entries that were valid.
//
// # Precedence
//
// Defaults, then the config file, then flags (or golangci-lint settings):
// a flag that was given replaces the file's value; a flag that was not given
// leaves it alone. List flags replace the whole list.
//
// # Finding the config file
//
// Without -config, ydblint looks for .ydblint.yml, then .ydblint.yaml, in
// the module root: the directory of the package's go.mod (the driver's
// module directory when it provides one, otherwise the nearest go.mod above
// the package's first Go file). Relative paths given with flags or settings
// (-config, -migrations) are resolved against the module root of the
// package being analysed, whatever the current directory is, because go vet
// runs the tool in each package's directory. Relative paths inside the file are resolved against the
// file's directory. The parsed file is cached per process by path, size and
// modification time. A file larger than 1 MiB is an error.
//
// # Options
//
// Every option below is a flag (-name), a golangci-lint setting (name:) and,
// except -config and the migration flags, a top-level key of the config file.
// Lists are comma-separated strings as flags; in YAML they may also be
// lists.
//
//	option                 default       meaning
//	config                 (find)        path of the config file; an error when missing
//	strict                 false         also report verdicts that depend on the YDB
//	                                     server version or settings (DEPENDS)
//	migrations             (discover)    migration directories or globs; file key schema.paths.
//	                                     Empty: ydblint uses the package's //go:embed *.sql
//	migration-tool         auto          goose, migrate, plain or auto (detect); file key schema.tool
//	migration-order        (tool's)      numeric or lexical; file key schema.order. Default:
//	                                     numeric version for goose and migrate, lexical for plain
//	include-pkgs           (all)         package path prefixes to analyse; empty means every
//	                                     package outside the standard library
//	exclude-pkgs           (none)        package path prefixes never analysed; wins over include-pkgs
//	report-unused-ignores  false         report ydblint:ignore directives that suppress nothing
//
// A prefix matches the package path itself and every path below it
// ("github.com/acme/app" matches "github.com/acme/app/db" but not
// "github.com/acme/application"); a trailing "/..." is accepted.
//
// # The config file
//
// A YAML mapping; every key is optional, unknown keys and repeated keys are
// errors, YAML aliases are not accepted. A complete example is
// testdata/example.ydblint.yml in the repository.
//
//	version: 1                      # optional; only 1 exists
//	strict: false
//	report-unused-ignores: false
//	include-pkgs: [github.com/acme/app]
//	exclude-pkgs: github.com/acme/app/gen, github.com/acme/app/mocks
//	schema:
//	  paths: [db/migrations, "db/ddl/*.yql"]   # directories or globs
//	  tool: goose                              # auto | goose | migrate | plain
//	  order: numeric                           # numeric | lexical
//	hash:                            # hash-prefix annotations, one per table
//	  - table: orders                # table path as written in YQL
//	    column: order_hash           # the leading key column holding the hash
//	    function: Digest::NumericHash  # optional: the YQL function, when known
//	    source-column: order_id      # the key column that is hashed
//	sinks:                           # functions that hand YQL to the database
//	  - package: github.com/acme/app/db
//	    function: (*Repo).Query      # Func, (*T).Method, (T).Method or T.Method
//	    query-arg: 1                 # 0-based, receiver not counted
//	    params-arg: 2                # optional; -1 (default) means none
//
// A hash annotation is evidence for the hashprefix rule that the table's
// leading key column holds function(source-column), in addition to the
// evidence ydblint finds in writes and `-- ydblint:hash` comments. A sink
// makes ydblint treat calls of that function as query sites, for wrappers
// it cannot see through.
//
// # Suppressing diagnostics
//
// A diagnostic is suppressed by a directive that names its rule and gives a
// reason:
//
//	//ydblint:ignore fullscan the nightly export reads the whole table
//	rows, err := db.Query(ctx, exportQuery)
//
// In Go, the directive covers its own line and, when its comment group ends
// on the line just above a statement or declaration, that whole statement.
// Inside YQL text, `-- ydblint:ignore <rules> <reason>` covers the statement
// that contains it or, between statements, the one after it. <rules> is a
// comma-separated list of hashprefix, nullkey, fullscan, monotonickey or
// all. A directive without a reason suppresses nothing and is itself
// reported, as is an unknown rule name; with report-unused-ignores, so is a
// directive that suppressed nothing (an "all" directive is never reported
// as unused, since one rule cannot know what the others used).
package config
