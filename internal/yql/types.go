package yql

import "strings"

// Canonical type names.
//
// YQL type names are case-insensitive. CanonicalType maps every spelling to
// the name YQL prints in its type system, with these choices for synonyms
// (https://ydb.tech/docs/en/yql/reference/types/primitive):
//
//   - Text is a synonym of Utf8; the canonical form is "Utf8".
//   - Bytes is a synonym of String; the canonical form is "String".
//   - Serial types (SmallSerial, Serial2, Serial, Serial4, Serial8, BigSerial)
//     keep their own names, because they carry a fact the base integer type
//     does not (a hidden sequence fills them); SerialBase gives the integer type.
//
// Unknown names (PostgreSQL types, typos, $params) are returned unchanged.
var canonicalTypes = map[string]string{}

func init() {
	for _, n := range strings.Fields(`Bool Int8 Int16 Int32 Int64 Uint8 Uint16 Uint32 Uint64
		Float Double Decimal DyNumber String Utf8 Json JsonDocument Yson Uuid
		Date Datetime Timestamp Interval Date32 Datetime64 Timestamp64 Interval64
		TzDate TzDatetime TzTimestamp TzDate32 TzDatetime64 TzTimestamp64
		SmallSerial Serial2 Serial Serial4 Serial8 BigSerial
		Optional List Dict Set Tuple Struct Variant Enum Tagged Resource Stream Flow Callable
		Linear DynamicLinear Void Null EmptyList EmptyDict Unit Generic`) {
		canonicalTypes[strings.ToLower(n)] = n
	}
	canonicalTypes["text"] = "Utf8"
	canonicalTypes["bytes"] = "String"
}

// CanonicalType returns the canonical spelling of a type name (see above).
func CanonicalType(name string) string {
	if len(name) > 16 {
		return name
	}
	var buf [16]byte
	for i := 0; i < len(name); i++ {
		buf[i] = lower(name[i])
	}
	if c, ok := canonicalTypes[string(buf[:len(name)])]; ok {
		return c
	}
	return name
}

var serialBase = map[string]string{
	"SmallSerial": "Int16", "Serial2": "Int16",
	"Serial": "Int32", "Serial4": "Int32",
	"Serial8": "Int64", "BigSerial": "Int64",
}

// IsSerial reports whether name is a Serial type.
func IsSerial(name string) bool { _, ok := serialBase[CanonicalType(name)]; return ok }

// SerialBase returns the integer type a Serial type stores (Int16, Int32 or
// Int64), or "" when name is not a Serial type.
func SerialBase(name string) string { return serialBase[CanonicalType(name)] }

// IsIntegral reports whether name is a signed or unsigned integer type
// (Serial types included).
func IsIntegral(name string) bool {
	switch c := CanonicalType(name); c {
	case "Int8", "Int16", "Int32", "Int64", "Uint8", "Uint16", "Uint32", "Uint64":
		return true
	default:
		return IsSerial(c)
	}
}

// IsUnsigned reports whether name is an unsigned integer type.
func IsUnsigned(name string) bool {
	switch CanonicalType(name) {
	case "Uint8", "Uint16", "Uint32", "Uint64":
		return true
	}
	return false
}

// IsFloat reports whether name is Float or Double.
func IsFloat(name string) bool {
	switch CanonicalType(name) {
	case "Float", "Double":
		return true
	}
	return false
}

// IsString reports whether name is String or Utf8 (and their synonyms Bytes
// and Text): the types between which key ranges convert losslessly.
func IsString(name string) bool {
	switch CanonicalType(name) {
	case "String", "Utf8":
		return true
	}
	return false
}

// IsTime reports whether name is a point-in-time type: Date, Datetime,
// Timestamp, their 32/64-bit and Tz variants. Interval is a duration and is
// not included.
func IsTime(name string) bool {
	switch CanonicalType(name) {
	case "Date", "Datetime", "Timestamp", "Date32", "Datetime64", "Timestamp64",
		"TzDate", "TzDatetime", "TzTimestamp", "TzDate32", "TzDatetime64", "TzTimestamp64":
		return true
	}
	return false
}

func isCompositeTypeName(s string) bool {
	switch CanonicalType(s) {
	case "Optional", "List", "Dict", "Set", "Tuple", "Struct", "Variant", "Enum", "Tagged",
		"Resource", "Stream", "Flow", "Callable", "Linear", "DynamicLinear":
		return true
	}
	return false
}

