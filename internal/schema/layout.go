package schema

import (
	"bytes"
	"path"
	"sort"
	"strings"
)

// Layout is the way a directory of migration files is organised, which
// decides the files that apply and their order.
type Layout int

const (
	// LayoutPlain: every .sql and .yql file applies, in lexicographic
	// (byte-wise) order of the whole name, the order os.ReadDir and most
	// hand-written runners use. "10_b.sql" sorts before "2_a.sql" here.
	LayoutPlain Layout = iota
	// LayoutGoose: pressly/goose. Files named <version>_<name>.sql with a
	// positive decimal version apply in numeric version order ("2_a.sql"
	// before "10_b.sql"; timestamps such as 20240102150405 are versions
	// too). Only the "-- +goose Up" section of a file applies.
	LayoutGoose
	// LayoutMigrate: golang-migrate. Files named
	// <version>_<title>.up.<ext> apply in numeric version order;
	// *.down.* files never apply.
	LayoutMigrate
)

func (l Layout) String() string {
	switch l {
	case LayoutPlain:
		return "plain"
	case LayoutGoose:
		return "goose"
	case LayoutMigrate:
		return "golang-migrate"
	}
	return "?"
}

// File is one migration file handed over by the caller, which reads the
// disk; this package never does.
type File struct {
	Name    string // path as it should appear in messages
	Content []byte
}

func isDDLExt(name string) bool {
	ext := strings.ToLower(path.Ext(name))
	return ext == ".sql" || ext == ".yql"
}

// leadingDigits returns the decimal digits at the start of s.
func leadingDigits(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// migrateVersion parses a golang-migrate file name
// (<digits>_<title>.up|down.<ext>, the tool's own pattern
// ^([0-9]+)_(.*)\.(down|up)\.(.*)$). up reports the direction.
func migrateVersion(name string) (version string, up, ok bool) {
	base := path.Base(name)
	v := leadingDigits(base)
	if v == "" || len(base) == len(v) || base[len(v)] != '_' {
		return "", false, false
	}
	rest := base[len(v)+1:]
	dot := strings.LastIndexByte(rest, '.')
	if dot < 0 {
		return "", false, false
	}
	stem := rest[:dot]
	switch {
	case strings.HasSuffix(stem, ".up"):
		return v, true, true
	case strings.HasSuffix(stem, ".down"):
		return v, false, true
	}
	return "", false, false
}

// gooseVersion parses a goose SQL migration name: <digits>_<anything>.sql
// with a version greater than zero (goose's NumericComponent).
func gooseVersion(name string) (string, bool) {
	base := path.Base(name)
	if strings.ToLower(path.Ext(base)) != ".sql" {
		return "", false
	}
	v := leadingDigits(base)
	if v == "" || len(base) == len(v) || base[len(v)] != '_' {
		return "", false
	}
	if strings.TrimLeft(v, "0") == "" {
		return "", false
	}
	return v, true
}

// compareVersions compares two decimal digit strings numerically without
// overflow: leading zeros are ignored, then the longer number is larger.
func compareVersions(a, b string) int {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		if len(a) < len(b) {
			return -1
		}
		return 1
	}
	return strings.Compare(a, b)
}

// DetectLayout guesses the layout from file names alone:
//   - any <digits>_<title>.up.<ext> or .down.<ext> name → LayoutMigrate;
//   - otherwise, when every .sql/.yql name is a .sql file with a goose
//     version prefix (<digits>_…) → LayoutGoose (numeric order; a file
//     without goose annotations is then applied whole, which is also what a
//     plain runner would do with consistently numbered files);
//   - otherwise LayoutPlain.
func DetectLayout(names []string) Layout {
	nDDL, nGoose := 0, 0
	for _, n := range names {
		if _, _, ok := migrateVersion(n); ok && isDDLExt(n) {
			return LayoutMigrate
		}
		if !isDDLExt(n) {
			continue
		}
		nDDL++
		if _, ok := gooseVersion(n); ok {
			nGoose++
		}
	}
	if nDDL > 0 && nGoose == nDDL {
		return LayoutGoose
	}
	return LayoutPlain
}

