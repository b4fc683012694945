package schema

import (
	"fmt"
	"sort"
	"strings"
)

// maxWarnings bounds the warnings one catalogue keeps; a directory of
// foreign-dialect SQL must not make a fact grow without limit.
const maxWarnings = 500

// Catalog is the set of tables known after applying DDL in order. It is
// plain data (exported fields, slices, no maps) so that it gob-encodes
// deterministically inside an analysis fact. Tables are kept sorted by
// Path (then PrefixUnknown), Warnings by source and text.
//
// Applying DDL to one catalogue is ordered: a later definition of a table
// replaces an earlier one. Definitions with no known order between them
// (different packages, different Go call sites) belong in separate
// catalogues combined with Merge, which marks disagreements as conflicts.
type Catalog struct {
	Tables   []*Table
	Warnings []Warning
	// KeyConflicts lists each table defined with different primary keys by
	// different sources, once per table. Read it through Conflicts.
	KeyConflicts []Conflict
}

// Warning is something the catalogue skipped or could not understand.
type Warning struct {
	Src Source
	Msg string
}

func (w Warning) String() string { return w.Src.String() + ": " + w.Msg }

// Conflict records two definitions of one table with different primary
// keys. Src/Key is the definition kept in Tables (the one with the smaller
// source), OtherSrc/OtherKey the other.
type Conflict struct {
	Path     string
	Src      Source
	Key      []string
	OtherSrc Source
	OtherKey []string
}

func (c Conflict) String() string {
	return fmt.Sprintf("table %s has primary key (%s) at %s but (%s) at %s",
		c.Path, joinNames(c.Key), c.Src, joinNames(c.OtherKey), c.OtherSrc)
}

// New returns an empty catalogue.
func New() *Catalog { return &Catalog{} }

// Conflicts returns one entry per table whose primary key differs between
// sources, sorted by path.
func (c *Catalog) Conflicts() []Conflict {
	out := make([]Conflict, len(c.KeyConflicts))
	copy(out, c.KeyConflicts)
	return out
}

// Table returns the table stored under exactly this normalised path (no
// prefix joining, no suffix matching), or nil.
func (c *Catalog) Table(path string) *Table {
	if i, ok := c.find(path, false); ok {
		return c.Tables[i]
	}
	if i, ok := c.find(path, true); ok {
		return c.Tables[i]
	}
	return nil
}

func tableLess(aPath string, aUnknown bool, bPath string, bUnknown bool) bool {
	if aPath != bPath {
		return aPath < bPath
	}
	return !aUnknown && bUnknown
}

func (c *Catalog) find(path string, prefixUnknown bool) (int, bool) {
	i := sort.Search(len(c.Tables), func(i int) bool {
		t := c.Tables[i]
		return !tableLess(t.Path, t.PrefixUnknown, path, prefixUnknown)
	})
	if i < len(c.Tables) && c.Tables[i].Path == path && c.Tables[i].PrefixUnknown == prefixUnknown {
		return i, true
	}
	return i, false
}

// put stores t, replacing a table with the same identity.
func (c *Catalog) put(t *Table) {
	i, ok := c.find(t.Path, t.PrefixUnknown)
	if ok {
		c.Tables[i] = t
		return
	}
	c.Tables = append(c.Tables, nil)
	copy(c.Tables[i+1:], c.Tables[i:])
	c.Tables[i] = t
}

func (c *Catalog) remove(t *Table) {
	if i, ok := c.find(t.Path, t.PrefixUnknown); ok && c.Tables[i] == t {
		c.Tables = append(c.Tables[:i], c.Tables[i+1:]...)
	}
}

func (c *Catalog) warn(src Source, format string, args ...any) {
	if len(c.Warnings) >= maxWarnings {
		return
	}
	c.Warnings = append(c.Warnings, Warning{Src: src, Msg: fmt.Sprintf(format, args...)})
}

func sourceLess(a, b Source) bool {
	if a.File != b.File {
		return a.File < b.File
	}
	return a.Line < b.Line
}

// normalizeWarnings sorts and deduplicates warnings, and keeps the bound.
func (c *Catalog) normalizeWarnings() {
	ws := c.Warnings
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Src != ws[j].Src {
			return sourceLess(ws[i].Src, ws[j].Src)
		}
		return ws[i].Msg < ws[j].Msg
	})
	out := ws[:0]
	for i, w := range ws {
		if i > 0 && w == ws[i-1] {
			continue
		}
		out = append(out, w)
	}
	if len(out) > maxWarnings {
		out = out[:maxWarnings]
	}
	c.Warnings = out
}

