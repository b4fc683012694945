package yql

import "strings"

// selectQuery parses select_stmt: a (possibly parenthesised) SELECT followed
// by `UNION [ALL|DISTINCT] …` members. EXCEPT and INTERSECT are not modelled.
func (p *parser) selectQuery() *Select {
	p.enter()
	defer p.leave()
	if p.isKw("WITH") {
		p.fail("WITH (common table expressions) is not supported")
	}
	first := p.selectKindParenthesis()
	return p.selectTail(first)
}

// selectTail parses the `UNION …` members and a trailing LIMIT after first.
func (p *parser) selectTail(first *Select) *Select {
	for {
		if p.isKw("EXCEPT") || p.isKw("INTERSECT") {
			p.fail(strings.ToUpper(p.text(p.peek())) + " is not supported")
		}
		if !p.acceptKw("UNION") {
			break
		}
		if !p.acceptKw("ALL") {
			p.acceptKw("DISTINCT")
		}
		first.Union = append(first.Union, p.selectKindParenthesis())
		first.End = p.prevEnd()
	}
	if len(first.Union) == 0 && first.Limit == nil && p.isKw("LIMIT") {
		// `(SELECT …) LIMIT n` on a parenthesised query.
		p.limitClause(first)
		first.End = p.prevEnd()
	}
	return first
}

// selectKindParenthesis: `select_kind_partial | ( select_kind_partial )`.
func (p *parser) selectKindParenthesis() *Select {
	if p.isOp("(") {
		p.enter()
		defer p.leave()
		p.pos++
		s := p.selectKindParenthesis()
		p.expectOp(")")
		return s
	}
	return p.selectCore()
}

// selectCore parses `[FROM src] SELECT [DISTINCT|ALL] items [WITHOUT …]
// [FROM src] [WHERE e] [GROUP BY …] [HAVING e] [[ASSUME] ORDER BY …]
// [LIMIT e [OFFSET e | , e]]`.
func (p *parser) selectCore() *Select {
	start := p.peek().Offset
	s := &Select{}
	if p.acceptKw("FROM") {
		s.From = p.joinSource()
	}
	if p.isKw("DISCARD") || p.isKw("PROCESS") || p.isKw("REDUCE") || p.isKw("COMBINE") {
		p.fail(strings.ToUpper(p.text(p.peek())) + " is not supported")
	}
	p.expectKw("SELECT")
	if p.isKw("STREAM") {
		p.fail("SELECT STREAM is not supported")
	}
	if p.acceptKw("DISTINCT") {
		s.Distinct = true
	} else {
		p.acceptKw("ALL")
	}
	for {
		s.Items = append(s.Items, p.selectItem())
		if !p.acceptOp(",") {
			break
		}
		if p.isKw("FROM") || p.isKw("WITHOUT") || p.atEOF() {
			break // trailing comma
		}
	}
	if p.acceptKw("WITHOUT") {
		if p.isKw("IF") {
			p.pos++
			p.expectKw("EXISTS")
		}
		for {
			id := p.ident()
			if p.acceptOp(".") {
				id = p.ident()
			}
			s.Without = append(s.Without, id)
			if !p.acceptOp(",") {
				break
			}
		}
	}
	if p.acceptKw("FROM") {
		if s.From != nil {
			p.fail("FROM given twice")
		}
		s.From = p.joinSource()
	}
	if p.acceptKw("WHERE") {
		s.Where = p.expr()
	}
	if p.isKw("GROUP") {
		p.pos++
		p.acceptKw("COMPACT")
		p.expectKw("BY")
		if !p.acceptKw("ALL") {
			p.acceptKw("DISTINCT")
		}
		for {
			e := p.expr()
			if p.acceptKw("AS") {
				p.ident()
			}
			s.GroupBy = append(s.GroupBy, e)
			if !p.acceptOp(",") {
				break
			}
		}
		if p.acceptKw("WITH") {
			p.ident()
		}
	}
	if p.acceptKw("HAVING") {
		s.Having = p.expr()
	}
	if p.isKw("WINDOW") {
		p.fail("WINDOW clause is not supported")
	}
	if p.isKw("ASSUME") && p.isKwN(1, "ORDER") {
		p.pos++
	}
	if p.isKw("ORDER") {
		p.pos++
		p.expectKw("BY")
		for {
			e := p.expr()
			it := &OrderItem{Expr: e}
			if p.acceptKw("DESC") {
				it.Desc = true
			} else {
				p.acceptKw("ASC")
			}
			it.Span = Span{e.NodeSpan().Start, p.prevEnd()}
			s.OrderBy = append(s.OrderBy, it)
			if !p.acceptOp(",") {
				break
			}
		}
	}
	if p.isKw("LIMIT") {
		p.limitClause(s)
	}
	if p.isKw("INTO") && p.isKwN(1, "RESULT") {
		p.fail("INTO RESULT is not supported")
	}
	s.Span = Span{start, p.prevEnd()}
	return s
}

