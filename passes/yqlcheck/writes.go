package yqlcheck

import (
	"fmt"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// checkWrites reports INSERT, UPSERT and REPLACE statements whose column
// list YDB refuses: a VALUES row of another length, or a NOT NULL column
// without a default left out.
func (c *checker) checkWrites(st *queryplan.Statement) {
	ins, ok := st.Stmt().(*yql.InsertStmt)
	if !ok || ins.Columns == nil {
		return
	}
	for _, col := range ins.Columns {
		if col == nil || yql.ContainsHole(col.Name) {
			return // the column list is not known
		}
	}
	c.checkValueCount(st, ins)
	if !c.namesCertain {
		return
	}
	t := tableOf(st)(ins.Table)
	if t == nil {
		return
	}
	c.checkNotNull(st, ins, t)
}

func (c *checker) checkValueCount(st *queryplan.Statement, ins *yql.InsertStmt) {
	for _, row := range ins.Values {
		if len(row) == len(ins.Columns) || len(row) == 0 {
			continue
		}
		for _, v := range row {
			if v == nil {
				return
			}
			if o, ok := v.(*yql.OpaqueExpr); ok && o.Reason == "hole" {
				return // a hole may stand for several values
			}
		}
		sp := yql.Span{Start: row[0].NodeSpan().Start, End: row[len(row)-1].NodeSpan().End}
		c.report(st, sp, categoryValueCount, fmt.Sprintf(
			"%s lists %d columns but this VALUES row has %d values; YDB rejects the query (VALUES have %d columns, INSERT INTO expects: %d); give one value per column",
			ins.Kind, len(ins.Columns), len(row), len(row), len(ins.Columns)))
		return
	}
}

// checkNotNull reports NOT NULL columns without a default that the column
// list leaves out. Key columns are nullkey's (missing-key).
func (c *checker) checkNotNull(st *queryplan.Statement, ins *yql.InsertStmt, t *schema.Table) {
	listed := map[string]bool{}
	for _, col := range ins.Columns {
		listed[col.Name] = true
	}
	var missing []string
	for _, col := range t.Columns {
		if !col.NotNull || col.HasDefault || listed[col.Name] {
			continue
		}
		if _, key := t.IsKey(col.Name); key {
			continue
		}
		missing = append(missing, col.Name)
	}
	if len(missing) == 0 {
		return
	}
	sp := ins.Table.Span
	if len(ins.Columns) > 0 {
		sp = yql.Span{Start: ins.Columns[0].Start, End: ins.Columns[len(ins.Columns)-1].End}
	}
	remedy := "write every NOT NULL column"
	if ins.Kind != yql.Insert {
		remedy += ", or change only some columns of an existing row with UPDATE"
	}
	c.report(st, sp, categoryMissingNotNull, fmt.Sprintf(
		"%s into %s leaves out NOT NULL column %s, which has no DEFAULT; YDB rejects the query (Missing not null column in input: %s. All not null columns should be initialized)%s; %s",
		ins.Kind, tableName(st, ins.Table, t), strings.Join(missing, ", "), missing[0], schemaOf(st, ins.Table, t), remedy))
}
