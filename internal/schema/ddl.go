package schema

import (
	"bytes"
	"sort"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// MaxFileSize is the largest migration file ApplyFile reads; larger files
// are skipped with a warning (a schema file of that size is data, not DDL).
const MaxFileSize = 8 << 20

// HoleParseNote starts the warning for a text with run-time pieces (holes)
// that did not parse as written; the text YDB receives is unknown.
const HoleParseNote = "statement with run-time pieces not read (a Go value stands where the parser needs YQL syntax)"

// maxParseWarnings bounds the parse-error warnings recorded per text.
const maxParseWarnings = 5

// ApplyFile applies one migration file. name is used in Sources (as given:
// pass a path relative to the module root). golang-migrate down files are
// ignored; a goose file contributes only its "-- +goose Up" section; any
// other file applies whole. Statements other than CREATE/ALTER/DROP TABLE
// and PRAGMA TablePathPrefix are skipped. Files over MaxFileSize or
// containing NUL bytes are skipped with a warning.
func (c *Catalog) ApplyFile(name string, content []byte) {
	src := Source{File: name}
	switch {
	case len(content) > MaxFileSize:
		c.warn(src, "file is larger than %d bytes; skipped", MaxFileSize)
		return
	case bytes.IndexByte(content, 0) >= 0:
		c.warn(src, "file contains NUL bytes; skipped")
		return
	}
	if _, up, ok := migrateVersion(name); ok && !up {
		return
	}
	text, _ := gooseUpText(content)
	c.ApplyText(name, 1, text)
}

// AppliedText returns the text of a migration file that ApplyFile applies
// (a goose file's Up section, blanks elsewhere, line numbers kept) and
// false for a golang-migrate down file, which never applies.
func AppliedText(name string, content []byte) (string, bool) {
	if _, up, ok := migrateVersion(name); ok && !up {
		return "", false
	}
	text, _ := gooseUpText(content)
	return text, true
}

// ApplyText parses text as YQL and applies its DDL. file and line name the
// place where text starts (line is 1-based; line ≤ 0 means 1), e.g. a Go
// string literal holding DDL.
func (c *Catalog) ApplyText(file string, line int, text string) {
	if line <= 0 {
		line = 1
	}
	if len(text) > MaxFileSize {
		c.warn(Source{File: file, Line: line}, "text is larger than %d bytes; skipped", MaxFileSize)
		return
	}
	lines := newLineIndex(text)
	pos := func(off int) Source { return Source{File: file, Line: line - 1 + lines.line(off)} }
	c.ApplyScript(text, yql.Parse(text), pos)
}

// ApplyScript applies an already parsed script. text is the text it was
// parsed from (annotations are read from its comments); pos maps a byte
// offset in text to a Source, so that callers with their own position map
// (a query recovered from Go code) keep exact positions.
func (c *Catalog) ApplyScript(text string, script *yql.Script, pos func(offset int) Source) {
	if script == nil {
		return
	}
	a := &applier{c: c, text: text, pos: pos}
	a.run(script)
	c.normalizeWarnings()
}

// lineIndex converts byte offsets to 1-based line numbers.
type lineIndex []int // offsets at which lines 2, 3, … start

func newLineIndex(text string) lineIndex {
	var li lineIndex
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			li = append(li, i+1)
		}
	}
	return li
}

func (li lineIndex) line(off int) int {
	return sort.Search(len(li), func(i int) bool { return li[i] > off }) + 1
}

// applier applies one script.
type applier struct {
	c    *Catalog
	text string
	pos  func(int) Source
	// prefixes records each TablePathPrefix pragma with its offset, for
	// the qualified annotations resolved after the script.
	prefixes []prefixAt
}

type prefixAt struct {
	offset int
	prefix string
}

func (a *applier) prefixAt(off int) string {
	p := ""
	for _, pa := range a.prefixes {
		if pa.offset <= off {
			p = pa.prefix
		}
	}
	return p
}

