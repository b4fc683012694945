package queryplan

import "testing"

// TestShortenHoles: a headline names a table by the path the statement
// wrote, with each long Go expression in it cut to <…>; short ones, nested
// angle brackets and text without a hole stay as they are.
func TestShortenHoles(t *testing.T) {
	cases := map[string]string{
		"orders":             "orders",
		"<r.folder>/account": "<r.folder>/account",
		`<s.folder>/spans_<strings.ReplaceAll(day.Format("2006-01-02"), "-", "")>`: "<s.folder>/spans_<…>",
		"<path.Base(params.TablePath)>":                                            "<path.Base(params.TablePath)>",
		"<a.veryLongFieldNameThatGoesOnAndOn>/t":                                   "<…>/t",
		"<cfg.Map<string>>/t":                                                      "<cfg.Map<string>>/t",
		"<unclosed/t":                                                              "<unclosed/t",
	}
	for in, want := range cases {
		if got := shortenHoles(in); got != want {
			t.Errorf("shortenHoles(%q) = %q, want %q", in, got, want)
		}
	}
}
