package schemafact

import "github.com/ydblint/ydblint/internal/site"

// sitePaths lists the keyed table paths a CreateTable/AlterTable site may
// name: every alternative when the path is one of several texts
// (site.TableArg.Alternatives: a helper's table field set by a
// constructor called once per table, the same options for each), the one
// path otherwise. An alternative whose name is unknown is left out; the
// others are still created with the site's options.
func sitePaths(s *site.Site) []string {
	if s.Table == nil {
		return nil
	}
	if len(s.Table.Alternatives) == 0 {
		if p, ok := sitePath(s.Table.Path); ok {
			return []string{p}
		}
		return nil
	}
	var out []string
	for _, t := range s.Table.Alternatives {
		if p, ok := sitePath(t); ok {
			out = append(out, p)
		}
	}
	return out
}