func (a *applier) src(off int) Source {
	if a.pos == nil {
		return Source{}
	}
	return a.pos(off)
}

func (a *applier) run(script *yql.Script) {
	for i, e := range script.Errors {
		if i == maxParseWarnings {
			a.c.warn(a.src(e.Offset), "%d more YQL parse errors", len(script.Errors)-i)
			break
		}
		if yql.ContainsHole(a.text) {
			// A Go value may stand for more than a name or a literal (a
			// whole `key=value` setting, a column list): the statement YDB
			// runs may well parse, so this is not a parse error of it.
			a.c.warn(a.src(e.Offset), "%s: %s", HoleParseNote, e.Msg)
			break // one note per text: later errors follow from the first
		}
		a.c.warn(a.src(e.Offset), "YQL parse error: %s", e.Msg)
	}
	a.syntaxFaults(script)
	anns := a.annotations()
	used := make([]bool, len(anns))
	for si, st := range script.Stmts {
		switch st := st.(type) {
		case *yql.PragmaStmt:
			if strings.EqualFold(st.Name, "TablePathPrefix") && len(st.Values) > 0 {
				a.prefixes = append(a.prefixes, prefixAt{st.Start, st.Values[len(st.Values)-1]})
			}
		case *yql.CreateTableStmt:
			t := a.create(st)
			for i, ann := range anns {
				if ann.table == "" && !used[i] && annotationBelongs(ann.offset, script.Stmts, si) {
					used[i] = true
					a.applyAnnotation(t, ann)
				}
			}
		case *yql.AlterTableStmt:
			a.alter(st)
		case *yql.DropTableStmt:
			a.drop(st)
		case *yql.OpaqueStmt:
			a.opaque(st)
		}
	}
	for i, ann := range anns {
		switch {
		case used[i]:
		case ann.table == "":
			a.c.warn(a.src(ann.offset), "ydblint:hash annotation for column %s is not inside or directly before a CREATE TABLE; write it as table.%s", ann.column, ann.column)
		default:
			t, st := a.c.Lookup(ann.table, a.prefixAt(ann.offset))
			if !st.OK() {
				a.c.warn(a.src(ann.offset), "ydblint:hash annotation: table %s: %s", ann.table, st)
				continue
			}
			a.applyAnnotation(t, ann)
		}
	}
}

// annotationBelongs reports whether a comment at off belongs to statement
// si: inside its span, or after the previous statement and before it.
func annotationBelongs(off int, stmts []yql.Stmt, si int) bool {
	st := stmts[si]
	start, end := stmtSpan(st)
	if off >= start && off < end {
		return true
	}
	if off >= start {
		return false
	}
	if si > 0 {
		_, prevEnd := stmtSpan(stmts[si-1])
		return off >= prevEnd
	}
	return true
}

// stmtSpan returns a statement's byte range.
func stmtSpan(st yql.Stmt) (int, int) {
	switch st := st.(type) {
	case *yql.SelectStmt:
		return st.Start, st.End
	case *yql.NamedExprStmt:
		return st.Start, st.End
	case *yql.DeclareStmt:
		return st.Start, st.End
	case *yql.PragmaStmt:
		return st.Start, st.End
	case *yql.InsertStmt:
		return st.Start, st.End
	case *yql.UpdateStmt:
		return st.Start, st.End
	case *yql.DeleteStmt:
		return st.Start, st.End
	case *yql.CreateTableStmt:
		return st.Start, st.End
	case *yql.AlterTableStmt:
		return st.Start, st.End
	case *yql.DropTableStmt:
		return st.Start, st.End
	case *yql.OpaqueStmt:
		return st.Start, st.End
	}
	return 0, 0
}

