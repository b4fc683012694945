package fields

import (
	"context"
	"flag"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3"
)

const lookupTemplate = "SELECT v FROM %s WHERE k = $k"

// store keeps its query texts in unexported fields, written only by its
// constructors: the texts at the call sites are the stored values.
type store struct {
	db     *ydb.Driver
	lookup string
	table  string
	mode   string
}

func newStore(db *ydb.Driver, dir string) *store {
	return &store{db: db, lookup: fmt.Sprintf(lookupTemplate, dir+"/kv"), mode: "SELECT 1"}
}

func newStoreIn(db *ydb.Driver, table string) *store {
	return &store{db: db, table: table, mode: "SELECT 2"}
}

func (s *store) get(ctx context.Context) {
	_ = s.db.Query().Exec(ctx, s.lookup) // want `text="SELECT v FROM __ydblint_hole_0__/kv WHERE k = \$k" holes=\[\]`
}

// A field holding only an unknown value keeps the field's identity, so DDL
// and queries naming the table through it still match.
func (s *store) drop(ctx context.Context) {
	_ = s.db.Query().Exec(ctx, "DROP TABLE "+s.table) // want `text="DROP TABLE __ydblint_hole_0__" holes=\[field:example.com/app/fields.store.table\]`
}

// Two constructors store two texts: both are variants.
func (s *store) ping(ctx context.Context) {
	_ = s.db.Query().Exec(ctx, s.mode) // want `text="SELECT 1" \| text="SELECT 2"`
}

// A value receiver reads the field without an address.
func (s store) getByValue(ctx context.Context) {
	_ = s.db.Query().Exec(ctx, s.lookup) // want `text="SELECT v FROM __ydblint_hole_0__/kv WHERE k = \$k"`
}

// flagged's field address is handed to the flag package, which may write
// anything into it: the text stays unknown.
type flagged struct {
	db    *ydb.Driver
	query string
}

func newFlagged(db *ydb.Driver) *flagged {
	f := &flagged{db: db, query: "SELECT 3"}
	flag.StringVar(&f.query, "query", f.query, "query to run")
	return f
}

func (f *flagged) run(ctx context.Context) {
	_ = f.db.Query().Exec(ctx, f.query) // want `text="__ydblint_hole_0__" holes=\[field:example.com/app/fields.flagged.query\]`
}

// Exported fields can be set by any importer: not traced.
type Exported struct {
	DB    *ydb.Driver
	Query string
}

func NewExported(db *ydb.Driver) *Exported {
	return &Exported{DB: db, Query: "SELECT 4"}
}

func (e *Exported) Run(ctx context.Context) {
	_ = e.DB.Query().Exec(ctx, e.Query) // want `text="__ydblint_hole_0__" holes=\[field:example.com/app/fields.Exported.Query\]`
}

// A field computed from itself in the constructor: the recognisers read the
// inner read as the field's own keyed hole; the evaluator runs the
// constructor's stores in order and recovers both texts.
type grown struct {
	db *ydb.Driver
	q  string
}

func newGrown(db *ydb.Driver, limit bool) *grown {
	g := &grown{db: db, q: "SELECT 5"}
	if limit {
		g.q = g.q + " LIMIT 1"
	}
	return g
}

func (g *grown) run(ctx context.Context) {
	_ = g.db.Query().Exec(ctx, g.q) // want `text="SELECT 5" \| text="SELECT 5 LIMIT 1" params=\{\}`
}

var (
	_ = newStore
	_ = newStoreIn
	_ = newFlagged
	_ = newGrown
)
