package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/analyzer"
)

// The shop module: a wrapper package (store), a repository calling it
// (orders), goose migrations with a hash-prefix annotation. It requires
// the ydb-go-sdk version the rules module pins, whose go.sum it copies.
var shopFiles = map[string]string{
	"db/migrations/00001_orders.sql": `-- +goose Up
CREATE TABLE orders (
    -- ydblint:hash order_hash = Digest::NumericHash(order_id)
    order_hash Uint64,
    order_id Uint64,
    amount Double,
    PRIMARY KEY (order_hash, order_id)
);

CREATE TABLE orders_archive (
    order_id Uint64,
    amount Double,
    PRIMARY KEY (order_id)
);

-- +goose Down
DROP TABLE orders_archive;
DROP TABLE orders;
`,
	"store/store.go": `// Package store wraps the query client for the repositories.
package store

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// OrdersTable is the table the repositories read orders from.
const OrdersTable = "orders"

// DB runs statements through the query service.
type DB struct{ driver *ydb.Driver }

// New wraps an open driver.
func New(d *ydb.Driver) *DB { return &DB{driver: d} }

// Exec runs one statement inside a retry loop.
func (d *DB) Exec(ctx context.Context, q string, opts ...query.ExecuteOption) error {
	return d.driver.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
		return s.Exec(ctx, q, opts...)
	})
}
`,
	"orders/orders.go": `// Package orders is the orders repository.
package orders

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"

	"example.com/shop/store"
)

// Repo reads and writes orders.
type Repo struct{ db *store.DB }

// NewRepo builds the repository on the service's store.
func NewRepo(db *store.DB) *Repo { return &Repo{db: db} }

// Delete removes one order.
func (r *Repo) Delete(ctx context.Context, id uint64) error {
	return r.db.Exec(ctx, "DELETE FROM "+store.OrdersTable+" WHERE order_id = $id",
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}
`,
}

// writeShop writes the shop module into a temporary directory.
func writeShop(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	rules := abs(t, "../../../../testdata/rules")
	gomod := strings.Replace(readFile(t, filepath.Join(rules, "go.mod")), "module example.com/rules", "module example.com/shop", 1)
	files := map[string]string{"go.mod": gomod, "go.sum": readFile(t, filepath.Join(rules, "go.sum"))}
	for name, text := range shopFiles {
		files[name] = text
	}
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, path, text)
	}
	return dir
}

// editor is a test client that edits documents as an editor does: the
// new text in didChange, the file written, then didSave.
type editor struct {
	*testClient
	versions map[DocumentURI]int32
}

func (e *editor) save(path, text string) {
	e.t.Helper()
	uri := pathToURI(path)
	e.versions[uri]++
	e.notify("textDocument/didChange", DidChangeTextDocumentParams{
		TextDocument:   VersionedTextDocumentIdentifier{URI: uri, Version: e.versions[uri]},
		ContentChanges: []TextDocumentContentChangeEvent{{Text: text}},
	})
	writeFile(e.t, path, text)
	e.notify("textDocument/didSave", DidSaveTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uri}})
}

func (e *editor) openFile(path string) DocumentURI {
	e.t.Helper()
	uri := e.open(path, readFile(e.t, path))
	e.versions[uri] = 1
	return uri
}

// next waits for the first publication for uri after the first n and
// renders its diagnostics as "line: rule: message".
func (e *editor) next(uri DocumentURI, n int) ([]string, int) {
	e.t.Helper()
	got, count := e.diagnosticsAfter(uri, n)
	return render(got.Diagnostics), count
}

func render(diags []Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, strings.Join([]string{itoa(int(d.Range.Start.Line) + 1), d.Code, d.Message}, ": "))
	}
	return out
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// settle waits until no analysis of uri's package is pending (a code
// action request waits for that) and returns the last publication for uri
// after the first n, waiting for one if there is none yet.
func (e *editor) settle(uri DocumentURI, n int) []string {
	e.t.Helper()
	e.codeActions(uri, Range{})
	e.mu.Lock()
	for i := len(e.diags) - 1; i >= n; i-- {
		if e.diags[i].URI == uri {
			defer e.mu.Unlock()
			return render(e.diags[i].Diagnostics)
		}
	}
	e.mu.Unlock()
	got, _ := e.next(uri, n)
	return got
}

func hasMessage(diags []string, s string) bool {
	return slices.ContainsFunc(diags, func(d string) bool { return strings.Contains(d, s) })
}

