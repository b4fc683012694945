package schemafact

import "github.com/ydblint/ydblint/internal/site"

// sitePaths lists the keyed table paths a CreateTable/AlterTable site may
// name: every alternative when the path is one of several texts
// (site.Site.TableAlternatives: a helper's table field set by a
// constructor called once per table, the same options for each), the one
// path otherwise. An alternative whose name is unknown is left out; the
// others are still created with the site's options.
func sitePaths(s *site.Site) []string {
	if len(s.TableAlternatives) == 0 {
		if p, ok := sitePath(s); ok {
			return []string{p}
		}
		return nil
	}
	var out []string
	for _, t := range s.TableAlternatives {
		alt := *s
		alt.Table, alt.TableAlternatives = t, nil
		if p, ok := sitePath(&alt); ok {
			out = append(out, p)
		}
	}
	return out
}
