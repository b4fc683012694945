package config

import (
	"flag"
	"strconv"
	"strings"
)

// Flag names. They are kebab-case and lower-case so that one spelling works
// as a command-line flag, as a golangci-lint settings key (viper lower-cases
// every key) and as a `.ydblint.yml` key.
const (
	ConfigFlag              = "config"
	StrictFlag              = "strict"
	MigrationsFlag          = "migrations"
	MigrationToolFlag       = "migration-tool"
	MigrationOrderFlag      = "migration-order"
	IncludePkgsFlag         = "include-pkgs"
	ExcludePkgsFlag         = "exclude-pkgs"
	ReportUnusedIgnoresFlag = "report-unused-ignores"
	HermeticFlag            = "hermetic"
)

// FlagNames lists every flag of Analyzer in documentation order.
var FlagNames = []string{
	ConfigFlag, StrictFlag, MigrationsFlag, MigrationToolFlag, MigrationOrderFlag,
	IncludePkgsFlag, ExcludePkgsFlag, ReportUnusedIgnoresFlag, HermeticFlag,
}

// flagValues holds the values behind Analyzer.Flags. Each value remembers
// whether it was set, because drivers lift the flags into other flag sets
// (multichecker, go vet) where FlagSet.Visit on ours would see nothing, and
// "flags override the file" must only apply to flags the user gave.
type flagValues struct {
	config              stringValue
	strict              boolValue
	migrations          listValue
	migrationTool       stringValue
	migrationOrder      stringValue
	includePkgs         listValue
	excludePkgs         listValue
	reportUnusedIgnores boolValue
	hermetic            boolValue
}

func newFlagSet(v *flagValues) flag.FlagSet {
	fs := flag.NewFlagSet(Name, flag.ContinueOnError)
	fs.Var(&v.config, ConfigFlag,
		"path of the ydblint config file (default: .ydblint.yml or .ydblint.yaml at the module root); relative paths are resolved against the module root")
	fs.Var(&v.strict, StrictFlag,
		"also report findings whose verdict depends on YDB server version or settings")
	fs.Var(&v.migrations, MigrationsFlag,
		"comma-separated migration directories or globs, relative to the module root (overrides schema.paths in the config file)")
	fs.Var(&v.migrationTool, MigrationToolFlag,
		"migration tool layout: auto, goose, migrate or plain (default auto)")
	fs.Var(&v.migrationOrder, MigrationOrderFlag,
		"order in which migration files apply: numeric or lexical (default: the tool's own order)")
	fs.Var(&v.includePkgs, IncludePkgsFlag,
		"comma-separated package path prefixes to analyse (default: all packages outside the standard library)")
	fs.Var(&v.excludePkgs, ExcludePkgsFlag,
		"comma-separated package path prefixes never to analyse; wins over include-pkgs")
	fs.Var(&v.reportUnusedIgnores, ReportUnusedIgnoresFlag,
		"report ydblint:ignore directives that suppress nothing")
	fs.Var(&v.hermetic, HermeticFlag,
		"read no file but the package's own and those -config and -migrations name, relative to the working directory (for Bazel nogo and other sandboxes)")
	return *fs
}

// overrides returns the flags the user set, as Settings.
func (v *flagValues) overrides() Settings {
	var s Settings
	if v.config.set {
		s.Config = v.config.v
	}
	if v.strict.set {
		b := v.strict.v
		s.Strict = &b
	}
	if v.migrations.set {
		s.Migrations = append(StringList{}, v.migrations.v...)
	}
	if v.migrationTool.set {
		s.MigrationTool = v.migrationTool.v
	}
	if v.migrationOrder.set {
		s.MigrationOrder = v.migrationOrder.v
	}
	if v.includePkgs.set {
		s.IncludePkgs = append(StringList{}, v.includePkgs.v...)
	}
	if v.excludePkgs.set {
		s.ExcludePkgs = append(StringList{}, v.excludePkgs.v...)
	}
	if v.reportUnusedIgnores.set {
		b := v.reportUnusedIgnores.v
		s.ReportUnusedIgnores = &b
	}
	if v.hermetic.set {
		b := v.hermetic.v
		s.Hermetic = &b
	}
	return s
}

type stringValue struct {
	v   string
	set bool
}

func (s *stringValue) String() string { return s.v }
func (s *stringValue) reset()         { *s = stringValue{} }
func (s *stringValue) Set(v string) error {
	s.v, s.set = v, true
	return nil
}

type boolValue struct {
	v   bool
	set bool
}

func (b *boolValue) String() string   { return strconv.FormatBool(b.v) }
func (b *boolValue) reset()           { *b = boolValue{} }
func (b *boolValue) IsBoolFlag() bool { return true }
func (b *boolValue) Set(v string) error {
	x, err := strconv.ParseBool(v)
	if err != nil {
		return err
	}
	b.v, b.set = x, true
	return nil
}

// listValue is a comma-separated list. Setting it again replaces the list,
// like any other flag.
type listValue struct {
	v   []string
	set bool
}

func (l *listValue) String() string { return strings.Join(l.v, ",") }
func (l *listValue) reset()         { *l = listValue{} }
func (l *listValue) Set(v string) error {
	l.v, l.set = splitList(v), true
	return nil
}

// splitList splits a comma-separated list, trimming spaces and dropping
// empty entries.
func splitList(s string) []string {
	var out []string
	for _, e := range strings.Split(s, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}
