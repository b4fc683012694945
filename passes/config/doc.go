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
// the settings go into [Config.Errors] (with file, line and key); one rule
// reports them once per package that uses YDB (the rest of the module has
// nothing to do with ydblint), at the package clause of its first file, and
// every rule carries on with the entries that were valid. A configured
// schema path or glob that names nothing is such an error.
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
// except -config, -hermetic and the migration flags, a top-level key of the
// config file.
// Lists are comma-separated strings as flags; in YAML they may also be
// lists.
//
//	option                 default       meaning
//	config                 (find)        path of the config file; an error when missing
//	strict                 false         also report verdicts that depend on the YDB
//	                                     server version or settings (DEPENDS)
//	migrations             (discover)    migration directories or globs; file key schema.paths.
//	                                     Empty: ydblint discovers them (see below)
//	migration-tool         auto          goose, migrate, plain or auto (detect); file key schema.tool
//	migration-order        (tool's)      numeric or lexical; file key schema.order. Default:
//	                                     numeric version for goose and migrate, lexical for plain
//	include-pkgs           (all)         package path prefixes to analyse; empty means every
//	                                     package outside the standard library
//	exclude-pkgs           (none)        package path prefixes never analysed; wins over include-pkgs
//	report-unused-ignores  false         report ydblint:ignore directives that suppress nothing
//	hermetic               false         read no file but the package's own and the named inputs
//	                                     (-config, migrations), relative to the working directory
//
// Hermetic mode. For sandboxes such as Bazel's nogo, which hold only the
// package's files, its imports' export data and facts, and whatever the
// build names: no go.mod and no config file are looked for (only -config
// is read), the module is not walked, //go:embed-ded files are not read,
// relative paths are resolved against the working directory (nogo's
// execroot) and file names in messages are relative to it. Schema then
// comes only from the named migrations, the package's own DDL and its
// imports' facts; docs/nogo.md in the repository lists every difference.
//
// A prefix matches the package path itself and every path below it
// ("github.com/acme/app" matches "github.com/acme/app/db" but not
// "github.com/acme/application"); a trailing "/..." is accepted.
//
// Scope. include-pkgs and exclude-pkgs decide where diagnostics are
// reported, not what is computed: an excluded (or not included) package is
// still analysed for the facts its importers need, so a query wrapper or a
// schema bootstrap in an excluded package keeps working for the packages
// that use it, and a finding reached through an excluded wrapper is
// reported at the call in the included package.
//
// Schema paths. Without migrations / schema.paths, ydblint discovers
// migration files: every directory of the module holding .sql or .yql
// files with CREATE/ALTER/DROP TABLE (skipping vendor, testdata, hidden and
// underscore directories and nested modules), plus the files a package
// names with //go:embed. Configured paths replace that discovery: only the
// listed directories (read recursively, each directory one migration
// sequence) and the files the globs match are read, so a list can also
// leave out SQL files that are not migrations. DDL in Go code and in
// CreateTable calls is read either way. A configured path may lie outside
// the module root; symbolic links below it are never followed (the
// configured path itself may be one).
//
// migration-tool and migration-order apply to every migration directory,
// configured or discovered. goose applies the files named
// <version>_<name>.sql (their "-- +goose Up" part), migrate the
// <version>_<title>.up.<ext> files, plain every .sql/.yql file; auto
// detects the tool from the names and goose annotations. numeric orders by
// the number a file name starts with (files without one first), then by
// name; lexical by name, byte-wise.
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
// evidence ydblint finds in writes and `-- ydblint:hash` comments. It ranks
// with the annotation comment, above write evidence; messages cite the
// config file's line. An annotation that does not fit the table's key (the
// column is not the leading key column, the source is not a key column) is
// dropped.
//
// A sink makes ydblint treat calls of that function as query sites, exactly
// like calls of an SDK entry point, for wrappers it cannot see through. The
// call's query argument is traced like the text of an SDK call; a function
// that forwards its own parameter to a sink becomes a wrapper in turn. The
// parameters argument is read by its type: *table.QueryParameters
// (*params.Params) like the table service's, a list of SDK options like the
// query service's (query.WithParameters), `args ...any` like database/sql's
// (only sql.Named and table.ValueParam arguments name a parameter), any
// other type as unknown parameters. A receiver given as (*T), (T) or T
// matches either kind of method of T, and an interface method matches calls
// through that interface. A sink whose query-arg is not a string parameter
// of the function matches nothing. A configured sink wins over what ydblint
// infers about the same function.
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
// comma-separated list of rule names (`ydblint help` lists them) or all. A directive without a reason suppresses nothing and is itself
// reported, as is an unknown rule name; with report-unused-ignores, so is a
// directive that suppressed nothing (an "all" directive is never reported
// as unused, since one rule cannot know what the others used).
package config
