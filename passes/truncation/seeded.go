package truncation

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file answers "which tables hold only a constant set of rows?" from
// a syntactic scan of the module: its schema files (.sql, .yql: migrations
// and any other query file) and every Go file's string literals. A write
// adds rows only through INSERT, UPSERT or REPLACE (UPDATE and DELETE
// never add one) or the table service's BulkUpsert; when every such write
// of a table gives each row's primary key constant values, the table holds
// at most as many rows as those writes list, however often they run. Any
// write the scan cannot place or count (a table name built at run time, a
// text that does not parse, an ORM, a BulkUpsert of a computed path, a
// CREATE TABLE … AS SELECT, a rename, a transfer) makes it claim nothing
// for any table of the module; a table another service writes is beyond
// any scan of this module, which the rule accepts for -strict.

// rowWriteText finds the row-adding statements a text may hold; each
// match must be one statement the parser read.
var rowWriteText = regexp.MustCompile(`(?i)\b(?:insert|upsert|replace)\s+(?:or\s+\w+\s+)?into\b`)

// rowMovingText finds statements that fill a table from elsewhere in ways
// the scan does not count: CREATE TABLE … AS SELECT, a rename onto a
// name, a transfer or replication into a table.
var rowMovingText = regexp.MustCompile(`(?i)\bas\s+select\b|\brename\s+to\b|\bcreate\s+(?:transfer|async\s+replication)\b`)

// rowWriterImports are Go packages that write rows without a YQL text the
// scan can read: ORMs and query builders.
var rowWriterImports = []string{
	"gorm.io/", "xorm.io/", "github.com/ydb-platform/gorm-driver", "github.com/ydb-platform/xorm",
	"github.com/Masterminds/squirrel", "github.com/doug-martin/goqu", "github.com/huandu/go-sqlbuilder",
	"github.com/uptrace/bun", "entgo.io/", "github.com/go-jet/jet",
}

// rowWriterMethods are the table service's calls that add or move rows
// with the table given as a Go value.
var rowWriterMethods = map[string]bool{
	"BulkUpsert": true, "CopyTable": true, "CopyTables": true, "RenameTables": true, "ImportData": true,
}

// constConstructors are YQL functions that build a value from literals
// only, deterministically.
var constConstructors = map[string]bool{
	"bool": true, "int8": true, "int16": true, "int32": true, "int64": true,
	"uint8": true, "uint16": true, "uint32": true, "uint64": true, "float": true, "double": true,
	"decimal": true, "string": true, "utf8": true, "text": true, "bytes": true, "json": true, "jsondocument": true,
	"yson": true, "uuid": true, "date": true, "datetime": true, "timestamp": true, "interval": true,
	"date32": true, "datetime64": true, "timestamp64": true, "interval64": true,
}

// seedWrite is one row-adding statement of a known table.
type seedWrite struct {
	columns []string // as written; nil when no column list
	rows    [][]bool // per VALUES row, whether each value is a constant; nil for a SELECT source
	where   string   // file:line, for messages
}

// seedScan is what the module says about the rows its tables receive.
type seedScan struct {
	// complete is false when a write could not be placed or counted, or
	// a file could not be read: no table is claimed then.
	complete bool
	note     string
	// writes are the row-adding statements by table path (normalised,
	// without a PRAGMA prefix).
	writes map[string][]seedWrite
	// opaque holds the base names of tables written in ways that add
	// unknown rows (a BulkUpsert, a write under a TablePathPrefix).
	opaque map[string]bool
}

// seedKey is the modscan.Derive key of a module's seedScan.
type seedKey struct{}

// seeds returns the module's seedScan, done on first use.
func (c *checker) seeds() *seedScan {
	if c.seed != nil {
		return c.seed
	}
	c.seed = &seedScan{note: "the module's files were not read"}
	dir := ""
	for _, f := range c.pass.Files {
		if tf := c.pass.Fset.File(f.FileStart); tf != nil && tf.Name() != "" {
			dir = filepath.Dir(tf.Name())
			break
		}
	}
	if dir == "" || c.cfg == nil || c.cfg.Hermetic {
		return c.seed
	}
	root := srcfiles.FindModuleRoot(dir)
	if root == "" {
		return c.seed
	}
	c.seed = modscan.Derive(c.cfg.Session().Modules().Module(root), seedKey{}, scanSeeds)
	return c.seed
}

