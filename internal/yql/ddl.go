package yql

import "strings"

// createStmt parses CREATE [OR REPLACE] [TEMP|TEMPORARY] TABLE …; it returns
// nil (without consuming anything) for other CREATE statements (TOPIC, VIEW,
// EXTERNAL TABLE, TABLESTORE, USER, …), which the caller keeps opaque.
func (p *parser) createStmt() Stmt {
	start := p.peek().Offset
	i := 1
	orReplace := false
	if p.isKwN(i, "OR") && p.isKwN(i+1, "REPLACE") {
		orReplace = true
		i += 2
	}
	temporary := false
	if p.isKwN(i, "TEMP") || p.isKwN(i, "TEMPORARY") {
		temporary = true
		i++
	}
	if !p.isKwN(i, "TABLE") {
		return nil
	}
	p.pos += i + 1
	st := &CreateTableStmt{Temporary: temporary, OrReplace: orReplace}
	if p.isKw("IF") {
		p.pos++
		p.expectKw("NOT")
		p.expectKw("EXISTS")
		st.IfNotExists = true
	}
	st.Table = p.tableRef()
	p.expectOp("(")
	for !p.isOp(")") {
		p.createTableEntry(st)
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	if p.isKw("INHERITS") {
		p.pos++
		p.skipBalanced()
	}
	if p.isKw("PARTITION") && p.isKwN(1, "BY") && p.isKwN(2, "HASH") {
		p.pos += 3
		st.PartitionBy = p.identList()
	}
	if p.isKw("WITH") {
		p.pos++
		st.With = p.settings()
	}
	if p.acceptKw("TABLESTORE") {
		p.tableRef()
	}
	if p.acceptKw("AS") {
		st.AsSelect = true
		p.valuesSource()
	}
	st.Span = Span{start, p.prevEnd()}
	return st
}

// createTableEntry parses one entry of the CREATE TABLE list.
func (p *parser) createTableEntry(st *CreateTableStmt) {
	t := p.peek()
	switch {
	case p.isWord(t, "PRIMARY") && p.isKwN(1, "KEY"):
		p.pos += 2
		st.PrimaryKey = p.identList()
		st.PKSpan = Span{t.Offset, p.prevEnd()}
		return
	case p.isWord(t, "INDEX") && p.isIndexDef():
		st.Indexes = append(st.Indexes, p.indexDef())
		return
	case p.isWord(t, "FAMILY") && p.peekN(1).Kind == TokIdent && p.isOpN(2, "("):
		p.pos += 2
		p.skipBalanced()
		return
	case p.isWord(t, "CHANGEFEED") && p.isKwN(2, "WITH"):
		p.pos += 3
		p.skipBalanced()
		return
	case p.isWord(t, "STATISTICS") && p.isKwN(2, "ON"):
		p.pos += 3
		p.skipBalanced()
		if p.acceptKw("WITH") {
			p.skipBalanced()
		}
		return
	case p.isWord(t, "PARTITION") && p.isKwN(1, "BY") && p.isOpN(2, "("):
		// Old column-table syntax: PARTITION BY (cols) inside the list.
		p.pos += 2
		st.PartitionBy = p.identList()
		return
	case p.isWord(t, "ORDER") && p.isKwN(1, "BY") && p.isOpN(2, "("):
		p.pos += 2
		p.skipBalanced()
		return
	}
	st.Columns = append(st.Columns, p.columnDef())
}

// isIndexDef tells `INDEX name GLOBAL|LOCAL …` from a column named `index`.
func (p *parser) isIndexDef() bool {
	return p.isKwN(2, "GLOBAL") || p.isKwN(2, "LOCAL") || p.isKwN(2, "ON") || p.isKwN(2, "USING")
}

// columnDef: `name Type [NOT NULL | NULL] [DEFAULT e] [FAMILY f] …`.
func (p *parser) columnDef() *ColumnDef {
	start := p.peek().Offset
	c := &ColumnDef{Name: p.ident()}
	c.Type = p.typeRef()
	if p.isOp("(") {
		// column_option_list_comma: `(opt, opt, …)`.
		p.pos++
		for !p.isOp(")") {
			p.columnOption(c)
			if !p.acceptOp(",") {
				break
			}
		}
		p.expectOp(")")
	} else {
		for p.columnOption(c) {
		}
	}
	c.Span = Span{start, p.prevEnd()}
	return c
}

// columnOption parses one column option and reports whether there was one.
func (p *parser) columnOption(c *ColumnDef) bool {
	switch {
	case p.isKw("NOT") && p.isKwN(1, "NULL"):
		p.pos += 2
		c.NotNull = true
	case p.isKw("NULL"):
		p.pos++
		c.Null = true
	case p.isKw("DEFAULT"):
		p.pos++
		c.HasDefault = true
		c.Default = p.expr()
	case p.isKw("FAMILY"):
		p.pos++
		c.Family = p.ident().Name
	case (p.isKw("COMPRESSION") || p.isKw("ENCODING")) && p.isOpN(1, "("):
		p.pos++
		p.skipBalanced()
	case p.isKw("GENERATED") || p.isKw("AS") && p.isOpN(1, "("):
		if p.acceptKw("GENERATED") {
			p.expectKw("ALWAYS")
		}
		p.expectKw("AS")
		p.skipBalanced()
		if !p.acceptKw("STORED") {
			p.acceptKw("VIRTUAL")
		}
	default:
		return false
	}
	return true
}

// indexDef: `INDEX name GLOBAL [UNIQUE] [SYNC|ASYNC] | LOCAL [USING kind]
// ON (cols) [COVER (cols)] [WITH (…)]`.
func (p *parser) indexDef() *IndexDef {
	start := p.expectKw("INDEX").Offset
	ix := &IndexDef{Name: p.ident()}
	switch {
	case p.acceptKw("GLOBAL"):
		ix.Unique = p.acceptKw("UNIQUE")
		if p.acceptKw("ASYNC") {
			ix.Async = true
		} else {
			p.acceptKw("SYNC")
		}
	case p.acceptKw("LOCAL"):
		ix.Local = true
	}
	if p.acceptKw("USING") {
		ix.Using = p.ident().Name
	}
	p.expectKw("ON")
	ix.Columns = p.identList()
	if p.acceptKw("COVER") {
		ix.Cover = p.identList()
	}
	if p.acceptKw("WITH") {
		p.settings()
	}
	ix.Span = Span{start, p.prevEnd()}
	return ix
}

// settings parses `( NAME = value, … )`.
func (p *parser) settings() []*Setting {
	p.expectOp("(")
	var out []*Setting
	for !p.isOp(")") {
		name := p.ident()
		p.expectOp("=")
		v := p.settingValue()
		out = append(out, &Setting{Span: Span{name.Start, p.prevEnd()}, Name: strings.ToUpper(name.Name), Value: v})
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	return out
}

// settingValue parses a table_setting_value. Identifiers (ENABLED, COLUMN)
// become a *ColumnRef naming them; `(10, 20)` a *Tuple; TTL tiers with their
// `ON col [AS unit]` an *OpaqueExpr with Reason "ttl".
func (p *parser) settingValue() Expr {
	t := p.peek()
	start := t.Offset
	if t.Kind == TokIdent && !p.isWord(t, "TRUE") && !p.isWord(t, "FALSE") && !p.isOpN(1, "(") && !p.isOpN(1, "::") {
		p.pos++
		if p.isKw("ON") {
			p.ttlTail()
			return &OpaqueExpr{Span: Span{start, p.prevEnd()}, Reason: "ttl"}
		}
		return p.a.colRef.of(ColumnRef{Span: t.Span(), Name: p.val(t)})
	}
	v := p.expr()
	if p.isKw("ON") || p.isKw("TO") || p.isKw("DELETE") {
		p.ttlTail()
		return &OpaqueExpr{Span: Span{start, p.prevEnd()}, Reason: "ttl"}
	}
	return v
}

// ttlTail consumes `[action] [, expr action]* ON col [AS unit]`.
func (p *parser) ttlTail() {
	for !p.atEOF() && !p.isKw("ON") {
		switch {
		case p.acceptKw("DELETE"):
		case p.acceptKw("TO"):
			p.expectKw("EXTERNAL")
			p.expectKw("DATA")
			p.expectKw("SOURCE")
			p.ident()
			if p.acceptOp(".") {
				p.ident()
			}
		case p.acceptOp(","):
			p.expr()
		default:
			p.fail("unexpected " + p.describe(p.peek()) + " in TTL")
		}
	}
	p.expectKw("ON")
	p.ident()
	if p.acceptKw("AS") {
		p.ident()
	}
}

// alterTableStmt: `ALTER TABLE t action, …`.
func (p *parser) alterTableStmt() Stmt {
	start := p.advance().Offset
	p.expectKw("TABLE")
	st := &AlterTableStmt{Table: p.tableRef()}
	for {
		st.Actions = append(st.Actions, p.alterAction())
		if !p.acceptOp(",") {
			break
		}
	}
	st.Span = Span{start, p.prevEnd()}
	return st
}

func (p *parser) alterAction() AlterAction {
	start := p.peek().Offset
	switch {
	case p.isKw("ADD") && p.isKwN(1, "INDEX"):
		p.pos++
		ix := p.indexDef()
		return &AddIndex{Span: Span{start, p.prevEnd()}, Index: ix}
	case p.isKw("DROP") && p.isKwN(1, "INDEX"):
		p.pos += 2
		n := p.ident()
		return &DropIndex{Span: Span{start, p.prevEnd()}, Name: n}
	case p.isKw("RENAME") && p.isKwN(1, "INDEX"):
		p.pos += 2
		from := p.ident()
		p.expectKw("TO")
		to := p.ident()
		return &RenameIndex{Span: Span{start, p.prevEnd()}, From: from, To: to}
	case p.isKw("ADD") && !p.isKwN(1, "FAMILY") && !p.isKwN(1, "CHANGEFEED") && !p.isKwN(1, "STATISTICS"):
		p.pos++
		p.acceptKw("COLUMN")
		c := p.columnDef()
		return &AddColumn{Span: Span{start, p.prevEnd()}, Column: c}
	case p.isKw("DROP") && !p.isKwN(1, "CHANGEFEED") && !p.isKwN(1, "STATISTICS"):
		p.pos++
		p.acceptKw("COLUMN")
		n := p.ident()
		return &DropColumn{Span: Span{start, p.prevEnd()}, Name: n}
	}
	if p.atEOF() || p.isOp(",") {
		p.fail("expected ALTER TABLE action")
	}
	p.skipToTopLevelComma()
	end := p.prevEnd()
	return &OpaqueAction{Span: Span{start, end}, Text: p.src[start:end]}
}