// annotations collects the well-formed hash annotations of the text and
// warns about malformed ones.
func (a *applier) annotations() []hashAnnotation {
	var out []hashAnnotation
	for _, cm := range lineComments(a.text) {
		ann, ok, msg := parseHashAnnotation(cm.body)
		if !ok {
			continue
		}
		if msg != "" {
			a.c.warn(a.src(cm.offset), "malformed ydblint:hash annotation: %s", msg)
			continue
		}
		ann.offset = cm.offset
		out = append(out, ann)
	}
	return out
}

func (a *applier) applyAnnotation(t *Table, ann hashAnnotation) {
	src := a.src(ann.offset)
	if t == nil {
		a.c.warn(src, "ydblint:hash annotation: the table it belongs to was not defined")
		return
	}
	h := HashPrefix{Column: ann.column, Func: ann.fn, SourceColumn: ann.source, Evidence: "annotation", Src: src}
	if err := checkHash(t, h); err != nil {
		a.c.warn(src, "ydblint:hash annotation ignored: %v", err)
		return
	}
	t.Hash = preferHash(t.Hash, &h)
}

// resolve turns a statement's table reference into a catalogue path.
func (a *applier) resolve(ref *yql.TableRef) (tablePath, bool) {
	if ref == nil || ref.Named != "" || ref.Path == "" {
		return tablePath{}, false
	}
	return resolvePath(ref.Path, a.prefixAt(ref.Start))
}

// target finds the table an ALTER or DROP statement names: the exact path,
// else a unique suffix match.
func (a *applier) target(p tablePath) *Table {
	if i, ok := a.c.find(p.String(), p.prefixUnknown); ok {
		return a.c.Tables[i]
	}
	var found *Table
	for _, t := range a.c.Tables {
		tp, ok := t.tablePath()
		if ok && mayDenoteSame(p, tp) {
			if found != nil {
				return nil
			}
			found = t
		}
	}
	return found
}

func typeString(t *yql.TypeRef) string {
	u := t.Unwrap()
	if u == nil || yql.ContainsHole(u.Name) {
		return ""
	}
	s := u.String()
	if yql.ContainsHole(s) {
		return ""
	}
	return s
}

func (a *applier) column(cd *yql.ColumnDef) *Column {
	typ := typeString(cd.Type)
	return &Column{
		Name:       cd.Name.Name,
		Type:       typ,
		NotNull:    cd.NotNull,
		HasDefault: cd.HasDefault || isSerialType(typ),
		Src:        a.src(cd.Start),
	}
}

func identNames(ids []*yql.Ident) []string {
	if len(ids) == 0 {
		return nil
	}
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if id != nil {
			out = append(out, id.Name)
		}
	}
	return out
}

func (a *applier) index(ix *yql.IndexDef) *Index {
	kind := ix.Using
	if strings.EqualFold(kind, "secondary") {
		kind = ""
	}
	return &Index{
		Name:    ix.Name.Name,
		Columns: identNames(ix.Columns),
		Cover:   identNames(ix.Cover),
		Async:   ix.Async,
		Unique:  ix.Unique,
		Kind:    kind,
		Src:     a.src(ix.Start),
	}
}

// create applies CREATE TABLE and returns the table defined at that path
// afterwards (nil when the statement was skipped).
func (a *applier) create(st *yql.CreateTableStmt) *Table {
	src := a.src(st.Start)
	p, ok := a.resolve(st.Table)
	if !ok {
		a.c.warn(src, "CREATE TABLE with an unknown table name skipped")
		return nil
	}
	if i, exists := a.c.find(p.String(), p.prefixUnknown); exists && st.IfNotExists {
		return a.c.Tables[i]
	}
	t := &Table{
		Path:          p.String(),
		PrefixUnknown: p.prefixUnknown,
		PrimaryKey:    identNames(st.PrimaryKey),
		PartitionBy:   identNames(st.PartitionBy),
		Src:           src,
		KeySrc:        src,
	}
	if st.PKSpan != (yql.Span{}) {
		t.KeySrc = a.src(st.PKSpan.Start)
	}
	for _, cd := range st.Columns {
		if cd != nil && cd.Name != nil {
			setColumn(t, a.column(cd))
		}
	}
	for _, ix := range st.Indexes {
		if ix != nil && ix.Name != nil {
			setIndex(t, a.index(ix))
		}
	}
	for _, s := range st.With {
		a.setting(t, s)
	}
	if st.AsSelect {
		t.Columns = nil
	}
	for _, f := range CheckColumnTypes(displayPath(st.Table.Path), st.Columns) {
		a.textFault(f)
	}
	for _, f := range CheckCreateTable(st, a.text) {
		a.textFault(f)
	}
	a.c.finishTable(t)
	a.c.put(t)
	return t
}

