package site

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/sdk"
)

// Result lists every place in a package where Go code hands YQL text,
// parameters, rows or a table definition to ydb-go-sdk or database/sql,
// directly or through a wrapper whose fact says it forwards to one.
type Result struct {
	Sites []*Site // in source order of Pos
	// Failure is set when the pass that found the sites failed on this
	// package (a panic, recovered): Sites is then empty. The rules report
	// it once per package (see report.WrapFact).
	Failure string
}

// Site is one call that reaches the database. Its Kind says what the call
// hands over, and which payload holds it: Query for sdk.KindYQL; for every
// other kind Table (the table path), plus Bulk (KindBulkUpsert,
// KindReadRows), Read (KindReadTable) or DDL (KindCreateTable,
// KindAlterTable). The payloads of other kinds are nil.
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
	// Kind is what the entry point reached does (sdk.Entry.Kind), with
	// KindPrepare and KindPreparedExec as KindYQL: a prepared text runs
	// when the statement executes. Never KindRetry.
	Kind sdk.Kind

	Query *Query     // KindYQL
	Table *TableArg  // every kind but KindYQL
	Bulk  *Bulk      // KindBulkUpsert, KindReadRows
	Read  *ReadTable // KindReadTable
	DDL   *DDL       // KindCreateTable, KindAlterTable
}

// New returns a site of kind k (an sdk.Kind as Site.Kind says) with the
// payloads of k, empty.
func New(pos, end token.Pos, api string, k sdk.Kind) *Site {
	s := &Site{Pos: pos, End: end, API: api, Kind: k}
	switch k {
	case sdk.KindYQL:
		s.Query = &Query{}
		return s
	case sdk.KindBulkUpsert, sdk.KindReadRows:
		s.Bulk = &Bulk{}
	case sdk.KindReadTable:
		s.Read = &ReadTable{}
	case sdk.KindCreateTable, sdk.KindAlterTable:
		s.DDL = &DDL{}
	}
	s.Table = &TableArg{}
	return s
}

// Query is what a KindYQL site hands to the database: YQL text and its
// parameters.
type Query struct {
	// Texts are the recovered variants of the query text. Empty when the
	// text could not be recovered at all; rules then stay silent. Each
	// variant is checked on its own.
	Texts []*Text
	// TextsTruncated is set when more variants existed than the bound; the
	// listed ones are still exact.
	TextsTruncated bool

	// Params describes the values bound to the query's parameters.
	Params *Params

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

// TableArg is the table path argument of a site of any kind but KindYQL,
// recovered like query text (it may contain holes).
type TableArg struct {
	// Path is the path; nil when not recovered.
	Path *Text
	// Alternatives lists the paths when the argument is one of several
	// texts (a field set by a constructor called once per table), in
	// order, at least two. Which one a given call uses is not known: a row
	// may be judged only by what holds under EVERY alternative, never by
	// pairing it with one. For BulkUpsert, ReadRows and ReadTable, Path is
	// then nil; for CreateTable, AlterTable and DropTable (the same options
	// for every alternative) Path is the first.
	Alternatives []*Text
}

// Bulk is what a KindBulkUpsert site writes (its rows) or a KindReadRows
// site reads (its keys), by key without YQL.
type Bulk struct {
	Rows []*Row
	// Known is false when some row could not be decoded; rules must not
	// conclude that a column is missing then.
	Known bool
	// Alternatives is set when some rows are alternatives rather than rows
	// written together: one per implementation of an interface method that
	// returns the row's fields (Row.Impl). A run writes rows of some of the
	// shapes, not necessarily all: a fault of one row is still a fault (its
	// shape is written whenever that implementation reaches the call), but
	// evidence drawn from rows (a hash written to a column) holds only when
	// every row shows it.
	Alternatives bool
}

// ReadTable is what a KindReadTable site (Session.StreamReadTable) reads.
type ReadTable struct {
	// KeyRange holds the key-range bounds, each a key prefix tuple; nil
	// when the read has no range options.
	KeyRange []*Row
}

// DDL is what a KindCreateTable or KindAlterTable site defines.
type DDL struct {
	// Options holds the decoded options; nil when there is no options
	// argument ydblint can read. Known is false when some option could not
	// be decoded.
	Options *TableOptions
	Known   bool
}

// Frame is one wrapper call on the way from a site to the SDK.
type Frame struct {
	Func string    // the wrapper, e.g. "github.com/acme/db.(*Repo).Exec"
	Pos  token.Pos // the call inside the wrapper that forwards (in this package only; NoPos for wrappers in other packages)
	// PosString is "file:line:col" of that call, valid across packages.
	PosString string
}
