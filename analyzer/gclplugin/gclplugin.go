package gclplugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"github.com/ydblint/ydblint/analyzer"
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
// decide them) and returns the suite.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	config.ResetFlags()
	// golangci-lint reports each related location as an issue of its own,
	// and drops issues positioned outside Go files.
	analyzer.Process().OmitRelated()
	if err := p.settings.Apply(); err != nil {
		return nil, fmt.Errorf("%s: %w", Name, err)
	}
	return append([]*analysis.Analyzer(nil), analyzer.Suite...), nil
}

// GetLoadMode asks for type information (and with it, SSA).
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
