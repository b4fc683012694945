package site

import "go/token"

// Result lists every place in a package where Go code hands YQL text,
// parameters, rows or a table definition to ydb-go-sdk or database/sql,
// directly or through a wrapper whose fact says it forwards to one.
type Result struct {
	Sites []*Site // in source order of Pos
	// Failure is set when the pass that found the sites failed on this
	// package (a panic, recovered): Sites is then empty. The rules report
	// it through queryplan (see report.WrapFact).
	Failure string
}

// Kind says what a site hands to the database.
type Kind int

const (
	// KindYQL is YQL text executed as a query, script or scheme query
	// (DML or DDL).
	KindYQL Kind = iota
	// KindBulkUpsert is table.Client.BulkUpsert / Session.BulkUpsert: rows
	// written by key without YQL.
	KindBulkUpsert
	// KindReadRows is ReadRows: rows read by full key without YQL.
	KindReadRows
	// KindReadTable is Session.StreamReadTable with optional key-range options.
	KindReadTable
	// KindCreateTable is Session.CreateTable with options.
	KindCreateTable
	// KindAlterTable is Session.AlterTable with options.
	KindAlterTable
	// KindDropTable is Session.DropTable.
	KindDropTable
)

// Site is one call that reaches the database.
type Site struct {
	// Pos and End delimit the call expression in this package. For a call
	// to a wrapper, this is the call to the wrapper (where the user can act).
	Pos, End token.Pos
	// API is the SDK or database/sql entry point finally reached, in the
	// catalogue's spelling, e.g. "query.Client.Exec",
	// "table.Session.Execute", "database/sql.DB.ExecContext".
	API string
	// Chain lists the wrappers between this call and the SDK, outermost
	// first; empty for a direct SDK call.
	Chain []Frame
	Kind  Kind

	// Texts are the recovered variants of the query text (KindYQL). Empty
	// when the text could not be recovered at all; rules then stay silent.
	// Each variant is checked on its own.
	Texts []*Text
	// TextsTruncated is set when more variants existed than the bound; the
	// listed ones are still exact.
	TextsTruncated bool

	// Params describes the values bound to the query's parameters.
	Params *Params

	// Table is the table path argument for BulkUpsert, ReadRows,
	// StreamReadTable, CreateTable, AlterTable and DropTable, recovered like
	// query text (it may contain holes). Nil when not recovered.
	Table *Text
	// TableAlternatives lists the table paths when the argument is one of
	// several texts (a field set by a constructor called once per table),
	// in order, at least two. Which one a given call uses is not known: a
	// row may be judged only by what holds under EVERY alternative, never
	// by pairing it with one. For BulkUpsert, ReadRows and ReadTable, Table
	// is then nil; for CreateTable, AlterTable and DropTable (the same
	// options for every alternative) Table is the first.
	TableAlternatives []*Text

	// Rows are the rows of a BulkUpsert (KindBulkUpsert) or the keys of a
	// ReadRows (KindReadRows). RowsKnown is false when some row could not be
	// decoded; rules must not conclude that a column is missing then.
	Rows      []*Row
	RowsKnown bool
	// RowAlternatives is set when some rows are alternatives rather than
	// rows written together: one per implementation of an interface method
	// that returns the row's fields (Row.Impl). A run writes rows of some
	// of the shapes, not necessarily all: a fault of one row is still a
	// fault (its shape is written whenever that implementation reaches the
	// call), but evidence drawn from rows (a hash written to a column)
	// holds only when every row shows it.
	RowAlternatives bool

	// KeyRange holds StreamReadTable key-range bounds (KindReadTable), each a
	// key prefix tuple; nil when the read has no range options.
	KeyRange []*Row

	// TableOptions holds the decoded CreateTable / AlterTable options
	// (KindCreateTable, KindAlterTable). OptionsKnown is false when some
	// option could not be decoded.
	TableOptions *TableOptions
	OptionsKnown bool

	// TablePathPrefix is a prefix the driver adds to the text
	// (database/sql ydb.WithTablePathPrefix or a DSN table_path_prefix(…)),
	// when known; "" otherwise. PrefixUnknown is set when a prefix may be
	// added but its value is not known.
	TablePathPrefix string
	PrefixUnknown   bool

	// SQLDriver is the database/sql driver name when the *sql.DB was traced
	// to its opening ("ydb" for ydb.Connector or sql.Open("ydb"/"ydb/v3"),
	// another name for another driver), "" when unknown or not database/sql.
	SQLDriver string

	// NotYQL is set when the text is not YQL (query.WithSyntax(SyntaxPostgreSQL))
	// or is only explained/validated (ExecModeExplain, ExecModeValidate,
	// ExecModeParse, Explain methods): rules skip it. Schema discovery may
	// still read DDL from it.
	NotYQL bool
	// ExplainOnly is set for Explain calls and explain/validate exec modes
	// (also database/sql's ydb.WithQueryMode(ctx, ydb.ExplainQueryMode)).
	ExplainOnly bool
	// ScanQuery is set when the text runs as a scan query: table.Session's
	// StreamExecuteScanQuery, or database/sql with the call's context
	// traced to ydb.WithQueryMode(ctx, ydb.ScanQueryMode) on every path.
	// A scan query reads many rows on purpose, so a full scan there is
	// intended; fullscan reports it only with -strict.
	ScanQuery bool
}

// Frame is one wrapper call on the way from a site to the SDK.
type Frame struct {
	Func string    // the wrapper, e.g. "github.com/acme/db.(*Repo).Exec"
	Pos  token.Pos // the call inside the wrapper that forwards (in this package only; NoPos for wrappers in other packages)
	// PosString is "file:line:col" of that call, valid across packages.
	PosString string
}
