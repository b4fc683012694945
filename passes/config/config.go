package config

import (
	"fmt"
	"go/build"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"strings"
	"time"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"golang.org/x/tools/go/analysis"
)

// Name is the config pseudo-analyzer's name.
const Name = "ydblint_config"

// Analyzer holds ydblint's configuration. It reports nothing: every rule and
// fact analyzer Requires it and reads
// pass.ResultOf[config.Analyzer].(*config.Config); it also records the
// Config in the package's shared state (pkgstate.State.SetConfig), where
// report finds it. Options are flags here, not on the rules, because
// drivers parse a root analyzer's flags only after the analyzers it
// requires have run; the flag values live in Analyzer.Flags alone.
var Analyzer = newAnalyzer(process)

// process is the one Session of this process (see package session): the
// Analyzer hands it to every pass in Config.Session, and drivers reach it
// through ProcessSession. It is never replaced.
var process = session.New()

// ProcessSession returns the Session every pass of this process gets in
// Config.Session. Drivers use it through package analyzer (Process).
func ProcessSession() *session.Session { return process }

func newAnalyzer(s *session.Session) *analysis.Analyzer {
	values := &flagValues{}
	return &analysis.Analyzer{
		Name:             Name,
		Doc:              "ydblint configuration: flags and the .ydblint.yml file\n\nRequired by every ydblint analyzer; reports nothing. See the package documentation for every option.",
		URL:              "https://pkg.go.dev/github.com/ydblint/ydblint/passes/config",
		Flags:            newFlagSet(values),
		Requires:         []*analysis.Analyzer{pkgstate.Analyzer},
		Run:              func(pass *analysis.Pass) (any, error) { return run(pass, values, s) },
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[*Config](),
	}
}

// Config is the effective configuration for one package: defaults, then the
// config file, then flags (or golangci-lint settings).
type Config struct {
	// Strict makes rules also report verdicts that depend on the YDB
	// server version or settings.
	Strict bool
	// ReportUnusedIgnores makes rules report ydblint:ignore directives that
	// suppressed nothing.
	ReportUnusedIgnores bool

	// ModuleDir is the module root (the directory holding go.mod); "" when
	// none was found. Under Hermetic it is the working directory instead.
	ModuleDir string
	// Hermetic (-hermetic) makes ydblint read no file but the package's
	// own Go files and the inputs that -config and the schema paths name,
	// so that it runs in a sandbox holding only those (Bazel's nogo, see
	// docs/nogo.md). No go.mod and no config file are looked for, nothing
	// is walked, and ModuleDir is the working directory (nogo's execroot,
	// whose paths are the workspace's): relative names are resolved
	// against it and messages name files relative to it.
	Hermetic bool
	// File is the config file in effect, "" when there is none.
	File string

	// SchemaPaths are migration directories or glob patterns, absolute and
	// cleaned. Empty means "discover" (//go:embed directives).
	SchemaPaths []string
	// MigrationTool is one of ToolAuto, ToolGoose, ToolMigrate, ToolPlain.
	MigrationTool string
	// MigrationOrder is OrderNumeric, OrderLexical, or "" for the tool's own
	// order (numeric for goose and migrate, lexical for plain).
	MigrationOrder string

	Hashes []HashAnnotation
	Sinks  []Sink

	// IncludePkgs and ExcludePkgs are package path prefixes (see
	// IsPkgInScope).
	IncludePkgs []string
	ExcludePkgs []string

	// schemaPathsFrom says where SchemaPaths were set, for errors about them.
	schemaPathsFrom Error
	// session is the process's Session (see Session).
	session *session.Session

	// Errors are the problems found in the file, the flags and the
	// settings. The configuration is still usable: a bad entry is left out.
	Errors []Error
}

// IsPkgInScope reports whether ydblint should analyse pkg. A prefix p
// matches the path p itself and every path under p/ ("/..." at the end of
// p is allowed and ignored). exclude-pkgs wins over include-pkgs; with no
// include-pkgs, every package except the standard library is in scope.
func (c *Config) IsPkgInScope(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	return c.IsPathInScope(pkg.Path())
}

