package schemafact

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
)

// Module-wide hash evidence. Facts move along imports only, so a package
// sees the hash evidence of the packages it imports and of nothing else:
// jaeger-ydb-store's indexer writes rows to tables whose hash column only
// its reader proves (reads bind idx_hash to dbmodel.HashTagIndex), and the
// two packages do not import each other. A driver that analyses the whole
// module in one process (the standalone ydblint command) can do better:
// after a first round it merges every package's own evidence
// (Result.Own) with MergeModule and runs again, with that evidence in the
// process's session (analyzer.Runtime.UseModuleEvidence), the packages
// whose catalogue it changes (ModuleEvidence.Changes).
//
// The merge is as strict as one package's own evidence is:
//
//   - §4 A evidence (a column written as F(another key column)) from any
//     package is offered to every package, as a fact from an import would be;
//     schema.Catalog keeps the preferred one deterministically;
//   - bucket evidence is offered only when no package of the run binds the
//     column to a known non-hash (a conflict), and a conflict anywhere drops
//     bucket evidence for that table even where it was imported;
//   - evidence applies to a table only when the receiving catalogue has a
//     table of the same identity (path, unknown prefix) and the same
//     primary key as the table the evidence was found on.
//
// go vet and golangci-lint analyse one package at a time and keep to the
// evidence of imports.

// TableHash is hash-prefix evidence for one table, named by its identity
// in the catalogue that found it.
type TableHash struct {
	Table         string // schema.Table.Path
	PrefixUnknown bool
	Key           []string // the table's primary key where the evidence was found
	Hash          schema.HashPrefix
}

// OwnEvidence is the hash-prefix evidence of a package's own queries and
// rows (not what its imports carried), and the tables whose leading column
// it binds to a known non-hash (bucket conflicts).
type OwnEvidence struct {
	Hashes    []TableHash
	Conflicts []TableHash // Hash is unset
}

// addHash notes evidence recorded for t; o may be nil (unit tests).
func (o *OwnEvidence) addHash(t *schema.Table, h schema.HashPrefix) {
	if o != nil && t != nil {
		o.Hashes = append(o.Hashes, tableHash(t, h))
	}
}

// addConflict notes a bucket conflict on t; o may be nil.
func (o *OwnEvidence) addConflict(t *schema.Table) {
	if o != nil && t != nil {
		o.Conflicts = append(o.Conflicts, tableHash(t, schema.HashPrefix{}))
	}
}

func tableHash(t *schema.Table, h schema.HashPrefix) TableHash {
	return TableHash{Table: t.Path, PrefixUnknown: t.PrefixUnknown, Key: slices.Clone(t.PrimaryKey), Hash: h}
}

// ModuleEvidence is the merge of the own evidence of every package of a
// run (MergeModule).
type ModuleEvidence struct {
	Hashes    []TableHash // sorted by table, then source; no bucket evidence of a conflicted table
	Conflicts []TableHash // sorted by table
}

// Tables is how many tables the merge has hash evidence for (-stats and
// the editor's log say it).
func (m *ModuleEvidence) Tables() int {
	if m == nil {
		return 0
	}
	seen := map[string]bool{}
	for _, h := range m.Hashes {
		seen[h.Table] = true
	}
	return len(seen)
}

// Empty reports whether the merge holds nothing to apply.
func (m *ModuleEvidence) Empty() bool {
	return m == nil || len(m.Hashes) == 0 && len(m.Conflicts) == 0
}

// MergeModule merges the own evidence of every package of a run. The
// result does not depend on the order of own (packages analysed with and
// without their tests report the same evidence twice: duplicates are
// dropped).
func MergeModule(own []OwnEvidence) *ModuleEvidence {
	m := &ModuleEvidence{}
	conflicted := map[string]bool{}
	for _, o := range own {
		for _, c := range o.Conflicts {
			c.Hash = schema.HashPrefix{}
			if !conflicted[identity(c)] {
				conflicted[identity(c)] = true
				m.Conflicts = append(m.Conflicts, c)
			}
		}
	}
	seen := map[string]bool{}
	for _, o := range own {
		for _, h := range o.Hashes {
			if h.Hash.Bucket() && conflicted[identity(h)] {
				continue
			}
			k := identity(h) + "\x00" + fmt.Sprintf("%+v", h.Hash)
			if !seen[k] {
				seen[k] = true
				m.Hashes = append(m.Hashes, h)
			}
		}
	}
	sort.Slice(m.Conflicts, func(i, j int) bool { return identity(m.Conflicts[i]) < identity(m.Conflicts[j]) })
	sort.Slice(m.Hashes, func(i, j int) bool {
		a, b := m.Hashes[i], m.Hashes[j]
		if ia, ib := identity(a), identity(b); ia != ib {
			return ia < ib
		}
		return fmt.Sprintf("%+v", a.Hash) < fmt.Sprintf("%+v", b.Hash)
	})
	return m
}

// identity names a table and its key: evidence crosses only to a table
// with the same path, the same unknown prefix and the same primary key.
func identity(h TableHash) string {
	return fmt.Sprintf("%s\x00%t\x00%s", h.Table, h.PrefixUnknown, strings.Join(h.Key, ","))
}

// target is the table of cat the evidence h applies to, or nil.
func (h TableHash) target(cat *schema.Catalog) *schema.Table {
	t := cat.Exact(h.Table, h.PrefixUnknown)
	if t == nil || t.Conflict || t.Incomplete != "" || !slices.Equal(t.PrimaryKey, h.Key) {
		return nil
	}
	return t
}

// ApplyTo records the module's evidence in cat: conflicts first (they drop
// bucket evidence, imported or the package's own), then every hash. It
// reports whether any table's evidence changed. It implements
// session.Evidence: in the standalone driver's second round, schemafact
// applies it after a package's own evidence.
func (m *ModuleEvidence) ApplyTo(cat *schema.Catalog) bool {
	if m.Empty() || len(cat.Tables) == 0 {
		return false
	}
	before := make([]*schema.HashPrefix, len(cat.Tables))
	for i, t := range cat.Tables {
		before[i] = t.Hash
	}
	for _, c := range m.Conflicts {
		if t := c.target(cat); t != nil && t.Hash.Bucket() {
			t.Hash = nil
		}
	}
	for _, h := range m.Hashes {
		if t := h.target(cat); t != nil && schema.SetTableHash(t, h.Hash) == nil {
			shareUnknownPrefix(cat, t.Path, h.Hash)
		}
	}
	for i, t := range cat.Tables {
		if !sameHash(before[i], t.Hash) {
			return true
		}
	}
	return false
}

// Changes reports whether applying the module's evidence would change
// the evidence of a table of cat whose path (schema.Table.Path) touched
// accepts (nil: any), leaving
// cat as it is: only then must a package be analysed again. A driver
// passes the tables the package's query sites were planned on; the
// evidence of the others changes no finding of the package, and its
// importers apply the module's evidence themselves.
func (m *ModuleEvidence) Changes(cat *schema.Catalog, touched func(path string) bool) bool {
	if m.Empty() || cat == nil || len(cat.Tables) == 0 {
		return false
	}
	c := cat.Clone()
	m.ApplyTo(c)
	for i, t := range c.Tables {
		if (touched == nil || touched(cat.Tables[i].Path)) && !sameHash(cat.Tables[i].Hash, t.Hash) {
			return true
		}
	}
	return false
}

func sameHash(a, b *schema.HashPrefix) bool {
	if a == nil || b == nil {
		return a == b
	}
	return *a == *b
}
