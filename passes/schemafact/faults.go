package schemafact

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/schema"
)

// DDLFault is DDL that YDB rejects (schema.DDLFault), as discovery found
// it: in a migration file of the module, in a Go DDL string, or in a
// CreateTable call. schemafact never reports them; yqlcheck does.
type DDLFault struct {
	// Category is one of the schema.Fault* categories.
	Category string
	// Table is the last element of the table's path ("" when unknown).
	Table string
	// Token is the text of the token at fault, when it was found in text:
	// it places the fault within its line.
	Token string
	// Src is the file (relative to the module root) and line at fault.
	Src schema.Source
	// Pos, End: the line in one of this package's Go files, when Src is
	// there; token.NoPos otherwise (a migration file, another package).
	Pos, End token.Pos
	Message  string
}

// DDLFaults returns the faults among the discovery problems, in source
// order, one per place and message.
func (r *Result) DDLFaults() []DDLFault {
	if r == nil {
		return nil
	}
	var out []DDLFault
	for _, p := range r.Problems {
		if p.Category != CategoryWarning {
			continue
		}
		f, ok := schema.ParseFault(p.Message)
		if !ok {
			continue
		}
		out = append(out, DDLFault{Category: f.Category, Table: f.Table, Token: f.Token, Src: p.Src, Pos: p.Pos, End: p.End, Message: f.Msg})
	}
	return out
}
