package srcfiles

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxUpward bounds the walk from a package directory up to its go.mod.
const maxUpward = 64

// FindModuleRoot returns the nearest directory at or above dir that holds a
// go.mod file, or "" when there is none. dir should be absolute.
func FindModuleRoot(dir string) string {
	dir = filepath.Clean(dir)
	for i := 0; i < maxUpward && dir != ""; i++ {
		if fi, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && fi.Mode().IsRegular() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
	return ""
}

// ModulePath returns the module path declared by root/go.mod, or "" when the
// file cannot be read or declares none.
func ModulePath(root string) string {
	data, err := ReadFile(root, "go.mod", 1<<20)
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		rest, ok := strings.CutPrefix(line, "module")
		if !ok || rest == "" || (rest[0] != ' ' && rest[0] != '\t' && rest[0] != '"') {
			continue
		}
		if i := strings.Index(rest, "//"); i >= 0 {
			rest = rest[:i]
		}
		rest = strings.TrimSpace(rest)
		if unq, err := strconv.Unquote(rest); err == nil {
			rest = unq
		}
		return rest
	}
	return ""
}

// Limits bound a Walk. A zero field means "use the DefaultLimits value".
type Limits struct {
	MaxDepth      int   // directory depth below the root
	MaxEntries    int   // directory entries visited, files and directories
	MaxFiles      int   // files read
	MaxFileBytes  int64 // a larger file is skipped with a note
	MaxTotalBytes int64 // bytes read by one walk
}

// DefaultLimits are sized for a large service repository: a walk over them
// costs a few milliseconds of directory reads when the tree is in the page
// cache, and never more than 32 MiB of reads.
var DefaultLimits = Limits{
	MaxDepth:      16,
	MaxEntries:    50000,
	MaxFiles:      4000,
	MaxFileBytes:  2 << 20,
	MaxTotalBytes: 32 << 20,
}

func (l Limits) withDefaults() Limits {
	if l.MaxDepth <= 0 {
		l.MaxDepth = DefaultLimits.MaxDepth
	}
	if l.MaxEntries <= 0 {
		l.MaxEntries = DefaultLimits.MaxEntries
	}
	if l.MaxFiles <= 0 {
		l.MaxFiles = DefaultLimits.MaxFiles
	}
	if l.MaxFileBytes <= 0 {
		l.MaxFileBytes = DefaultLimits.MaxFileBytes
	}
	if l.MaxTotalBytes <= 0 {
		l.MaxTotalBytes = DefaultLimits.MaxTotalBytes
	}
	return l
}

// File is one file read inside a module root.
type File struct {
	Rel     string // slash-separated path relative to the root
	Content []byte
}

// Note records a file or directory that was skipped, and why, so that the
// caller can explain a missing table instead of silently losing it.
type Note struct {
	Rel string // slash-separated path relative to the root ("." for the root)
	Msg string
}

func (n Note) String() string { return n.Rel + ": " + n.Msg }

// SkipDir reports whether a directory with this base name is never entered:
// it holds dependencies (vendor, node_modules), fixtures (testdata), or is
// ignored by the go command (hidden and underscore-prefixed names).
func SkipDir(name string) bool {
	switch name {
	case "vendor", "node_modules", "testdata":
		return true
	}
	return strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// Walk visits the regular files below root in lexical order and reads those
// for which match(rel) is true, within the limits. Directories for which
// SkipDir is true and directories holding their own go.mod (nested modules)
// are not entered. Symlinks are not followed. Files that are too large,
// binary (a NUL byte or invalid UTF-8) or unreadable are skipped with a Note;
// reaching a walk limit stops the walk with a Note. It is List followed by
// Read with the same limits and match.
func Walk(root string, lim Limits, match func(rel string) bool) ([]File, []Note) {
	return List(root, lim, match).Read(lim, match)
}

// Listing is one walk of a root's directories without reading any file:
// the regular files match accepted, in lexical order, interleaved with the
// walk's notes (unreadable or too deep directories, the walk stopping).
// Several readers that each want their own part of a tree share one
// Listing, and each Reads its part with its own bounds.
type Listing struct {
	root  string
	items []listItem
}

// listItem is a file the walk found, or a note of the walk itself.
type listItem struct {
	rel   string
	entry int    // directory entries visited when the walk got here
	note  string // a note of the walk; "" for a file
	stop  bool   // the walk stopped at this note
}

// List walks the directories below root as Walk does, bounded by
// lim.MaxDepth and lim.MaxEntries, and records the regular files match
// accepts. It reads no file.
func List(root string, lim Limits, match func(rel string) bool) *Listing {
	lim = lim.withDefaults()
	l := &Listing{root: root}
	r, err := os.OpenRoot(root)
	if err != nil {
		l.items = append(l.items, listItem{rel: ".", note: fmt.Sprintf("cannot open module root: %v", err), stop: true})
		return l
	}
	defer r.Close()
	fsys := r.FS()
	entries := 0
	errStop := errors.New("stop")
	walkErr := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			if rel != "." {
				l.items = append(l.items, listItem{rel: rel, entry: entries, note: "unreadable: " + trimErr(err)})
			}
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		entries++
		if entries > lim.MaxEntries {
			l.items = append(l.items, listItem{rel: rel, entry: entries, note: fmt.Sprintf("walk stopped after %d entries", lim.MaxEntries), stop: true})
			return errStop
		}
		if d.IsDir() {
			if rel == "." {
				return nil
			}
			if SkipDir(d.Name()) {
				return fs.SkipDir
			}
			if strings.Count(rel, "/")+1 > lim.MaxDepth {
				l.items = append(l.items, listItem{rel: rel, entry: entries, note: fmt.Sprintf("not entered: deeper than %d levels", lim.MaxDepth)})
				return fs.SkipDir
			}
			if fi, err := fs.Stat(fsys, path.Join(rel, "go.mod")); err == nil && fi.Mode().IsRegular() {
				return fs.SkipDir // a nested module has its own schema
			}
			return nil
		}
		if d.Type().IsRegular() && match(rel) {
			l.items = append(l.items, listItem{rel: rel, entry: entries})
		}
		return nil
	})
	if walkErr != nil && walkErr != errStop {
		l.items = append(l.items, listItem{rel: ".", entry: entries, note: "walk failed: " + trimErr(walkErr), stop: true})
	}
	return l
}

