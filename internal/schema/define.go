package schema

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// TableDef is a table definition that did not come from YQL text, e.g.
// decoded by the Go tracing layer from
//
//	session.CreateTable(ctx, path,
//	    options.WithColumn("id", types.Optional(types.TypeUint64)),
//	    options.WithPrimaryKeyColumn("id"),
//	    options.WithIndex("by_x", options.WithIndexColumns("x")), …)
type TableDef struct {
	// Path is the table path. A raw hole placeholder (yql.HolePrefix…) in a
	// leading segment makes the prefix unknown; a caller that can identify
	// the hole substitutes a stable key string instead (see the package
	// documentation).
	Path string
	// PrefixUnknown says that Path is only the known suffix of the real
	// path (path.Join(db.Name(), "orders") gives Path "orders").
	PrefixUnknown bool
	Columns       []ColumnSpec
	PrimaryKey    []string
	Indexes       []IndexSpec
	// UniformPartitions is options.WithPartitions(UniformPartitions(n)), 0
	// when absent.
	UniformPartitions int
	PartitionBy       []string
	Store             Store
	TTLColumn         string
	Src               Source // the CreateTable call
	KeySrc            Source // the primary-key option; Src when zero
	// Incomplete says why the definition is not known (options the
	// tracing layer could not decode): the table is a placeholder known by
	// name only, which rules stay silent on and a suffix lookup does not
	// pass over for another table, as for a CREATE TABLE that did not
	// parse.
	Incomplete string
}

// ColumnSpec is one column of a TableDef.
type ColumnSpec struct {
	Name string
	// Type in YQL spelling; an "Optional<T>" or "T?" wrapper is removed
	// and makes the column nullable. Empty when not known.
	Type string
	// Optional is true for types.Optional(…): the column accepts NULL.
	// A non-Optional type makes the column NOT NULL.
	Optional   bool
	HasDefault bool
	Src        Source // zero: the TableDef's Src
}

// IndexSpec is one secondary index of a TableDef.
type IndexSpec struct {
	Name    string
	Columns []string
	Cover   []string
	Async   bool
	Unique  bool
	Kind    string // "" for an ordinary global index
	Src     Source // zero: the TableDef's Src
}

// isSerialType reports the Serial family, whose columns YDB fills from a
// hidden sequence when a write leaves them out.
func isSerialType(t string) bool {
	switch strings.ToLower(t) {
	case "smallserial", "serial2", "serial", "serial4", "serial8", "bigserial":
		return true
	}
	return false
}

// stripOptional removes Optional<…> and trailing '?' wrappers.
func stripOptional(t string) (string, bool) {
	t = strings.TrimSpace(t)
	opt := false
	for i := 0; i < 8; i++ {
		switch {
		case strings.HasSuffix(t, "?"):
			t, opt = strings.TrimSpace(t[:len(t)-1]), true
		case len(t) > len("Optional<>") && strings.EqualFold(t[:len("Optional<")], "Optional<") && strings.HasSuffix(t, ">"):
			t, opt = strings.TrimSpace(t[len("Optional<"):len(t)-1]), true
		default:
			return t, opt
		}
	}
	return t, opt
}

// ApplyDefinition applies a programmatic definition like a CREATE TABLE
// statement: it replaces any earlier definition of the same path in this
// catalogue.
func (c *Catalog) ApplyDefinition(def TableDef) {
	p, ok := resolvePath(def.Path, "")
	if !ok {
		c.warn(def.Src, "CreateTable with an unknown table name %q skipped", def.Path)
		return
	}
	if def.Incomplete != "" {
		t := &Table{Path: p.String(), PrefixUnknown: p.prefixUnknown || def.PrefixUnknown, Src: def.Src, KeySrc: def.Src, Incomplete: def.Incomplete, Undecoded: true}
		if _, ok := c.find(t.Path, t.PrefixUnknown); !ok {
			c.put(t) // an earlier definition of the path says more
		}
		return
	}
	t := &Table{
		Path:              p.String(),
		PrefixUnknown:     p.prefixUnknown || def.PrefixUnknown,
		PrimaryKey:        append([]string(nil), def.PrimaryKey...),
		Store:             def.Store,
		PartitionBy:       append([]string(nil), def.PartitionBy...),
		UniformPartitions: def.UniformPartitions,
		TTLColumn:         def.TTLColumn,
		Src:               def.Src,
		KeySrc:            def.KeySrc,
	}
	if t.KeySrc.IsZero() {
		t.KeySrc = def.Src
	}
	for _, cs := range def.Columns {
		typ, opt := stripOptional(cs.Type)
		if yql.ContainsHole(typ) {
			typ = ""
		}
		col := &Column{
			Name:       cs.Name,
			Type:       typ,
			NotNull:    typ != "" && !cs.Optional && !opt,
			HasDefault: cs.HasDefault || isSerialType(typ),
			Src:        cs.Src,
		}
		if col.Src.IsZero() {
			col.Src = def.Src
		}
		setColumn(t, col)
	}
	for _, is := range def.Indexes {
		ix := &Index{
			Name:    is.Name,
			Columns: append([]string(nil), is.Columns...),
			Cover:   append([]string(nil), is.Cover...),
			Async:   is.Async,
			Unique:  is.Unique,
			Kind:    is.Kind,
			Src:     is.Src,
		}
		if ix.Src.IsZero() {
			ix.Src = def.Src
		}
		setIndex(t, ix)
	}
	keyFaults, tableFaults := CheckDefinition(t)
	for _, f := range keyFaults {
		c.fault(t.KeySrc, f)
	}
	for _, f := range tableFaults {
		c.fault(t.Src, f)
	}
	c.finishTable(t)
	c.put(t)
}

// setColumn adds col, replacing a column of the same name in place.
func setColumn(t *Table, col *Column) {
	for i, old := range t.Columns {
		if old.Name == col.Name {
			t.Columns[i] = col
			return
		}
	}
	t.Columns = append(t.Columns, col)
}

// setIndex adds ix, replacing an index of the same name in place.
func setIndex(t *Table, ix *Index) {
	for i, old := range t.Indexes {
		if old.Name == ix.Name {
			t.Indexes[i] = ix
			return
		}
	}
	t.Indexes = append(t.Indexes, ix)
}

// finishTable checks a freshly defined table: without a primary key it is
// not a YDB table the rules can reason about.
func (c *Catalog) finishTable(t *Table) {
	if len(t.PrimaryKey) == 0 {
		t.Incomplete = "no PRIMARY KEY"
		c.warn(t.Src, "table %s has no PRIMARY KEY; rules ignore it", t.Path)
		return
	}
	if len(t.Columns) == 0 {
		return // CREATE TABLE … AS SELECT: columns are not known
	}
	for _, k := range t.PrimaryKey {
		if t.Column(k) == nil {
			t.Incomplete = "key column " + k + " is not a column"
			c.warn(t.KeySrc, "table %s: key column %s is not among its columns; rules ignore the table", t.Path, k)
			return
		}
	}
}
