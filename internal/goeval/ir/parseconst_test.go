package ir

import (
	"go/constant"
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