// typeRef parses a type: `Name`, `Name?…`, `Decimal(p, s)`, `Optional<T>`,
// `List<T>`, `Struct<a: T, …>`, `Tuple<…>`, `Dict<K, V>`, `Set<T>`,
// `Variant<…>`, `Tagged<T, "tag">`, a quoted type `"List<Int32>"`, or a
// `$param`.
func (p *parser) typeRef() *TypeRef {
	p.enter()
	defer p.leave()
	t := p.peek()
	var tr *TypeRef
	switch t.Kind {
	case TokString:
		p.pos++
		tr = p.quotedType(t)
	case TokParam:
		p.pos++
		tr = p.a.typeRef.of(TypeRef{Span: t.Span(), Name: "$" + p.val(t)})
	case TokIdent, TokQuotedIdent:
		p.pos++
		name := CanonicalType(p.val(t))
		tr = p.a.typeRef.of(TypeRef{Name: name})
		switch {
		case name == "Decimal" && p.isOp("("):
			p.pos++
			for !p.isOp(")") {
				v := p.advance()
				if v.Kind != TokInt && v.Kind != TokParam {
					p.failAt(v.Offset, "bad Decimal parameter")
				}
				tr.Params = append(tr.Params, p.text(v))
				if !p.acceptOp(",") {
					break
				}
			}
			p.expectOp(")")
		case isCompositeTypeName(name) && p.isOp("<>"):
			p.pos++ // Tuple<>, Struct<>
		case isCompositeTypeName(name) && p.isOp("<"):
			p.pos++
			p.typeArgs(tr)
			p.expectOp(">")
		}
		tr.Span = Span{t.Offset, p.prevEnd()}
	default:
		p.fail("expected type, found " + p.describe(t))
	}
	for p.isOp("?") {
		p.pos++
		tr = p.a.typeRef.of(TypeRef{Span: Span{tr.Start, p.prevEnd()}, Name: "Optional", Args: []*TypeRef{tr}})
	}
	return tr
}

// typeArgs parses the arguments between < and > into tr: types (Args),
// `name: Type` fields (Struct, named Variant), tags (Tagged's second
// argument, Enum and Resource tags are kept as Params).
func (p *parser) typeArgs(tr *TypeRef) {
	for !p.isOp(">") {
		t := p.peek()
		switch {
		case tr.Name == "Enum" || tr.Name == "Resource" || tr.Name == "Tagged" && len(tr.Args) == 1:
			switch t.Kind {
			case TokIdent, TokQuotedIdent, TokString:
				tr.Params = append(tr.Params, p.val(t))
			case TokParam:
				tr.Params = append(tr.Params, "$"+p.val(t))
			default:
				p.fail("expected a tag, found " + p.describe(t))
			}
			p.pos++
		case (t.Kind == TokIdent || t.Kind == TokQuotedIdent || t.Kind == TokString) && p.isOpN(1, ":"):
			p.pos += 2
			ft := p.typeRef()
			if p.isKw("NOT") && p.isKwN(1, "NULL") {
				p.pos += 2
			} else {
				p.acceptKw("NULL")
			}
			tr.Fields = append(tr.Fields, &TypeField{Name: p.val(t), Type: ft})
		case tr.Name == "Callable":
			p.fail("Callable types are not supported")
		default:
			tr.Args = append(tr.Args, p.typeRef())
		}
		if !p.acceptOp(",") {
			break
		}
	}
}

// quotedType parses a type written as a string literal. Every node of the
// result gets the span of the whole literal.
func (p *parser) quotedType(t *tok) (tr *TypeRef) {
	defer func() {
		// Errors inside the literal are reported at the literal.
		if r := recover(); r != nil {
			if _, ok := r.(bailout); ok {
				p.failAt(t.Offset, "bad quoted type")
			}
			panic(r)
		}
	}()
	text := p.val(t)
	lr := lexInto(nil, text, false)
	if lr.err != nil || len(lr.toks) < 2 {
		p.failAt(t.Offset, "bad quoted type")
	}
	sub := &parser{a: p.a, src: text, vals: lr.vals, toks: lr.toks[:len(lr.toks)-1],
		eof: tok{Kind: TokEOF, Offset: len(text), End: len(text)}, depth: p.depth}
	tr = sub.typeRef()
	if !sub.atEOF() {
		p.failAt(t.Offset, "bad quoted type")
	}
	setTypeSpan(tr, t.Span(), 0)
	return tr
}

func setTypeSpan(tr *TypeRef, sp Span, depth int) {
	if tr == nil || depth > MaxDepth {
		return
	}
	tr.Span = sp
	for _, a := range tr.Args {
		setTypeSpan(a, sp, depth+1)
	}
	for _, f := range tr.Fields {
		setTypeSpan(f.Type, sp, depth+1)
	}
}

// sqlTypeAliases are the names YQL's translator resolves as simple types
// besides those canonicalTypes knows: SQL aliases and types a column
// rarely has (LookupSimpleTypeBySqlAlias in
// yql/essentials/core/sql_types/simple_types.cpp).
var sqlTypeAliases = map[string]bool{
	"tinyint": true, "smallint": true, "int": true, "integer": true, "bigint": true, "varchar": true,
	"json_document": true, "xml": true, "yaml": true,
}

// UnknownSimpleType reports whether YQL's translator certainly refuses name
// as a type: it is a plain identifier that is not a simple type name, a SQL
// alias of one (tinyint, varchar, …), a Serial type, a type constructor
// (Optional, Decimal, …) or a PostgreSQL type. YDB: "Unknown simple type
// '<name>'" (BuildSimpleType in yql/essentials/sql/v1/node.cpp). Names with
// a pg or _pg prefix are never judged: the set of PostgreSQL types is not
// known here.
func UnknownSimpleType(name string) bool {
	if name == "" || ContainsHole(name) {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	lower := strings.ToLower(name)
	if _, ok := canonicalTypes[lower]; ok || sqlTypeAliases[lower] {
		return false
	}
	return !strings.HasPrefix(lower, "pg") && !strings.HasPrefix(lower, "_pg")
}
