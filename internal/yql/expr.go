package yql

import "strings"

// Expression grammar, from YQL's SQLv1 grammar (SQLv1Antlr4.g.in), loosest
// first:
//
//	expr        OR
//	or_subexpr  AND
//	and_subexpr XOR
//	xor_subexpr eq_subexpr [cond]   cond: [NOT] LIKE|ILIKE|GLOB|REGEXP|RLIKE|MATCH … [ESCAPE …]
//	                                      [NOT] IN [COMPACT] …, IS [NOT] NULL, ISNULL, NOTNULL, [IS] NOT NULL,
//	                                      [NOT] BETWEEN [SYMMETRIC|ASYMMETRIC] … AND …,
//	                                      (= | == | != | <> | IS [NOT] DISTINCT FROM) eq_subexpr, repeated
//	eq_subexpr  < <= > >=
//	neq_subexpr << >> |<< >>| & | ^   then an optional right-associative `?? neq_subexpr`
//	bit_subexpr + -
//	add_subexpr * / %
//	mul_subexpr ||
//	con_subexpr one prefix operator: + - ~ NOT
//	unary       primary with suffixes: [i], (args), .field
//
// Note that NOT is a prefix operator of the tightest level: `NOT a = b` is
// `(NOT a) = b`, as in YQL itself.

func (p *parser) expr() Expr {
	p.enter()
	defer p.leave()
	// A composite type used as a value (`Nothing(Optional<Int32>)`).
	if t := p.peek(); t.Kind == TokIdent && p.isOpN(1, "<") && isCompositeTypeName(p.text(t)) {
		start := t.Offset
		p.typeRef()
		return &OpaqueExpr{Span: Span{start, p.prevEnd()}, Reason: "type"}
	}
	l := p.andExpr()
	for p.isKw("OR") {
		op := p.advance()
		r := p.andExpr()
		l = p.binary(OpOr, l, r, op.Span())
	}
	return l
}

func (p *parser) binary(op BinaryOp, l, r Expr, opSpan Span) *Binary {
	return p.a.binary.of(Binary{Span: Span{l.NodeSpan().Start, r.NodeSpan().End}, Op: op, L: l, R: r, OpSpan: opSpan})
}

func (p *parser) andExpr() Expr {
	l := p.xorExpr()
	for p.isKw("AND") {
		op := p.advance()
		r := p.xorExpr()
		l = p.binary(OpAnd, l, r, op.Span())
	}
	return l
}

func (p *parser) xorExpr() Expr {
	l := p.condExpr()
	for p.isKw("XOR") {
		op := p.advance()
		r := p.condExpr()
		l = p.binary(OpXor, l, r, op.Span())
	}
	return l
}

var matchOps = [...]string{"LIKE", "ILIKE", "GLOB", "REGEXP", "RLIKE", "MATCH"}

func (p *parser) matchOp(n int) string {
	t := p.peekN(n)
	for _, op := range matchOps {
		if p.isWord(t, op) {
			return op
		}
	}
	return ""
}

