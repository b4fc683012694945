// Package lsp is `ydblint lsp`: a Language Server Protocol server that runs
// ydblint's rules for an editor, next to gopls (which cannot load
// third-party analyzers).
//
// It lives under cmd/ydblint/internal because it is a driver of the
// command, like multichecker, not a library: nothing else should build on
// its API, which may change with the protocol features it grows. It does
// not belong in analyzer/, whose packages are the suite and the
// golangci-lint plugin that other programs import.
//
// # What it does
//
// On textDocument/didOpen and didSave (never on each keystroke; bursts are
// debounced, 50ms by default) it analyses the package that holds the file,
// as saved on disk, with [analyzer.Suite] through
// golang.org/x/tools/go/analysis/checker, the public API behind
// multichecker, so diagnostics are those of the ydblint command run on
// the module: the command's module round has its counterpart here
// (evidence.go), hash-prefix evidence from packages the analysed one does
// not import, gathered by a child process in the background.
// Configuration is the same too: the .ydblint.yml found from the package's
// module, and the configuration flags given after `lsp`
// (`ydblint lsp -strict -migrations=db/migrations`), plus -debounce.
// Analyses run one at a time; a save during an analysis of the same package
// cancels it (its result is dropped) and runs it again.
//
// # The package graph cache
//
// The packages come from cmd/ydblint/internal/load, one graph per package
// directory (and test-ness) of an open file, the last four kept. The first
// analysis runs go list once and loads from source only the packages that
// can hold ydblint facts (those that reach ydb-go-sdk, database/sql or a
// configured sink, or mention YQL; never the standard library or the SDK's
// own library packages), the rest from the go command's export data: for
// ydb-go-sdk's tests/slo/native/query that is 7 of 547 packages. A save then stats the
// graph's local files and re-checks only the edited package and the
// source packages that import it, reusing everything else; a change that
// alters the graph itself (a new file, a changed import or build
// constraint, go.mod, an edit inside a package read from export data)
// loads the graph anew. The fact analyzers then run on the source packages
// of the graph, the rules on the file's package. Saving a file also
// analyses again the open files whose graphs compile it (an edited
// wrapper or constant changes its importers' findings).
//
// The server watches (workspace/didChangeWatchedFiles, registered
// dynamically when the client can) Go files, go.mod, go.sum, go.work,
// *.sql, *.yql and .ydblint.yml/.yaml. A schema file or the configuration
// drops the process's cached module scans
// (analyzer.Runtime.ForgetModuleScans) and analyses every open package
// again; a changed configuration also drops
// the graphs, whose source set depends on its sinks. Saving a Go file that
// mentions a table drops the scans too (Go DDL). Files changed outside the
// editor are seen by the graphs on the next analysis anyway; the watcher
// makes that analysis happen. Unsaved buffers are not analysed: the
// analysis reads the files as saved (overlays would make every dependency
// a source load).
//
// While a package does not type-check (parse or type errors), ydblint's
// rules see nothing in it (they stand on SSA); rather than going blank,
// each file keeps the findings of the last analysis that type-checked,
// their messages ending in "[stale: <package> does not type-check now;
// …]" and without code actions, until the package type-checks again.
//
// It publishes diagnostics for every Go file of the analysed package (an
// empty list clears a file): ranges in UTF-16 code units (the protocol's
// default; positionEncoding "utf-16" is announced), severity Warning for
// rule findings and Error for malformed ydblint:ignore directives and
// configuration errors, source "ydblint", code the rule name and
// codeDescription.href the rule's documentation (with the category anchor).
// Diagnostics carry the document version they were computed on.
//
// textDocument/codeAction offers, for each diagnostic at the range, the
// rule's suggested fixes as "quickfix" actions (the first is preferred) and
// a "Suppress <rule> here" action that inserts, on its own line above the
// statement, declaration or const/var spec that holds the diagnostic (the
// node a directive there covers), indented like it:
//
//	//ydblint:ignore <rule> <reason>
//
// The literal <reason> is deliberate. A reason such as "TODO: reason" would
// silently suppress the finding forever; an empty reason would leave the
// user guessing what to type. ydblint treats a reason that is only an
// <angle-bracketed> placeholder as missing (internal/suppress), so
// after the action the finding stays and the directive itself is reported
// as an error ("replace the <reason> placeholder") until the user writes
// the real reason. (A snippet with a tab stop would be nicer still, but
// workspace edits carry snippets only from LSP 3.18 and few clients take
// them; the placeholder works in every client.)
//
// A code action request waits for a pending analysis of its package (so a
// request right after a save sees the new diagnostics) and can be cancelled
// with $/cancelRequest. When the document no longer holds the text the
// diagnostics were computed on (an unsaved edit), no actions are offered:
// their edits would land in the wrong place. Clients without code action
// literal support get no actions (every current editor has it).
//
// # Robustness
//
// Files outside any module (no go.mod above them) and files in no package
// of the build get no diagnostics at all. Packages with type errors are
// loaded and analysed anyway (the analyzers run despite errors), but
// ydblint's rules stand on SSA, which go/analysis does not build for
// ill-typed code: while the package or one of its dependencies does not
// type-check, the rules report nothing new (the last good findings stay,
// marked stale) and the server logs that the package has errors (gopls
// shows the type errors themselves). Requests before initialize get
// ServerNotInitialized, after shutdown InvalidRequest, unknown methods
// MethodNotFound; unknown notifications are ignored. exit ends the process
// with status 0 after shutdown and 1 otherwise. Every handler and every
// analysis recovers from panics (the checker runs sequentially so that an
// analyzer's panic happens on the recovering goroutine); problems go to
// stderr and to the client as window/logMessage.
//
// # Why github.com/sourcegraph/jsonrpc2
//
// The transport is github.com/sourcegraph/jsonrpc2 (v0.2.x, maintained,
// standard library only for the package used here): Content-Length framing
// (VSCodeObjectCodec), a symmetric connection that serves both the server
// and the tests' client, and ordered delivery of notifications, which
// document synchronisation needs. The LSP structs are this package's own
// (protocol.go): the server uses about twenty of them, and the
// alternatives were worse. go.lsp.dev/protocol has not been released since
// 2022 (v0.12.0), pins go.lsp.dev/jsonrpc2 v0.10 and pulls in zap and
// segmentio/encoding; gopls's protocol package is internal to x/tools.
//
// # Editor setups
//
// The binary must be on the editor's PATH (or give its full path).
//
// VS Code, with the Generic LSP Client (v2) extension
// (zsol.vscode-glspc), in settings.json:
//
//	"glspc.server.command": "ydblint",
//	"glspc.server.commandArguments": ["lsp"],
//	"glspc.server.languageId": ["go"]
//
// Or, without a second server, golangci-lint: build a custom golangci-lint
// with the ydblint plugin (analyzer/gclplugin) and point the Go extension at
// it; diagnostics then appear on save, without the code actions:
//
//	"go.lintTool": "golangci-lint-v2",
//	"go.lintOnSave": "package",
//	"go.alternateTools": { "golangci-lint-v2": "/path/to/custom-gcl" }
//
// Neovim 0.8 and later, in init.lua:
//
//	vim.api.nvim_create_autocmd("FileType", {
//	  pattern = "go",
//	  callback = function(args)
//	    local gomod = vim.fs.find("go.mod", { upward = true, path = vim.fs.dirname(vim.api.nvim_buf_get_name(args.buf)) })[1]
//	    if gomod then
//	      vim.lsp.start({ name = "ydblint", cmd = { "ydblint", "lsp" }, root_dir = vim.fs.dirname(gomod) })
//	    end
//	  end,
//	})
//
// Neovim 0.7 (no vim.lsp.start):
//
//	local ydblint
//	vim.api.nvim_create_autocmd("FileType", {
//	  pattern = "go",
//	  callback = function(args)
//	    ydblint = ydblint or vim.lsp.start_client({ name = "ydblint", cmd = { "ydblint", "lsp" }, root_dir = vim.fn.getcwd() })
//	    vim.lsp.buf_attach_client(args.buf, ydblint)
//	  end,
//	})
//
// Helix (23.10 and later), in languages.toml:
//
//	[language-server.ydblint]
//	command = "ydblint"
//	args = ["lsp"]
//
//	[[language]]
//	name = "go"
//	language-servers = ["gopls", "ydblint"]
//
// cmd/ydblint/EDITORS.md has the same setups with the details.
package lsp
