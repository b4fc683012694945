package yql

import (
	"fmt"
	"strings"
)

// MaxInput is the largest text Parse and Lex accept, in bytes. Larger input
// yields a Script with one Error and no statements.
const MaxInput = 8 << 20

// MaxDepth bounds the nesting of expressions, subqueries and types. A
// statement nested deeper becomes an *OpaqueStmt with an Error.
const MaxDepth = 200

// Parse parses a YQL script. It never panics and never returns nil.
//
// Statements are split on top-level `;` (a `DEFINE ACTION … END DEFINE`,
// `DO BEGIN … END DO` or lambda block is one statement however many `;` it
// holds). A statement that fails to parse becomes an *OpaqueStmt with the
// reason, an *Error is appended to Script.Errors, and parsing goes on with
// the next statement.
func Parse(src string) *Script { return new(Parser).Parse(src) }

// Parser parses scripts one after another, reusing its token buffer:
// tokens are most of the memory a parse allocates, and none of them
// outlive it. The zero Parser is ready to use; a Parser is not safe for
// concurrent use.
type Parser struct {
	toks []tok
}

// Parse is the package's Parse, with p's token buffer.
func (p *Parser) Parse(src string) *Script {
	s := &Script{}
	if len(src) > MaxInput {
		s.Errors = append(s.Errors, &Error{Offset: 0, Msg: fmt.Sprintf("input too large: %d bytes (limit %d)", len(src), MaxInput)})
		return s
	}
	a := &arena{}
	buf := p.toks[:0]
	if want := min(len(src)/4+16, MaxTokens+1); cap(buf) < want {
		buf = make([]tok, 0, want)
	}
	lr := lexInto(buf, src, true)
	toks := lr.toks
	s.Comments = lr.comments
	if lr.tooMany {
		s.Errors = append(s.Errors, lr.err)
		toks = toks[:0]
	}
	for _, r := range splitStatements(src, toks) {
		if leadingHoleLine(src, lr.vals, toks[r[0]:r[1]]) {
			// A hole alone on its lines before a statement keyword
			// stands for statements spliced in (a DECLARE block, a
			// PRAGMA): it is a statement of its own, opaque, and the
			// statement after it is parsed.
			t := &toks[r[0]]
			s.Stmts = append(s.Stmts, &OpaqueStmt{Span: t.Span(), Reason: "hole"})
			r[0]++
		}
		stmt, err := parseStatement(a, src, lr.vals, toks[r[0]:r[1]])
		s.Stmts = append(s.Stmts, stmt)
		if err != nil {
			s.Errors = append(s.Errors, err)
		}
	}
	// The AST holds substrings of src, never tokens, so the token buffer
	// (which holds no pointers) can be reused.
	if cap(toks) <= maxKeptTokens {
		p.toks = toks[:0]
	}
	return s
}

// maxKeptTokens keeps a Parser from holding on to an unusually large
// buffer.
const maxKeptTokens = 1 << 15

// splitStatements returns the [lo, hi) token ranges of the statements, not
// counting the `;` separators and skipping empty statements.
//
// A `;` separates statements unless it is inside braces (a lambda block) or a
// `DEFINE ACTION|SUBQUERY … END DEFINE` / `DO BEGIN … END DO` block.
// Parentheses are deliberately not counted: no valid statement has a `;`
// inside them outside braces, and ignoring them keeps an unbalanced `(` from
// swallowing the statements that follow.
func splitStatements(src string, toks []tok) [][2]int {
	var out [][2]int
	braces, blocks := 0, 0
	lo := 0
	n := len(toks) - 1 // the last token is EOF
	for i := 0; i < n; i++ {
		t := &toks[i]
		if t.Kind == TokOp {
			switch src[t.Offset] {
			case '{':
				braces++
			case '}':
				if braces > 0 {
					braces--
				}
			case ';':
				if braces == 0 && blocks == 0 {
					if i > lo {
						out = append(out, [2]int{lo, i})
					}
					lo = i + 1
				}
			}
			continue
		}
		if l := t.End - t.Offset; t.Kind != TokIdent || braces != 0 || l != 3 && l != 5 && l != 6 {
			continue // only DEFINE, BEGIN and END matter here
		}
		switch {
		case isWordIn(src, t, "DEFINE") && i+1 < n && (isWordIn(src, &toks[i+1], "ACTION") || isWordIn(src, &toks[i+1], "SUBQUERY")):
			blocks++
		case isWordIn(src, t, "BEGIN") && i > lo && isWordIn(src, &toks[i-1], "DO"):
			blocks++
		case isWordIn(src, t, "END") && i+1 < n && (isWordIn(src, &toks[i+1], "DEFINE") || isWordIn(src, &toks[i+1], "DO")):
			if blocks > 0 {
				blocks--
			}
		}
	}
	if n > lo {
		out = append(out, [2]int{lo, n})
	}
	return out
}