// condExpr: eq_subexpr with at most one cond_expr tail.
func (p *parser) condExpr() Expr {
	x := p.relExpr()
	// Fast path: most expressions end here or continue with `=`.
	switch t := p.peek(); t.Kind {
	case TokOp:
		if p.text(t) != "=" && p.text(t) != "==" && p.text(t) != "!=" && p.text(t) != "<>" {
			return x
		}
		return p.eqChain(x)
	case TokIdent:
		switch p.text(t)[0] | 0x20 {
		case 'n', 'l', 'i', 'g', 'r', 'm', 'b':
		default:
			return x
		}
	default:
		return x
	}
	start := x.NodeSpan().Start
	not := 0
	if p.isKw("NOT") {
		not = 1
	}
	// [NOT] LIKE …
	if op := p.matchOp(not); op != "" {
		p.pos += not + 1
		pat := p.relExpr()
		l := &Like{Op: op, X: x, Pattern: pat, Not: not == 1}
		if p.acceptKw("ESCAPE") {
			l.Escape = p.relExpr()
		}
		l.Span = Span{start, p.prevEnd()}
		return l
	}
	// [NOT] IN [COMPACT] …
	if p.isKwN(not, "IN") {
		p.pos += not + 1
		in := &In{X: x, Not: not == 1}
		in.Compact = p.acceptKw("COMPACT")
		p.inRHS(in)
		in.Span = Span{start, p.prevEnd()}
		return in
	}
	// [NOT] BETWEEN …
	if p.isKwN(not, "BETWEEN") {
		p.pos += not + 1
		b := &Between{X: x, Not: not == 1}
		if p.acceptKw("SYMMETRIC") {
			b.Symmetric = true
		} else {
			p.acceptKw("ASYMMETRIC")
		}
		b.Lo = p.relExpr()
		p.expectKw("AND")
		b.Hi = p.relExpr()
		b.Span = Span{start, p.prevEnd()}
		return b
	}
	// ISNULL, NOTNULL, IS NULL, IS NOT NULL, NOT NULL
	switch {
	case p.isKw("ISNULL"):
		p.pos++
		return &IsNull{Span: Span{start, p.prevEnd()}, X: x}
	case p.isKw("NOTNULL"):
		p.pos++
		return &IsNull{Span: Span{start, p.prevEnd()}, X: x, Not: true}
	case p.isKw("IS") && p.isKwN(1, "NULL"):
		p.pos += 2
		return &IsNull{Span: Span{start, p.prevEnd()}, X: x}
	case p.isKw("IS") && p.isKwN(1, "NOT") && p.isKwN(2, "NULL"):
		p.pos += 3
		return &IsNull{Span: Span{start, p.prevEnd()}, X: x, Not: true}
	case p.isKw("NOT") && p.isKwN(1, "NULL"):
		p.pos += 2
		return &IsNull{Span: Span{start, p.prevEnd()}, X: x, Not: true}
	}
	return p.eqChain(x)
}

// eqChain parses `((= | == | != | <> | IS [NOT] DISTINCT FROM) eq_subexpr)*`
// after x, left-associatively.
func (p *parser) eqChain(x Expr) Expr {
	for {
		t := p.peek()
		var op BinaryOp
		opStart := t.Offset
		switch {
		case t.Kind == TokOp && (p.text(t) == "=" || p.text(t) == "=="):
			op = OpEq
			p.pos++
		case t.Kind == TokOp && (p.text(t) == "!=" || p.text(t) == "<>"):
			op = OpNe
			p.pos++
		case p.isWord(t, "IS") && p.isKwN(1, "DISTINCT") && p.isKwN(2, "FROM"):
			op = OpIsDistinct
			p.pos += 3
		case p.isWord(t, "IS") && p.isKwN(1, "NOT") && p.isKwN(2, "DISTINCT") && p.isKwN(3, "FROM"):
			op = OpIsNotDistinct
			p.pos += 4
		default:
			return x
		}
		opSpan := Span{opStart, p.prevEnd()}
		r := p.relExpr()
		x = p.binary(op, x, r, opSpan)
	}
}

