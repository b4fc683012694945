package schema

import (
	"fmt"
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// DDL YDB rejects.
//
// The catalogue applies DDL as written; some of it the server refuses when
// the migration runs. CheckCreateTable and CheckColumnSyntax find those
// statements from the text alone, each with the error YDB itself gives, and
// only where the answer is certain: a type the check does not know, a
// value built from a hole, a column table (whose rules differ) or anything
// the parser did not model leaves a statement unjudged. The catalogue
// records each fault as a Warning whose text starts with FaultPrefix (see
// ParseFault), so faults travel, merge and de-duplicate like every other
// warning; yqlcheck reports them.

// Fault categories (headings of yqlcheck's doc.go).
const (
	FaultKeyType           = "key-type"
	FaultUniformPartitions = "uniform-partitions"
	FaultPartitionAtKeys   = "partition-at-keys"
	FaultTTLColumn         = "ttl-column"
	FaultSyntax            = "schema-syntax"
	FaultUnknownType       = "unknown-type"
)

// FaultPrefix starts the text of every catalogue Warning that is a DDLFault.
const FaultPrefix = "YDB rejects this DDL ["

// DDLFault is one statement YDB rejects. Offset is the byte offset, in the
// text the statement was parsed from, of the part at fault.
type DDLFault struct {
	Category string
	// Table is the last element of the table's path ("" when not known).
	Table  string
	Offset int
	// Token is the text of the token at Offset, when the fault was found
	// in text, so that a caller knowing only the line can find the column.
	Token string
	Msg   string
}

// faultSep separates the fields of a fault's Warning header.
const faultSep = "\x1f"

// warning renders f as the text of a catalogue Warning.
func (f DDLFault) warning() string {
	tok := f.Token
	if strings.ContainsAny(tok, "]\x1f\n") {
		tok = ""
	}
	return FaultPrefix + f.Category + faultSep + f.Table + faultSep + tok + "]: " + f.Msg
}

// ParseFault reads a Warning text written for a DDLFault back (Offset is
// not kept: the Warning's Source holds the place).
func ParseFault(msg string) (DDLFault, bool) {
	rest, ok := strings.CutPrefix(msg, FaultPrefix)
	if !ok {
		return DDLFault{}, false
	}
	head, text, ok := strings.Cut(rest, "]: ")
	parts := strings.SplitN(head, faultSep, 3)
	if !ok || len(parts) != 3 || parts[0] == "" {
		return DDLFault{}, false
	}
	return DDLFault{Category: parts[0], Table: parts[1], Token: parts[2], Msg: text}, true
}

// tokenAt returns the text of the token starting at off in text.
func tokenAt(text string, off int) string {
	if off < 0 || off >= len(text) {
		return ""
	}
	end := min(len(text), off+128)
	toks, _ := yql.Lex(text[off:end])
	if len(toks) < 2 || toks[0].Offset != 0 {
		return ""
	}
	return toks[0].Text
}

// lastElem returns the last element of a table path.
func lastElem(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

// fault records f at src.
func (c *Catalog) fault(src Source, f DDLFault) { c.warn(src, "%s", f.warning()) }

// textFault records f, found at f.Offset of the applier's text.
func (a *applier) textFault(f DDLFault) {
	f.Token = tokenAt(a.text, f.Offset)
	a.c.fault(a.src(f.Offset), f)
}

// keyForbidden are the column types YDB does not allow in a primary key
// (NSchemeShard::IsAllowedKeyType): "Column %s has wrong key type %s".
var keyForbidden = map[string]bool{"Float": true, "Double": true, "Json": true, "JsonDocument": true, "Yson": true}

// uniformKeyTypes are the first-key-column types UNIFORM_PARTITIONS splits
// (TSchemeShard::FillUniformPartitioning). Newer servers also split a Uuid
// key, so a Uuid column is not judged.
var uniformKeyTypes = map[string]bool{"Uint32": true, "Uint64": true, "Uuid": true}

// ttlDateTypes are read by a TTL without a unit; ttlEpochTypes need one
// (TTTLValidator::ValidateUnit).
var (
	ttlDateTypes  = map[string]bool{"Date": true, "Datetime": true, "Timestamp": true, "Date32": true, "Datetime64": true, "Timestamp64": true}
	ttlEpochTypes = map[string]bool{"Uint32": true, "Uint64": true, "DyNumber": true}
)

// knownType reports whether typ is a primitive type name the checks judge:
// a name CanonicalType knows that is not a container, Pg or a hole.
func knownType(typ string) bool {
	if typ == "" || yql.ContainsHole(typ) || strings.ContainsAny(typ, "<>(") {
		return false
	}
	// CanonicalType returns unknown names unchanged; every name it knows
	// has a capital in its canonical spelling.
	lower := strings.ToLower(typ)
	c := yql.CanonicalType(lower)
	return c != lower && c == typ && !compositeOrSpecial[typ]
}

var compositeOrSpecial = map[string]bool{
	"Optional": true, "List": true, "Dict": true, "Set": true, "Tuple": true, "Struct": true, "Variant": true,
	"Enum": true, "Tagged": true, "Resource": true, "Stream": true, "Flow": true, "Callable": true,
	"Linear": true, "DynamicLinear": true, "Void": true, "Null": true, "EmptyList": true, "EmptyDict": true,
	"Unit": true, "Generic": true, "Decimal": true,
}

// CheckColumnTypes returns a FaultUnknownType for every column definition
// (of CREATE TABLE or ALTER TABLE … ADD COLUMN of table) whose type, or a
// type inside it, is a plain name YQL's translator does not resolve:
// "Unknown simple type '<name>'" (yql.UnknownSimpleType). It applies to
// row and column tables alike: the statement fails before the table kind
// matters.
func CheckColumnTypes(table string, cols []*yql.ColumnDef) []DDLFault {
	var out []DDLFault
	for _, cd := range cols {
		if cd == nil || cd.Name == nil {
			continue
		}
		if tr := unknownTypeIn(cd.Type, 0); tr != nil {
			msg := fmt.Sprintf("column %s of table %s has type %s, which is not a YQL type; "+
				"YDB refuses the whole statement (\"Unknown simple type '%s'\")", cd.Name.Name, table, tr.Name, tr.Name)
			if near := yql.NearTypeName(tr.Name); near != "" {
				msg += fmt.Sprintf("; did you mean %s?", near)
			}
			out = append(out, DDLFault{Category: FaultUnknownType, Table: lastElem(table), Offset: tr.Start, Msg: msg})
		}
	}
	return out
}

// unknownTypeIn returns the first node of tr whose name YQL does not know.
func unknownTypeIn(tr *yql.TypeRef, depth int) *yql.TypeRef {
	if tr == nil || depth > yql.MaxDepth {
		return nil
	}
	if len(tr.Args) == 0 && len(tr.Fields) == 0 && len(tr.Params) == 0 && yql.UnknownSimpleType(tr.Name) {
		return tr
	}
	for _, a := range tr.Args {
		if u := unknownTypeIn(a, depth+1); u != nil {
			return u
		}
	}
	for _, f := range tr.Fields {
		if f != nil {
			if u := unknownTypeIn(f.Type, depth+1); u != nil {
				return u
			}
		}
	}
	return nil
}

// CheckCreateTable returns the faults of a parsed CREATE TABLE of a row
// table: key columns of a type YDB refuses in a key, UNIFORM_PARTITIONS on
// a first key column that is not Uint32 or Uint64, PARTITION_AT_KEYS values
// that do not fit the key, and a TTL on a column of the wrong type or
// without the unit an integer column needs. text is what st was parsed from.
func CheckCreateTable(st *yql.CreateTableStmt, text string) []DDLFault {
	if st == nil || st.AsSelect || st.Table == nil || len(st.PrimaryKey) == 0 || columnStore(st) {
		return nil
	}
	table := displayPath(st.Table.Path)
	types := map[string]string{}
	for _, cd := range st.Columns {
		if cd == nil || cd.Name == nil || cd.Type == nil {
			continue
		}
		if typ := typeString(cd.Type); knownType(typ) {
			types[cd.Name.Name] = typ
		}
	}
	key := identNames(st.PrimaryKey)
	var out []DDLFault
	for _, k := range key {
		if typ := types[k]; keyForbidden[typ] {
			out = append(out, DDLFault{Category: FaultKeyType, Offset: st.PKSpan.Start, Msg: fmt.Sprintf(
				"primary key column %s of table %s is %s, a type YDB does not allow in a key; "+
					"YDB refuses it: \"Column %s has wrong key type %s\"; key the table by an integer, string, date or Uuid column",
				k, table, typ, k, typ)})
		}
	}
	for _, s := range st.With {
		if s == nil {
			continue
		}
		switch s.Name {
		case "UNIFORM_PARTITIONS":
			if f, ok := checkUniform(s, table, key, types); ok {
				out = append(out, f)
			}
		case "PARTITION_AT_KEYS":
			out = append(out, checkPartitionAtKeys(s, table, key, types)...)
		case "TTL":
			if s.End <= len(text) && s.Start >= 0 && s.Start <= s.End {
				if f, ok := checkTTL(s.Start, text[s.Start:s.End], table, types); ok {
					out = append(out, f)
				}
			}
		}
	}
	for i := range out {
		out[i].Table = lastElem(st.Table.Path)
	}
	return out
}

// columnStore reports whether the table is a column table (STORE = COLUMN),
// whose key, partitioning and TTL rules are not the row tables' ones.
func columnStore(st *yql.CreateTableStmt) bool {
	for _, s := range st.With {
		if s != nil && s.Name == "STORE" && !strings.EqualFold(settingWord(s.Value), "ROW") {
			return true
		}
	}
	return len(st.PartitionBy) > 0
}

func checkUniform(s *yql.Setting, table string, key []string, types map[string]string) (DDLFault, bool) {
	lit, ok := s.Value.(*yql.Literal)
	if !ok || lit.Kind != yql.LitInt || len(key) == 0 {
		return DDLFault{}, false
	}
	first := key[0]
	typ := types[first]
	if typ == "" || uniformKeyTypes[typ] {
		return DDLFault{}, false
	}
	return DDLFault{Category: FaultUniformPartitions, Offset: s.Start, Msg: fmt.Sprintf(
		"UNIFORM_PARTITIONS on table %s: first key column %s is %s, not Uint32 or Uint64; "+
			"it splits the range of the first key column, which YDB does only for a Uint32 or Uint64 column: "+
			"\"Unsupported first key column type %s, only Uint32 and Uint64 are supported\"; "+
			"use PARTITION_AT_KEYS, or lead the key with a Uint64 hash column",
		table, first, typ, typ)}, true
}

// checkPartitionAtKeys judges PARTITION_AT_KEYS = (v, …) and ((v, …), …):
// a split point with more values than the key has columns, and a literal
// of the wrong kind for its key column (a string for an integer column, a
// number for a String or Utf8 column), which YDB cannot convert.
func checkPartitionAtKeys(s *yql.Setting, table string, key []string, types map[string]string) []DDLFault {
	list, ok := s.Value.(*yql.Tuple)
	if !ok {
		return nil
	}
	var out []DDLFault
	mismatch := false
	for _, item := range list.Elems {
		point := []yql.Expr{item}
		if t, ok := item.(*yql.Tuple); ok {
			point = t.Elems
		}
		if len(point) > len(key) {
			out = append(out, DDLFault{Category: FaultPartitionAtKeys, Offset: item.NodeSpan().Start, Msg: fmt.Sprintf(
				"a split point of PARTITION_AT_KEYS on table %s has %d values for a key of %d columns; "+
					"the key is (%s), and YDB refuses it: \"Partition at keys has %d key values while there are only %d key columns\"",
				table, len(point), len(key), strings.Join(key, ", "), len(point), len(key))})
			continue
		}
		for j, v := range point {
			lit, ok := v.(*yql.Literal)
			if !ok {
				continue
			}
			typ := types[key[j]]
			bad := false
			switch {
			case yql.IsIntegral(typ) && !yql.IsSerial(typ):
				bad = lit.Kind == yql.LitString
			case yql.IsString(typ):
				bad = lit.Kind == yql.LitInt || lit.Kind == yql.LitFloat
			}
			if bad && !mismatch {
				// One per setting: the other values usually share the mistake.
				mismatch = true
				out = append(out, DDLFault{Category: FaultPartitionAtKeys, Offset: lit.Start, Msg: fmt.Sprintf(
					"PARTITION_AT_KEYS on table %s gives %s for key column %s, which is %s; YDB refuses it: \"Failed to convert value "+
						"\\\"%s\\\" to a corresponding key column type\"; write the split value as a %s literal",
					table, lit.Raw, key[j], typ, lit.Value, literalWord(typ))})
			}
		}
	}
	return out
}

func literalWord(typ string) string {
	if yql.IsString(typ) {
		return "string"
	}
	return "number"
}

// checkTTL judges `TTL = Interval(…) [action][, …] ON col [AS unit]`.
func checkTTL(offset int, text, table string, types map[string]string) (DDLFault, bool) {
	col, unit, ok := ttlTarget(text)
	if !ok {
		return DDLFault{}, false
	}
	typ := types[col]
	if typ == "" {
		return DDLFault{}, false
	}
	var head, why, ydb string
	switch {
	case ttlDateTypes[typ] && unit != "":
		head = fmt.Sprintf("%s is %s, a date type, given a unit", col, typ)
		why = fmt.Sprintf("YDB takes no unit (AS %s) for a date type", unit)
		ydb = "To enable TTL on date type column 'DateTypeColumnModeSettings' should be specified"
	case ttlDateTypes[typ]:
		return DDLFault{}, false
	case ttlEpochTypes[typ] && unit == "":
		head = fmt.Sprintf("%s is %s, an integer, given no unit", col, typ)
		why = fmt.Sprintf("YDB needs the unit it counts since the Unix epoch (ON %s AS SECONDS, …)", col)
		ydb = "To enable TTL on integral type column 'ValueSinceUnixEpochModeSettings' should be specified"
	case ttlEpochTypes[typ]:
		return DDLFault{}, false
	default:
		head = fmt.Sprintf("%s is %s, a type YDB reads no TTL from", col, typ)
		why = "YDB reads a TTL from a Date, Datetime or Timestamp column (or their 32/64-bit " +
			"forms), or from a Uint32, Uint64 or DyNumber column with a unit"
		ydb = "Unsupported column type"
	}
	return DDLFault{Category: FaultTTLColumn, Offset: offset, Msg: fmt.Sprintf(
		"TTL of table %s: column %s; %s: \"%s\"", table, head, why, ydb)}, true
}

// ttlTarget returns the column and unit of a TTL setting's text: the name
// after its last top-level ON, and the word after AS. ok is false when the
// text does not end in that shape.
func ttlTarget(text string) (col, unit string, ok bool) {
	toks, err := yql.Lex(text)
	if err != nil {
		return "", "", false
	}
	n := len(toks) - 1 // the last token is EOF
	on := -1
	for i := 0; i < n; i++ {
		if toks[i].Kind == yql.TokIdent && strings.EqualFold(toks[i].Text, "ON") {
			on = i
		}
	}
	if on < 0 || on+1 >= n {
		return "", "", false
	}
	c := toks[on+1]
	if c.Kind != yql.TokIdent && c.Kind != yql.TokQuotedIdent {
		return "", "", false
	}
	rest := toks[on+2 : n]
	switch {
	case len(rest) == 0:
		return c.Value, "", true
	case len(rest) == 2 && rest[0].Kind == yql.TokIdent && strings.EqualFold(rest[0].Text, "AS") && rest[1].Kind == yql.TokIdent:
		return c.Value, strings.ToUpper(rest[1].Text), true
	}
	return "", "", false
}

// CheckDefinition returns the faults of a row table defined by a
// CreateTable call (ApplyDefinition): key columns of a type YDB refuses in
// a key, and UNIFORM_PARTITIONS on a first key column that is not Uint32 or
// Uint64. Offsets are zero: the faults sit at the table's KeySrc or Src.
func CheckDefinition(t *Table) (keySrc []DDLFault, src []DDLFault) {
	if t == nil || t.Store != RowStore || len(t.PrimaryKey) == 0 || len(t.PartitionBy) > 0 {
		return nil, nil
	}
	typeOf := func(name string) string {
		if c := t.Column(name); c != nil && knownType(c.Type) {
			return c.Type
		}
		return ""
	}
	for _, k := range t.PrimaryKey {
		if typ := typeOf(k); keyForbidden[typ] {
			keySrc = append(keySrc, DDLFault{Category: FaultKeyType, Msg: fmt.Sprintf(
				"primary key column %s of table %s is %s, a type YDB does not allow in a key; "+
					"YDB refuses it: \"Column %s has wrong key type %s\"; key the table by an integer, string, date or Uuid column",
				k, displayPath(t.Path), typ, k, typ)})
		}
	}
	if first := t.PrimaryKey[0]; t.UniformPartitions > 0 {
		if typ := typeOf(first); typ != "" && !uniformKeyTypes[typ] {
			src = append(src, DDLFault{Category: FaultUniformPartitions, Msg: fmt.Sprintf(
				"WithUniformPartitions on table %s: first key column %s is %s, not Uint32 or Uint64; "+
					"it splits the range of the first key column, which YDB does only for a Uint32 or Uint64 column: "+
					"\"Unsupported first key column type %s, only Uint32 and Uint64 are supported\"; "+
					"use WithExplicitPartitions, or lead the key with a Uint64 hash column",
				displayPath(t.Path), first, typ, typ)})
		}
	}
	for i := range keySrc {
		keySrc[i].Table = lastElem(t.Path)
	}
	for i := range src {
		src[i].Table = lastElem(t.Path)
	}
	return keySrc, src
}

// displayPath names a table in a message: a path with a Go-valued or
// unknown part ({call:…}/orders, a hole) by its last element.
func displayPath(p string) string {
	if strings.Contains(p, "{") || yql.ContainsHole(p) {
		if i := strings.LastIndexByte(p, '/'); i >= 0 && i+1 < len(p) {
			return p[i+1:]
		}
	}
	return p
}

// CheckAlterTTL judges `ALTER TABLE t SET (TTL = … ON col [AS unit])` (or
// the `SET TTL … ON col` form) on the row table t as it is before the
// statement; action is the action's text. Other settings in the same SET
// leave it unjudged.
func CheckAlterTTL(t *Table, action string) (DDLFault, bool) {
	if t == nil || t.Store != RowStore || len(t.PartitionBy) > 0 {
		return DDLFault{}, false
	}
	rest := strings.TrimSpace(action)
	if len(rest) < 3 || !strings.EqualFold(rest[:3], "SET") {
		return DDLFault{}, false
	}
	rest = strings.TrimSpace(rest[3:])
	if strings.HasPrefix(rest, "(") {
		if !strings.HasSuffix(rest, ")") {
			return DDLFault{}, false
		}
		rest = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	if len(rest) < 3 || !strings.EqualFold(rest[:3], "TTL") {
		return DDLFault{}, false
	}
	rest = strings.TrimSpace(rest[3:])
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "="))
	types := map[string]string{}
	for _, c := range t.Columns {
		if knownType(c.Type) {
			types[c.Name] = c.Type
		}
	}
	f, ok := checkTTL(0, rest, displayPath(t.Path), types)
	f.Table = lastElem(t.Path)
	return f, ok
}
