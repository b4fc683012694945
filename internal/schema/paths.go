package schema

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// DatabaseRootKey is the hole key query-site tracing gives the driver's
// database name ((*ydb.Driver).Name(), passes/querysite). A path that
// starts with it, path.Join(db.Name(), "orders"), names the same table as
// the relative "orders": relative paths resolve against the database
// (without a TablePathPrefix), so the segment is dropped and the path read
// as relative. A TablePathPrefix of db.Name() is no prefix.
const DatabaseRootKey = "call:github.com/ydb-platform/ydb-go-sdk/v3.(*Driver).Name"

// databaseRootSeg is DatabaseRootKey as a keyed path segment.
const databaseRootSeg = "{" + DatabaseRootKey + "}"

// maxPathLen bounds the table paths this package looks at; anything longer
// is treated as unknown rather than split and compared.
const maxPathLen = 4096

// tablePath is a parsed table path.
//
// A path is "complete" when it is absolute and every segment is known: it
// then denotes exactly one table. Any other path denotes "some unknown
// prefix, then segs": a relative name resolved against a database or
// TablePathPrefix we do not know, or a name whose leading part was a hole.
type tablePath struct {
	segs          []string
	abs           bool
	prefixUnknown bool
}

func (p tablePath) complete() bool { return p.abs && !p.prefixUnknown }

func (p tablePath) String() string {
	s := strings.Join(p.segs, "/")
	if p.abs {
		return "/" + s
	}
	return s
}

// unquotePath removes one pair of surrounding backticks and the backtick
// escapes inside, so that callers may hand over a name as written.
func unquotePath(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		inner := s[1 : len(s)-1]
		var b strings.Builder
		for i := 0; i < len(inner); i++ {
			if inner[i] == '\\' && i+1 < len(inner) {
				i++
			}
			b.WriteByte(inner[i])
		}
		return b.String()
	}
	return s
}

// splitSegments splits a path at '/' except inside a brace-delimited hole
// identity key ({field:example.com/pkg.T.path} is one segment, whatever it
// contains). Empty and "." segments are dropped.
func splitSegments(s string) []string {
	var segs []string
	depth, start := 0, 0
	flush := func(end int) {
		seg := s[start:end]
		if seg != "" && seg != "." {
			segs = append(segs, seg)
		}
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth == 0 {
				flush(i)
				start = i + 1
			}
		}
	}
	flush(len(s))
	return joinDirBase(segs)
}

// Hole keys of path.Dir(v) and path.Base(v) for a Go value keyed K
// (querysite spells them so): "{dir:K}" followed by "{base:K}" is the
// value "{K}" again, since path.Join(path.Dir(v), path.Base(v)) names the
// same table as v. A query under PRAGMA TablePathPrefix(path.Dir(p)) naming
// path.Base(p) thus finds the table created as p.
const (
	dirKeyPrefix  = "{dir:"
	baseKeyPrefix = "{base:"
)

// joinDirBase replaces each "{dir:K}", "{base:K}" pair of adjacent segments
// by "{K}".
func joinDirBase(segs []string) []string {
	for i := 0; i+1 < len(segs); i++ {
		d, b := segs[i], segs[i+1]
		if !strings.HasPrefix(d, dirKeyPrefix) || !strings.HasPrefix(b, baseKeyPrefix) || !strings.HasSuffix(d, "}") {
			continue
		}
		if k := d[len(dirKeyPrefix):]; k == b[len(baseKeyPrefix):] && len(k) > 1 {
			segs[i] = "{" + k
			segs = append(segs[:i+1], segs[i+2:]...)
		}
	}
	return segs
}

// unknownText reports a path or segment whose value is not known: a raw
// hole placeholder, or a text/template action ("{{ .TablePathPrefix }}",
// DDL kept as a template and rendered at run time), which names no table.
func unknownText(s string) bool {
	if yql.ContainsHole(s) {
		return true
	}
	i := strings.Index(s, "{{")
	return i >= 0 && strings.Contains(s[i+2:], "}}")
}

// minPatternHead is the shortest known head a name pattern needs.
const minPatternHead = 3

// namePattern turns a table name made of a known head and run-time pieces
// (a partitioned table: "traces_" + date + "_" + n, a raw hole or a keyed
// hole glued to the head) into the pattern head + "*". DDL and queries that
// build names the same way then name the same table family, which shares
// one definition; a name with no known head stays unknown. YDB names never
// contain '*', so a pattern never equals a real name.
func namePattern(seg string) (string, bool) {
	if strings.Contains(seg, "{{") {
		return "", false // a text/template action: unknownText decides
	}
	i := strings.Index(seg, yql.HolePrefix)
	if j := strings.IndexByte(seg, '{'); j >= 0 && (i < 0 || j < i) {
		i = j
	}
	if i < minPatternHead {
		return "", false
	}
	head := seg[:i]
	letter := false
	for k := 0; k < len(head); k++ {
		c := head[k]
		switch {
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.':
		default:
			return "", false
		}
	}
	if !letter {
		return "", false
	}
	return head + "*", true
}