// limitClause: `LIMIT e [OFFSET e]` or `LIMIT offset, count`.
func (p *parser) limitClause(s *Select) {
	p.expectKw("LIMIT")
	first := p.expr()
	switch {
	case p.acceptKw("OFFSET"):
		s.Limit = first
		s.Offset = p.expr()
	case p.acceptOp(","):
		// YQL follows MySQL here: LIMIT offset, count.
		s.Offset = first
		s.Limit = p.expr()
	default:
		s.Limit = first
	}
}

// selectItem: `*`, `qual.*`, or `expr [[AS] alias]`.
func (p *parser) selectItem() *SelectItem {
	t := p.peek()
	if p.isOp("*") {
		p.pos++
		return &SelectItem{Span: t.Span(), Star: true}
	}
	if (t.Kind == TokIdent || t.Kind == TokQuotedIdent) && p.isOpN(1, ".") && p.isOpN(2, "*") {
		p.pos += 3
		return &SelectItem{Span: Span{t.Offset, p.prevEnd()}, Star: true, Qualifier: p.val(t)}
	}
	e := p.expr()
	it := &SelectItem{Expr: e}
	it.Alias = p.optAlias()
	it.Span = Span{t.Offset, p.prevEnd()}
	return it
}

// joinSource: `[ANY] src (join_op [ANY] src [ON e | USING (…)])*`.
func (p *parser) joinSource() Source {
	anyLeft := p.acceptKw("ANY")
	left := p.flattenSource()
	for {
		kind, ok := p.joinOp()
		if !ok {
			return left
		}
		anyRight := p.acceptKw("ANY")
		right := p.flattenSource()
		j := &JoinSource{Kind: kind, Left: left, Right: right, Any: anyLeft || anyRight}
		anyLeft = false
		switch {
		case p.acceptKw("ON"):
			j.On = p.expr()
		case p.acceptKw("USING"):
			p.expectOp("(")
			for {
				if p.peek().Kind == TokParam {
					p.fail("USING with a named list is not supported")
				}
				j.Using = append(j.Using, p.ident())
				if !p.acceptOp(",") {
					break
				}
			}
			p.expectOp(")")
		}
		j.Span = Span{left.NodeSpan().Start, p.prevEnd()}
		left = j
	}
}

// joinOp parses a join operator and returns its canonical kind.
func (p *parser) joinOp() (string, bool) {
	if p.acceptOp(",") {
		return "CROSS", true
	}
	save := p.pos
	if p.isKw("NATURAL") {
		p.fail("NATURAL JOIN is not supported")
	}
	kind := ""
	switch {
	case p.acceptKw("INNER"):
		kind = "INNER"
	case p.acceptKw("CROSS"):
		kind = "CROSS"
	case p.acceptKw("LEFT"), p.acceptKw("RIGHT"):
		kind = strings.ToUpper(p.text(&p.toks[p.pos-1]))
		if p.acceptKw("ONLY") {
			kind += " ONLY"
		} else if p.acceptKw("SEMI") {
			kind += " SEMI"
		}
		p.acceptKw("OUTER")
	case p.acceptKw("EXCLUSION"):
		kind = "EXCLUSION"
		p.acceptKw("OUTER")
	case p.acceptKw("FULL"):
		kind = "FULL"
		p.acceptKw("OUTER")
	case p.acceptKw("OUTER"):
		kind = "INNER"
	default:
		kind = "INNER"
	}
	if !p.acceptKw("JOIN") {
		p.pos = save
		return "", false
	}
	return kind, true
}

