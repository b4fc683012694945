package hashprefix

import (
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// mismatchUncertain reports whether a hash-mismatch verdict of the planner
// rests on parameter names alone while the Go values may be the same:
//
//   - database/sql placeholders (`Digest::NumericHash(?) AND id = ?`) turn
//     into $p0 and $p1, usually bound to one Go variable; when the binding
//     mode is not known no argument is mapped, so nothing is known;
//   - two parameters bound to the same Go value (same Origin), or a Go
//     hash parameter whose hashed value is the value of the source column.
//
// A mismatch is value-based: it is reported only when the values are
// known to differ.
func mismatchUncertain(st *queryplan.Statement, hc *keyplan.HashCheck) bool {
	p := st.Site.Query.Params
	src, ok := hc.SourceBinding.Value.(*yql.ParamRef)
	if !ok {
		return false
	}
	var hashed, goHash string
	switch x := hc.HashBinding.Value.(type) {
	case *yql.Call:
		if len(x.Args) == 0 {
			return false
		}
		a, ok := x.Args[0].(*yql.ParamRef)
		if !ok {
			return false
		}
		hashed = a.Name
	case *yql.ParamRef:
		goHash = x.Name
	default:
		return false
	}
	if p == nil {
		return false
	}
	if p.Mode == site.BindUnknown && (synthetic(src.Name) || synthetic(hashed) || synthetic(goHash)) {
		return true // no argument is mapped to a placeholder
	}
	sb := p.Lookup(src.Name)
	if sb == nil {
		return false
	}
	if hashed != "" {
		hb := p.Lookup(hashed)
		return hb != nil && sameValue(hb.Value, sb.Value)
	}
	if sb.Value.Origin == "" {
		return false
	}
	gb := p.Lookup(goHash)
	return gb != nil && gb.Value.HashOf == sb.Value.Origin
}

// synthetic reports whether name is a database/sql placeholder turned into
// a parameter ($p0, $p1, … for `?` or `$1`).
func synthetic(name string) bool {
	if len(name) < 2 || name[0] != 'p' {
		return false
	}
	for _, r := range name[1:] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// sameValue: the same Go value (same Origin) or the same constant.
func sameValue(a, b site.Value) bool {
	if a.Origin != "" {
		return a.Origin == b.Origin
	}
	return a.Const && b.Const && a.ConstText != "" && a.ConstText == b.ConstText
}
