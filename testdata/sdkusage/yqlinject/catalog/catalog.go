// Package catalog is a shop's product repository on the query service and
// the table service; its handlers pass request fields straight in.
package catalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"

	"example.com/sdkusage/yqlinject/yqlbuild"
)

// Status is a product's state: an enum of constants.
type Status string

const (
	Active   Status = "active"
	Archived Status = "archived"
)

// SearchRequest is what the API receives.
type SearchRequest struct {
	Title  string
	Vendor string
	Limit  int
	Page   uint64
	IDs    []string
}

type Repo struct {
	db     *ydb.Driver
	table  string // the products table's path
	region string // the deployment's region, from configuration
}

func NewRepo(db *ydb.Driver, table, region string) *Repo {
	return &Repo{db: db, table: table, region: region}
}

// ByVendor splices a request field into a quoted literal.
func (r *Repo) ByVendor(ctx context.Context, req SearchRequest) (query.ResultSet, error) {
	q := fmt.Sprintf("SELECT id, title FROM products WHERE vendor = '%s';", req.Vendor) // want `req.Vendor is spliced into the YQL text as a string literal: YQL injection; the value is from parameter req of exported \(\*Repo\).ByVendor: a caller's string becomes query text, so a quote or keyword in it rewrites the statement, and every distinct value is a new text YDB compiles again; declare a parameter instead \(DECLARE \$vendor AS Utf8;\), write \$vendor \(without the quotes\) in the text and bind it with query.WithParameters\(ydb.ParamsBuilder\(\).Param\("\$vendor"\).Text\(req.Vendor\).Build\(\)\)`
	return r.db.Query().QueryResultSet(ctx, q)
}

// ByVendorParam is ByVendor's correct twin.
func (r *Repo) ByVendorParam(ctx context.Context, req SearchRequest) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx, "DECLARE $vendor AS Utf8; SELECT id, title FROM products WHERE vendor = $vendor;",
		query.WithParameters(ydb.ParamsBuilder().Param("$vendor").Text(req.Vendor).Build()))
}

// List pages with a LIMIT formatted into the text: not an injection, but a
// new text per page size.
func (r *Repo) List(ctx context.Context, req SearchRequest) (query.Result, error) {
	return r.db.Query().Query(ctx, fmt.Sprintf("SELECT id, title FROM products ORDER BY id LIMIT %d OFFSET %d;", req.Limit, req.Page*10)) // want `req.Limit is spliced into the YQL text as the LIMIT count: a new query text per value; the value is from parameter req of exported \(\*Repo\).List; YDB compiles every distinct text again instead of reusing the compiled query from its cache; declare a parameter instead \(DECLARE \$limit AS Int64;\), write \$limit in the text and bind it with query.WithParameters\(ydb.ParamsBuilder\(\).Param\("\$limit"\).Int64\(int64\(req.Limit\)\).Build\(\)\)` `req.Page \* 10 is spliced into the YQL text as the OFFSET count: a new query text per value; the value is from parameter req of exported \(\*Repo\).List.* \(DECLARE \$offset AS Uint64;\), write \$offset in the text and bind it with query.WithParameters\(ydb.ParamsBuilder\(\).Param\("\$offset"\).Uint64\(req.Page \* 10\)`
}

// ListParam is List's correct twin.
func (r *Repo) ListParam(ctx context.Context, req SearchRequest) (query.Result, error) {
	return r.db.Query().Query(ctx, "DECLARE $limit AS Int64; DECLARE $offset AS Uint64; SELECT id, title FROM products ORDER BY id LIMIT $limit OFFSET $offset;",
		query.WithParameters(ydb.ParamsBuilder().Param("$limit").Int64(int64(req.Limit)).Param("$offset").Uint64(req.Page*10).Build()))
}

// ListFixed has a constant LIMIT: one text.
func (r *Repo) ListFixed(ctx context.Context) (query.Result, error) {
	const pageSize = 50
	return r.db.Query().Query(ctx, fmt.Sprintf("SELECT id, title FROM products ORDER BY id LIMIT %d;", pageSize))
}

// FromTable names its table through Sprintf: a path, not a value; the
// region is configuration and the status an enum, and the direction a
// keyword.
func (r *Repo) FromTable(ctx context.Context, status Status) (query.ResultSet, error) {
	q := fmt.Sprintf("PRAGMA TablePathPrefix(\"%s\"); SELECT id FROM `%s` WHERE region = '%s' AND status = '%s' ORDER BY id %s;",
		r.region, r.table, r.region, status, direction(true))
	return r.db.Query().QueryResultSet(ctx, q)
}

func direction(asc bool) string {
	if asc {
		return "ASC"
	}
	return "DESC"
}

// ByIDs builds an IN list element by element from its parameter: its
// callers are the sites (package api).
func (r *Repo) ByIDs(ctx context.Context, id string) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx, "SELECT id FROM products WHERE id IN ('a', "+id+");")
}

// ByIDsParam is ByIDs' correct twin: a list parameter.
func (r *Repo) ByIDsParam(ctx context.Context, id string) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx, "DECLARE $ids AS List<Utf8>; SELECT id FROM products WHERE id IN $ids;",
		query.WithParameters(ydb.ParamsBuilder().Param("$ids").BeginList().Add().Text("a").Add().Text(id).EndList().Build()))
}

// ByTitle builds its text in another package from its parameter: its
// callers are the sites (package api).
func (r *Repo) ByTitle(ctx context.Context, title string) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx, yqlbuild.ByTitle(r.table, title))
}