// DetectLayoutFiles is DetectLayout that also looks inside the files: a
// "-- +goose Up" annotation in any of them means LayoutGoose, unless the
// names follow golang-migrate.
func DetectLayoutFiles(files []File) Layout {
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = f.Name
	}
	l := DetectLayout(names)
	if l != LayoutPlain {
		return l
	}
	for _, f := range files {
		if isDDLExt(f.Name) && hasGooseUp(f.Content) {
			return LayoutGoose
		}
	}
	return l
}

// OrderFiles returns the names that apply under layout, in the order the
// tool applies them. Names that do not apply (down migrations, files
// without a version, non-SQL files) are left out. Ties keep a stable
// byte-wise order of the full names, so the result is deterministic.
func OrderFiles(layout Layout, names []string) []string {
	type entry struct{ name, version string }
	var es []entry
	for _, n := range names {
		switch layout {
		case LayoutMigrate:
			if v, up, ok := migrateVersion(n); ok && up && isDDLExt(n) {
				es = append(es, entry{n, v})
			}
		case LayoutGoose:
			if v, ok := gooseVersion(n); ok {
				es = append(es, entry{n, v})
			}
		default:
			if isDDLExt(n) {
				es = append(es, entry{n, ""})
			}
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		if c := compareVersions(es[i].version, es[j].version); c != 0 {
			return c < 0
		}
		return es[i].name < es[j].name
	})
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.name
	}
	return out
}

// ApplyFiles detects the layout of files, orders them and applies each in
// turn. It returns the layout it used.
func (c *Catalog) ApplyFiles(files []File) Layout {
	layout := DetectLayoutFiles(files)
	byName := make(map[string][]byte, len(files))
	names := make([]string, 0, len(files))
	for _, f := range files {
		if _, dup := byName[f.Name]; !dup {
			names = append(names, f.Name)
		}
		byName[f.Name] = f.Content
	}
	for _, n := range OrderFiles(layout, names) {
		c.ApplyFile(n, byName[n])
	}
	return layout
}

// gooseAnnotation returns the lower-cased command of a goose annotation
// line ("up", "down", "statementbegin", …), or "" when the line is not one.
// goose documents annotations as case-insensitive lines matching
// ^--\s\+goose\s; leading blanks and extra spaces are tolerated here.
func gooseAnnotation(line []byte) string {
	l := bytes.TrimSpace(line)
	if !bytes.HasPrefix(l, []byte("--")) {
		return ""
	}
	l = bytes.TrimSpace(l[2:])
	if len(l) < 7 || !strings.EqualFold(string(l[:6]), "+goose") || (l[6] != ' ' && l[6] != '\t') {
		return ""
	}
	cmd := strings.ToLower(strings.Join(strings.Fields(string(l[6:])), " "))
	if cmd == "" {
		return ""
	}
	return cmd
}

func hasGooseUp(content []byte) bool {
	for len(content) > 0 {
		line := content
		if i := bytes.IndexByte(content, '\n'); i >= 0 {
			line, content = content[:i], content[i+1:]
		} else {
			content = nil
		}
		if gooseAnnotation(line) == "up" {
			return true
		}
	}
	return false
}

// gooseUpText returns the part of a goose migration that runs on "up", as a
// text of the same length as content in which every byte outside the Up
// section (before "-- +goose Up", after "-- +goose Down", and the
// annotation lines themselves) is blanked to a space, newlines kept. Byte
// offsets and line numbers of the result are those of the file. isGoose is
// false, and the content returned unchanged, when the file has no goose
// annotation at all.
//
// StatementBegin/StatementEnd only tell goose not to split at ';'; the YQL
// parser splits statements itself, so they need no further handling.
func gooseUpText(content []byte) (text string, isGoose bool) {
	out := make([]byte, len(content))
	copy(out, content)
	inUp := false
	for start := 0; start < len(content); {
		end := bytes.IndexByte(content[start:], '\n')
		if end < 0 {
			end = len(content)
		} else {
			end += start
		}
		line := content[start:end]
		keep := inUp
		switch gooseAnnotation(line) {
		case "":
		case "up":
			isGoose, inUp, keep = true, true, false
		case "down":
			isGoose, inUp, keep = true, false, false
		default:
			isGoose, keep = true, false
		}
		if !keep {
			for i := start; i < end; i++ {
				out[i] = ' '
			}
		}
		start = end + 1
	}
	if !isGoose {
		return string(content), false
	}
	return string(out), true
}
