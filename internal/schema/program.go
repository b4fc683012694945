package schema

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// ProgramDDL filters a script of DDL found in program code (Go string
// literals, query sites) before it is applied. Two things differ from a
// migration file:
//
//   - DROP TABLE is not applied. Functions appear in the source in no
//     particular order of execution: a Drop method written after Create
//     (for tests or teardown) says nothing about the table's lifetime, and
//     applying it would leave the table unknown to every rule.
//   - A statement the parser could not model is only kept when it looks like
//     DDL (it has a parenthesised definition). Program text mentions
//     "create table" in error and log messages ("create table failed: %w");
//     such prose must not become a placeholder table that silences rules.
//
// The script is not modified; a filtered copy is returned.
func ProgramDDL(text string, script *yql.Script) *yql.Script {
	if script == nil {
		return nil
	}
	out := &yql.Script{Errors: script.Errors}
	for _, st := range script.Stmts {
		switch s := st.(type) {
		case *yql.DropTableStmt:
			continue
		case *yql.OpaqueStmt:
			sp := s.NodeSpan()
			if sp.Start < 0 || sp.End > len(text) || sp.Start > sp.End || !strings.Contains(text[sp.Start:sp.End], "(") {
				continue
			}
		}
		out.Stmts = append(out.Stmts, st)
	}
	return out
}
