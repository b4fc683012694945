package modscan

import (
	"path"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ydblint/ydblint/internal/srcfiles"
)

// The one walk of a module root: the directories every reader's files may
// lie in. What each reader reads is bounded by the limits of its view.
const (
	walkDepth   = 16
	walkEntries = 60000
)

// SchemaLimits bound the reads of schema inputs: schema discovery parses
// every non-test Go file of a directory with DDL, so the budget is smaller
// than for the module's code. Schema discovery reads configured and
// embedded schema files outside the module walk within them too.
func SchemaLimits() srcfiles.Limits {
	return srcfiles.Limits{MaxDepth: walkDepth, MaxEntries: walkEntries, MaxFiles: 12000, MaxFileBytes: 1 << 20, MaxTotalBytes: 64 << 20}
}

// codeLimits bound a read of every Go file of the module, tests included.
func codeLimits() srcfiles.Limits {
	return srcfiles.Limits{MaxDepth: walkDepth, MaxEntries: walkEntries, MaxFiles: 20000, MaxFileBytes: 4 << 20, MaxTotalBytes: 256 << 20}
}

// Cache holds one Module per module root. The zero value is ready to use;
// a nil *Cache caches nothing (every Module call walks again).
type Cache struct {
	modules sync.Map // root → *Module
}

// Module returns the module at root (a directory holding go.mod), walked
// on first use.
func (c *Cache) Module(root string) *Module {
	if c == nil {
		return &Module{root: root}
	}
	if m, ok := c.modules.Load(root); ok {
		return m.(*Module)
	}
	m, _ := c.modules.LoadOrStore(root, &Module{root: root})
	return m.(*Module)
}

// Forget drops every module, so that the next analysis walks and reads
// again. Analyses running meanwhile keep the modules they hold.
func (c *Cache) Forget() {
	if c != nil {
		c.modules.Clear()
	}
}

// Module is one module root as this process has read it: the walk of its
// directories, done once on first use, and what its readers derived from
// its files. It never changes once built; Cache.Forget replaces it.
type Module struct {
	root    string
	once    sync.Once
	listing *srcfiles.Listing
	path    string
	derived sync.Map // key → *derived
}

// Root returns the module root.
func (m *Module) Root() string { return m.root }

// Path returns the module path go.mod declares, "" when it declares none.
func (m *Module) Path() string {
	m.walk()
	return m.path
}

// walk lists the Go and schema files of the module once.
func (m *Module) walk() {
	m.once.Do(func() {
		m.listing = srcfiles.List(m.root, srcfiles.Limits{MaxDepth: walkDepth, MaxEntries: walkEntries}, listed)
		m.path = srcfiles.ModulePath(m.root)
	})
}

// listed is what the walk records: the files some view reads.
func listed(rel string) bool { return strings.HasSuffix(rel, ".go") || IsSchemaFile(rel) }

// SchemaInputs reads the module's schema files (.sql, .yql) and non-test Go
// files, in lexical order, within schema discovery's bounds, with a Note
// for each file skipped and for a bound reached. Test files are left out:
// their DDL builds fixtures.
func (m *Module) SchemaInputs() ([]srcfiles.File, []srcfiles.Note) {
	m.walk()
	return m.listing.Read(SchemaLimits(), func(rel string) bool {
		return IsSchemaFile(rel) || strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
	})
}

// GoSources reads every Go file of the module, tests included, in lexical
// order, within the bounds of a scan of the module's code, with a Note for
// each file skipped and for a bound reached.
func (m *Module) GoSources() ([]srcfiles.File, []srcfiles.Note) {
	m.walk()
	return m.listing.Read(codeLimits(), func(rel string) bool { return strings.HasSuffix(rel, ".go") })
}

// PackageDirs returns the directories (relative to the root, "." for the
// root itself) that hold a non-test Go file, in lexical order: the
// module's packages as the file tree shows them, without build tags.
func (m *Module) PackageDirs() []string {
	return Derive(m, packageDirsKey{}, listPackageDirs)
}

type packageDirsKey struct{}

func listPackageDirs(m *Module) []string {
	m.walk()
	var dirs []string
	for _, rel := range m.listing.Names(func(rel string) bool {
		return strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go")
	}) {
		dir := path.Dir(rel)
		if len(dirs) == 0 || dirs[len(dirs)-1] != dir {
			dirs = append(dirs, dir)
		}
	}
	sort.Strings(dirs)
	return slices.Compact(dirs)
}

// SchemaOwner returns the package directory that answers for the schema
// file rel (relative to the root): the nearest directory of PackageDirs
// that holds the file (its own, or an ancestor), else the root-most
// package directory (fewest path elements, then lexical order); only
// directories inScope accepts count (nil: all). Every package of the
// module computes the same owner from the file tree, so each driver
// reports such a file's faults once. "" when no package qualifies.
func (m *Module) SchemaOwner(rel string, inScope func(dir string) bool) string {
	var dirs []string
	for _, d := range m.PackageDirs() {
		if inScope == nil || inScope(d) {
			dirs = append(dirs, d)
		}
	}
	best := ""
	for d := path.Dir(rel); ; d = path.Dir(d) {
		if _, ok := slices.BinarySearch(dirs, d); ok {
			return d
		}
		if d == "." || d == "/" || d == "" {
			break
		}
	}
	for _, d := range dirs {
		if best == "" || depth(d) < depth(best) {
			best = d // dirs is sorted, so the first of a depth is the lexically first
		}
	}
	return best
}

// depth counts the path elements of a relative directory ("." has none).
func depth(dir string) int {
	if dir == "." {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

type derived struct {
	once sync.Once
	v    any
}

// Derive returns build(m), built once per module and key: what a reader
// makes of the module's files (schema discovery's catalogue inputs, the
// driver options), or any other value read from the module's files that
// must not outlive Forget. key is a comparable value of a type the caller
// owns, so that two callers never share one.
func Derive[T any](m *Module, key any, build func(*Module) T) T {
	e, ok := m.derived.Load(key)
	if !ok {
		e, _ = m.derived.LoadOrStore(key, new(derived))
	}
	d := e.(*derived)
	d.once.Do(func() { d.v = build(m) })
	v, _ := d.v.(T)
	return v
}
