package main

import (
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxHeadline bounds a finding's headline, the part of its message before
// the first top-level "; " (splitMessage): the standalone command prints it
// on the finding's first line, and go vet and golangci-lint print the whole
// message on one line, which a reader scans by its start. What is wrong,
// where and why fits in it; the table's key, schema place, evidence, the
// rationale and the fix come after it.
const maxHeadline = 120

// TestHeadlines runs the binary with -strict over the rule test modules
// (the key rules' and the SDK rules') and checks every finding's headline
// against maxHeadline.
func TestHeadlines(t *testing.T) {
	bin := buildTool(t)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	var lens []int
	rules := map[string]bool{}
	for _, mod := range []string{"rules", "sdkusage"} {
		dir := filepath.Join(root, "testdata", mod)
		stdout, stderr, code := run(t, dir, bin, "-json", "-strict", "./...")
		if code != exitClean && code != exitLoad {
			t.Fatalf("%s: exit %d\n%s", mod, code, stderr)
		}
		for _, d := range parseAnalysisJSON(t, dir, stdout) {
			head := splitMessage(d.Msg)[0]
			lens = append(lens, len(head))
			rules[d.Analyzer] = true
			if len(head) > maxHeadline {
				t.Errorf("%s: %s: headline of %d characters (at most %d): %s", mod, d.Analyzer, len(head), maxHeadline, head)
			}
			if strings.Contains(d.Msg, "\n") {
				t.Errorf("%s: %s: a message of several lines: %q", mod, d.Analyzer, d.Msg)
			}
		}
	}
	// The check means something only over many findings of many rules.
	if len(lens) < 200 || len(rules) < 10 {
		t.Fatalf("%d findings of %d rules checked; the test modules have more", len(lens), len(rules))
	}
	sort.Ints(lens)
	t.Logf("%d headlines of %d rules: median %d, longest %d characters", len(lens), len(rules), lens[len(lens)/2], lens[len(lens)-1])
}