// setting applies one WITH (…) entry of CREATE TABLE.
func (a *applier) setting(t *Table, s *yql.Setting) {
	switch s.Name {
	case "STORE":
		if strings.EqualFold(settingWord(s.Value), "COLUMN") {
			t.Store = ColumnStore
		} else {
			t.Store = RowStore
		}
	case "UNIFORM_PARTITIONS":
		if lit, ok := s.Value.(*yql.Literal); ok && lit.Kind == yql.LitInt {
			if n, err := strconv.ParseInt(lit.Value, 0, 32); err == nil && n > 0 {
				t.UniformPartitions = int(n)
			}
		}
	case "TTL":
		t.TTLColumn = ttlColumn(a.spanText(s.Start, s.End))
	}
}

// settingWord returns the word of an identifier or string setting value.
func settingWord(e yql.Expr) string {
	switch v := e.(type) {
	case *yql.ColumnRef:
		if v.Qualifier == "" {
			return v.Name
		}
	case *yql.Literal:
		if v.Kind == yql.LitString {
			return v.Value
		}
	}
	return ""
}

func (a *applier) spanText(start, end int) string {
	if start < 0 || end > len(a.text) || start > end {
		return ""
	}
	return a.text[start:end]
}

// ttlColumn finds the column of `… ON col [AS unit]` in a TTL setting's
// text, skipping string literals.
func ttlColumn(text string) string {
	col := ""
	for i := 0; i < len(text); {
		ch := text[i]
		switch {
		case ch == '\'' || ch == '"':
			j := i + 1
			for j < len(text) && text[j] != ch {
				if text[j] == '\\' {
					j++
				}
				j++
			}
			i = j + 1
		case (ch == 'O' || ch == 'o') && i+2 <= len(text) && strings.EqualFold(text[i:i+2], "ON") &&
			(i == 0 || !isIdentByte(text[i-1], false)) && (i+2 == len(text) || !isIdentByte(text[i+2], false)):
			sc := &annScanner{s: text, i: i + 2}
			skipSpaceAndComments(sc)
			if name, ok := sc.name(false); ok {
				col = name
			}
			i = sc.i
		default:
			i++
		}
	}
	return col
}

// alter applies ALTER TABLE.
func (a *applier) alter(st *yql.AlterTableStmt) {
	src := a.src(st.Start)
	p, ok := a.resolve(st.Table)
	if !ok {
		a.c.warn(src, "ALTER TABLE with an unknown table name skipped")
		return
	}
	t := a.target(p)
	if t == nil {
		a.c.warn(src, "ALTER TABLE %s: table not defined before; skipped", p)
		return
	}
	for _, act := range st.Actions {
		switch act := act.(type) {
		case *yql.AddColumn:
			if act.Column != nil && act.Column.Name != nil {
				for _, f := range CheckColumnTypes(displayPath(st.Table.Path), []*yql.ColumnDef{act.Column}) {
					a.textFault(f)
				}
				setColumn(t, a.column(act.Column))
			}
		case *yql.DropColumn:
			if act.Name == nil {
				continue
			}
			if _, key := t.IsKey(act.Name.Name); key {
				a.c.warn(a.src(act.Start), "ALTER TABLE %s DROP COLUMN %s: a key column cannot be dropped; ignored", t.Path, act.Name.Name)
				continue
			}
			for i, col := range t.Columns {
				if col.Name == act.Name.Name {
					t.Columns = append(t.Columns[:i], t.Columns[i+1:]...)
					break
				}
			}
		case *yql.AddIndex:
			if act.Index != nil && act.Index.Name != nil {
				setIndex(t, a.index(act.Index))
			}
		case *yql.DropIndex:
			if act.Name == nil {
				continue
			}
			if !dropIndex(t, act.Name.Name) {
				a.c.warn(a.src(act.Start), "ALTER TABLE %s DROP INDEX %s: no such index", t.Path, act.Name.Name)
			}
		case *yql.RenameIndex:
			if act.From == nil || act.To == nil {
				continue
			}
			ix := t.Index(act.From.Name)
			if ix == nil {
				a.c.warn(a.src(act.Start), "ALTER TABLE %s RENAME INDEX %s: no such index", t.Path, act.From.Name)
				continue
			}
			if act.To.Name != act.From.Name {
				dropIndex(t, act.To.Name)
			}
			ix.Name = act.To.Name
		case *yql.OpaqueAction:
			t = a.opaqueAction(t, act)
		}
	}
}

