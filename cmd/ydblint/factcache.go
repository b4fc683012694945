package main

// The fact cache of the standalone driver: the facts ydblint's fact
// analyzers export for a dependency in the module cache, kept on disk
// between runs, as go vet keeps them (vetx files in the build cache). A
// library such as gorm or xorm reaches database/sql, so its facts (query
// wrappers, texts) must be computed once from source; a module-cache
// package never changes, so later runs read it from export data and hand
// the cached facts to the checker instead (load.Config.Facts).
//
// An entry is keyed by this executable's contents, the configuration flags,
// the package's ID, export data file (named by the go command after its
// contents), its files' names, sizes and modification times, and the same
// key of each direct import whose facts are cached (its export data file
// for the others): a change anywhere below gives a new key. Facts are
// encoded as go vet does (objectpath and gob), so an importer sees what it
// would under go vet. YDBLINT_FACT_CACHE=off disables the cache; it is
// also off when -config or -migrations is set (their files are not in the
// key).

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"encoding/gob"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/ydblint/ydblint/cmd/ydblint/internal/load"
	"github.com/ydblint/ydblint/passes/config"
)

// factRecord is one fact of a cache entry.
type factRecord struct {
	Analyzer string
	Object   string // objectpath; "" for a package fact
	Type     string // the fact's type, reflect.Type.String()
	Data     []byte // gob
}

type factCache struct {
	dir      string
	base     []byte                        // executable and configuration
	analyzer map[string]*analysis.Analyzer // the fact analyzers by name
	keys     map[string]string             // package ID → key ("" when not cacheable)

	mu      sync.Mutex
	hits    map[string][]factRecord // package path → cached facts (read from export data)
	pending map[string]string       // package path → key, for packages analysed from source
	records map[string][]factRecord // package path → facts recorded this run
	failed  map[string]bool         // package path → an analyzer failed or could not encode a fact
	ran     map[string]int          // package path → fact analyzers recorded
}

// newFactCache returns the cache for this run, or nil when it is off.
func newFactCache(rules []*analysis.Analyzer) *factCache {
	if os.Getenv("YDBLINT_FACT_CACHE") == "off" {
		return nil
	}
	var cfgFlags []string
	off := false
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		cfgFlags = append(cfgFlags, f.Name+"="+f.Value.String())
		if (f.Name == config.ConfigFlag || f.Name == "migrations") && f.Value.String() != "" {
			off = true
		}
	})
	if off {
		return nil
	}
	dir, err := os.UserCacheDir()
	if err != nil {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	h := sha256.New()
	if id := goBuildID(exe); id != "" {
		fmt.Fprintf(h, "buildid %s\n", id)
	} else {
		f, err := os.Open(exe)
		if err != nil {
			return nil
		}
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return nil
		}
	}
	sort.Strings(cfgFlags)
	fmt.Fprintf(h, "\nfactcache v1\n%s\n", strings.Join(cfgFlags, "\n"))
	c := &factCache{
		dir:      filepath.Join(dir, "ydblint", "facts"),
		base:     h.Sum(nil),
		analyzer: map[string]*analysis.Analyzer{},
		keys:     map[string]string{},
		hits:     map[string][]factRecord{},
		pending:  map[string]string{},
		records:  map[string][]factRecord{},
		failed:   map[string]bool{},
		ran:      map[string]int{},
	}
	seen := map[*analysis.Analyzer]bool{}
	var walk func(as []*analysis.Analyzer)
	walk = func(as []*analysis.Analyzer) {
		for _, a := range as {
			if seen[a] {
				continue
			}
			seen[a] = true
			if len(a.FactTypes) > 0 {
				c.analyzer[a.Name] = a
			}
			walk(a.Requires)
		}
	}
	walk(rules)
	return c
}

// standard reports whether p is a standard package (no module, an import
// path whose first element has no dot).
func standard(p *packages.Package) bool {
	if p.Module != nil {
		return false
	}
	first, _, _ := strings.Cut(p.PkgPath, "/")
	return first != "" && !strings.Contains(first, ".")
}

