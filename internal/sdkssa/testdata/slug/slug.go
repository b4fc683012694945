// Package slug makes URL slugs; it never touches the database.
package slug

import "strings"

func Make(title string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' {
			return '-'
		}
		return r
	}, strings.ToLower(title))
}