// IsPathInScope is IsPkgInScope for a package path.
func (c *Config) IsPathInScope(path string) bool {
	if c == nil {
		return false
	}
	for _, p := range c.ExcludePkgs {
		if matchPrefix(p, path) {
			return false
		}
	}
	if len(c.IncludePkgs) > 0 {
		for _, p := range c.IncludePkgs {
			if matchPrefix(p, path) {
				return true
			}
		}
		return false
	}
	return !isStd(path)
}

// HashFor returns the hash annotation for a table path, or nil.
func (c *Config) HashFor(table string) *HashAnnotation {
	if c == nil {
		return nil
	}
	for i := range c.Hashes {
		if c.Hashes[i].Table == table {
			return &c.Hashes[i]
		}
	}
	return nil
}

func matchPrefix(prefix, path string) bool {
	prefix = strings.TrimSuffix(strings.TrimSuffix(prefix, "..."), "/")
	if prefix == "" {
		return false
	}
	return path == prefix || strings.HasPrefix(path, prefix+"/")
}

// isStd reports whether path names a standard-library package: its first
// element has no dot and GOROOT/src has a directory of that name. A GOPATH
// package such as analysistest's "a" has no dot either, hence the check.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") || first == "" {
		return false
	}
	goroot := build.Default.GOROOT
	if goroot == "" {
		return false
	}
	fi, err := os.Stat(filepath.Join(goroot, "src", filepath.FromSlash(path)))
	return err == nil && fi.IsDir()
}

func run(pass *analysis.Pass, values *flagValues, s *session.Session) (any, error) {
	cfg := packageConfig(pass, values.overrides(), s)
	cfg.session = s
	pkgstate.Of(pass).SetConfig(cfg)
	return cfg, nil
}

// Session returns the process's Session: the module scans, and what the
// driver asked of the whole process. It is nil for a Config made by Load.
func (c *Config) Session() *session.Session {
	if c == nil {
		return nil
	}
	return c.session
}

// packageConfig loads the configuration of pass's module, the config file
// parsed once per process and version of the file (s's module scans hold
// it: one process analyses many packages of one module, and go vet starts
// one process per package).
func packageConfig(pass *analysis.Pass, overrides Settings, s *session.Session) (cfg *Config) {
	moduleDir := ""
	if pass.Module != nil {
		moduleDir = pass.Module.Dir
	}
	if overrides.isHermetic() {
		// No go.mod is looked for: the sandbox may not hold one, and a walk
		// up from the package would leave it.
		moduleDir, _ = os.Getwd()
	} else if moduleDir == "" {
		if dir := packageDir(pass); dir != "" {
			moduleDir = srcfiles.FindModuleRoot(dir)
		}
	}
	defer func() {
		// The configuration must never take the run down: a bug here
		// becomes an error every rule reports.
		if r := recover(); r != nil {
			cfg = &Config{ModuleDir: moduleDir, MigrationTool: ToolAuto, Errors: []Error{{
				Msg: fmt.Sprintf("internal error while loading the configuration: %v\n%s", r, debug.Stack()),
			}}}
		}
	}()
	return load(moduleDir, overrides, func(path string) *fileConfig { return cachedParse(s.Modules().Module(moduleDir), path) })
}

// packageDir returns the directory of the package's first Go file.
func packageDir(pass *analysis.Pass) string {
	for _, f := range pass.Files {
		if tf := pass.Fset.File(f.FileStart); tf != nil && tf.Name() != "" {
			if dir, err := filepath.Abs(filepath.Dir(tf.Name())); err == nil {
				return dir
			}
		}
	}
	return ""
}

// Load builds the configuration for a module: defaults, then the config
// file (overrides.Config, else .ydblint.yml / .ydblint.yaml in moduleDir),
// then overrides. It never fails; problems go into Config.Errors.
func Load(moduleDir string, overrides Settings) *Config {
	return load(moduleDir, overrides, readAndParse)
}

