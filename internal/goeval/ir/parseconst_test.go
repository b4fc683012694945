package ir

import (
	"go/constant"
	"go/token"
	"testing"
)

func TestParseConst(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // constant.Value.ExactString, "" for nil
	}{
		{"42", "42"},
		{"-7", "-7"},
		{"2.5", "5/2"},
		{"1/3", "1/3"},
		{"-1/4", "-1/4"},
		{"1/0", ""},
		{"x", ""},
		{"", ""},
		{"\"s\"", ""},
	} {
		got := ParseConst(tc.in)
		s := ""
		if got != nil {
			s = got.ExactString()
		}
		if s != tc.want {
			t.Errorf("ParseConst(%q) = %q, want %q", tc.in, s, tc.want)
		}
		if got != nil && got.Kind() == constant.Unknown {
			t.Errorf("ParseConst(%q) is an unknown constant", tc.in)
		}
	}
}

// FuzzParseConst: any input reads without a panic, and what it reads reads
// back from its own ExactString as the same number.
func FuzzParseConst(f *testing.F) {
	for _, s := range []string{"42", "-7", "5/2", "1/0", "-1/4", "1e400", "0x10", "--1", "/", "1/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return // huge exponents make exact arithmetic slow, not wrong
		}
		k := ParseConst(s)
		if k == nil {
			return
		}
		back := ParseConst(k.ExactString())
		if back == nil || constant.Compare(back, token.NEQ, k) {
			t.Fatalf("ParseConst(%q) = %s, which reads back as %v", s, k.ExactString(), back)
		}
	})
}