func dropIndex(t *Table, name string) bool {
	for i, ix := range t.Indexes {
		if ix.Name == name {
			t.Indexes = append(t.Indexes[:i], t.Indexes[i+1:]...)
			return true
		}
	}
	return false
}

// opaqueAction handles the unmodelled ALTER TABLE actions that matter to
// the catalogue: RENAME TO (the table's identity), SET (TTL = …) and
// RESET (TTL). It returns the table the following actions apply to.
func (a *applier) opaqueAction(t *Table, act *yql.OpaqueAction) *Table {
	words := strings.Fields(act.Text)
	sc := &annScanner{s: act.Text}
	switch {
	case sc.word() == "RENAME" && sc.word() == "TO":
		skipSpaceAndComments(sc)
		name, ok := sc.name(true)
		skipSpaceAndComments(sc)
		if !ok || !sc.done() {
			t.Incomplete = "RENAME TO could not be read"
			a.c.warn(a.src(act.Start), "ALTER TABLE %s %s: not understood; rules ignore the table", t.Path, act.Text)
			return t
		}
		np, ok := resolvePath(name, a.prefixAt(act.Start))
		if !ok {
			a.c.remove(t)
			a.c.warn(a.src(act.Start), "ALTER TABLE %s RENAME TO an unknown name; table forgotten", t.Path)
			return t
		}
		a.c.remove(t)
		t.Path, t.PrefixUnknown = np.String(), np.prefixUnknown
		a.c.put(t)
		return t
	case len(words) >= 1 && strings.EqualFold(words[0], "SET") && strings.Contains(strings.ToUpper(act.Text), "TTL"):
		if f, ok := CheckAlterTTL(t, act.Text); ok {
			f.Offset = act.Start
			a.textFault(f)
		}
		if col := ttlColumn(act.Text); col != "" {
			t.TTLColumn = col
		}
	case len(words) >= 1 && strings.EqualFold(words[0], "RESET") && strings.Contains(strings.ToUpper(act.Text), "TTL"):
		t.TTLColumn = ""
	}
	return t
}

// drop applies DROP TABLE.
func (a *applier) drop(st *yql.DropTableStmt) {
	src := a.src(st.Start)
	p, ok := a.resolve(st.Table)
	if !ok {
		a.c.warn(src, "DROP TABLE with an unknown table name skipped")
		return
	}
	t := a.target(p)
	if t == nil {
		if !st.IfExists {
			a.c.warn(src, "DROP TABLE %s: table not defined before", p)
		}
		return
	}
	a.c.remove(t)
}