// Clone returns a deep copy, so that a catalogue decoded from a fact can be
// extended without touching the fact.
func (c *Catalog) Clone() *Catalog {
	out := &Catalog{
		Tables:       make([]*Table, len(c.Tables)),
		Warnings:     append([]Warning(nil), c.Warnings...),
		KeyConflicts: make([]Conflict, len(c.KeyConflicts)),
	}
	for i, t := range c.Tables {
		out.Tables[i] = t.clone()
	}
	for i, k := range c.KeyConflicts {
		k.Key = append([]string(nil), k.Key...)
		k.OtherKey = append([]string(nil), k.OtherKey...)
		out.KeyConflicts[i] = k
	}
	return out
}

func (t *Table) clone() *Table {
	n := *t
	n.Columns = make([]*Column, len(t.Columns))
	for i, col := range t.Columns {
		cc := *col
		n.Columns[i] = &cc
	}
	n.PrimaryKey = append([]string(nil), t.PrimaryKey...)
	n.Indexes = make([]*Index, len(t.Indexes))
	for i, ix := range t.Indexes {
		ic := *ix
		ic.Columns = append([]string(nil), ix.Columns...)
		ic.Cover = append([]string(nil), ix.Cover...)
		n.Indexes[i] = &ic
	}
	n.PartitionBy = append([]string(nil), t.PartitionBy...)
	if t.Hash != nil {
		h := *t.Hash
		n.Hash = &h
	}
	return &n
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Merge adds other's tables to c; other is not modified and shares no
// memory with c afterwards. A table present in both with the same primary
// key is combined: the definition with the smaller source is kept, and
// columns and indexes only the other one has are added (an extra index
// can only make rules quieter). Different primary keys mark the table as a
// conflict (Table.Conflict, ConflictSrc, one entry in Conflicts). Merge is
// order-independent for tables: merging a into b or b into a gives the
// same result.
func (c *Catalog) Merge(other *Catalog) {
	if other == nil || other == c {
		return
	}
	for _, ot := range other.Tables {
		t := ot.clone()
		i, ok := c.find(t.Path, t.PrefixUnknown)
		if !ok {
			c.put(t)
			continue
		}
		c.Tables[i] = c.combine(c.Tables[i], t)
	}
	for _, k := range other.KeyConflicts {
		c.addConflict(k)
	}
	c.Warnings = append(c.Warnings, other.Warnings...)
	c.normalizeWarnings()
}

// isGoSource reports whether a definition comes from Go code.
func isGoSource(s Source) bool { return strings.HasSuffix(s.File, ".go") }

// combine merges two definitions of one table (same identity).
func (c *Catalog) combine(a, b *Table) *Table {
	if sourceLess(b.Src, a.Src) {
		a, b = b, a
	}
	// A placeholder for DDL that could not be parsed has no key to compare:
	// keep the real definition, but it stays incomplete (silent), unless
	// the real one is a complete definition in Go (a CreateTable call or Go
	// DDL) and the placeholder a migration: the Go code says what the
	// service creates, whatever the unreadable migration meant. A
	// placeholder of a CreateTable whose options were not decoded
	// (Undecoded) says only that the table is created: it never makes a
	// complete definition incomplete.
	if placeholder(a) != placeholder(b) {
		if placeholder(a) {
			a, b = b, a
		}
		if a.Incomplete == "" && !b.Undecoded && !(isGoSource(a.Src) && !isGoSource(b.Src)) {
			a.Incomplete = b.Incomplete
		}
		return a
	}
	if !equalStrings(a.PrimaryKey, b.PrimaryKey) {
		// Keep the first conflicting partner only: ConflictSrc names one
		// other definition, Conflicts already says the table is disputed.
		if !a.Conflict {
			a.Conflict = true
			a.ConflictSrc = b.Src
		}
		c.addConflict(Conflict{
			Path: a.Path, Src: a.Src, Key: a.PrimaryKey,
			OtherSrc: b.Src, OtherKey: b.PrimaryKey,
		})
		return a
	}
	if b.Conflict && !a.Conflict {
		a.Conflict, a.ConflictSrc = true, b.ConflictSrc
	}
	if a.Incomplete == "" {
		a.Incomplete = b.Incomplete
	}
	for _, col := range b.Columns {
		if a.Column(col.Name) == nil {
			a.Columns = append(a.Columns, col)
		}
	}
	if !placeholder(b) && !placeholder(a) {
		// An index only one of the definitions has may not exist.
		for i, ix := range a.Indexes {
			if !ix.Partial && b.Index(ix.Name) == nil {
				cp := *ix
				cp.Partial = true
				a.Indexes[i] = &cp
			}
		}
	}
	for _, ix := range b.Indexes {
		if a.Index(ix.Name) == nil {
			cp := *ix
			cp.Partial = true
			a.Indexes = append(a.Indexes, &cp)
		}
	}
	a.Hash = preferHash(a.Hash, b.Hash)
	return a
}

// placeholder reports a table known only by name (an unparsable CREATE).
func placeholder(t *Table) bool { return len(t.PrimaryKey) == 0 && t.Incomplete != "" }

// addConflict records a key conflict once per table: the entry with the
// smallest pair of sources wins, so the result does not depend on the order
// in which catalogues were merged.
func (c *Catalog) addConflict(k Conflict) {
	for i, e := range c.KeyConflicts {
		if e.Path != k.Path {
			continue
		}
		if sourceLess(k.Src, e.Src) || (k.Src == e.Src && sourceLess(k.OtherSrc, e.OtherSrc)) {
			c.KeyConflicts[i] = k
		}
		return
	}
	c.KeyConflicts = append(c.KeyConflicts, k)
	sort.SliceStable(c.KeyConflicts, func(i, j int) bool { return c.KeyConflicts[i].Path < c.KeyConflicts[j].Path })
}

// evidenceRank orders hash evidence: an explicit statement by the user
// (annotation or configuration) outranks what was inferred from writes.
func evidenceRank(e string) int {
	switch e {
	case "annotation", "config":
		return 2
	case "write":
		return 1
	}
	return 0
}

// preferHash picks one of two hash-prefix records deterministically: the
// higher-ranked evidence, then the smaller source.
func preferHash(a, b *HashPrefix) *HashPrefix {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	ra, rb := evidenceRank(a.Evidence), evidenceRank(b.Evidence)
	if ra != rb {
		if ra > rb {
			return a
		}
		return b
	}
	if a.Bucket() != b.Bucket() {
		// Evidence naming the hashed key column says more.
		if a.Bucket() {
			return b
		}
		return a
	}
	if sourceLess(b.Src, a.Src) {
		return b
	}
	return a
}

// checkHash validates hash-prefix evidence against a table: the hashed
// column must be the leading key column and its source another key column.
func checkHash(t *Table, h HashPrefix) error {
	switch {
	case len(t.PrimaryKey) == 0:
		return fmt.Errorf("table %s has no primary key", t.Path)
	case h.Column != t.PrimaryKey[0]:
		return fmt.Errorf("column %s is not the leading key column of %s %s", h.Column, t.Path, t.KeyString())
	case h.SourceColumn == h.Column:
		return fmt.Errorf("column %s cannot be a hash of itself", h.Column)
	case h.SourceColumn == "":
		// Bucket evidence: a hash of values outside the key.
		if len(t.PrimaryKey) < 2 {
			return fmt.Errorf("table %s has a single key column: a hash there spreads rows but says nothing to check", t.Path)
		}
		return nil
	}
	if i, ok := t.IsKey(h.SourceColumn); !ok || i == 0 {
		return fmt.Errorf("column %s is not a key column of %s %s", h.SourceColumn, t.Path, t.KeyString())
	}
	return nil
}

// SetHash records hash-prefix evidence (from writes or configuration) for
// the table ref names; ref is resolved like Lookup with no prefix. It is
// rejected when the table is not found uniquely or the evidence does not
// fit its key. Existing evidence is kept when it ranks higher (annotation
// and config over write) or, at equal rank, has the smaller source.
func (c *Catalog) SetHash(ref string, h HashPrefix) error {
	t, st := c.Lookup(ref, "")
	if !st.OK() {
		return fmt.Errorf("table %s: %s", ref, st)
	}
	return SetTableHash(t, h)
}

// SetTableHash is SetHash on a table already found: the evidence must fit
// its key, and existing evidence is kept when it is preferred.
func SetTableHash(t *Table, h HashPrefix) error {
	if err := checkHash(t, h); err != nil {
		return err
	}
	hc := h
	t.Hash = preferHash(t.Hash, &hc)
	return nil
}

// Exact returns the table stored with exactly this identity (path and
// PrefixUnknown), or nil.
func (c *Catalog) Exact(path string, prefixUnknown bool) *Table {
	if i, ok := c.find(path, prefixUnknown); ok {
		return c.Tables[i]
	}
	return nil
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}
