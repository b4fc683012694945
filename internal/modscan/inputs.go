package modscan

import (
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/ydblint/ydblint/internal/sdk"
)

// IsSchemaFile reports whether name has the extension of a migration or
// schema file (.sql, .yql, in any case).
func IsSchemaFile(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".sql" || ext == ".yql"
}

// ddlPattern tells a DDL text from any other string.
var ddlPattern = regexp.MustCompile(`(?i)\b(create|alter|drop)\s+table\b`)

// IsDDL reports whether s holds a CREATE, ALTER or DROP TABLE statement's
// keywords (in any case).
func IsDDL(s string) bool { return ddlPattern.MatchString(s) }

// MentionsDDL is IsDDL for a whole file, the cheap test applied before
// parsing one. The case-insensitive regexp is slow on megabytes of Go, so
// a plain search for the usual spellings of TABLE comes first.
func MentionsDDL(content []byte) bool {
	if !bytes.Contains(content, []byte("TABLE")) && !bytes.Contains(content, []byte("table")) && !bytes.Contains(content, []byte("Table")) {
		return false
	}
	return ddlPattern.Match(content)
}

// MentionsTableCall reports whether Go source calls the table service's
// schema methods (CreateTable, AlterTable), whose options schema discovery
// decodes.
func MentionsTableCall(content []byte) bool {
	return bytes.Contains(content, []byte(sdk.SessionCreateTable.Name+"(")) || bytes.Contains(content, []byte(sdk.SessionAlterTable.Name+"("))
}

// MentionsSchema reports whether a file read as a schema input may define
// tables: a schema file holding DDL, or a Go file holding DDL text or a
// CreateTable or AlterTable call.
func MentionsSchema(rel string, content []byte) bool {
	if IsSchemaFile(rel) {
		return MentionsDDL(content)
	}
	return MentionsDDL(content) || MentionsTableCall(content)
}
