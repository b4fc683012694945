package report

import (
	"strings"
	"testing"
)

// TestSplitMessage: the headline ends at the first "; " outside brackets
// and quotes; the parts join back into the message.
func TestSplitMessage(t *testing.T) {
	cases := []struct {
		msg  string
		want []string
	}{
		{"x", []string{"x"}},
		{"a: b; table t, primary key (k; j) (schema: s.sql:1); fix", []string{"a: b", "table t, primary key (k; j) (schema: s.sql:1)", "fix"}},
		{"a \"b; c\" `d; e` [f; g] {h; i}; j", []string{"a \"b; c\" `d; e` [f; g] {h; i}", "j"}},
		{"a;b; c", []string{"a;b", "c"}},
		{"a) b; c", []string{"a) b", "c"}},
	}
	for _, c := range cases {
		got := SplitMessage(c.msg)
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("SplitMessage(%q) = %q, want %q", c.msg, got, c.want)
		}
	}
}

// FuzzSplitMessage: any message splits without a panic into parts that
// join back into it.
func FuzzSplitMessage(f *testing.F) {
	f.Add("SELECT reads every partition of t: why; table t (schema: s.sql:1); fix")
	f.Add("a \"; (\" ; b")
	f.Fuzz(func(t *testing.T, msg string) {
		if got := strings.Join(SplitMessage(msg), "; "); got != msg {
			t.Errorf("SplitMessage(%q) joins to %q", msg, got)
		}
	})
}
