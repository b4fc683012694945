package schema

import (
	"fmt"
	"strings"
)

// The model types are plain data with exported fields, slices and no maps:
// they travel inside analysis facts, which must gob-encode deterministically.

// Source says where a definition came from, for messages. File is a path
// (relative to the module root when known); Line is 1-based. A Go source
// position uses the same form (file.go:line).
type Source struct {
	File string
	Line int
}

func (s Source) String() string {
	if s.File == "" {
		return "unknown source"
	}
	if s.Line <= 0 {
		return s.File
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// IsZero reports whether the source is unknown.
func (s Source) IsZero() bool { return s.File == "" }

// Column is one table column.
type Column struct {
	Name string
	// Type is the column type in YQL spelling without the Optional wrapper
	// ("Uint64", "Utf8", "Timestamp", "Serial8", "Decimal(22,9)"). Empty when
	// it is not known (a type from a hole in the text).
	Type string
	// NotNull is true for `NOT NULL` in YQL and for a non-Optional type in
	// options.WithColumn.
	NotNull bool
	// HasDefault is true for a DEFAULT clause or a Serial-family type: YDB
	// fills the column when a write leaves it out.
	HasDefault bool
	Src        Source
}

// Index is a secondary index.
type Index struct {
	Name    string
	Columns []string // index key columns in order
	Cover   []string
	Async   bool // ASYNC indexes are never chosen automatically
	Unique  bool
	// Kind is empty for an ordinary global index; otherwise the USING kind
	// (e.g. "vector_kmeans_tree"), which is never used for key lookups.
	Kind string
	Src  Source
	// Partial is set when the table's definitions were merged from sources
	// with no known order between them and only some define this index (two
	// programs of one repository creating a table of the same name): the
	// index may not exist where a query runs, so rules must not claim it
	// does.
	Partial bool
}

// Store says whether a table is row- or column-oriented.
type Store int

const (
	RowStore Store = iota
	ColumnStore
)

// HashPrefix is the evidence that the leading key column holds a hash of
// another key column, or (SourceColumn "") a bucketed hash.
type HashPrefix struct {
	Column       string // the leading key column, e.g. "order_hash"
	Func         string // e.g. "Digest::NumericHash"; "" when computed in Go and the function is not a YQL one
	SourceColumn string // e.g. "order_id"; "" for bucket evidence (see Bucket)
	// GoFunc is the Go function the evidence saw compute the value
	// ("dbmodel.HashTagIndex"), when it is one; for advice only.
	GoFunc string
	// Evidence is "write" (a write sets Column to Func(x) while writing x to
	// SourceColumn), "annotation" (a `-- ydblint:hash` comment), or
	// "config".
	Evidence string
	Src      Source
}

// Bucket reports whether the evidence is of the bucket kind: the leading key
// column is bound, wherever the module binds it, to a value certainly
// computed by a hash function (in Go, or Digest::F in YQL) of values that
// are not key columns of the table (jaeger-ydb-store's idx_hash =
// farm.Hash64(service, operation, bucket)). Nothing says which value is
// hashed, so reads and writes are checked only for constraining or writing
// the column at all.
func (h *HashPrefix) Bucket() bool { return h != nil && h.SourceColumn == "" }

// Table is one table as the catalogue knows it after applying every DDL
// statement it found, in order.
type Table struct {
	// Path is the table path as defined: relative ("orders", "dir/orders")
	// or absolute ("/local/db/orders"). PrefixUnknown is set when the DDL
	// text had an unknown prefix in front of the name (a hole, or
	// path.Join(db.Name(), "orders")): only the suffix is known.
	Path          string
	PrefixUnknown bool
	Columns       []*Column // in definition order
	PrimaryKey    []string  // in key order
	Indexes       []*Index
	Store         Store
	PartitionBy   []string // PARTITION BY HASH (column tables)
	// UniformPartitions is the UNIFORM_PARTITIONS count (0 when absent).
	UniformPartitions int
	// TTLColumn is the column named by a TTL setting, if any.
	TTLColumn string
	Hash      *HashPrefix // nil when no A or B evidence exists
	Src       Source      // where the table was (last) created
	KeySrc    Source      // where the primary key was declared
	// Conflict is set when two sources define the table with different
	// primary keys; every rule stays silent on such a table.
	Conflict    bool
	ConflictSrc Source // the other definition
	// Incomplete, when non-empty, says why the catalogue does not fully
	// know this table (a CREATE or ALTER that could not be parsed, no
	// PRIMARY KEY). Lookup reports such a table as LookupIncomplete and
	// every rule stays silent on it.
	Incomplete string
	// Undecoded marks a placeholder from a CreateTable whose options were
	// not decoded (TableDef.Incomplete): it says only that the program
	// creates the table, so any complete definition of it wins, in a
	// merge and in a lookup.
	Undecoded bool
}

// Column returns the named column (case-sensitive, as YDB is), or nil.
func (t *Table) Column(name string) *Column {
	for _, c := range t.Columns {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// Index returns the named index, or nil.
func (t *Table) Index(name string) *Index {
	for _, ix := range t.Indexes {
		if ix.Name == name {
			return ix
		}
	}
	return nil
}

// IsKey reports whether name is a primary-key column, and its position.
func (t *Table) IsKey(name string) (int, bool) {
	for i, k := range t.PrimaryKey {
		if k == name {
			return i, true
		}
	}
	return -1, false
}

// KeyString renders the primary key as "(a, b)".
func (t *Table) KeyString() string { return "(" + strings.Join(t.PrimaryKey, ", ") + ")" }

// Name returns the last path element.
func (t *Table) Name() string {
	p := strings.TrimRight(t.Path, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