// parsePath parses a table path. ok is false when the table's own name is
// unknown (empty, too long, or a raw hole placeholder in the last segment).
// A raw hole placeholder in a leading segment makes everything up to it an
// unknown prefix.
func parsePath(s string) (p tablePath, ok bool) {
	s = unquotePath(s)
	if s == "" || len(s) > maxPathLen {
		return p, false
	}
	p.abs = strings.HasPrefix(s, "/")
	p.segs = splitSegments(s)
	if len(p.segs) > 1 && p.segs[0] == databaseRootSeg {
		p.segs, p.abs = p.segs[1:], false
	}
	if len(p.segs) == 0 {
		return p, false
	}
	if pat, ok := namePattern(p.segs[len(p.segs)-1]); ok {
		p.segs[len(p.segs)-1] = pat
	}
	last := -1
	for i, seg := range p.segs {
		if unknownText(seg) {
			last = i
		}
	}
	if last == len(p.segs)-1 {
		return p, false
	}
	if last >= 0 {
		p.segs = p.segs[last+1:]
		p.abs = false
		p.prefixUnknown = true
	}
	return p, true
}

// resolvePath joins a reference with a TablePathPrefix the way YDB does:
// like a filesystem path, with absolute references unchanged.
func resolvePath(ref, prefix string) (tablePath, bool) {
	r, ok := parsePath(ref)
	if !ok {
		return r, false
	}
	if r.abs || r.prefixUnknown {
		return r, true
	}
	pfx := unquotePath(prefix)
	if rest, ok := strings.CutPrefix(pfx, databaseRootSeg); ok && (rest == "" || rest[0] == '/') {
		pfx = strings.TrimLeft(rest, "/") // relative to the database, as the reference itself
	}
	if pfx == "" {
		return r, true
	}
	if unknownText(pfx) {
		// The prefix is not known: only the reference itself is.
		r.prefixUnknown = true
		return r, true
	}
	pp := tablePath{abs: strings.HasPrefix(pfx, "/"), segs: splitSegments(pfx)}
	joined := tablePath{abs: pp.abs, segs: joinDirBase(append(append([]string(nil), pp.segs...), r.segs...))}
	if len(joined.String()) > maxPathLen {
		return joined, false
	}
	return joined, true
}

// NormalizePath returns the canonical spelling of a table path after
// joining it with prefix: backticks removed, repeated and trailing slashes
// collapsed, a raw hole placeholder prefix cut off. prefixUnknown reports
// that only the returned suffix is known; ok is false when the table's
// name itself is unknown.
func NormalizePath(ref, prefix string) (path string, prefixUnknown, ok bool) {
	p, ok := resolvePath(ref, prefix)
	if !ok {
		return "", false, false
	}
	return p.String(), p.prefixUnknown, true
}

func hasSuffixSegs(long, short []string) bool {
	if len(short) > len(long) {
		return false
	}
	off := len(long) - len(short)
	for i, s := range short {
		if long[off+i] != s {
			return false
		}
	}
	return true
}

func equalSegs(a, b []string) bool {
	return len(a) == len(b) && hasSuffixSegs(a, b)
}

// exactMatch: both paths are fully spelled out the same way.
func exactMatch(q, t tablePath) bool {
	return !q.prefixUnknown && !t.prefixUnknown && q.abs == t.abs && equalSegs(q.segs, t.segs)
}

// mayDenoteSame reports whether two paths can name the same table: two
// complete paths only when equal; otherwise the incomplete one's segments
// must be a suffix of the other's.
func mayDenoteSame(q, t tablePath) bool {
	switch {
	case q.complete() && t.complete():
		return equalSegs(q.segs, t.segs)
	case q.complete():
		return hasSuffixSegs(q.segs, t.segs)
	case t.complete():
		return hasSuffixSegs(t.segs, q.segs)
	default:
		return hasSuffixSegs(q.segs, t.segs) || hasSuffixSegs(t.segs, q.segs)
	}
}

// LookupStatus is the outcome of Catalog.Lookup.
type LookupStatus int

const (
	// LookupNotFound: no schema table can be the referenced one.
	LookupNotFound LookupStatus = iota
	// LookupExact: the reference, resolved, spells exactly a table's path.
	LookupExact
	// LookupSuffix: exactly one table's path agrees with the reference
	// on every known trailing segment.
	LookupSuffix
	// LookupAmbiguous: several tables could be the referenced one.
	LookupAmbiguous
	// LookupConflict: the table was defined with different primary keys by
	// different sources.
	LookupConflict
	// LookupIncomplete: some DDL for the table could not be understood.
	LookupIncomplete
)

