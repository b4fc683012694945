package schemafact

import (
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
)

// schemaFact is the package fact: the merged catalogue of the package and
// of every package it imports (go vet shows a package only the facts of its
// direct imports, so each package re-exports what it received).
//
// It holds plain sorted slices (schema.Catalog keeps Tables sorted by path
// and conflicts sorted by path), so it gob-encodes deterministically.
// Discovery warnings are not exported: they concern files, and every
// package that needs them rescans its own module.
type schemaFact struct {
	Tables    []*schema.Table
	Conflicts []schema.Conflict
	// Covered lists, sorted, the packages whose own query sites contributed
	// DDL to this fact. The syntactic module scan leaves their directories
	// out, because their SSA-recovered DDL (with hole keys) is more precise
	// than what a scan without types can read from the same lines.
	Covered []string
}

func (*schemaFact) AFact() {}

// String renders the fact for `// want package:"…"` expectations:
//
//	schema(orders(order_hash,order_id)@db/migrations/0001_init.sql:3; …)
//
// A table with an unknown prefix is written ".../name", a conflict adds
// "!conflict@<other source>", hash-prefix evidence adds
// "#order_hash=Digest::NumericHash(order_id)" (bucket evidence
// "#idx_hash=bucket(dbmodel.HashTagIndex)"), an incomplete table "?".
func (f *schemaFact) String() string {
	var b strings.Builder
	b.WriteString("schema(")
	for i, t := range f.Tables {
		if i > 0 {
			b.WriteString("; ")
		}
		writeTable(&b, t)
	}
	b.WriteString(")")
	return b.String()
}

func writeTable(b *strings.Builder, t *schema.Table) {
	if t.PrefixUnknown {
		b.WriteString(".../")
	}
	b.WriteString(t.Path)
	b.WriteString("(")
	b.WriteString(strings.Join(t.PrimaryKey, ","))
	b.WriteString(")")
	if t.Incomplete != "" {
		b.WriteString("?")
	}
	b.WriteString("@")
	b.WriteString(t.Src.String())
	if h := t.Hash; h.Bucket() {
		b.WriteString("#" + h.Column + "=bucket(" + h.GoFunc + ")")
	} else if h != nil {
		b.WriteString("#" + h.Column + "=")
		if h.Func != "" {
			b.WriteString(h.Func)
		} else {
			b.WriteString("hash")
		}
		b.WriteString("(" + h.SourceColumn + ")")
	}
	if t.Conflict {
		b.WriteString("!conflict@" + t.ConflictSrc.String())
	}
}

func (f *schemaFact) catalog() *schema.Catalog {
	c := &schema.Catalog{Tables: f.Tables, KeyConflicts: f.Conflicts}
	return c.Clone()
}

func newFact(c *schema.Catalog, covered []string) *schemaFact {
	cl := c.Clone()
	return &schemaFact{Tables: cl.Tables, Conflicts: cl.KeyConflicts, Covered: covered}
}