// ByTitleParam is ByTitle's correct twin.
func (r *Repo) ByTitleParam(ctx context.Context, title string) (query.ResultSet, error) {
	return r.db.Query().QueryResultSet(ctx, yqlbuild.ByTitleParam(r.table),
		query.WithParameters(ydb.ParamsBuilder().Param("$title").Text(title).Build()))
}

// Rename writes a request field with a builder on the table service.
func (r *Repo) Rename(ctx context.Context, id uint64, req SearchRequest) error {
	var b strings.Builder
	b.WriteString("UPDATE products SET title = '")
	b.WriteString(req.Title) // want `req.Title is spliced into the YQL text as a string literal: YQL injection; the value is from parameter req of exported \(\*Repo\).Rename.* bind it with table.NewQueryParameters\(table.ValueParam\("\$title", types.TextValue\(req.Title\)\)\)`
	b.WriteString("' WHERE id = ")
	b.WriteString(fmt.Sprint(id)) // want `id is spliced into the YQL text as a value compared with column id: a new query text per value; the value is parameter id of exported \(\*Repo\).Rename.* bind it with table.NewQueryParameters\(table.ValueParam\("\$id", types.Uint64Value\(id\)\)\)`
	b.WriteString(";")
	text := b.String()
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), text, nil)
		return err
	})
}

// RenameParam is Rename's correct twin.
func (r *Repo) RenameParam(ctx context.Context, id uint64, req SearchRequest) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(),
			"DECLARE $id AS Uint64; DECLARE $title AS Utf8; UPDATE products SET title = $title WHERE id = $id;",
			table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), table.ValueParam("$title", types.TextValue(req.Title))))
		return err
	})
}

// Price reads by an id concatenated into the text on the table service.
func (r *Repo) Price(ctx context.Context, id uint64) error {
	return r.db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), fmt.Sprintf("SELECT price FROM products WHERE id = %d;", id), nil) // want `id is spliced into the YQL text as a value compared with column id: a new query text per value; the value is parameter id of exported \(\*Repo\).Price; YDB compiles every distinct text again.* \(DECLARE \$id AS Uint64;\), write \$id in the text and bind it with table.NewQueryParameters\(table.ValueParam\("\$id", types.Uint64Value\(id\)\)\)`
		return err
	})
}

// count is unexported: its callers may pass anything, but the rule does not
// follow them; the count's origin is unknown, so only -strict reports it.
func (r *Repo) count(ctx context.Context, n int) (query.Result, error) {
	return r.db.Query().Query(ctx, fmt.Sprintf("SELECT id FROM products LIMIT %d;", n))
}

// Sample calls count with a computed value.
func (r *Repo) Sample(ctx context.Context) (query.Result, error) {
	return r.count(ctx, len(r.table))
}

// Trimmed reassigns its parameter before splicing it: not the caller's
// value as given, so the rule stays silent.
func (r *Repo) Trimmed(ctx context.Context, title string) (query.ResultSet, error) {
	title = strings.ReplaceAll(title, "'", "''")
	return r.db.Query().QueryResultSet(ctx, "SELECT id FROM products WHERE title = '"+title+"';")
}

// Archive passes a bool: two texts at most.
func (r *Repo) Archive(ctx context.Context, id uint64, archived bool) error {
	return r.db.Query().Exec(ctx, fmt.Sprintf("DECLARE $id AS Uint64; UPDATE products SET archived = %t WHERE id = $id;", archived),
		query.WithParameters(ydb.ParamsBuilder().Param("$id").Uint64(id).Build()))
}

// Create writes a VALUES tuple from a request, through a local variable.
func (r *Repo) Create(ctx context.Context, req SearchRequest) error {
	vendor := req.Vendor // want `req.Vendor is spliced into the YQL text as a VALUES element: YQL injection; the value is from parameter req of exported \(\*Repo\).Create.* bind it with query.WithParameters\(ydb.ParamsBuilder\(\).Param\("\$vendor"\).Text\(req.Vendor\).Build\(\)\)`
	return r.db.Query().Exec(ctx, "UPSERT INTO products (id, vendor) VALUES (1, "+vendor+");")
}

// CreateTable is DDL: no parameter can stand there.
func (r *Repo) CreateTable(ctx context.Context, ttlDays int, family string) error {
	return r.db.Query().Exec(ctx, fmt.Sprintf("CREATE TABLE `%s` (id Uint64, title Utf8, PRIMARY KEY (id)) WITH (TTL = Interval(\"P%dD\") ON created_at, AUTO_PARTITIONING_MIN_PARTITIONS_COUNT = %d);", family, ttlDays, ttlDays))
}

// Delete deletes the requested products one by one, splicing each id.
func (r *Repo) Delete(ctx context.Context, req SearchRequest) error {
	for _, id := range req.IDs {
		if err := r.db.Query().Exec(ctx, fmt.Sprintf("DELETE FROM products WHERE id = '%s';", id)); err != nil { // want `id is spliced into the YQL text as a string literal: YQL injection; the value is an element of req.IDs, from parameter req of exported \(\*Repo\).Delete`
			return err
		}
	}
	return nil
}

// DeleteParam is Delete's correct twin: one statement over a list parameter.
func (r *Repo) DeleteParam(ctx context.Context, req SearchRequest) error {
	ids := ydb.ParamsBuilder().Param("$ids").BeginList()
	for _, id := range req.IDs {
		ids = ids.Add().Text(id)
	}
	return r.db.Query().Exec(ctx, "DECLARE $ids AS List<Utf8>; DELETE FROM products WHERE id IN $ids;",
		query.WithParameters(ids.EndList().Build()))
}