// isWord reports whether t is the keyword kw (given in upper case), in any case.
func isWordIn(src string, t *tok, kw string) bool {
	if t.Kind != TokIdent || t.End-t.Offset != len(kw) || src[t.Offset]&^0x20 != kw[0] {
		return false
	}
	return strings.EqualFold(src[t.Offset:t.End], kw)
}

func (p *parser) isWord(t *tok, kw string) bool { return isWordIn(p.src, t, kw) }

// text returns the token as written.
func (p *parser) text(t *tok) string { return p.src[t.Offset:t.End] }

// val returns the token's value (see Token.Value).
func (p *parser) val(t *tok) string { return tokValue(p.src, p.vals, t) }

// suffix returns the token's lower-cased literal suffix.
func (p *parser) suffix(t *tok) string { return tokSuffix(p.src, t) }

// bailout unwinds the parser on the first error of a statement.
type bailout struct {
	off int
	msg string
}

type parser struct {
	a     *arena
	src   string
	toks  []tok
	vals  []string // values of tokens that are not substrings of src
	pos   int
	eof   tok
	depth int
}

// parseStatement parses one statement's tokens. It returns an *OpaqueStmt and
// an error when the statement cannot be parsed.
func parseStatement(a *arena, src string, vals []string, toks []tok) (stmt Stmt, err *Error) {
	start, end := toks[0].Offset, toks[len(toks)-1].End
	p := &parser{a: a, src: src, vals: vals, toks: toks, eof: tok{Kind: TokEOF, Offset: end, End: end}}
	defer func() {
		if r := recover(); r != nil {
			keyword := ""
			if toks[0].Kind == TokIdent {
				keyword = strings.ToUpper(p.text(&toks[0]))
			}
			b, ok := r.(bailout)
			if !ok {
				// A bug, not a syntax error: keep the promise never to
				// panic, and make the statement opaque.
				b = bailout{off: start, msg: fmt.Sprintf("internal error: %v", r)}
			}
			stmt = &OpaqueStmt{Span: Span{start, end}, Keyword: keyword, Reason: b.msg}
			err = &Error{Offset: b.off, Msg: b.msg}
		}
	}()
	for i := range toks {
		if toks[i].Kind == TokIllegal {
			p.failAt(toks[i].Offset, "lexical error: "+p.val(&toks[i]))
		}
	}
	stmt = p.statement()
	if !p.atEOF() {
		p.fail("unexpected " + p.describe(p.peek()))
	}
	return stmt, nil
}

// ---------------------------------------------------------------------------
// Token access

func (p *parser) peek() *tok {
	if p.pos < len(p.toks) {
		return &p.toks[p.pos]
	}
	return &p.eof
}

func (p *parser) peekN(n int) *tok {
	if p.pos+n < len(p.toks) {
		return &p.toks[p.pos+n]
	}
	return &p.eof
}

func (p *parser) atEOF() bool { return p.pos >= len(p.toks) }

func (p *parser) advance() *tok {
	t := p.peek()
	if p.pos < len(p.toks) {
		p.pos++
	}
	return t
}

// prevEnd is the end offset of the last consumed token.
func (p *parser) prevEnd() int {
	if p.pos == 0 {
		return p.peek().Offset
	}
	return p.toks[p.pos-1].End
}

func (p *parser) fail(msg string) { p.failAt(p.peek().Offset, msg) }