func (s LookupStatus) String() string {
	switch s {
	case LookupNotFound:
		return "not found"
	case LookupExact:
		return "exact"
	case LookupSuffix:
		return "unique suffix"
	case LookupAmbiguous:
		return "ambiguous"
	case LookupConflict:
		return "conflicting definitions"
	case LookupIncomplete:
		return "incomplete definition"
	}
	return "?"
}

// OK reports whether the lookup found one table that rules may reason about.
func (s LookupStatus) OK() bool { return s == LookupExact || s == LookupSuffix }

// Lookup finds the schema table a query's table reference names. ref is the
// path as written (backticks allowed); prefix is the TablePathPrefix in
// effect for the query ("" when none is known), joined like a filesystem
// path unless ref is absolute.
//
// An exact match wins. Otherwise a table matches when the paths agree on
// every segment both know (a suffix match), and it is returned only when it
// is the only such table. The table is also returned with LookupConflict and
// LookupIncomplete, for messages; rules must stay silent then, as they must
// for every status whose OK is false.
func (c *Catalog) Lookup(ref string, prefix string) (*Table, LookupStatus) {
	q, ok := resolvePath(ref, prefix)
	if !ok {
		return nil, LookupNotFound
	}
	// A placeholder of an undecoded CreateTable (Undecoded) is the
	// answer only where no other definition is: the same table may be
	// defined completely under a path spelled otherwise (a schema package
	// decoded by syntax, a migration).
	if t, st := c.lookup(q, false); st != LookupNotFound {
		return t, st
	}
	return c.lookup(q, true)
}

// lookup is Lookup among the tables whose Undecoded is undecoded.
func (c *Catalog) lookup(q tablePath, undecoded bool) (*Table, LookupStatus) {
	var found *Table
	status := LookupNotFound
	for _, t := range c.Tables {
		if t.Undecoded != undecoded {
			continue
		}
		tp, ok := t.tablePath()
		if ok && exactMatch(q, tp) {
			found, status = t, LookupExact
			break
		}
	}
	if found == nil {
		var cands []*Table
		for _, t := range c.Tables {
			if t.Undecoded != undecoded {
				continue
			}
			tp, ok := t.tablePath()
			if ok && mayDenoteSame(q, tp) {
				cands = append(cands, t)
			}
		}
		switch {
		case len(cands) == 0:
			return nil, LookupNotFound
		case len(cands) > 1:
			found = sameTable(cands)
			if found == nil {
				return nil, LookupAmbiguous
			}
		default:
			found = cands[0]
		}
		status = LookupSuffix
	}
	switch {
	case found.Conflict:
		return found, LookupConflict
	case found.Incomplete != "":
		return found, LookupIncomplete
	}
	return found, status
}

// sameTable returns the one table several suffix candidates stand for when
// they are defined identically — the same columns, key, indexes and
// storage, as when one CreateTable helper is called under different
// prefixes (path.Join(prefix, "filemeta") and path.Join(s.prefix,
// "filemeta")): whichever the query names, it is planned the same way. The
// candidate carrying hash-prefix evidence is preferred; candidates with
// different evidence, or any conflicting or incomplete one, give nil.
func sameTable(cands []*Table) *Table {
	pick := cands[0]
	for _, t := range cands {
		if t.Conflict || t.Incomplete != "" || !sameShape(cands[0], t) {
			return nil
		}
		if t.Hash != nil {
			if pick.Hash != nil && !sameHash(pick.Hash, t.Hash) {
				return nil
			}
			if pick.Hash == nil {
				pick = t
			}
		}
	}
	return pick
}

func sameHash(a, b *HashPrefix) bool {
	return a.Column == b.Column && a.Func == b.Func && a.SourceColumn == b.SourceColumn
}

// sameShape compares what planning reads of a table: not its path, sources
// or evidence.
func sameShape(a, b *Table) bool {
	if !equalStrings(a.PrimaryKey, b.PrimaryKey) || a.Store != b.Store || !equalStrings(a.PartitionBy, b.PartitionBy) ||
		len(a.Columns) != len(b.Columns) || len(a.Indexes) != len(b.Indexes) || a.TTLColumn != b.TTLColumn {
		return false
	}
	for i, c := range a.Columns {
		d := b.Columns[i]
		if c.Name != d.Name || c.Type != d.Type || c.NotNull != d.NotNull || c.HasDefault != d.HasDefault {
			return false
		}
	}
	for i, x := range a.Indexes {
		y := b.Indexes[i]
		if x.Name != y.Name || !equalStrings(x.Columns, y.Columns) || !equalStrings(x.Cover, y.Cover) ||
			x.Async != y.Async || x.Unique != y.Unique || x.Kind != y.Kind {
			return false
		}
	}
	return true
}

// tablePath parses the table's own path.
func (t *Table) tablePath() (tablePath, bool) {
	p, ok := parsePath(t.Path)
	if !ok {
		return p, false
	}
	if t.PrefixUnknown {
		p.abs = false
		p.prefixUnknown = true
	}
	return p, true
}
