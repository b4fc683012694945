package querysite

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// setTable records the recovered table path of a site: one text, or
// several alternatives (TableArg.Alternatives). A truncated set names no
// table: its listed variants are not all the tables the call may use.
func setTable(s *site.Site, tt texts, pos, end token.Pos) {
	if len(tt.vs) == 0 {
		return
	}
	tbl := s.Table
	if tbl == nil {
		return // a YQL site names its tables in the text
	}
	if len(tt.vs) == 1 {
		tbl.Path = toText(tt.vs[0], pos, end)
		return
	}
	ddl := s.Kind == sdk.KindCreateTable || s.Kind == sdk.KindAlterTable || s.Kind == sdk.KindDropTable
	if ddl {
		tbl.Path = toText(tt.vs[0], pos, end) // what schema discovery has always read
	}
	if tt.truncated {
		return
	}
	for _, v := range tt.vs {
		tbl.Alternatives = append(tbl.Alternatives, toText(v, pos, end))
	}
}
