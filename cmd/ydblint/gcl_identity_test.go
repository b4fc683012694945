package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// gclSeverityConfig is testdata/integration/.golangci.yml with docs/drivers.md's
// per-rule severities: the rule prefix of each issue's text is what
// golangci-lint's rules match on.
const gclSeverityConfig = `version: "2"
linters:
  default: none
  enable: [ydblint]
  settings:
    custom:
      ydblint:
        type: module
        settings:
          exclude-pkgs: example.com/integ/excluded
  exclusions:
    generated: lax
issues:
  max-issues-per-linter: 0
  max-same-issues: 0
severity:
  default: error
  rules:
    - linters: [ydblint]
      text: "^(fullscan|monotonickey): "
      severity: warning
`

// TestGCLRuleIdentity checks, on the custom golangci-lint build of the
// integration test, that every finding keeps its rule in golangci-lint's
// JSON and SARIF reports (the "<rule>: " prefix; ruleId is the plugin's
// name, golangci-lint's choice), that docs/drivers.md's severity rules give
// per-rule SARIF levels, and that with its issue limits no finding
// is hidden: golangci-lint reports as many as the ydblint command.
func TestGCLRuleIdentity(t *testing.T) {
	if os.Getenv(integrationEnv) != "1" {
		t.Skipf("set %s=1 to build golangci-lint with the ydblint plugin", integrationEnv)
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	corpus := filepath.Join(root, "testdata", "integration")
	gcl := customGCL(t, root)
	cfg := filepath.Join(t.TempDir(), "golangci.yml")
	writeFile(t, cfg, gclSeverityConfig)
	env := []string{"GOLANGCI_LINT_CACHE=" + t.TempDir()}

	out := runIn(t, corpus, env, gcl, "run", "--config", cfg, "--output.sarif.path=stdout", "--show-stats=false", "./...")
	out.wantCode(t, 1)
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID  string `json:"ruleId"`
				Level   string `json:"level"`
				Message struct {
					Text string `json:"text"`
				} `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out.stdout), &sarif); err != nil || len(sarif.Runs) != 1 {
		t.Fatalf("SARIF: %v\n%s", err, out.stdout)
	}
	byRule := map[string]int{}
	for _, r := range sarif.Runs[0].Results {
		rule, _, ok := strings.Cut(r.Message.Text, ": ")
		if !ok || !isRule(rule) {
			t.Errorf("SARIF result without a rule prefix: %q", r.Message.Text)
			continue
		}
		byRule[rule]++
		want := "error"
		if rule == "fullscan" || rule == "monotonickey" {
			want = "warning"
		}
		if r.Level != want {
			t.Errorf("SARIF level %q for %s, want %q: %s", r.Level, rule, want, r.Message.Text)
		}
		if r.RuleID != "ydblint" {
			t.Errorf("SARIF ruleId %q, want the plugin name", r.RuleID)
		}
	}
	if len(byRule) < 2 {
		t.Errorf("SARIF results of %d rules, want several: %v", len(byRule), byRule)
	}

	// No finding hidden: as many as the standalone command reports.
	bin := filepath.Join(t.TempDir(), "ydblint")
	mustRun(t, ".", nil, "go", "build", "-o", bin, ".")
	std := runIn(t, corpus, nil, bin, "-exclude-pkgs=example.com/integ/excluded", "-json", "./...")
	std.wantCode(t, 0)
	total := 0
	for _, n := range byRule {
		total += n
	}
	if want := len(parseAnalysisJSON(t, corpus, std.stdout)); total != want {
		t.Errorf("golangci-lint SARIF has %d findings, the ydblint command %d", total, want)
	}
}