// Names returns, in lexical order, the listed files match accepts, without
// reading them.
func (l *Listing) Names(match func(rel string) bool) []string {
	var out []string
	for _, it := range l.items {
		if it.note == "" && match(it.rel) {
			out = append(out, it.rel)
		}
	}
	return out
}

// Read reads, in lexical order, the listed files match accepts, within
// lim.MaxFiles, lim.MaxFileBytes and lim.MaxTotalBytes, skipping each file
// that is too large, binary or unreadable with a Note and stopping with a
// Note at a limit, as Walk does; the walk's own notes come in their place.
// The depth bound is the listing's; a lim.MaxEntries below the listing's
// stops at the first item past it (the Note names that item, where a walk
// of its own would name the entry it stopped at).
func (l *Listing) Read(lim Limits, match func(rel string) bool) ([]File, []Note) {
	lim = lim.withDefaults()
	var (
		files []File
		notes []Note
		total int64
		r     *os.Root
	)
	defer func() {
		if r != nil {
			r.Close()
		}
	}()
	for _, it := range l.items {
		if it.entry > lim.MaxEntries {
			notes = append(notes, Note{Rel: it.rel, Msg: fmt.Sprintf("walk stopped after %d entries", lim.MaxEntries)})
			break
		}
		if it.note != "" {
			notes = append(notes, Note{Rel: it.rel, Msg: it.note})
			if it.stop {
				break
			}
			continue
		}
		if !match(it.rel) {
			continue
		}
		if len(files) >= lim.MaxFiles {
			notes = append(notes, Note{Rel: it.rel, Msg: fmt.Sprintf("walk stopped after %d files", lim.MaxFiles)})
			break
		}
		if r == nil {
			var err error
			if r, err = os.OpenRoot(l.root); err != nil {
				notes = append(notes, Note{Rel: ".", Msg: fmt.Sprintf("cannot open module root: %v", err)})
				break
			}
		}
		content, note := readBounded(r, it.rel, lim.MaxFileBytes, lim.MaxTotalBytes-total)
		if note != "" {
			notes = append(notes, Note{Rel: it.rel, Msg: note})
			if total >= lim.MaxTotalBytes {
				break
			}
			continue
		}
		total += int64(len(content))
		files = append(files, File{Rel: it.rel, Content: content})
	}
	return files, notes
}

// ReadFile reads name, an absolute path or one relative to root, when it
// lies inside root (symlinks included: os.Root refuses to leave the root).
// Files larger than maxBytes and binary files are refused.
func ReadFile(root, name string, maxBytes int64) ([]byte, error) {
	rel, ok := Rel(root, name)
	if !ok {
		return nil, fmt.Errorf("%s is outside the module root %s", name, root)
	}
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	content, note := readBounded(r, rel, maxBytes, maxBytes)
	if note != "" {
		return nil, fmt.Errorf("%s: %s", rel, note)
	}
	return content, nil
}

// Rel returns name relative to root, slash-separated, and whether name lies
// inside root. A relative name is taken as relative to root. The check is
// lexical; ReadFile and Walk also refuse symlinks that leave the root.
func Rel(root, name string) (string, bool) {
	if !filepath.IsAbs(name) {
		name = filepath.Join(root, name)
	}
	rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(name))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// readBounded reads rel from r. It returns a non-empty note instead of the
// content when the file is larger than maxBytes, would exceed the remaining
// budget, is binary or cannot be read.
func readBounded(r *os.Root, rel string, maxBytes, budget int64) ([]byte, string) {
	f, err := r.Open(filepath.FromSlash(rel))
	if err != nil {
		return nil, "unreadable: " + trimErr(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, "unreadable: " + trimErr(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, "not a regular file"
	}
	if fi.Size() > maxBytes {
		return nil, fmt.Sprintf("skipped: %d bytes is over the %d-byte limit", fi.Size(), maxBytes)
	}
	if fi.Size() > budget {
		return nil, "skipped: the walk's byte budget is spent"
	}
	// Read one byte more than allowed, in case the file grew since Stat.
	content, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, "unreadable: " + trimErr(err)
	}
	if int64(len(content)) > maxBytes {
		return nil, fmt.Sprintf("skipped: over the %d-byte limit", maxBytes)
	}
	if IsBinary(content) {
		return nil, "skipped: binary content"
	}
	return content, ""
}

// IsBinary reports whether content looks binary: it has a NUL byte in its
// first 8 KiB or is not valid UTF-8.
func IsBinary(content []byte) bool {
	head := content
	if len(head) > 8<<10 {
		head = head[:8<<10]
	}
	return bytes.IndexByte(head, 0) >= 0 || !utf8.Valid(content)
}

// trimErr drops the path an *fs.PathError repeats, keeping messages short.
func trimErr(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
