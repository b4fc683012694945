package analysisutil

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// ExtractDoc returns the documentation of analyzer name from the package doc
// comment in content (the text of a doc.go file). The comment must hold a
// section of this form, as in golang.org/x/tools/go/analysis/passes:
//
//	# Analyzer NAME
//
//	NAME: one-line summary
//
//	Full description.
//
//	# Category CATEGORY
//
//	More of the rule's page, up to the next "# Analyzer" heading.
//
// The result is the summary and everything after it up to the next
// "# Analyzer" heading or the end of the comment, its headings kept as
// "# Heading" lines, which is the form analysis.Analyzer.Doc expects (title
// before the first blank line). Unlike x/tools' extractor it does not stop
// at the first heading: a ydblint rule's page is its categories and what it
// does not report too, and `ydblint help <rule>` prints the whole page.
func ExtractDoc(content, name string) (string, error) {
	if content == "" {
		return "", fmt.Errorf("empty doc.go")
	}
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("doc.go is not a Go file: %v", err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("doc.go has no package doc comment")
	}
	heading := "Analyzer " + name
	sections := strings.Split(f.Doc.Text(), "\n# ")
	for i, section := range sections {
		rest, ok := strings.CutPrefix(section, heading)
		if !ok || (rest != "" && rest[0] != '\n' && rest[0] != '\r') {
			continue
		}
		rest = strings.TrimSpace(rest)
		body, ok := strings.CutPrefix(rest, name+":")
		if !ok {
			return "", fmt.Errorf("heading %q is not followed by a %q line", heading, name+": summary")
		}
		page := []string{strings.TrimSpace(body)}
		for _, next := range sections[i+1:] {
			if strings.HasPrefix(next, "Analyzer ") {
				break
			}
			page = append(page, "# "+strings.TrimSpace(next))
		}
		return strings.Join(page, "\n\n"), nil
	}
	return "", fmt.Errorf("doc comment has no %q heading", heading)
}

// MustExtractDoc is ExtractDoc for package initialisation: a malformed doc.go
// is a programming error caught by every test run.
func MustExtractDoc(content, name string) string {
	doc, err := ExtractDoc(content, name)
	if err != nil {
		panic(fmt.Sprintf("analyzer %s: %v", name, err))
	}
	return doc
}