// flattenSource: a named single source, made opaque by a FLATTEN clause.
func (p *parser) flattenSource() Source {
	src := p.namedSingleSource()
	if !p.isKw("FLATTEN") {
		return src
	}
	p.pos++
	if p.acceptKw("COLUMNS") {
		return &OpaqueSource{Span: Span{src.NodeSpan().Start, p.prevEnd()}, Reason: "FLATTEN COLUMNS"}
	}
	if !p.acceptKw("OPTIONAL") && !p.acceptKw("LIST") {
		p.acceptKw("DICT")
	}
	p.expectKw("BY")
	if p.isOp("(") {
		p.skipBalanced()
	} else {
		p.ident()
		if p.acceptOp(".") {
			p.ident()
		}
		if p.acceptKw("AS") {
			p.ident()
		}
	}
	return &OpaqueSource{Span: Span{src.NodeSpan().Start, p.prevEnd()}, Reason: "FLATTEN"}
}

// namedSingleSource: a table, subquery, named source or table function,
// with VIEW, hints, alias and sampling.
func (p *parser) namedSingleSource() Source {
	t := p.peek()
	start := t.Offset
	var src Source
	switch {
	case p.isOp("("):
		if p.isKwN(1, "VALUES") {
			p.skipBalanced()
			src = &OpaqueSource{Span: Span{start, p.prevEnd()}, Reason: "VALUES"}
			break
		}
		p.pos++
		q := p.selectQuery()
		p.expectOp(")")
		src = &SubquerySource{Query: q}
	case t.Kind == TokParam:
		p.pos++
		if p.isOp("(") {
			p.skipBalanced()
			src = &OpaqueSource{Reason: "subquery template call"}
			break
		}
		src = &NamedSource{Name: p.val(t)}
	case p.isOp("@"):
		p.fail("temporary @tables are not supported")
	case (t.Kind == TokIdent || t.Kind == TokQuotedIdent) && p.isOpN(1, "("):
		p.pos++
		if t.Kind == TokIdent && strings.EqualFold(p.text(t), "AS_TABLE") {
			p.pos++
			arg := p.expr()
			p.expectOp(")")
			src = &AsTableSource{Arg: arg}
			break
		}
		p.skipBalanced()
		src = &OpaqueSource{Reason: "table function " + p.val(t)}
	case t.Kind == TokIdent && p.isOpN(1, "::"):
		p.fail("table function with module is not supported")
	default:
		ts := &TableSource{Table: p.tableRef()}
		if p.acceptKw("VIEW") {
			if p.isKw("PRIMARY") && p.isKwN(1, "KEY") {
				p.pos += 2
				ts.ViewPrimaryKey = true
			} else {
				ts.View = p.ident()
			}
		}
		src = ts
	}
	p.tableHints()
	if p.isKw("MATCH_RECOGNIZE") {
		p.fail("MATCH_RECOGNIZE is not supported")
	}
	alias := p.optAlias()
	if alias != nil && p.isOp("(") {
		// `AS a (c1, c2)` renames columns: not modelled.
		p.skipBalanced()
		src = &OpaqueSource{Reason: "column renaming alias"}
	}
	p.tableHints()
	if p.acceptKw("SAMPLE") {
		p.expr()
	} else if p.acceptKw("TABLESAMPLE") {
		p.ident()
		p.skipBalanced()
		if p.acceptKw("REPEATABLE") {
			p.skipBalanced()
		}
	}
	sp := Span{start, p.prevEnd()}
	switch s := src.(type) {
	case *TableSource:
		s.Span, s.Alias = sp, alias
	case *SubquerySource:
		s.Span, s.Alias = sp, alias
	case *NamedSource:
		s.Span, s.Alias = sp, alias
	case *AsTableSource:
		s.Span, s.Alias = sp, alias
	case *OpaqueSource:
		s.Span = sp
	}
	return src
}