// load is Load with the config file read and parsed by parse.
func load(moduleDir string, overrides Settings, parse func(path string) *fileConfig) *Config {
	c := &Config{ModuleDir: moduleDir, MigrationTool: ToolAuto, Hermetic: overrides.isHermetic()}
	if err := overrides.Validate(); err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			key, msg, _ := strings.Cut(line, ": ")
			c.Errors = append(c.Errors, Error{Key: key, Msg: msg})
		}
	}

	file := c.findFile(overrides.Config)
	var fc *fileConfig
	if file != "" {
		c.File = file
		fc = parse(file)
		c.Errors = append(c.Errors, fc.errors...)
		c.applyFile(fc, filepath.Dir(file))
	}
	c.applyOverrides(overrides)
	c.checkSchemaPaths(c.schemaPathsFrom)
	return c
}

// findFile returns the config file to use: the given path (resolved against
// the module root when relative; an error when missing), or the first of
// FileNames present in the module root.
func (c *Config) findFile(given string) string {
	if given != "" {
		path := given
		if !filepath.IsAbs(path) {
			if c.ModuleDir == "" {
				c.Errors = append(c.Errors, Error{Key: ConfigFlag, Msg: fmt.Sprintf("relative path %q but no module root (go.mod) was found", given)})
				return ""
			}
			path = filepath.Join(c.ModuleDir, path)
		}
		if fi, err := os.Stat(path); err != nil || !fi.Mode().IsRegular() {
			c.Errors = append(c.Errors, Error{Key: ConfigFlag, Msg: fmt.Sprintf("config file %s not found", path)})
			return ""
		}
		return filepath.Clean(path)
	}
	if c.ModuleDir == "" || c.Hermetic {
		return ""
	}
	for _, name := range FileNames {
		path := filepath.Join(c.ModuleDir, name)
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() {
			return path
		}
	}
	return ""
}

func (c *Config) applyFile(fc *fileConfig, dir string) {
	if fc.strict != nil {
		c.Strict = *fc.strict
	}
	if fc.reportUnusedIgnores != nil {
		c.ReportUnusedIgnores = *fc.reportUnusedIgnores
	}
	if fc.includePkgs != nil {
		c.IncludePkgs = fc.includePkgs
	}
	if fc.excludePkgs != nil {
		c.ExcludePkgs = fc.excludePkgs
	}
	if fc.schemaPaths != nil {
		c.SchemaPaths = resolvePaths(dir, fc.schemaPaths)
		c.schemaPathsFrom = Error{File: c.File, Line: fc.schemaPathsLine, Key: "schema.paths"}
	}
	if fc.tool != "" {
		c.MigrationTool = fc.tool
	}
	if fc.order != "" {
		c.MigrationOrder = fc.order
	}
	c.Hashes = fc.hashes
	c.Sinks = fc.sinks
}

func (c *Config) applyOverrides(s Settings) {
	if s.Strict != nil {
		c.Strict = *s.Strict
	}
	if s.ReportUnusedIgnores != nil {
		c.ReportUnusedIgnores = *s.ReportUnusedIgnores
	}
	if s.IncludePkgs != nil {
		c.IncludePkgs = append([]string(nil), s.IncludePkgs...)
	}
	if s.ExcludePkgs != nil {
		c.ExcludePkgs = append([]string(nil), s.ExcludePkgs...)
	}
	if s.Migrations != nil {
		if c.ModuleDir == "" && hasRelative(s.Migrations) {
			c.Errors = append(c.Errors, Error{Key: MigrationsFlag, Msg: "relative paths but no module root (go.mod) was found"})
		} else {
			c.SchemaPaths = resolvePaths(c.ModuleDir, s.Migrations)
			c.schemaPathsFrom = Error{Key: MigrationsFlag}
		}
	}
	if s.MigrationTool != "" && validTool(s.MigrationTool) {
		c.MigrationTool = s.MigrationTool
	}
	if s.MigrationOrder != "" && validOrder(s.MigrationOrder) {
		c.MigrationOrder = s.MigrationOrder
	}
}

// isHermetic reports whether -hermetic (or the hermetic setting) is on.
func (s Settings) isHermetic() bool { return s.Hermetic != nil && *s.Hermetic }

