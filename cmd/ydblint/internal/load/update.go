package load

import (
	"context"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"
)

// stamp identifies one state of a file (a missing file has exists false).
type stamp struct {
	exists bool
	size   int64
	mtime  time.Time
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{exists: true, size: fi.Size(), mtime: fi.ModTime()}
}

// local reports whether p's files can change under the user's hands: the
// main modules and modules replaced by a local directory. The module cache
// is read-only and GOROOT does not change during a session.
func local(p *packages.Package) bool {
	m := p.Module
	return m != nil && (m.Main || m.Replace != nil && m.Replace.Version == "")
}

// record notes, after a load, the state of every file the snapshot
// depends on: Go files of local packages, their directories' file lists,
// go.mod, go.sum and go.work of local modules, and the headers of source
// files.
func (s *Snapshot) record() {
	for _, id := range s.order {
		p := s.pkgs[id]
		if !local(p) {
			continue
		}
		var names []string
		names = append(names, p.GoFiles...)
		names = append(names, p.CompiledGoFiles...)
		names = append(names, p.IgnoredFiles...)
		for _, name := range names {
			if _, ok := s.stamps[name]; !ok {
				s.stamps[name] = stampOf(name)
			}
			if !slices.Contains(s.owners[name], id) {
				s.owners[name] = append(s.owners[name], id)
			}
		}
		for _, name := range p.GoFiles {
			dir := filepath.Dir(name)
			if _, ok := s.dirs[dir]; !ok {
				s.dirs[dir] = listGo(dir)
			}
		}
		if s.source[id] {
			for _, f := range p.Syntax {
				if tf := s.Fset.File(f.FileStart); tf != nil {
					s.headers[tf.Name()] = headerOf(tf.Name())
				}
			}
		}
		if m := p.Module; m != nil && m.GoMod != "" {
			dir := filepath.Dir(m.GoMod)
			for _, name := range []string{m.GoMod, filepath.Join(dir, "go.sum"), filepath.Join(dir, "go.work"), filepath.Join(dir, "go.work.sum")} {
				if _, ok := s.stamps[name]; !ok {
					s.stamps[name] = stampOf(name)
				}
			}
		}
	}
}

// listGo returns the names of the Go files in dir, one per line.
func listGo(dir string) string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "\x00" + err.Error()
	}
	var b strings.Builder
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") && !e.IsDir() {
			b.WriteString(e.Name())
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// headerOf returns what decides a Go file's place in the build and its
// imports: the build constraints, the package clause, the imports. A
// change to any of them needs a new go list.
func headerOf(path string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.ParseComments)
	if err != nil || f == nil {
		return "\x00unparsable"
	}
	var b strings.Builder
	for _, cg := range f.Comments {
		if cg.Pos() >= f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				b.WriteString(c.Text)
				b.WriteByte('\n')
			}
		}
	}
	b.WriteString("package " + f.Name.Name + "\n")
	for _, imp := range f.Imports {
		if imp.Name != nil {
			b.WriteString(imp.Name.Name + " ")
		}
		b.WriteString(imp.Path.Value + "\n")
	}
	return b.String()
}

// Changed returns the recorded files whose state differs from the disk's,
// sorted.
func (s *Snapshot) Changed() []string {
	var out []string
	for name, st := range s.stamps {
		if stampOf(name) != st {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// Update returns a snapshot of the files as they are on disk now. When
// nothing changed it returns s. When only files of source packages
// changed, and none in what decides the package graph (see headerOf, the
// directories' file lists, go.mod and friends), it type-checks again those
// packages and every source package importing them, reusing the rest, and
// reports ok. Otherwise it returns ok false and the caller loads anew.
func (s *Snapshot) Update(ctx context.Context) (_ *Snapshot, ok bool, _ error) {
	for dir, list := range s.dirs {
		if listGo(dir) != list {
			return nil, false, nil
		}
	}
	changed := s.Changed()
	if len(changed) == 0 {
		return s, true, nil
	}
	dirty := map[string]bool{}
	for _, name := range changed {
		owners := s.owners[name]
		if len(owners) == 0 {
			return nil, false, nil // go.mod, go.sum, go.work
		}
		h, known := s.headers[name]
		if !known || headerOf(name) != h {
			return nil, false, nil // not a source file, or its header changed
		}
		for _, id := range owners {
			if !s.markDirty(id, dirty) {
				return nil, false, nil
			}
		}
	}
	n := s.clone()
	// Fresh copies of the dirty packages, their imports rewired to the
	// copies, in dependency order.
	var ids []string
	for _, id := range s.order {
		if !dirty[id] {
			continue
		}
		ids = append(ids, id)
		c := new(packages.Package)
		*c = *s.pkgs[id]
		n.pkgs[id] = c
	}
	for _, id := range ids {
		c := n.pkgs[id]
		imports := make(map[string]*packages.Package, len(c.Imports))
		for path, imp := range c.Imports {
			imports[path] = n.pkgs[imp.ID]
		}
		c.Imports = imports
	}
	for i, r := range n.Roots {
		n.Roots[i] = n.pkgs[r.ID]
	}
	if err := n.typeCheck(ctx, ids); err != nil {
		return nil, false, err
	}
	for _, name := range changed {
		n.stamps[name] = stampOf(name)
		n.headers[name] = headerOf(name)
	}
	return n, true, nil
}

// markDirty adds id and every package importing it, and reports whether
// they are all source packages (export data cannot be re-derived here).
func (s *Snapshot) markDirty(id string, dirty map[string]bool) bool {
	if dirty[id] {
		return true
	}
	if !s.source[id] {
		return false
	}
	dirty[id] = true
	for _, imp := range s.importers[id] {
		if !s.markDirty(imp, dirty) {
			return false
		}
	}
	return true
}

// clone copies the snapshot's maps (the packages themselves are shared).
func (s *Snapshot) clone() *Snapshot {
	return &Snapshot{
		Fset:      s.Fset,
		Roots:     slices.Clone(s.Roots),
		cfg:       s.cfg,
		pkgs:      maps.Clone(s.pkgs),
		source:    s.source,
		facts:     s.facts,
		order:     s.order,
		importers: s.importers,
		owners:    s.owners,
		stamps:    maps.Clone(s.stamps),
		dirs:      s.dirs,
		headers:   maps.Clone(s.headers),
		read:      s.read,
	}
}

// String summarises the snapshot for logs.
func (s *Snapshot) String() string {
	all, src := s.Len()
	return strconv.Itoa(all) + " packages, " + strconv.Itoa(src) + " from source"
}
