package schema

import (
	"fmt"
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// CheckColumnSyntax returns a FaultSyntax for a CREATE TABLE statement
// (text holds exactly one statement) in which a column definition is
// followed by a token YQL's grammar does not allow there: after
// `name Type [FAMILY f] [NOT NULL | NULL]` only `,`, `)`, DEFAULT,
// COMPRESSION(…) and ENCODING(…) may come (yql/essentials/sql/v1/SQLv1.g.in,
// column_schema; the ALTER TABLE … ADD COLUMN reference), so a stray word
// such as a lost comma (`name Utf8 email Utf8`) or another database's
// column option (`COMMENT 'x'`) makes the whole statement fail to parse.
//
// It is deliberately narrow: it judges a column only when its type is a
// plain primitive name (containers, Decimal(p, s), Pg types and holes are
// left alone), stops at the first DEFAULT (an expression), and never judges
// words other SQL dialects put there that YDB may learn (PRIMARY KEY,
// UNIQUE, CHECK, COLLATE, GENERATED, AS, …). It returns at most one
// FaultSyntax, after the FaultUnknownType of every column before it whose
// type YQL does not know (those are certain whatever else is wrong).
func CheckColumnSyntax(text string) []DDLFault {
	toks, err := yql.Lex(text)
	if err != nil {
		return nil
	}
	p := &synScanner{toks: toks[:len(toks)-1]}
	if !p.createTableHead() {
		return nil
	}
	var out []DDLFault
	for {
		if p.done() {
			return out
		}
		t := p.peek()
		if t.Kind == yql.TokIdent && tableEntryWords[strings.ToUpper(t.Text)] {
			if !p.skipEntry() {
				return out
			}
		} else {
			f, ok, judged := p.column()
			if ok && f.Category != FaultUnknownType {
				return append(out, f)
			}
			if ok {
				out = append(out, f) // the statement may hold a stray word too
			}
			if !judged && !p.skipEntry() {
				return out
			}
		}
		if p.done() {
			return out
		}
		if p.peek().Text != "," {
			return out
		}
		p.i++
	}
}

// tableEntryWords start CREATE TABLE entries that are not columns.
var tableEntryWords = map[string]bool{
	"PRIMARY": true, "INDEX": true, "FAMILY": true, "CHANGEFEED": true, "PARTITION": true, "ORDER": true,
	"STATISTICS": true, "CONSTRAINT": true, "UNIQUE": true, "FOREIGN": true, "CHECK": true, "KEY": true,
}

// mayFollowColumn are words that may follow a column type in YQL, or that
// other dialects put there and YDB may come to accept: never judged stray.
var mayFollowColumn = map[string]bool{
	"FAMILY": true, "NOT": true, "NULL": true, "DEFAULT": true, "COMPRESSION": true, "ENCODING": true,
	"GENERATED": true, "AS": true, "COLLATE": true, "PRIMARY": true, "KEY": true, "UNIQUE": true, "CHECK": true,
	"CONSTRAINT": true, "REFERENCES": true, "AUTOINCREMENT": true, "AUTO_INCREMENT": true, "IDENTITY": true,
	"STORED": true, "VIRTUAL": true,
}

type synScanner struct {
	toks  []yql.Token
	i     int
	table string // the last element of the table's path
}

func (p *synScanner) done() bool      { return p.i >= len(p.toks) }
func (p *synScanner) peek() yql.Token { return p.toks[p.i] }

func (p *synScanner) word(w string) bool {
	if p.done() {
		return false
	}
	t := p.peek()
	if t.Kind == yql.TokIdent && strings.EqualFold(t.Text, w) {
		p.i++
		return true
	}
	return false
}

// createTableHead consumes `CREATE [OR REPLACE] [TEMP|TEMPORARY] TABLE
// [IF NOT EXISTS] path (`.
func (p *synScanner) createTableHead() bool {
	if !p.word("CREATE") {
		return false
	}
	if p.word("OR") && !p.word("REPLACE") {
		return false
	}
	if !p.word("TEMP") {
		p.word("TEMPORARY")
	}
	if !p.word("TABLE") {
		return false
	}
	if p.word("IF") && !(p.word("NOT") && p.word("EXISTS")) {
		return false
	}
	for !p.done() && p.peek().Text != "(" {
		if t := p.peek(); t.Kind == yql.TokIdent || t.Kind == yql.TokQuotedIdent {
			p.table = lastElem(t.Value)
		}
		p.i++
	}
	if p.done() {
		return false
	}
	p.i++
	return true
}

// skipEntry moves to the `,` or `)` that ends the current entry.
func (p *synScanner) skipEntry() bool {
	depth := 0
	for ; !p.done(); p.i++ {
		t := p.peek()
		if t.Kind != yql.TokOp {
			continue
		}
		switch t.Text {
		case "(", "<":
			depth++
		case ")", ">":
			if depth == 0 {
				return t.Text == ")"
			}
			depth--
		case ",":
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

// column reads one column definition. ok reports a fault; judged is false
// when the column was not one the check judges (then the caller skips it).
func (p *synScanner) column() (f DDLFault, ok, judged bool) {
	name := p.peek()
	if name.Kind != yql.TokIdent && name.Kind != yql.TokQuotedIdent && name.Kind != yql.TokString {
		return DDLFault{}, false, false
	}
	p.i++
	if p.done() {
		return DDLFault{}, false, false
	}
	typ := p.peek()
	if typ.Kind == yql.TokIdent && yql.UnknownSimpleType(typ.Text) {
		return p.unknownType(name, typ)
	}
	if typ.Kind != yql.TokIdent || !knownType(yql.CanonicalType(typ.Text)) {
		return DDLFault{}, false, false
	}
	p.i++
	if !p.done() && p.peek().Kind == yql.TokOp && p.peek().Text == "?" {
		p.i++
	}
	// [FAMILY f] [NOT NULL | NULL], in any order the parser accepts.
	for !p.done() {
		switch {
		case p.word("FAMILY"):
			if p.done() {
				return DDLFault{}, false, false
			}
			p.i++
			continue
		case p.word("NOT"):
			if !p.word("NULL") {
				return DDLFault{}, false, false
			}
			continue
		case p.word("NULL"):
			continue
		}
		break
	}
	if p.done() {
		return DDLFault{}, false, false
	}
	t := p.peek()
	switch t.Kind {
	case yql.TokOp:
		return DDLFault{}, false, t.Text == "," || t.Text == ")"
	case yql.TokIdent:
		if mayFollowColumn[strings.ToUpper(t.Text)] || yql.ContainsHole(t.Text) {
			return DDLFault{}, false, false
		}
	case yql.TokQuotedIdent, yql.TokString, yql.TokInt, yql.TokFloat:
		if yql.ContainsHole(t.Text) {
			return DDLFault{}, false, false
		}
	default:
		return DDLFault{}, false, false
	}
	col := name.Value
	return DDLFault{Category: FaultSyntax, Table: p.table, Offset: t.Offset, Msg: fmt.Sprintf(
		"%s after the definition of column %s (%s) is not YQL; a column definition ends after its type, "+
			"FAMILY, NOT NULL and DEFAULT, so YDB refuses the whole CREATE TABLE (\"mismatched input '%s' expecting …\"); "+
			"a comma is missing, or the word belongs to another database's SQL",
		quoteTok(t), col, typ.Text, t.Text)}, true, true
}

// unknownType judges a column whose type word YQL does not know. Followed
// by a primitive type name, the likelier reading is a stray word before a
// column (`first_name Utf8,s` then `last_name Utf8` reads as a column s of
// type last_name, then the word Utf8): YDB's parser stops at the type
// ("mismatched input 'Utf8' …"). Followed by `,` or `)`, the type itself
// is the fault ("Unknown simple type"). Anything else is left alone.
func (p *synScanner) unknownType(name, typ yql.Token) (f DDLFault, ok, judged bool) {
	p.i++
	if p.done() {
		return DDLFault{}, false, false
	}
	next := p.peek()
	switch {
	case next.Kind == yql.TokIdent && knownType(yql.CanonicalType(next.Text)):
		return DDLFault{Category: FaultSyntax, Table: p.table, Offset: name.Offset, Msg: fmt.Sprintf(
			"the word %s before column %s (%s) is not YQL; it reads as a column %s of type %s followed by the word %s, "+
				"so YDB refuses the whole CREATE TABLE (\"mismatched input '%s' expecting …\"); remove the stray word %s",
			name.Text, typ.Text, next.Text, name.Text, typ.Text, next.Text, next.Text, name.Text)}, true, true
	case next.Kind == yql.TokOp && (next.Text == "," || next.Text == ")"):
		fs := CheckColumnTypes(p.table, []*yql.ColumnDef{{Name: &yql.Ident{Name: name.Value}, Type: &yql.TypeRef{
			Span: yql.Span{Start: typ.Offset, End: typ.End}, Name: typ.Text}}})
		if len(fs) == 1 {
			return fs[0], true, true
		}
	}
	return DDLFault{}, false, false
}

func quoteTok(t yql.Token) string {
	if t.Kind == yql.TokIdent {
		return "the word " + t.Text
	}
	return t.Text
}

// syntaxFaults records the FaultSyntax of every CREATE TABLE of the script
// that failed to parse (CheckColumnSyntax).
func (a *applier) syntaxFaults(script *yql.Script) {
	if len(script.Errors) == 0 {
		return
	}
	for _, st := range script.Stmts {
		op, ok := st.(*yql.OpaqueStmt)
		if !ok || !strings.EqualFold(op.Keyword, "CREATE") || op.Start < 0 || op.End > len(a.text) || op.Start >= op.End {
			continue
		}
		for _, f := range CheckColumnSyntax(a.text[op.Start:op.End]) {
			f.Offset += op.Start
			a.textFault(f)
		}
	}
}
