package querysite

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/site"
)

// setTable records the recovered table path of a site: one text, or
// several alternatives (Site.TableAlternatives). A truncated set names no
// table: its listed variants are not all the tables the call may use.
func setTable(s *site.Site, tt texts, pos, end token.Pos) {
	if len(tt.vs) == 0 {
		return
	}
	if len(tt.vs) == 1 {
		s.Table = toText(tt.vs[0], pos, end)
		return
	}
	ddl := s.Kind == site.KindCreateTable || s.Kind == site.KindAlterTable || s.Kind == site.KindDropTable
	if ddl {
		s.Table = toText(tt.vs[0], pos, end) // what schema discovery has always read
	}
	if tt.truncated {
		return
	}
	for _, v := range tt.vs {
		s.TableAlternatives = append(s.TableAlternatives, toText(v, pos, end))
	}
}