// goBuildID returns the Go build ID of the ELF executable exe, "" when it
// has none or is not ELF. Its last part is the hash the go command gives
// the linked binary's content, so it names the executable as its contents'
// hash would, without reading 15 MB on every run.
func goBuildID(exe string) string {
	f, err := elf.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	sec := f.Section(".note.go.buildid")
	if sec == nil {
		return ""
	}
	b, err := sec.Data()
	// namesz, descsz, type (4 bytes each), "Go\x00\x00", then the ID.
	if err != nil || len(b) < 16 || string(b[12:16]) != "Go\x00\x00" {
		return ""
	}
	n := int(f.ByteOrder.Uint32(b[4:8]))
	if n <= 0 || 16+n > len(b) {
		return ""
	}
	id := string(b[16 : 16+n])
	if strings.Count(id, "/") == 0 {
		return ""
	}
	return id
}

// inModuleCache reports whether p is a package of a module in the module
// cache (a required module, not the main one, not replaced by a directory).
func inModuleCache(p *packages.Package) bool {
	m := p.Module
	if m == nil || m.Main || m.Version == "" || m.Dir == "" {
		return false
	}
	if m.Replace != nil && m.Replace.Version == "" {
		return false
	}
	return true
}

// key returns p's cache key, or "" when p's facts are not cached.
func (c *factCache) key(p *packages.Package) string {
	if k, ok := c.keys[p.ID]; ok {
		return k
	}
	k := ""
	if (inModuleCache(p) || standard(p)) && p.ExportFile != "" && len(p.Errors) == 0 {
		h := sha256.New()
		h.Write(c.base)
		fmt.Fprintf(h, "\npkg %s\nexport %s\n", p.ID, p.ExportFile)
		for _, name := range p.CompiledGoFiles {
			fi, err := os.Stat(name)
			if err != nil {
				c.keys[p.ID] = ""
				return ""
			}
			fmt.Fprintf(h, "file %s %d %d\n", name, fi.Size(), fi.ModTime().UnixNano())
		}
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			imp := p.Imports[path]
			if ik := c.key(imp); ik != "" {
				fmt.Fprintf(h, "import %s %s\n", path, ik)
			} else {
				fmt.Fprintf(h, "import %s %s %s\n", path, imp.ID, imp.ExportFile)
			}
		}
		k = hex.EncodeToString(h.Sum(nil))
	}
	c.keys[p.ID] = k
	return k
}

// facts is load.Config.Facts: it reports whether p's facts are cached,
// loading them.
func (c *factCache) facts(p *packages.Package) bool {
	k := c.key(p)
	if k == "" {
		return false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, err := os.ReadFile(filepath.Join(c.dir, k[:2], k)); err == nil {
		var recs []factRecord
		if gob.NewDecoder(bytes.NewReader(b)).Decode(&recs) == nil {
			c.hits[p.PkgPath] = recs
			return true
		}
	}
	return false
}

// track notes the module-cache packages of the snapshot loaded from source,
// whose facts this run records (originals, whose Imports are complete).
func (c *factCache) track(snap *load.Snapshot) {
	c.mu.Lock()
	defer c.mu.Unlock()
	packages.Visit(snap.Roots, nil, func(p *packages.Package) {
		if snap.Source(p.ID) && !strings.Contains(p.ID, " [") {
			if k := c.key(p); k != "" {
				c.pending[p.PkgPath] = k
			}
		}
	})
}

// activeCache is the cache of the run in progress (nil: none); wrapOnce
// installs the wrappers that consult it.
var (
	activeCache atomic.Pointer[factCache]
	wrapOnce    sync.Once
)

// activate makes c the cache the fact analyzers consult until the returned
// function is called: they hand over cached facts on the packages read from
// export data, and record the facts they export on the packages to be
// cached. The analyzers of this process are wrapped once (the standalone
// driver's process; runs do not overlap).
func (c *factCache) activate() (deactivate func()) {
	wrapOnce.Do(func() {
		for _, a := range c.analyzer {
			run := a.Run
			a.Run = func(pass *analysis.Pass) (any, error) {
				if c := activeCache.Load(); c != nil {
					return c.run(run, pass)
				}
				return run(pass)
			}
		}
	})
	activeCache.Store(c)
	return func() { activeCache.Store(nil) }
}

// run is one fact analyzer's run on a package under the cache.
func (c *factCache) run(run func(*analysis.Pass) (any, error), pass *analysis.Pass) (any, error) {
	path := pass.Pkg.Path()
	c.mu.Lock()
	recs, hit := c.hits[path]
	_, record := c.pending[path]
	c.mu.Unlock()
	if hit {
		return c.handOver(pass, recs)
	}
	res, err := run(pass)
	if record {
		c.record(pass, err != nil || hasFailure(res))
	}
	return res, err
}

// handOver exports the cached facts of the pass's analyzer; the analyzer's
// result on a package without syntax is its zero value (only the same
// package's fact analyzers, also handed over, could read it).
func (c *factCache) handOver(pass *analysis.Pass, recs []factRecord) (any, error) {
	a := pass.Analyzer
	byType := map[string]reflect.Type{}
	for _, f := range a.FactTypes {
		t := reflect.TypeOf(f)
		byType[t.String()] = t
	}
	for _, r := range recs {
		if r.Analyzer != a.Name {
			continue
		}
		t, ok := byType[r.Type]
		if !ok {
			return nil, fmt.Errorf("fact cache: unknown fact type %s", r.Type)
		}
		fact := reflect.New(t.Elem()).Interface().(analysis.Fact)
		if err := gob.NewDecoder(bytes.NewReader(r.Data)).Decode(fact); err != nil {
			return nil, fmt.Errorf("fact cache: decoding %s: %v", r.Type, err)
		}
		if r.Object == "" {
			pass.ExportPackageFact(fact)
			continue
		}
		obj, err := objectpath.Object(pass.Pkg, objectpath.Path(r.Object))
		if err != nil {
			continue // not in the export data: no importer can name it
		}
		pass.ExportObjectFact(obj, fact)
	}
	if a.ResultType == nil {
		return nil, nil
	}
	if a.ResultType.Kind() == reflect.Pointer {
		return reflect.New(a.ResultType.Elem()).Interface(), nil
	}
	return reflect.Zero(a.ResultType).Interface(), nil
}

// hasFailure reports whether a fact analyzer's result carries an internal
// failure (report.WrapFact turns a panic into a result with a non-empty
// Failure field): such facts are not kept.
func hasFailure(res any) bool {
	v := reflect.ValueOf(res)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return false
	}
	f := v.Elem().FieldByName("Failure")
	return f.IsValid() && f.Kind() == reflect.String && f.String() != ""
}