// scanSeeds reads the module's schema files and Go files for row writes.
func scanSeeds(m *modscan.Module) *seedScan {
	s := &seedScan{complete: true, writes: map[string][]seedWrite{}, opaque: map[string]bool{}}
	inputs, notes := m.SchemaInputs()
	gos, goNotes := m.GoSources()
	for _, n := range append(notes, goNotes...) {
		if n.Rel == "." || strings.Contains(n.Msg, "walk stopped") || strings.HasSuffix(n.Rel, ".go") || modscan.IsSchemaFile(n.Rel) {
			s.fail(n.String())
		}
	}
	for _, f := range inputs {
		if modscan.IsSchemaFile(f.Rel) {
			s.text(string(f.Content), f.Rel, 1)
		}
	}
	for _, f := range gos {
		s.goFile(m.Root(), f)
	}
	return s
}

func (s *seedScan) fail(note string) {
	if s.complete {
		s.complete, s.note = false, note
	}
}

// text reads the row writes of one YQL text starting at line of file.
func (s *seedScan) text(text, file string, line int) {
	if rowMovingText.MatchString(text) {
		s.fail(file + ":" + strconv.Itoa(line) + ": fills a table from elsewhere")
		return
	}
	want := len(rowWriteText.FindAllStringIndex(text, -1))
	if want == 0 {
		return
	}
	script := yql.Parse(text)
	got, prefixed := 0, false
	for _, st := range script.Stmts {
		if p, ok := st.(*yql.PragmaStmt); ok && strings.EqualFold(p.Name, "TablePathPrefix") {
			prefixed = true
		}
		ins, ok := st.(*yql.InsertStmt)
		if !ok {
			continue
		}
		got++
		if ins.Table == nil || ins.Table.Hole || ins.Table.Named != "" {
			s.fail(file + ":" + strconv.Itoa(line) + ": a write to a table named at run time")
			return
		}
		p, prefixUnknown, ok := schema.NormalizePath(ins.Table.Path, "")
		if !ok || prefixUnknown {
			s.fail(file + ":" + strconv.Itoa(line) + ": a write to a table named at run time")
			return
		}
		if prefixed {
			s.opaque[path.Base(p)] = true
			continue
		}
		w := seedWrite{where: file + ":" + strconv.Itoa(line)}
		for _, c := range ins.Columns {
			w.columns = append(w.columns, c.Name)
		}
		if ins.Source == nil {
			for _, row := range ins.Values {
				consts := make([]bool, len(row))
				for i, v := range row {
					consts[i] = constExpr(v, 0)
				}
				w.rows = append(w.rows, consts)
			}
		}
		s.writes[p] = append(s.writes[p], w)
	}
	if got != want {
		s.fail(file + ":" + strconv.Itoa(line) + ": a row write that did not parse")
	}
}