// inRHS parses what follows IN: a parenthesised list or subquery, or any
// single unary expression.
func (p *parser) inRHS(in *In) {
	if !p.isOp("(") || p.isLambdaAhead() {
		in.Expr = p.unary()
		return
	}
	p.enter()
	defer p.leave()
	open := p.advance()
	if p.isKw("SELECT") || p.isKw("FROM") || p.isOp("(") && p.parenSelectAhead() {
		in.Query = p.selectQuery()
		p.expectOp(")")
		p.noSuffix(open.Offset)
		return
	}
	in.List = []Expr{}
	for !p.isOp(")") {
		in.List = append(in.List, p.expr())
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	p.noSuffix(open.Offset)
}

// noSuffix fails when a suffix (`[i]`, `.f`, `(…)`) follows a parenthesised IN
// operand: `IN (…)[0]` is not a list any more.
func (p *parser) noSuffix(off int) {
	if p.isOp("[") || p.isOp(".") || p.isOp("(") {
		p.failAt(off, "suffix after IN list is not supported")
	}
}

// parenSelectAhead reports whether the tokens from the current `(` open a
// parenthesised SELECT: `((SELECT …))`.
func (p *parser) parenSelectAhead() bool {
	i := 0
	for p.isOpN(i, "(") {
		i++
	}
	return p.isKwN(i, "SELECT") || p.isKwN(i, "FROM")
}

// relExpr: eq_subexpr, `<`, `<=`, `>`, `>=`.
func (p *parser) relExpr() Expr {
	l := p.bitExpr()
	for {
		t := p.peek()
		if t.Kind != TokOp {
			return l
		}
		var op BinaryOp
		switch p.text(t) {
		case "<":
			op = OpLt
		case "<=":
			op = OpLe
		case ">":
			// `>>` and `>>|` are two or three tokens; they belong to bitExpr.
			if p.isOpN(1, ">") {
				return l
			}
			op = OpGt
		case ">=":
			op = OpGe
		default:
			return l
		}
		p.pos++
		r := p.bitExpr()
		l = p.binary(op, l, r, t.Span())
	}
}

// bitExpr: neq_subexpr — shifts, rotations, & | ^, then `?? neq_subexpr`.
func (p *parser) bitExpr() Expr {
	l := p.addExpr()
	for {
		t := p.peek()
		if t.Kind != TokOp {
			break
		}
		var op BinaryOp
		n := 1
		switch p.text(t) {
		case "<<":
			op = OpShl
		case "|<<":
			op = OpRotL
		case "&":
			op = OpBitAnd
		case "|":
			op = OpBitOr
		case "^":
			op = OpBitXor
		case ">":
			if !p.isOpN(1, ">") {
				return l
			}
			op, n = OpShr, 2
			if p.isOpN(2, "|") {
				op, n = OpRotR, 3
			}
		default:
			goto tail
		}
		p.pos += n
		{
			opSpan := Span{t.Offset, p.prevEnd()}
			r := p.addExpr()
			l = p.binary(op, l, r, opSpan)
		}
	}
tail:
	if p.isOp("?") {
		if p.isOpN(1, "?") {
			t := p.peek()
			p.pos += 2
			opSpan := Span{t.Offset, p.prevEnd()}
			p.enter()
			r := p.bitExpr()
			p.leave()
			return p.binary(OpQuestion, l, r, opSpan)
		}
		// Trailing `?` makes a type optional (`Nothing(String?)`).
		for p.acceptOp("?") {
		}
		return &OpaqueExpr{Span: Span{l.NodeSpan().Start, p.prevEnd()}, Reason: "type"}
	}
	return l
}

func (p *parser) addExpr() Expr {
	l := p.mulExpr()
	for {
		t := p.peek()
		if t.Kind != TokOp || (p.text(t) != "+" && p.text(t) != "-") {
			return l
		}
		p.pos++
		op := OpAdd
		if p.text(t) == "-" {
			op = OpSub
		}
		r := p.mulExpr()
		l = p.binary(op, l, r, t.Span())
	}
}

func (p *parser) mulExpr() Expr {
	l := p.concatExpr()
	for {
		t := p.peek()
		if t.Kind != TokOp {
			return l
		}
		var op BinaryOp
		switch p.text(t) {
		case "*":
			op = OpMul
		case "/":
			op = OpDiv
		case "%":
			op = OpMod
		default:
			return l
		}
		p.pos++
		r := p.concatExpr()
		l = p.binary(op, l, r, t.Span())
	}
}

func (p *parser) concatExpr() Expr {
	l := p.prefixExpr()
	for p.isOp("||") {
		t := p.advance()
		r := p.prefixExpr()
		l = p.binary(OpConcat, l, r, t.Span())
	}
	return l
}

// prefixExpr: con_subexpr — at most one of + - ~ NOT, then a unary expression.
func (p *parser) prefixExpr() Expr {
	t := p.peek()
	var op UnaryOp
	switch {
	case t.Kind == TokOp && p.text(t) == "-":
		op = OpNeg
	case t.Kind == TokOp && p.text(t) == "+":
		op = OpPlus
	case t.Kind == TokOp && p.text(t) == "~":
		op = OpBitNot
	case p.isWord(t, "NOT"):
		op = OpNot
	default:
		return p.unary()
	}
	p.pos++
	x := p.unary()
	return &Unary{Span: Span{t.Offset, x.NodeSpan().End}, Op: op, X: x}
}

// unary parses a primary expression and its suffixes.
func (p *parser) unary() Expr {
	p.enter()
	defer p.leave()
	x := p.primary()
	for {
		switch {
		case p.isOp("["):
			p.pos++
			i := p.expr()
			p.expectOp("]")
			x = &Index{Span: Span{x.NodeSpan().Start, p.prevEnd()}, X: x, I: i}
		case p.isOp("."):
			t := p.peekN(1)
			var field string
			switch t.Kind {
			case TokIdent, TokQuotedIdent, TokString, TokInt:
				field = p.val(t)
			case TokParam:
				field = "$" + p.val(t)
			default:
				p.fail("expected field name after '.'")
			}
			p.pos += 2
			if cr, ok := x.(*ColumnRef); ok && cr.Qualifier == "" && t.Kind != TokParam && t.Kind != TokInt {
				x = p.a.colRef.of(ColumnRef{Span: Span{cr.Start, p.prevEnd()}, Qualifier: cr.Name, Name: field})
			} else {
				x = &Member{Span: Span{x.NodeSpan().Start, p.prevEnd()}, X: x, Field: field}
			}
		case p.isOp("("):
			// Calling the result of an expression (`$f(x)`, `$s.f(x)`).
			start := x.NodeSpan().Start
			name := ""
			switch f := x.(type) {
			case *ParamRef:
				name = "$" + f.Name
			case *OpaqueExpr:
				p.skipBalanced()
				x = &OpaqueExpr{Span: Span{start, p.prevEnd()}, Reason: f.Reason}
				continue
			default:
				p.skipBalanced()
				x = &OpaqueExpr{Span: Span{start, p.prevEnd()}, Reason: "call of an expression"}
				continue
			}
			c := p.a.call.of(Call{Name: name})
			p.callArgs(c)
			c.Span = Span{start, p.prevEnd()}
			x = p.callTail(c)
		case p.isKw("COLLATE"):
			p.pos++
			p.ident()
		default:
			return x
		}
	}
}

func (p *parser) primary() Expr {
	t := p.peek()
	switch t.Kind {
	case TokInt:
		p.pos++
		return p.a.literal.of(Literal{Span: t.Span(), Kind: LitInt, Raw: p.text(t), Value: p.val(t), Suffix: p.suffix(t)})
	case TokFloat:
		p.pos++
		return p.a.literal.of(Literal{Span: t.Span(), Kind: LitFloat, Raw: p.text(t), Value: p.val(t), Suffix: p.suffix(t)})
	case TokString:
		p.pos++
		return p.a.literal.of(Literal{Span: t.Span(), Kind: LitString, Raw: p.text(t), Value: p.val(t), Suffix: p.suffix(t)})
	case TokParam:
		p.pos++
		return p.a.paramRef.of(ParamRef{Span: t.Span(), Name: p.val(t)})
	case TokQuotedIdent:
		p.pos++
		if ContainsHole(p.val(t)) {
			return &OpaqueExpr{Span: t.Span(), Reason: "hole"}
		}
		if p.isOp("::") {
			return p.moduleCall(t)
		}
		if p.isOp("(") {
			return p.call(t)
		}
		return p.a.colRef.of(ColumnRef{Span: t.Span(), Name: p.val(t)})
	case TokOp:
		switch p.text(t) {
		case "(":
			return p.paren()
		case "[", "{", "<|":
			p.skipBalanced()
			return &OpaqueExpr{Span: Span{t.Offset, p.prevEnd()}, Reason: "container literal"}
		}
		p.fail("unexpected " + p.describe(t) + " in expression")
	case TokIdent:
		return p.identExpr(t)
	}
	p.fail("unexpected " + p.describe(t) + " in expression")
	return nil
}

func (p *parser) identExpr(t *tok) Expr {
	if ContainsHole(p.val(t)) {
		p.pos++
		if p.isOp("(") {
			p.skipBalanced()
		}
		return &OpaqueExpr{Span: Span{t.Offset, p.prevEnd()}, Reason: "hole"}
	}
	switch {
	case p.isWord(t, "TRUE"), p.isWord(t, "FALSE"):
		p.pos++
		return p.a.literal.of(Literal{Span: t.Span(), Kind: LitBool, Raw: p.text(t), Value: strings.ToLower(p.text(t))})
	case p.isWord(t, "NULL"):
		p.pos++
		return p.a.literal.of(Literal{Span: t.Span(), Kind: LitNull, Raw: p.text(t), Value: "NULL"})
	case p.isWord(t, "CAST"), p.isWord(t, "BITCAST"):
		if p.isOpN(1, "(") {
			p.pos += 2
			c := &Cast{BitCast: strings.EqualFold(p.text(t), "BITCAST")}
			c.X = p.expr()
			p.expectKw("AS")
			c.Type = p.typeRef()
			p.expectOp(")")
			c.Span = Span{t.Offset, p.prevEnd()}
			return c
		}
	case p.isWord(t, "EXISTS"):
		if p.isOpN(1, "(") {
			p.pos += 2
			if p.isKw("VALUES") {
				p.pos--
				p.skipBalanced()
				return &OpaqueExpr{Span: Span{t.Offset, p.prevEnd()}, Reason: "EXISTS (VALUES …)"}
			}
			q := p.selectQuery()
			p.expectOp(")")
			return &Exists{Span: Span{t.Offset, p.prevEnd()}, Query: q}
		}
	case p.isWord(t, "CASE"):
		return p.caseExpr()
	case p.isWord(t, "JSON_VALUE"), p.isWord(t, "JSON_EXISTS"), p.isWord(t, "JSON_QUERY"):
		if p.isOpN(1, "(") {
			p.pos++
			p.skipBalanced()
			return &OpaqueExpr{Span: Span{t.Offset, p.prevEnd()}, Reason: strings.ToUpper(p.text(t))}
		}
	case p.isWord(t, "EMPTY_ACTION"):
		p.pos++
		return &OpaqueExpr{Span: t.Span(), Reason: "EMPTY_ACTION"}
	case p.isWord(t, "CURRENT_DATE"), p.isWord(t, "CURRENT_TIME"), p.isWord(t, "CURRENT_TIMESTAMP"):
		p.pos++
		return &OpaqueExpr{Span: t.Span(), Reason: strings.ToUpper(p.text(t))}
	}
	if !p.isOpN(1, "(") && !p.isOpN(1, "::") && p.isReserved(t) {
		p.fail("unexpected " + p.describe(t) + " in expression")
	}
	p.pos++
	if p.isOp("::") {
		return p.moduleCall(t)
	}
	if p.isOp("(") {
		return p.call(t)
	}
	return p.a.colRef.of(ColumnRef{Span: t.Span(), Name: p.val(t)})
}

// moduleCall parses `Module::Name(args)` after the module token; a
// `Module::Name` without arguments is an opaque function value.
func (p *parser) moduleCall(mod *tok) Expr {
	p.expectOp("::")
	nt := p.peek()
	if nt.Kind != TokIdent && nt.Kind != TokQuotedIdent && nt.Kind != TokString {
		p.fail("expected function name after ::")
	}
	p.pos++
	if !p.isOp("(") {
		return &OpaqueExpr{Span: Span{mod.Offset, p.prevEnd()}, Reason: "function value " + p.val(mod) + "::" + p.val(nt)}
	}
	c := p.a.call.of(Call{Module: p.val(mod), Name: p.val(nt)})
	p.callArgs(c)
	c.Span = Span{mod.Offset, p.prevEnd()}
	return p.callTail(c)
}

func (p *parser) call(name *tok) Expr {
	c := p.a.call.of(Call{Name: p.val(name)})
	p.callArgs(c)
	c.Span = Span{name.Offset, p.prevEnd()}
	return p.callTail(c)
}

// callArgs parses `( [DISTINCT|ALL] args | * )`. Named arguments (`x AS
// name`) are kept as their value.
func (p *parser) callArgs(c *Call) {
	p.expectOp("(")
	if p.isOp("*") && p.isOpN(1, ")") {
		p.pos += 2
		c.Star = true
		return
	}
	if p.acceptKw("DISTINCT") {
		c.Distinct = true
	} else if p.isKw("ALL") && !p.isOpN(1, ")") && !p.isOpN(1, ",") {
		p.pos++
	}
	c.Args = []Expr{}
	for !p.isOp(")") {
		a := p.expr()
		if p.acceptKw("AS") {
			p.ident()
		}
		c.Args = append(c.Args, a)
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
}

// callTail makes a window call (`OVER …`) or a call with FILTER / null
// treatment opaque.
func (p *parser) callTail(c *Call) Expr {
	opaque := false
	if p.isKw("FILTER") && p.isOpN(1, "(") {
		p.pos++
		p.skipBalanced()
		opaque = true
	}
	if (p.isKw("IGNORE") || p.isKw("RESPECT")) && p.isKwN(1, "NULLS") {
		p.pos += 2
		opaque = true
	}
	if p.acceptKw("OVER") {
		if p.isOp("(") {
			p.skipBalanced()
		} else {
			p.ident()
		}
		return &OpaqueExpr{Span: Span{c.Start, p.prevEnd()}, Reason: "window function"}
	}
	if opaque {
		return &OpaqueExpr{Span: Span{c.Start, p.prevEnd()}, Reason: "aggregate with FILTER or null treatment"}
	}
	return c
}

func (p *parser) caseExpr() Expr {
	start := p.advance().Offset
	c := &Case{}
	if !p.isKw("WHEN") {
		c.X = p.expr()
	}
	for p.acceptKw("WHEN") {
		w := &When{Cond: p.expr()}
		p.expectKw("THEN")
		w.Then = p.expr()
		c.Whens = append(c.Whens, w)
	}
	if len(c.Whens) == 0 {
		p.fail("CASE without WHEN")
	}
	if p.acceptKw("ELSE") {
		c.Else = p.expr()
	}
	p.expectKw("END")
	c.Span = Span{start, p.prevEnd()}
	return c
}

// isLambdaAhead reports whether the current `(` starts a lambda parameter
// list: `( [$a[?] (, $b[?])*] [,] ) ->`.
func (p *parser) isLambdaAhead() bool {
	i := 1
	for {
		t := p.peekN(i)
		if t.Kind == TokOp && p.text(t) == ")" {
			return p.isOpN(i+1, "->")
		}
		if t.Kind != TokParam {
			return false
		}
		i++
		if p.isOpN(i, "?") {
			i++
		}
		if p.isOpN(i, ",") {
			i++
		}
	}
}

// paren parses what starts with `(`: a lambda, a subquery, a parenthesised
// expression, or a tuple.
func (p *parser) paren() Expr {
	open := p.peek()
	if p.isLambdaAhead() {
		return p.lambda()
	}
	p.enter()
	defer p.leave()
	p.pos++
	if p.isKw("SELECT") || p.isKw("FROM") || p.isOp("(") && p.parenSelectAhead() {
		q := p.selectQuery()
		p.expectOp(")")
		return &SubqueryExpr{Span: Span{open.Offset, p.prevEnd()}, Query: q}
	}
	if p.isKw("VALUES") {
		p.pos--
		p.skipBalanced()
		return &OpaqueExpr{Span: Span{open.Offset, p.prevEnd()}, Reason: "VALUES"}
	}
	if p.acceptOp(")") {
		return &Tuple{Span: Span{open.Offset, p.prevEnd()}, Elems: []Expr{}}
	}
	if p.isOp(",") && p.isOpN(1, ")") {
		p.pos += 2
		return &Tuple{Span: Span{open.Offset, p.prevEnd()}, Elems: []Expr{}}
	}
	var elems []Expr
	named := false
	trailingComma := false
	for {
		e := p.expr()
		if p.acceptKw("AS") {
			p.ident()
			named = true
		}
		elems = append(elems, e)
		trailingComma = false
		if !p.acceptOp(",") {
			break
		}
		trailingComma = true
		if p.isOp(")") {
			break
		}
	}
	p.expectOp(")")
	sp := Span{open.Offset, p.prevEnd()}
	if named {
		return &OpaqueExpr{Span: sp, Reason: "named tuple (struct)"}
	}
	if len(elems) == 1 && !trailingComma {
		return elems[0]
	}
	return &Tuple{Span: sp, Elems: elems}
}

// lambda: `($x, $y?) -> (expr)` or `($x) -> { … }` (the block is skipped).
func (p *parser) lambda() Expr {
	start := p.expectOp("(").Offset
	l := &Lambda{Params: []string{}}
	for !p.isOp(")") {
		t := p.advance()
		l.Params = append(l.Params, p.val(t))
		p.acceptOp("?")
		p.acceptOp(",")
	}
	p.expectOp(")")
	p.expectOp("->")
	switch {
	case p.isOp("("):
		p.pos++
		l.Body = p.expr()
		p.expectOp(")")
	case p.isOp("{"):
		p.skipBalanced()
	default:
		p.fail("expected ( or { after ->")
	}
	l.Span = Span{start, p.prevEnd()}
	return l
}