// opaque handles a statement the parser could not model. A CREATE, ALTER
// or DROP TABLE that failed to parse may change a table in ways we cannot
// see: the table is marked incomplete (a CREATE of a path not defined yet
// leaves an incomplete placeholder), so that rules stay silent and a suffix
// lookup does not pick another table in its place. ALTER and DROP find
// their table as target does (exact, else a unique suffix match: the
// statement may name it relative to a prefix we do not know).
func (a *applier) opaque(st *yql.OpaqueStmt) {
	kw := strings.ToUpper(st.Keyword)
	if kw != "CREATE" && kw != "ALTER" && kw != "DROP" {
		return
	}
	text := a.spanText(st.Start, st.End)
	name, ok := ddlTableName(text)
	if !ok {
		return
	}
	src := a.src(st.Start)
	p, ok := resolvePath(name, a.prefixAt(st.Start))
	if !ok {
		a.c.warn(src, "%s TABLE statement not understood", kw)
		return
	}
	reason := kw + " TABLE at " + src.String() + " not understood"
	if st.Reason != "" {
		reason += " (" + st.Reason + ")"
	}
	if kw == "CREATE" {
		// A CREATE names the table it defines, not one to find: only the
		// table at exactly that path is replaced. A suffix match would let
		// an unparsable `archive/members` silence an unrelated `members`.
		if i, ok := a.c.find(p.String(), p.prefixUnknown); ok {
			a.c.Tables[i].Incomplete = reason
		} else {
			a.c.put(&Table{Path: p.String(), PrefixUnknown: p.prefixUnknown, Src: src, KeySrc: src, Incomplete: reason})
		}
	} else if t := a.target(p); t != nil {
		t.Incomplete = reason
	}
	a.c.warn(src, "%s TABLE %s not understood; rules ignore the table", kw, p)
}

// ddlTableName reads the table name of `CREATE [OR REPLACE] [TEMP|TEMPORARY]
// TABLE [IF NOT EXISTS] name`, `ALTER TABLE name`, `DROP TABLE [IF EXISTS]
// name` from raw text. Other CREATE/ALTER/DROP statements (TOPIC, VIEW,
// EXTERNAL TABLE, …) report false.
func ddlTableName(text string) (string, bool) {
	sc := &annScanner{s: text}
	word := sc.word
	switch word() {
	case "CREATE":
		w := word()
		if w == "OR" {
			if word() != "REPLACE" {
				return "", false
			}
			w = word()
		}
		if w == "TEMP" || w == "TEMPORARY" {
			w = word()
		}
		if w != "TABLE" {
			return "", false
		}
		save := sc.i
		if word() == "IF" && word() == "NOT" && word() == "EXISTS" {
			save = sc.i
		}
		sc.i = save
	case "ALTER":
		if word() != "TABLE" {
			return "", false
		}
	case "DROP":
		if word() != "TABLE" {
			return "", false
		}
		save := sc.i
		if word() == "IF" && word() == "EXISTS" {
			save = sc.i
		}
		sc.i = save
	default:
		return "", false
	}
	skipSpaceAndComments(sc)
	name, ok := sc.name(true)
	return name, ok && name != ""
}

// word skips blanks and comments and reads an upper-cased keyword-like word
// ("" when none).
func (sc *annScanner) word() string {
	skipSpaceAndComments(sc)
	start := sc.i
	for !sc.done() && isIdentByte(sc.s[sc.i], false) {
		sc.i++
	}
	return strings.ToUpper(sc.s[start:sc.i])
}

func skipSpaceAndComments(sc *annScanner) {
	for !sc.done() {
		switch c := sc.s[sc.i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			sc.i++
		case c == '-' && strings.HasPrefix(sc.s[sc.i:], "--"):
			if j := strings.IndexByte(sc.s[sc.i:], '\n'); j >= 0 {
				sc.i += j + 1
			} else {
				sc.i = len(sc.s)
			}
		case c == '/' && strings.HasPrefix(sc.s[sc.i:], "/*"):
			if j := strings.Index(sc.s[sc.i+2:], "*/"); j >= 0 {
				sc.i += j + 4
			} else {
				sc.i = len(sc.s)
			}
		default:
			return
		}
	}
}
