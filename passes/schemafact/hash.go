package schemafact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/passes/internal/schema"
	"github.com/ydblint/ydblint/passes/querysite"
)

// HashEvidence is one piece of hash-prefix evidence (yql-semantics.md §4 A)
// for a table: a write in this package sets the leading key column to a
// hash of another key column.
type HashEvidence struct {
	Table  string // the table as the write names it (keyed, see KeyedText)
	Prefix string // the TablePathPrefix in effect, "" when none
	Hash   schema.HashPrefix
}

// writeEvidence collects hash-prefix evidence from this package's writes.
//
// This is the extension point for the key planner (passes/internal/keyplan):
// it will analyse each INSERT/UPSERT/REPLACE and BulkUpsert site against
// the catalogue built so far and return the §4 A evidence it finds. Until
// that API exists this function finds none, so the only hash evidence is
// what the catalogue read from `-- ydblint:hash` annotations and what
// imported facts carry. applyHashEvidence is the half that is already in
// place and tested with hand-built evidence.
func writeEvidence(pass *analysis.Pass, sites []*querysite.Site, cat *schema.Catalog) []HashEvidence {
	_, _, _ = pass, sites, cat
	return nil
}

// applyHashEvidence records each piece of evidence in cat. Evidence the
// catalogue rejects (the table is unknown or ambiguous, the column is not
// the leading key column) is returned as a problem rather than dropped
// silently; facts then carry the accepted evidence to importers.
func applyHashEvidence(cat *schema.Catalog, ev []HashEvidence) []Problem {
	var problems []Problem
	for _, e := range ev {
		ref := e.Table
		if e.Prefix != "" {
			if p, unknown, ok := schema.NormalizePath(e.Table, e.Prefix); ok && !unknown {
				ref = p
			}
		}
		h := e.Hash
		if h.Evidence == "" {
			h.Evidence = "write"
		}
		if err := cat.SetHash(ref, h); err != nil {
			problems = append(problems, Problem{
				Category: CategoryIncomplete,
				Src:      h.Src,
				Table:    e.Table,
				Message:  fmt.Sprintf("hash-prefix evidence %s = %s(%s) not recorded: %v", h.Column, h.Func, h.SourceColumn, err),
			})
		}
	}
	return problems
}
