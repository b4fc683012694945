package intrinsic

import "testing"

func TestLookup(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"strings.ReplaceAll", true},
		{"strconv.FormatInt", true},
		{"path/filepath.Join", true},
		{"fmt.Fprintln", true},
		{"(*strings.Builder).WriteRune", true},
		{"(*bytes.Buffer).Truncate", true},
		{"html/template.Must", true},
		{"(*text/template.Template).ExecuteTemplate", true},
		{"(*html/template.Template).Delims", true},
		{"strings.Split", false},
		{"fmt.Errorf", false},
		{"(*strings.Builder).Foo", false},
		{"(*bytes.Reader).Len", false},
		{"(*text/template.Template).Lookup", false},
		{"text/template.ParseFiles", false},
		{").", false},
	}
	for _, tc := range tests {
		if _, ok := Lookup(tc.name); ok != tc.want {
			t.Errorf("Lookup(%q) found = %v, want %v", tc.name, ok, tc.want)
		}
	}
}