// constExpr reports whether e is a literal, or a constructor or cast of
// literals: the same value on every run.
func constExpr(e yql.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := e.(type) {
	case *yql.Literal:
		return true
	case *yql.Unary:
		return constExpr(x.X, depth+1)
	case *yql.Cast:
		return constExpr(x.X, depth+1)
	case *yql.Call:
		if x.Module != "" || !constConstructors[strings.ToLower(x.Name)] || len(x.Args) == 0 {
			return false
		}
		for _, a := range x.Args {
			if !constExpr(a, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// goFile reads the row writes of one Go file: its string literals (a
// + of literals read as one), its row-writing table calls, its imports of
// ORMs and its embeds.
func (s *seedScan) goFile(root string, f srcfiles.File) {
	mentions := rowWriteText.Match(f.Content) || rowMovingText.Match(f.Content) || bytes.Contains(f.Content, []byte("go:embed"))
	for name := range rowWriterMethods {
		mentions = mentions || bytes.Contains(f.Content, []byte(name))
	}
	for _, imp := range rowWriterImports {
		mentions = mentions || bytes.Contains(f.Content, []byte(`"`+imp))
	}
	if !mentions {
		return
	}
	fset := token.NewFileSet()
	af, err := parser.ParseFile(fset, filepath.Join(root, filepath.FromSlash(f.Rel)), f.Content, parser.SkipObjectResolution|parser.ParseComments)
	if err != nil {
		s.fail(f.Rel + ": does not parse")
		return
	}
	for _, imp := range af.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		for _, w := range rowWriterImports {
			if strings.HasPrefix(p, w) {
				s.fail(f.Rel + ": imports " + p + ", which writes rows without a YQL text")
				return
			}
		}
	}
	for _, cg := range af.Comments {
		for _, c := range cg.List {
			if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
				for _, pat := range strings.Fields(rest) {
					if !modscan.IsSchemaFile(strings.Trim(pat, "`\"")) {
						s.fail(f.Rel + ": embeds " + pat + ", which may hold query texts the scan does not read")
						return
					}
				}
			}
		}
	}
	ast.Inspect(af, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.ADD {
				if text, ok := literalSum(x); ok {
					s.text(text, f.Rel, fset.Position(x.Pos()).Line)
					return false
				}
			}
		case *ast.BasicLit:
			if x.Kind == token.STRING {
				if text, err := strconv.Unquote(x.Value); err == nil {
					s.text(text, f.Rel, fset.Position(x.Pos()).Line)
				}
			}
		case *ast.CallExpr:
			if sel, ok := x.Fun.(*ast.SelectorExpr); ok && rowWriterMethods[sel.Sel.Name] {
				s.tableCall(x, f.Rel, fset.Position(x.Pos()).Line)
			}
		}
		return true
	})
}

// literalSum folds "a" + "b" + … of string literals only.
func literalSum(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind != token.STRING {
			return "", false
		}
		t, err := strconv.Unquote(x.Value)
		return t, err == nil
	case *ast.ParenExpr:
		return literalSum(x.X)
	case *ast.BinaryExpr:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := literalSum(x.X)
		if !ok {
			return "", false
		}
		b, ok := literalSum(x.Y)
		return a + b, ok
	}
	return "", false
}

// tableCall marks the tables a BulkUpsert (or copy, rename, import) names
// by string literals as written with unknown rows; a call that names none
// may write any table.
func (s *seedScan) tableCall(call *ast.CallExpr, file string, line int) {
	named := false
	for _, a := range call.Args {
		ast.Inspect(a, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if t, err := strconv.Unquote(lit.Value); err == nil && t != "" {
				if p, _, ok := schema.NormalizePath(t, ""); ok {
					s.opaque[path.Base(p)] = true
					named = true
				}
			}
			return true
		})
	}
	if !named {
		s.fail(file + ":" + strconv.Itoa(line) + ": a row write to a table given at run time")
	}
}

// rowsOf bounds the rows of table t: the VALUES rows of every write of it
// when each gives every primary-key column a constant; false when the scan
// is incomplete, a write adds unknown rows, or nothing writes t.
func (s *seedScan) rowsOf(t *schema.Table) (int64, string, bool) {
	if s == nil || !s.complete || t == nil || len(t.PrimaryKey) == 0 {
		return 0, "", false
	}
	p, prefixUnknown, ok := schema.NormalizePath(t.Path, "")
	if !ok || prefixUnknown || s.opaque[path.Base(p)] {
		return 0, "", false
	}
	for other := range s.writes {
		if other != p && path.Base(other) == path.Base(p) {
			return 0, "", false // a write of the same name elsewhere: the two may be one table
		}
	}
	ws := s.writes[p]
	if len(ws) == 0 {
		return 0, "", false
	}
	var n int64
	var where []string
	for _, w := range ws {
		if w.rows == nil {
			return 0, "", false
		}
		for _, row := range w.rows {
			for _, k := range t.PrimaryKey {
				i := keyIndex(w.columns, t, k)
				if i < 0 || i >= len(row) || !row[i] {
					return 0, "", false
				}
			}
		}
		n += int64(len(w.rows))
		where = append(where, w.where)
	}
	return n, strings.Join(where, ", "), true
}

// keyIndex is the position of key column k in a write's values: by its
// column list, or without one by the table's column order.
func keyIndex(columns []string, t *schema.Table, k string) int {
	if columns != nil {
		for i, c := range columns {
			if c == k {
				return i
			}
		}
		return -1
	}
	for i, c := range t.Columns {
		if c.Name == k {
			return i
		}
	}
	return -1
}
