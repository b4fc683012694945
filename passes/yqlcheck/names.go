package yqlcheck

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// checkNames reports the columns and indexes a statement names that its
// table does not have.
func (c *checker) checkNames(st *queryplan.Statement) {
	if !c.namesCertain {
		return
	}
	for _, ref := range keyplan.UnknownNames(st.Stmt(), st.Text.YQL, tableOf(st), declaredIn(st.Script)) {
		switch ref.Kind {
		case keyplan.NameIndex:
			c.report(st, ref.Span, categoryUnknownIndex, fmt.Sprintf(
				"VIEW %s names an index that %s does not have; YDB rejects the query (Required global index not found, index name: %s)%s; %s",
				ref.Name, tableName(st, ref.Ref, ref.Table), ref.Name, schemaOf(st, ref.Ref, ref.Table), indexRemedy(ref.Table)))
		case keyplan.NameColumn:
			c.reportColumn(st, ref)
		}
	}
}

// declaredIn returns the declared types of a script's parameters; a name
// that is also a named expression has none.
func declaredIn(script *yql.Script) keyplan.Declared {
	decl := map[string]*yql.TypeRef{}
	named := map[string]bool{}
	for _, s := range script.Stmts {
		switch s := s.(type) {
		case *yql.DeclareStmt:
			decl[s.Name] = s.Type
		case *yql.NamedExprStmt:
			for _, n := range s.Names {
				named[n] = true
			}
		}
	}
	return func(name string) *yql.TypeRef {
		if named[name] {
			return nil
		}
		return decl[name]
	}
}

func (c *checker) reportColumn(st *queryplan.Statement, ref keyplan.NameRef) {
	if ref.Table == nil {
		// A field of AS_TABLE($rows) rows.
		c.report(st, ref.Span, categoryUnknownColumn, fmt.Sprintf(
			"%s names %s, which the rows of $%s do not have; YDB rejects the query (Member not found: %s); their DECLARE lists the struct's fields; add the field to the DECLARE and to the rows, or fix the name",
			ref.Clause, ref.Name, ref.Rows, ref.Name))
		return
	}
	if ref.Rows != "" {
		c.report(st, ref.Span, categoryUnknownColumn, fmt.Sprintf(
			"the rows of $%s have field %s, which %s does not have, and SELECT * writes every field; YDB rejects the query (No such column: %s, table: %s)%s; rename or drop the field, or list the columns to write",
			ref.Rows, ref.Name, tableName(st, ref.Ref, ref.Table), ref.Name, st.TableName(ref.Ref, ref.Table), schemaOf(st, ref.Ref, ref.Table)))
		return
	}
	yqlErr := fmt.Sprintf("Member not found: %s", ref.Name)
	if ref.Write {
		yqlErr = fmt.Sprintf("No such column: %s, table: %s", ref.Name, st.TableName(ref.Ref, ref.Table))
	}
	msg := fmt.Sprintf("%s names column %s, which %s does not have; YDB rejects the query (%s)%s",
		ref.Clause, ref.Name, tableName(st, ref.Ref, ref.Table), yqlErr, schemaOf(st, ref.Ref, ref.Table))
	near := nearColumn(ref.Table, ref.Name)
	if near == "" {
		c.report(st, ref.Span, categoryUnknownColumn, msg+"; its columns are "+columnList(ref.Table))
		return
	}
	msg += fmt.Sprintf("; did you mean %s?", near)
	var fixes []analysis.SuggestedFix
	if edits, ok := st.Edits([]keyplan.TextEdit{{Start: ref.Span.Start, End: ref.Span.End, NewText: quoteIfNeeded(st.Text.YQL[ref.Span.Start:ref.Span.End], near)}}); ok {
		fixes = append(fixes, analysis.SuggestedFix{Message: "Use column " + near, TextEdits: edits})
	}
	c.report(st, ref.Span, categoryUnknownColumn, msg, fixes...)
}

// quoteIfNeeded keeps backticks when the original spelling had them.
func quoteIfNeeded(orig, name string) string {
	if strings.HasPrefix(orig, "`") {
		return "`" + name + "`"
	}
	return name
}

func columnList(t *schema.Table) string {
	names := make([]string, 0, len(t.Columns))
	for _, col := range t.Columns {
		names = append(names, col.Name)
	}
	if len(names) > 12 {
		names = append(names[:12], "…")
	}
	return strings.Join(names, ", ")
}

func indexRemedy(t *schema.Table) string {
	if len(t.Indexes) == 0 {
		return "the table has no secondary index: add one (ALTER TABLE … ADD INDEX) or read without VIEW"
	}
	names := make([]string, 0, len(t.Indexes))
	for _, ix := range t.Indexes {
		names = append(names, ix.Name)
	}
	return "its indexes are " + strings.Join(names, ", ")
}

// nearColumn returns the only column of t that differs from name by letter
// case or by one edit (insertion, deletion, substitution, or swap of two
// neighbours), "" when there is none or more than one.
func nearColumn(t *schema.Table, name string) string {
	found := ""
	for _, col := range t.Columns {
		if strings.EqualFold(col.Name, name) || yql.OneEdit(col.Name, name) {
			if found != "" {
				return ""
			}
			found = col.Name
		}
	}
	return found
}