func hasRelative(paths []string) bool {
	for _, p := range paths {
		if !filepath.IsAbs(p) {
			return true
		}
	}
	return false
}

// ModuleRoot returns ModuleDir (pkgstate.Config).
func (c *Config) ModuleRoot() string {
	if c == nil {
		return ""
	}
	return c.ModuleDir
}

// ReportsUnusedIgnores returns ReportUnusedIgnores (pkgstate.Config).
func (c *Config) ReportsUnusedIgnores() bool { return c != nil && c.ReportUnusedIgnores }

// MayRead reports whether path (absolute, cleaned) may be read to place a
// finding or a link (pkgstate.Config): any file, but under Hermetic only
// the config file and the schema inputs named, a file below a named
// directory and a match of a named glob.
func (c *Config) MayRead(path string) bool {
	if c == nil || !c.Hermetic {
		return true
	}
	if path == c.File {
		return true
	}
	for _, p := range c.SchemaPaths {
		if path == p {
			return true
		}
		if _, ok := srcfiles.Rel(p, path); ok && !strings.ContainsAny(p, "*?[") {
			return true
		}
		if m, err := filepath.Match(p, path); err == nil && m {
			return true
		}
	}
	return false
}

// ErrorMessages returns Errors, one line each (pkgstate.Config). The rules
// report them once per package that uses YDB (report.WrapRun).
func (c *Config) ErrorMessages() []string {
	if c == nil {
		return nil
	}
	out := make([]string, len(c.Errors))
	for i, e := range c.Errors {
		out[i] = e.String()
	}
	return out
}

// checkSchemaPaths records an error for a configured schema path that names
// nothing: a directory that does not exist, or a glob that matches no file.
// Configured paths replace discovery, so a typo would otherwise leave every
// rule silent with no word said.
// at says where the effective paths were set (the file's key, or the flag).
func (c *Config) checkSchemaPaths(at Error) {
	for _, p := range c.SchemaPaths {
		e := at
		if strings.ContainsAny(p, "*?[") {
			if m, err := filepath.Glob(p); err != nil {
				e.Msg = fmt.Sprintf("bad glob %q: %v", p, err)
			} else if len(m) == 0 {
				e.Msg = fmt.Sprintf("glob %q matches no file", p)
			}
		} else if _, err := os.Stat(p); err != nil {
			e.Msg = fmt.Sprintf("schema path %q does not exist", p)
			if c.Hermetic {
				e.Msg += " (under -hermetic every schema input must be named and present: with Bazel, compile it into the nogo binary with analyzer.CompiledSchema)"
			}
		}
		if e.Msg != "" {
			c.Errors = append(c.Errors, e)
		}
	}
}

// resolvePaths makes each path or glob absolute against dir and cleans it.
func resolvePaths(dir string, paths []string) []string {
	out := []string{}
	for _, p := range paths {
		p = filepath.FromSlash(p)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		out = append(out, filepath.Clean(p))
	}
	return out
}

// fileVersion identifies one version of a config file: a file edited in a
// long-lived process is parsed again.
type fileVersion struct {
	path  string
	size  int64
	mtime time.Time
}

// cachedParse returns the parsed file, once per version in m; the result
// is shared and must not be modified.
func cachedParse(m *modscan.Module, path string) *fileConfig {
	fi, err := os.Stat(path)
	if err != nil {
		return &fileConfig{errors: []Error{{File: path, Msg: "cannot read config file: " + err.Error()}}}
	}
	return modscan.Derive(m, fileVersion{path, fi.Size(), fi.ModTime()}, func(*modscan.Module) *fileConfig { return readAndParse(path) })
}

func readAndParse(path string) *fileConfig {
	f, err := os.Open(path)
	if err != nil {
		return &fileConfig{errors: []Error{{File: path, Msg: "cannot read config file: " + err.Error()}}}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return &fileConfig{errors: []Error{{File: path, Msg: "cannot read config file: " + err.Error()}}}
	}
	return parseFile(path, data)
}