func (p *parser) failAt(off int, msg string) { panic(bailout{off: off, msg: msg}) }

func (p *parser) describe(t *tok) string {
	switch t.Kind {
	case TokEOF:
		return "end of statement"
	case TokIllegal:
		return "illegal token"
	}
	txt := p.text(t)
	if len(txt) > 40 {
		txt = txt[:40] + "…"
	}
	return fmt.Sprintf("%q", txt)
}

func (p *parser) isKw(kw string) bool { return p.isWord(p.peek(), kw) }

func (p *parser) isKwN(n int, kw string) bool { return p.isWord(p.peekN(n), kw) }

func (p *parser) acceptKw(kw string) bool {
	if p.isKw(kw) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) expectKw(kw string) *tok {
	if !p.isKw(kw) {
		p.fail("expected " + kw + ", found " + p.describe(p.peek()))
	}
	return p.advance()
}

func (p *parser) isOp(op string) bool {
	t := p.peek()
	return t.Kind == TokOp && p.text(t) == op
}

func (p *parser) isOpN(n int, op string) bool {
	t := p.peekN(n)
	return t.Kind == TokOp && p.text(t) == op
}

func (p *parser) acceptOp(op string) bool {
	if p.isOp(op) {
		p.pos++
		return true
	}
	return false
}

func (p *parser) expectOp(op string) *tok {
	if !p.isOp(op) {
		p.fail("expected " + op + ", found " + p.describe(p.peek()))
	}
	return p.advance()
}

func (p *parser) enter() {
	p.depth++
	if p.depth > MaxDepth {
		p.fail("nesting too deep")
	}
}

func (p *parser) leave() { p.depth-- }

// skipBalanced skips one token, or a whole bracketed group when the token
// opens one.
func (p *parser) skipBalanced() {
	t := p.advance()
	if t.Kind != TokOp {
		return
	}
	switch p.text(t) {
	case "(", "[", "{", "<|":
	default:
		return
	}
	depth := 1
	for depth > 0 {
		t := p.advance()
		if t.Kind == TokEOF {
			p.fail("unbalanced brackets")
		}
		if t.Kind != TokOp {
			continue
		}
		switch p.text(t) {
		case "(", "[", "{", "<|":
			depth++
		case ")", "]", "}", "|>":
			depth--
		}
	}
}

// skipToTopLevelComma skips tokens up to (not including) a comma outside
// brackets, or the end of the statement.
func (p *parser) skipToTopLevelComma() {
	for !p.atEOF() && !p.isOp(",") {
		p.skipBalanced()
	}
}

// ---------------------------------------------------------------------------
// Identifiers

// reservedWords cannot be an implicit alias or a bare column name: they start
// or continue clauses. Lower-case.
var reservedWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`all and any as asc assume between by case cast collate compact cross
		current_date current_time current_timestamp default desc distinct else end erase escape except exclusion exists false
		flatten from full glob group having if ilike in inner intersect into is isnull join left like limit match
		natural not notnull null offset on only or order outer over regexp returning right rlike sample select semi set
		symmetric asymmetric tablesample then true union using values view when where window with without xor
		match_recognize limit process reduce insert upsert replace update delete`) {
		reservedWords[w] = true
	}
}

func (p *parser) isReserved(t *tok) bool {
	text := p.text(t)
	if t.Kind != TokIdent || len(text) > 20 {
		return false
	}
	var buf [20]byte
	for i := 0; i < len(text); i++ {
		buf[i] = lower(text[i])
	}
	return reservedWords[string(buf[:len(text)])]
}

func (p *parser) isHoleToken(t *tok) bool {
	return (t.Kind == TokIdent || t.Kind == TokQuotedIdent) && ContainsHole(p.val(t))
}

// ident parses an identifier in a name position (after AS, a column in a
// column list, …): any plain identifier including keywords, or a backticked
// one.
func (p *parser) ident() *Ident {
	t := p.peek()
	switch t.Kind {
	case TokIdent:
		p.pos++
		return p.a.ident.of(Ident{Span: t.Span(), Name: p.val(t)})
	case TokQuotedIdent:
		p.pos++
		return p.a.ident.of(Ident{Span: t.Span(), Name: p.val(t), Quoted: true})
	case TokString:
		// an_id also admits a string: `AS "name"`.
		p.pos++
		return p.a.ident.of(Ident{Span: t.Span(), Name: p.val(t), Quoted: true})
	}
	p.fail("expected identifier, found " + p.describe(t))
	return nil
}

