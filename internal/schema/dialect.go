package schema

import "strings"

// Dialect is the SQL dialect a DDL text is written in, as far as its words
// tell.
type Dialect uint8

const (
	// DialectUnknown: nothing in the text tells (Bool, Double, String and
	// Timestamp columns are valid in YQL and elsewhere). Callers treat it
	// as YQL, the only dialect ydblint reads.
	DialectUnknown Dialect = iota
	// DialectYQL: the text uses YDB's own types or settings.
	DialectYQL
	// DialectOther: the text uses types or clauses YDB does not have
	// (PostgreSQL, MySQL, SQLite migrations living next to YDB's).
	DialectOther
)

// yqlWords are words only YQL DDL uses (lower case).
var yqlWords = map[string]bool{
	"uint8": true, "uint16": true, "uint32": true, "uint64": true,
	"int16": true, "int32": true, "int64": true, "utf8": true,
	"yson": true, "jsondocument": true, "dynumber": true,
	"date32": true, "datetime64": true, "timestamp64": true, "interval64": true,
	"tzdate": true, "tzdatetime": true, "tztimestamp": true,
	"auto_partitioning_by_size": true, "auto_partitioning_by_load": true,
	"auto_partitioning_min_partitions_count": true, "uniform_partitions": true,
	"partition_at_keys": true, "tablepathprefix": true, "upsert": true,
}

// otherWords are types and clauses of other databases that YQL lacks.
var otherWords = map[string]bool{
	"varchar": true, "nvarchar": true, "char": true, "character": true, "varying": true,
	"bigint": true, "smallint": true, "tinyint": true, "mediumint": true, "integer": true,
	"int": true, "int2": true, "int4": true, "int8": true, "float4": true, "float8": true,
	"numeric": true, "real": true, "boolean": true,
	"jsonb": true, "bytea": true, "blob": true, "longblob": true, "mediumtext": true, "longtext": true, "tinytext": true,
	"timestamptz": true, "timetz": true, "inet": true, "cidr": true,
	"auto_increment": true, "autoincrement": true, "references": true, "engine": true, "charset": true,
	"collate": true, "unsigned": true, "tablespace": true, "extension": true,
}

// maxDialectScan bounds the bytes DialectOf reads.
const maxDialectScan = 1 << 20

// DialectOf classifies a DDL text by its words, ignoring string literals
// and comments. A YQL word wins over others: a YDB migration may mention
// anything in a string.
func DialectOf(text string) (Dialect, string) {
	if len(text) > maxDialectScan {
		text = text[:maxDialectScan]
	}
	other := ""
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\'' || c == '"':
			j := i + 1
			for j < len(text) && text[j] != c {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return finishDialect(other)
			}
			i += j
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			j := strings.Index(text[i+2:], "*/")
			if j < 0 {
				return finishDialect(other)
			}
			i += j + 4
		case isWordByte(c):
			j := i
			for j < len(text) && isWordByte(text[j]) {
				j++
			}
			w := strings.ToLower(text[i:j])
			if yqlWords[w] {
				return DialectYQL, text[i:j]
			}
			if other == "" && otherWords[w] && !(j < len(text) && text[j] == '<') {
				other = text[i:j]
			}
			i = j
		default:
			i++
		}
	}
	return finishDialect(other)
}

func finishDialect(other string) (Dialect, string) {
	if other != "" {
		return DialectOther, other
	}
	return DialectUnknown, ""
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
