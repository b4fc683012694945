package schemafact

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
)

// What counts as YDB's schema. A service's module often holds DDL of other
// databases too (seaweedfs keeps PostgreSQL, MySQL and SQLite stores next
// to its YDB one; a credential store creates PostgreSQL tables), and a
// dependency in the module cache carries its own examples (goose's example
// migrations). A wrong definition makes rules report what is not there, so
// DDL is YDB's only when:
//
//   - a migration directory found by the walk or by //go:embed does not use
//     another database's types or clauses (schema.DialectOf: VARCHAR,
//     BIGINT, JSONB, AUTO_INCREMENT, REFERENCES, … with no YQL word in the
//     directory); configured schema paths are always read;
//   - a DDL string found by the Go scan does not either;
//   - a DDL text of this package's query sites is not sent through
//     database/sql to a driver traced to another database, and does not
//     use another database's words;
//   - it is not in a module of the module cache: a dependency's files are
//     never scanned (its own query sites still count).
//
// Each migration directory left out is listed in Problems (category
// schema-skipped-file) with the word that decided it.

// yqlDirs drops the migration directories written for another database.
func (d *discovery) yqlDirs(dirs []sqlDir) []sqlDir {
	var out []sqlDir
	for _, dir := range dirs {
		dl, word, file := dirDialect(dir)
		if dl == schema.DialectOther {
			d.problems = append(d.problems, Problem{
				Category: CategorySkippedFile,
				Src:      schema.Source{File: file},
				Message:  fmt.Sprintf("directory %s holds DDL for another database (%s), not read as YDB schema", dir.dir, word),
			})
			continue
		}
		out = append(out, dir)
	}
	return out
}

// dirDialect classifies a migration directory: YQL when any file uses a YQL
// word, another database's when some file uses its words and none YQL's.
func dirDialect(dir sqlDir) (schema.Dialect, string, string) {
	other, otherFile := "", ""
	for _, f := range dir.files {
		dl, w := schema.DialectOf(string(f.Content))
		switch dl {
		case schema.DialectYQL:
			return dl, w, f.Rel
		case schema.DialectOther:
			if other == "" {
				other, otherFile = w, f.Rel
			}
		}
	}
	if other != "" {
		return schema.DialectOther, other, otherFile
	}
	return schema.DialectUnknown, "", ""
}

// otherDatabase reports whether a query's DDL is for another database:
// sent through database/sql to a driver traced to something else than
// YDB, or written with another database's words.
func otherDatabase(q *site.Query, text string) bool {
	if q.SQLDriver != "" && q.SQLDriver != "ydb" {
		return true
	}
	dl, _ := schema.DialectOf(text)
	return dl == schema.DialectOther
}

// inModuleCache reports whether dir lies in the Go module cache (a path
// element name@version below …/pkg/mod): a dependency, whose files are not
// the analysed service's schema.
func inModuleCache(dir string) bool {
	slash := filepath.ToSlash(dir)
	i := strings.Index(slash, "/pkg/mod/")
	if i < 0 {
		return false
	}
	for _, el := range strings.Split(slash[i+len("/pkg/mod/"):], "/") {
		if strings.Contains(el, "@") {
			return true
		}
	}
	return false
}