// TestIncrementalCache proves the package graph cache correct over the
// protocol: an edit to a dependency's exported API (a constant the
// importer's query is built from), to a migration and to the
// configuration each change the diagnostics of an open file; reverting
// each restores them; a file that stops type-checking keeps its last
// findings, marked stale; two files edited in quick succession give what a
// cold server gives on the same files.
func TestIncrementalCache(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the real ydb-go-sdk")
	}
	dir := writeShop(t)
	ordersPath := filepath.Join(dir, "orders", "orders.go")
	storePath := filepath.Join(dir, "store", "store.go")
	migration := filepath.Join(dir, "db", "migrations", "00001_orders.sql")
	const finding = "DELETE binds order_id but not the hash-prefix column order_hash of orders:"

	opts := fastOptions(analyzer.Suite...)
	e := &editor{testClient: startServer(t, opts), versions: map[DocumentURI]int32{}}
	e.initialize()
	orders := e.openFile(ordersPath)
	first, n := e.next(orders, 0)
	if len(first) != 1 || !hasMessage(first, finding) {
		t.Fatalf("first analysis: %q, want the hashprefix finding through the store wrapper", first)
	}
	e.openFile(storePath)

	t.Run("dependency API edit", func(t *testing.T) {
		e.t = t
		src := shopFiles["store/store.go"]
		e.save(storePath, strings.Replace(src, `OrdersTable = "orders"`, `OrdersTable = "orders_archive"`, 1))
		got := e.settle(orders, n)
		if hasMessage(got, finding) {
			t.Errorf("after the constant names orders_archive (keyed by order_id alone): %q", got)
		}
		if !e.logged("package graph re-checked") {
			t.Errorf("the edit did not take the incremental path; logs %q", e.logs)
		}
		n = e.published()
		e.save(storePath, src)
		if got := e.settle(orders, n); !slices.Equal(got, first) {
			t.Errorf("after the revert: %q, want %q", got, first)
		}
		n = e.published()
	})

	t.Run("migration edit", func(t *testing.T) {
		e.t = t
		src := shopFiles["db/migrations/00001_orders.sql"]
		writeFile(t, migration, strings.Replace(src, "PRIMARY KEY (order_hash, order_id)", "PRIMARY KEY (order_id, order_hash)", 1))
		e.notify("workspace/didChangeWatchedFiles", DidChangeWatchedFilesParams{Changes: []FileEvent{{URI: pathToURI(migration), Type: 2}}})
		got := e.settle(orders, n)
		if hasMessage(got, finding) {
			t.Errorf("after the key starts with order_id: %q", got)
		}
		n = e.published()
		writeFile(t, migration, src)
		e.notify("workspace/didChangeWatchedFiles", DidChangeWatchedFilesParams{Changes: []FileEvent{{URI: pathToURI(migration), Type: 2}}})
		if got := e.settle(orders, n); !slices.Equal(got, first) {
			t.Errorf("after the revert: %q, want %q", got, first)
		}
		n = e.published()
	})

	t.Run("config edit", func(t *testing.T) {
		e.t = t
		cfg := filepath.Join(dir, ".ydblint.yml")
		writeFile(t, cfg, "version: 1\nexclude-pkgs: [example.com/shop/orders]\n")
		e.notify("workspace/didChangeWatchedFiles", DidChangeWatchedFilesParams{Changes: []FileEvent{{URI: pathToURI(cfg), Type: 1}}})
		if got := e.settle(orders, n); len(got) != 0 {
			t.Errorf("with orders excluded: %q", got)
		}
		n = e.published()
		if err := os.Remove(cfg); err != nil {
			t.Fatal(err)
		}
		e.notify("workspace/didChangeWatchedFiles", DidChangeWatchedFilesParams{Changes: []FileEvent{{URI: pathToURI(cfg), Type: 3}}})
		if got := e.settle(orders, n); !slices.Equal(got, first) {
			t.Errorf("after removing the config: %q, want %q", got, first)
		}
		n = e.published()
	})

	t.Run("type error keeps the last findings, stale", func(t *testing.T) {
		e.t = t
		src := shopFiles["orders/orders.go"]
		e.save(ordersPath, strings.Replace(src, "return r.db.Exec(", "return r.db.Exec(undefinedName, ", 1))
		got := e.settle(orders, n)
		if len(got) != 1 || !hasMessage(got, finding) || !hasMessage(got, "[stale: example.com/shop/orders does not type-check") {
			t.Errorf("while orders does not type-check: %q, want the last finding marked stale", got)
		}
		n = e.published()
		e.save(ordersPath, src)
		if got := e.settle(orders, n); !slices.Equal(got, first) {
			t.Errorf("after the fix: %q, want %q", got, first)
		}
		n = e.published()
	})

	t.Run("two quick edits equal a cold run", func(t *testing.T) {
		e.t = t
		// The wrapper gains a parameter and the caller passes it; saved
		// one right after the other, while the first analysis runs.
		storeSrc := strings.Replace(shopFiles["store/store.go"], "q string, opts", "q string, table string, opts", 1)
		storeSrc = strings.Replace(storeSrc, "s.Exec(ctx, q, opts...)", `s.Exec(ctx, q+" -- "+table, opts...)`, 1)
		ordersSrc := strings.Replace(shopFiles["orders/orders.go"], `" WHERE order_id = $id",`, `" WHERE order_id = $id", store.OrdersTable,`, 1)
		ordersSrc = strings.Replace(ordersSrc, "DELETE FROM", "SELECT amount FROM", 1)
		e.save(storePath, storeSrc)
		e.save(ordersPath, ordersSrc)
		warm := e.settle(orders, n)

		cold := &editor{testClient: startServer(t, opts), versions: map[DocumentURI]int32{}}
		cold.initialize()
		want := cold.settle(cold.openFile(ordersPath), 0)
		if !slices.Equal(warm, want) {
			t.Errorf("after two quick edits: %q\ncold run: %q", warm, want)
		}
		if len(want) != 1 || !hasMessage(want, "SELECT binds order_id but not the hash-prefix column order_hash") {
			t.Errorf("cold run: %q, want the SELECT finding (the test compares nothing otherwise)", want)
		}
	})
}

// logged reports whether a window/logMessage contains s.
func (c *testClient) logged(s string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.ContainsFunc(c.logs, func(l string) bool { return strings.Contains(l, s) })
}
