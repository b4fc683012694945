package config

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Settings mirrors Analyzer's flags for drivers that take structured
// settings (the golangci-lint module plugin decodes
// `linters.settings.custom.ydblint.settings` into it). The JSON names are the
// flag names. A zero field means "not set": the config file, then the
// default, decides.
type Settings struct {
	Config              string     `json:"config,omitempty"`
	Strict              *bool      `json:"strict,omitempty"`
	Migrations          StringList `json:"migrations,omitempty"`
	MigrationTool       string     `json:"migration-tool,omitempty"`
	MigrationOrder      string     `json:"migration-order,omitempty"`
	IncludePkgs         StringList `json:"include-pkgs,omitempty"`
	ExcludePkgs         StringList `json:"exclude-pkgs,omitempty"`
	ReportUnusedIgnores *bool      `json:"report-unused-ignores,omitempty"`
	Hermetic            *bool      `json:"hermetic,omitempty"`
}

// StringList is a list setting. It decodes from a JSON array of strings or
// from one comma-separated string, the flag spelling. A nil StringList is
// "not set"; an empty non-nil one is "set to nothing".
type StringList []string

// UnmarshalJSON implements json.Unmarshaler.
func (l *StringList) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*l = append(StringList{}, splitList(s)...)
		return nil
	}
	var list []string
	if err := json.Unmarshal(data, &list); err != nil {
		return fmt.Errorf("want a string or a list of strings, got %s", truncate(string(data), 40))
	}
	out := StringList{}
	for _, e := range list {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	*l = out
	return nil
}

// Validate reports the first invalid value, naming its key.
func (s Settings) Validate() error {
	var errs []error
	if strings.ContainsRune(s.Config, 0) {
		errs = append(errs, fmt.Errorf("%s: path contains a NUL byte", ConfigFlag))
	}
	if s.MigrationTool != "" && !validTool(s.MigrationTool) {
		errs = append(errs, fmt.Errorf("%s: unknown migration tool %q (want %s)", MigrationToolFlag, s.MigrationTool, strings.Join(migrationTools, ", ")))
	}
	if s.MigrationOrder != "" && !validOrder(s.MigrationOrder) {
		errs = append(errs, fmt.Errorf("%s: unknown migration order %q (want %s)", MigrationOrderFlag, s.MigrationOrder, strings.Join(migrationOrders, ", ")))
	}
	for _, l := range []struct {
		key  string
		list StringList
	}{{MigrationsFlag, s.Migrations}, {IncludePkgsFlag, s.IncludePkgs}, {ExcludePkgsFlag, s.ExcludePkgs}} {
		for _, e := range l.list {
			if strings.Contains(e, ",") {
				errs = append(errs, fmt.Errorf("%s: entry %q contains a comma; list entries cannot", l.key, e))
			}
			if strings.ContainsRune(e, 0) {
				errs = append(errs, fmt.Errorf("%s: entry contains a NUL byte", l.key))
			}
		}
	}
	return errors.Join(errs...)
}

// FlagValues returns the set fields as flag name → flag value, ready for
// Analyzer.Flags.Set.
func (s Settings) FlagValues() map[string]string {
	m := map[string]string{}
	if s.Config != "" {
		m[ConfigFlag] = s.Config
	}
	if s.Strict != nil {
		m[StrictFlag] = strconv.FormatBool(*s.Strict)
	}
	if s.Migrations != nil {
		m[MigrationsFlag] = strings.Join(s.Migrations, ",")
	}
	if s.MigrationTool != "" {
		m[MigrationToolFlag] = s.MigrationTool
	}
	if s.MigrationOrder != "" {
		m[MigrationOrderFlag] = s.MigrationOrder
	}
	if s.IncludePkgs != nil {
		m[IncludePkgsFlag] = strings.Join(s.IncludePkgs, ",")
	}
	if s.ExcludePkgs != nil {
		m[ExcludePkgsFlag] = strings.Join(s.ExcludePkgs, ",")
	}
	if s.ReportUnusedIgnores != nil {
		m[ReportUnusedIgnoresFlag] = strconv.FormatBool(*s.ReportUnusedIgnores)
	}
	if s.Hermetic != nil {
		m[HermeticFlag] = strconv.FormatBool(*s.Hermetic)
	}
	return m
}

// sortedKeys returns m's keys in order, for deterministic iteration.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// ResetFlags returns every flag of Analyzer to "not set", so that the
// config file and the defaults decide again. A driver that applies
// Settings more than once in one process (golangci-lint builds its
// analyzers per run) calls it first, so that an option left out of the new
// settings does not keep an old value.
func ResetFlags() {
	Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		if v, ok := f.Value.(interface{ reset() }); ok {
			v.reset()
		}
	})
}

// Apply sets every set field on Analyzer.Flags, in key order.
func (s Settings) Apply() error {
	vals := s.FlagValues()
	for _, k := range sortedKeys(vals) {
		if err := Analyzer.Flags.Set(k, vals[k]); err != nil {
			return fmt.Errorf("set %s: %w", k, err)
		}
	}
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
