package gclplugin

import (
	"fmt"
	"os"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/internal/srcfiles"
	"github.com/ydblint/ydblint/passes/config"
	"golang.org/x/tools/go/analysis"
)

// Name is the linter name: the key under linters.settings.custom and in
// enable.
const Name = "ydblint"

func init() { register.Plugin(Name, New) }

// New decodes and validates the settings; register.DecodeSettings rejects
// unknown keys.
func New(raw any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[config.Settings](raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	if err := s.Validate(); err != nil {
		return nil, fmt.Errorf("%s: invalid settings: %w", Name, err)
	}
	return &plugin{settings: s}, nil
}

type plugin struct {
	settings config.Settings
}

// BuildAnalyzers applies the settings to config.Analyzer's flags (options
// left out of the settings are reset: the config file and the defaults
// decide them) and returns the suite and its input marker. An error in the
// configuration file of the module golangci-lint runs in is returned here,
// so that golangci-lint prints it once, as "ydblint: configuration error:
// …", instead of once per package under whichever rule ran first.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	config.ResetFlags()
	// golangci-lint reports each related location as an issue of its own,
	// and drops issues positioned outside Go files.
	analyzer.Process().OmitRelated()
	if err := p.settings.Apply(); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	if root := srcfiles.FindModuleRoot(wd); root != "" {
		if errs := fileErrors(config.Load(root, p.settings)); len(errs) > 0 {
			return nil, fmt.Errorf("%s: configuration error: %s", Name, strings.Join(errs, "; "))
		}
	}
	return append(append([]*analysis.Analyzer(nil), analyzer.Suite...), inputsMarker(analyzer.InputsDigest(wd))), nil
}

// fileErrors returns the errors of the configuration file itself. Errors
// of the settings' values (a schema path that does not exist) are left to
// the packages' own reports: paths resolve against each package's module,
// which need not be the one golangci-lint runs in.
func fileErrors(c *config.Config) []string {
	var out []string
	for _, e := range c.Errors {
		if e.File != "" {
			out = append(out, e.String())
		}
	}
	return out
}

// inputsMarker is an analyzer that does nothing and whose name carries a
// digest of what ydblint reads besides the packages' own files
// (analyzer.InputsDigest: migrations, Go DDL elsewhere in the module,
// .ydblint.yml). golangci-lint keys its per-package issue cache on the
// package's files, its dependencies, .golangci.yml's linter settings and
// the sorted analyzer names (goanalysis.getIssuesCacheKey in v2.15.0), and
// nothing else: without the marker an edited migration or config file kept
// serving the old findings until `golangci-lint cache clean`. Facts are
// cached for packages outside the run only (loadCacheFacts), which read no
// schema.
func inputsMarker(digest []byte) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: fmt.Sprintf("ydblint_inputs_%x", digest[:min(len(digest), 8)]),
		Doc:  "marks the digest of ydblint's schema and configuration inputs in golangci-lint's cache key; reports nothing",
		Run:  func(*analysis.Pass) (any, error) { return nil, nil },
	}
}

// GetLoadMode asks for type information (and with it, SSA).
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