// identList parses `( id, id, … [,] )`.
func (p *parser) identList() []*Ident {
	p.expectOp("(")
	var out []*Ident
	for !p.isOp(")") {
		out = append(out, p.ident())
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp(")")
	return out
}

// optAlias parses `[AS] alias` after a source or select item. An implicit
// alias must be a non-reserved identifier and never a hole (a hole there is
// more likely a clause spliced in at run time).
func (p *parser) optAlias() *Ident {
	if p.acceptKw("AS") {
		return p.ident()
	}
	t := p.peek()
	if (t.Kind == TokIdent && !p.isReserved(t) || t.Kind == TokQuotedIdent) && !p.isHoleToken(t) {
		return p.ident()
	}
	return nil
}

// ---------------------------------------------------------------------------
// Statements

func (p *parser) statement() Stmt {
	t := p.peek()
	switch t.Kind {
	case TokParam:
		return p.namedExprStmt()
	case TokOp:
		if p.text(t) == "(" {
			return p.selectStmt()
		}
		p.fail("unexpected " + p.describe(t))
	case TokIdent:
	default:
		p.fail("unexpected " + p.describe(t))
	}
	switch {
	case p.isWord(t, "SELECT"), p.isWord(t, "FROM"):
		return p.selectStmt()
	case p.isWord(t, "DECLARE"):
		return p.declareStmt()
	case p.isWord(t, "PRAGMA"):
		return p.pragmaStmt()
	case p.isWord(t, "INSERT"), p.isWord(t, "UPSERT"), p.isWord(t, "REPLACE"):
		return p.insertStmt()
	case p.isWord(t, "UPDATE"):
		return p.updateStmt(t.Offset, false)
	case p.isWord(t, "DELETE"):
		return p.deleteStmt(t.Offset, false)
	case p.isWord(t, "BATCH"):
		p.pos++
		if p.isKw("UPDATE") {
			return p.updateStmt(t.Offset, true)
		}
		if p.isKw("DELETE") {
			return p.deleteStmt(t.Offset, true)
		}
		p.fail("expected UPDATE or DELETE after BATCH")
	case p.isWord(t, "CREATE"):
		if st := p.createStmt(); st != nil {
			return st
		}
	case p.isWord(t, "ALTER"):
		if p.isKwN(1, "TABLE") {
			return p.alterTableStmt()
		}
	case p.isWord(t, "DROP"):
		if p.isKwN(1, "TABLE") {
			return p.dropTableStmt()
		}
	}
	return p.opaqueRest(strings.ToUpper(p.text(t)), "statement not modelled")
}

// opaqueRest consumes the rest of the statement as an *OpaqueStmt.
func (p *parser) opaqueRest(kw, reason string) Stmt {
	start := p.peek().Offset
	p.pos = len(p.toks)
	return &OpaqueStmt{Span: Span{start, p.prevEnd()}, Keyword: kw, Reason: reason}
}

func (p *parser) selectStmt() Stmt {
	start := p.peek().Offset
	q := p.selectQuery()
	return &SelectStmt{Span: Span{start, p.prevEnd()}, Query: q}
}

// namedExprStmt: `$a[, $b…] = expr | select`.
func (p *parser) namedExprStmt() Stmt {
	start := p.peek().Offset
	var names []string
	for {
		t := p.peek()
		if t.Kind != TokParam {
			p.fail("expected $name, found " + p.describe(t))
		}
		p.pos++
		names = append(names, p.val(t))
		if !p.acceptOp(",") {
			break
		}
	}
	p.expectOp("=")
	var value Expr
	if p.isKw("SELECT") || p.isKw("FROM") {
		qs := p.peek().Offset
		q := p.selectQuery()
		value = &SubqueryExpr{Span: Span{qs, p.prevEnd()}, Query: q}
	} else if p.isKw("VALUES") || p.isKw("PROCESS") || p.isKw("REDUCE") || p.isKw("DISCARD") {
		vs := p.peek().Offset
		p.pos = len(p.toks)
		value = &OpaqueExpr{Span: Span{vs, p.prevEnd()}, Reason: "not modelled"}
	} else {
		value = p.expr()
		// `$t = (SELECT …) UNION ALL (SELECT …)` continues as a query.
		if sq, ok := value.(*SubqueryExpr); ok && (p.isKw("UNION") || p.isKw("LIMIT")) {
			q := p.selectTail(sq.Query)
			value = &SubqueryExpr{Span: Span{sq.Start, p.prevEnd()}, Query: q}
		}
	}
	return &NamedExprStmt{Span: Span{start, p.prevEnd()}, Names: names, Value: value}
}

// declareStmt: `DECLARE $p AS Type [= literal]`.
func (p *parser) declareStmt() Stmt {
	start := p.advance().Offset
	t := p.peek()
	if t.Kind != TokParam {
		p.fail("expected $name after DECLARE")
	}
	p.pos++
	p.expectKw("AS")
	typ := p.typeRef()
	if p.acceptOp("=") {
		p.expr()
	}
	return &DeclareStmt{Span: Span{start, p.prevEnd()}, Name: p.val(t), Type: typ}
}

// pragmaStmt: `PRAGMA [prefix.]name [= value | (value, …)]`.
func (p *parser) pragmaStmt() Stmt {
	start := p.advance().Offset
	name := p.ident().Name
	if p.acceptOp(".") {
		name += "." + p.ident().Name
	}
	var values []string
	pragmaValue := func() {
		t := p.peek()
		switch t.Kind {
		case TokString, TokIdent, TokQuotedIdent, TokInt, TokFloat:
			p.pos++
			values = append(values, p.val(t))
		case TokParam:
			p.pos++
			values = append(values, "$"+p.val(t))
		case TokOp:
			if p.text(t) == "-" || p.text(t) == "+" {
				p.pos++
				n := p.peek()
				if n.Kind != TokInt && n.Kind != TokFloat {
					p.fail("expected number in PRAGMA")
				}
				p.pos++
				values = append(values, p.text(t)+p.val(n))
				return
			}
			fallthrough
		default:
			p.fail("bad PRAGMA value " + p.describe(t))
		}
	}
	if p.acceptOp("=") {
		pragmaValue()
	} else if p.acceptOp("(") {
		for {
			pragmaValue()
			if !p.acceptOp(",") {
				break
			}
		}
		p.expectOp(")")
	}
	return &PragmaStmt{Span: Span{start, p.prevEnd()}, Name: name, Values: values}
}

// tableRef parses a table name position: `name`, “ `path` “, `$name`,
// optionally `@name` (temporary tables are not modelled).
func (p *parser) tableRef() *TableRef {
	t := p.peek()
	switch t.Kind {
	case TokIdent:
		if p.isReserved(t) {
			p.fail("expected table name, found " + p.describe(t))
		}
		p.pos++
		// `cluster.table` is not modelled.
		if p.isOp(".") {
			p.fail("cluster-qualified table names are not supported")
		}
		return &TableRef{Span: t.Span(), Path: p.val(t), Hole: ContainsHole(p.val(t))}
	case TokQuotedIdent:
		p.pos++
		if p.isOp(".") {
			p.fail("cluster-qualified table names are not supported")
		}
		return &TableRef{Span: t.Span(), Path: p.val(t), Quoted: true, Hole: ContainsHole(p.val(t))}
	case TokParam:
		p.pos++
		return &TableRef{Span: t.Span(), Named: p.val(t)}
	}
	p.fail("expected table name, found " + p.describe(t))
	return nil
}

// tableHints skips `WITH hint`, `WITH hint = v`, `WITH (hint, hint = v, hint(v…))`.
func (p *parser) tableHints() {
	if !p.isKw("WITH") {
		return
	}
	p.pos++
	if p.isOp("(") {
		p.skipBalanced()
		return
	}
	p.ident()
	if p.acceptOp("=") {
		if p.isOp("(") {
			p.skipBalanced()
		} else {
			p.advance()
		}
	} else if p.isOp("(") {
		p.skipBalanced()
	}
}

// insertStmt: `INSERT [OR ABORT|REVERT|IGNORE] | UPSERT | REPLACE INTO t
// [WITH hints] [(cols)] VALUES … | SELECT … | DEFAULT VALUES [RETURNING …]`.
func (p *parser) insertStmt() Stmt {
	first := p.advance()
	st := &InsertStmt{}
	switch strings.ToUpper(p.text(first)) {
	case "INSERT":
		st.Kind = Insert
		if p.acceptKw("OR") {
			if !p.acceptKw("ABORT") && !p.acceptKw("REVERT") && !p.acceptKw("IGNORE") {
				p.fail("expected ABORT, REVERT or IGNORE after INSERT OR")
			}
		}
	case "UPSERT":
		st.Kind = Upsert
	case "REPLACE":
		st.Kind = Replace
	}
	p.expectKw("INTO")
	st.Table = p.tableRef()
	if p.isKw("ERASE") {
		p.fail("ERASE BY is not supported")
	}
	p.tableHints()
	if p.acceptKw("DEFAULT") {
		p.expectKw("VALUES")
	} else {
		if p.isOp("(") && !p.isKwN(1, "SELECT") && !p.isKwN(1, "FROM") && !p.isOpN(1, "(") {
			st.Columns = p.identList()
		}
		st.Values, st.Source = p.valuesSource()
	}
	st.Returning = p.returning()
	st.Span = Span{first.Offset, p.prevEnd()}
	return st
}

// valuesSource: `VALUES (…), (…)` or a select.
func (p *parser) valuesSource() ([][]Expr, *Select) {
	if p.acceptKw("VALUES") {
		var rows [][]Expr
		for {
			p.expectOp("(")
			row := []Expr{}
			for !p.isOp(")") {
				row = append(row, p.expr())
				if !p.acceptOp(",") {
					break
				}
			}
			p.expectOp(")")
			rows = append(rows, row)
			if !p.acceptOp(",") || p.atEOF() || p.isKw("RETURNING") {
				break
			}
		}
		return rows, nil
	}
	return nil, p.selectQuery()
}

func (p *parser) returning() bool {
	if !p.acceptKw("RETURNING") {
		return false
	}
	if !p.acceptOp("*") {
		for {
			p.ident()
			if !p.acceptOp(",") {
				break
			}
		}
	}
	return true
}

// updateStmt: `[BATCH] UPDATE t SET … [WHERE …]` or `UPDATE t ON …`.
func (p *parser) updateStmt(start int, batch bool) Stmt {
	p.expectKw("UPDATE")
	st := &UpdateStmt{Batch: batch}
	st.Table = p.tableRef()
	p.tableHints()
	if p.acceptKw("ON") {
		st.OnColumns, st.OnValues, st.On = p.onSource()
	} else {
		p.expectKw("SET")
		st.Set = p.setClause()
		if p.acceptKw("WHERE") {
			st.Where = p.expr()
		}
	}
	st.Returning = p.returning()
	st.Span = Span{start, p.prevEnd()}
	return st
}

// onSource parses what follows ON in UPDATE/DELETE: `[(cols)] VALUES … | SELECT …`.
func (p *parser) onSource() ([]*Ident, [][]Expr, *Select) {
	var cols []*Ident
	if p.isOp("(") && !p.isKwN(1, "SELECT") && !p.isKwN(1, "FROM") && !p.isOpN(1, "(") {
		cols = p.identList()
	}
	rows, q := p.valuesSource()
	if rows == nil && q == nil {
		rows = [][]Expr{}
	}
	return cols, rows, q
}

// setClause: `col = expr, (a, b) = (x, y), …`.
func (p *parser) setClause() []*Assignment {
	var out []*Assignment
	for {
		if p.isOp("(") {
			start := p.peek().Offset
			cols := p.identList()
			p.expectOp("=")
			vs := p.peek().Offset
			p.expectOp("(")
			var vals []Expr
			var opaque Expr
			if p.isKw("SELECT") || p.isKw("FROM") {
				p.selectQuery()
			} else {
				for !p.isOp(")") {
					vals = append(vals, p.expr())
					if !p.acceptOp(",") {
						break
					}
				}
			}
			p.expectOp(")")
			if len(vals) != len(cols) {
				opaque = &OpaqueExpr{Span: Span{vs, p.prevEnd()}, Reason: "multiple-column assignment"}
			}
			for i, c := range cols {
				v := opaque
				if v == nil {
					v = vals[i]
				}
				out = append(out, &Assignment{Span: Span{start, p.prevEnd()}, Column: c, Value: v})
			}
		} else {
			col := p.ident()
			if p.acceptOp(".") { // `t.col = …`
				col = p.ident()
			}
			p.expectOp("=")
			v := p.expr()
			out = append(out, &Assignment{Span: Span{col.Start, p.prevEnd()}, Column: col, Value: v})
		}
		if !p.acceptOp(",") {
			return out
		}
	}
}

// deleteStmt: `[BATCH] DELETE FROM t [WHERE …] | ON …`.
func (p *parser) deleteStmt(start int, batch bool) Stmt {
	p.expectKw("DELETE")
	p.expectKw("FROM")
	st := &DeleteStmt{Batch: batch}
	st.Table = p.tableRef()
	p.tableHints()
	if p.acceptKw("WHERE") {
		st.Where = p.expr()
	} else if p.acceptKw("ON") {
		st.OnColumns, st.OnValues, st.On = p.onSource()
	}
	st.Returning = p.returning()
	st.Span = Span{start, p.prevEnd()}
	return st
}

func (p *parser) dropTableStmt() Stmt {
	start := p.advance().Offset
	p.expectKw("TABLE")
	st := &DropTableStmt{}
	if p.isKw("IF") {
		p.pos++
		p.expectKw("EXISTS")
		st.IfExists = true
	}
	st.Table = p.tableRef()
	st.Span = Span{start, p.prevEnd()}
	return st
}

// slab hands out pointers into chunks of T, so that the many small nodes of
// a parse cost a few allocations instead of one each. A chunk stays alive as
// long as any node in it does, which matches the lifetime of an AST.
type slab[T any] struct{ buf []T }

func (s *slab[T]) of(v T) *T {
	if len(s.buf) == cap(s.buf) {
		n := 2 * cap(s.buf)
		if n < 4 {
			n = 4
		} else if n > 128 {
			n = 128
		}
		s.buf = make([]T, 0, n)
	}
	s.buf = append(s.buf, v)
	return &s.buf[len(s.buf)-1]
}

// arena holds the slabs of one Parse call.
type arena struct {
	binary   slab[Binary]
	colRef   slab[ColumnRef]
	literal  slab[Literal]
	paramRef slab[ParamRef]
	ident    slab[Ident]
	typeRef  slab[TypeRef]
	call     slab[Call]
}

// statementKeywords start a statement that may follow a leading hole
// (leadingHoleLine).
var statementKeywords = map[string]bool{
	"SELECT": true, "UPSERT": true, "INSERT": true, "REPLACE": true, "UPDATE": true,
	"DELETE": true, "DECLARE": true, "PRAGMA": true, "DISCARD": true, "PROCESS": true,
}

// leadingHoleLine reports whether a statement's tokens start with a hole
// placeholder followed, after a line break, by a statement keyword:
// `strings.Join(declares, "\n") + "\nSELECT …"`. The hole cannot be a
// prefix of that statement's first clause (EXPLAIN, a named expression)
// without sharing its line, which Go code that builds text does not do.
func leadingHoleLine(src string, vals []string, toks []tok) bool {
	if len(toks) < 2 {
		return false
	}
	h, k := &toks[0], &toks[1]
	if h.Kind != TokIdent && h.Kind != TokQuotedIdent || k.Kind != TokIdent {
		return false
	}
	if _, ok := HoleIndex(src[h.Offset:h.End]); !ok {
		return false
	}
	if !strings.Contains(src[h.End:k.Offset], "\n") {
		return false
	}
	return statementKeywords[strings.ToUpper(src[k.Offset:k.End])]
}