// record keeps the facts the pass exported about its own package.
func (c *factCache) record(pass *analysis.Pass, failed bool) {
	path := pass.Pkg.Path()
	var recs []factRecord
	bad := failed || len(pass.TypeErrors) > 0
	enc := func(obj string, f analysis.Fact) {
		var buf bytes.Buffer
		if e := gob.NewEncoder(&buf).Encode(f); e != nil {
			bad = true
			return
		}
		recs = append(recs, factRecord{Analyzer: pass.Analyzer.Name, Object: obj, Type: reflect.TypeOf(f).String(), Data: buf.Bytes()})
	}
	if !bad {
		for _, f := range pass.AllPackageFacts() {
			if f.Package == pass.Pkg {
				enc("", f.Fact)
			}
		}
		for _, f := range pass.AllObjectFacts() {
			if f.Object.Pkg() != pass.Pkg {
				continue
			}
			p, e := objectpath.For(f.Object)
			if e != nil {
				continue // as go vet: a fact no importer can name is not kept
			}
			enc(string(p), f.Fact)
		}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.ran[path]++
	if bad {
		c.failed[path] = true
		return
	}
	c.records[path] = append(c.records[path], recs...)
}

// save writes an entry for every package recorded this run whose fact
// analyzers all ran without failure. Errors leave the cache as it was.
func (c *factCache) save() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for path, k := range c.pending {
		if c.failed[path] || c.ran[path] != len(c.analyzer) {
			continue
		}
		recs := c.records[path]
		sort.SliceStable(recs, func(i, j int) bool {
			if recs[i].Analyzer != recs[j].Analyzer {
				return recs[i].Analyzer < recs[j].Analyzer
			}
			return recs[i].Object < recs[j].Object
		})
		var buf bytes.Buffer
		if gob.NewEncoder(&buf).Encode(recs) != nil {
			continue
		}
		dir := filepath.Join(c.dir, k[:2])
		if os.MkdirAll(dir, 0o755) != nil {
			return
		}
		tmp, err := os.CreateTemp(dir, k+".tmp*")
		if err != nil {
			return
		}
		_, err = tmp.Write(buf.Bytes())
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err != nil || os.Rename(tmp.Name(), filepath.Join(dir, k)) != nil {
			os.Remove(tmp.Name())
		}
	}
}
