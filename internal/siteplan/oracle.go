package siteplan

import (
	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
)

// ParamOracle turns the Go-side bindings of a site into what the planner
// knows about each parameter: its YDB type and whether it is Optional, a
// certain NULL, a hash of another bound parameter, a value derived from a
// clock. A parameter with no binding is unknown, never "not NULL". nil when
// nothing is bound.
//
// For hash evidence (ForEvidence) the oracle says less, as it always has
// for that use: nothing when the database/sql binding mode is unknown,
// and of a binding only whether it is certainly NULL and which other
// binding it hashes (evidenceInfo). The evidence recorded in the catalogue,
// and so every hash-prefix finding, depends on exactly this.
func ParamOracle(p *site.Params, use Use) keyplan.ParamOracle {
	if p == nil || len(p.Bindings) == 0 || use == ForEvidence && p.Mode == site.BindUnknown {
		return nil
	}
	return func(name string) keyplan.ParamInfo {
		b := p.Lookup(name)
		if b == nil {
			return keyplan.ParamInfo{}
		}
		if use == ForEvidence {
			return evidenceInfo(p, b)
		}
		return paramInfo(p, b)
	}
}

// paramInfo is everything the Go side knows about the parameter b binds.
func paramInfo(p *site.Params, b *site.Binding) keyplan.ParamInfo {
	v := b.Value
	var info keyplan.ParamInfo
	if v.YDBType != "" {
		t := &yql.TypeRef{Name: yql.CanonicalType(v.YDBType)}
		if v.Optional {
			t = &yql.TypeRef{Name: "Optional", Args: []*yql.TypeRef{t}}
		}
		info.Type = t
	}
	switch {
	case v.Null == site.DefinitelyNull:
		info.Optional = keyplan.TriYes
		info.Null = true
	case v.Optional:
		info.Optional = keyplan.TriYes
	case v.YDBType != "" && v.Null == site.NotNull:
		info.Optional = keyplan.TriNo
	}
	if v.HashFunc != "" && v.HashOf != "" {
		if other := hashed(p, v.HashOf, nil); other != nil {
			info.HashOf, info.HashFunc = other.Name, v.HashFunc
		}
	}
	if v.Monotonic != "" {
		info.Monotonic = true
		info.MonotonicSource = v.Monotonic
	}
	if v.Const && v.Null != site.DefinitelyNull {
		info.Const = v.ConstText
	}
	return info
}

// evidenceInfo is what hash evidence is mined with: a certain NULL, and
// the hashed binding looked up among the others only (the binding itself
// never counts) with the hash function copied as it is.
func evidenceInfo(p *site.Params, b *site.Binding) keyplan.ParamInfo {
	info := keyplan.ParamInfo{Null: b.Value.Null == site.DefinitelyNull}
	if b.Value.HashOf != "" {
		if other := hashed(p, b.Value.HashOf, b); other != nil {
			info.HashOf, info.HashFunc = other.Name, b.Value.HashFunc
		}
	}
	return info
}

// hashed returns the first binding of p other than skip whose value is
// the one identified by origin (site.Value.Origin), or nil.
func hashed(p *site.Params, origin string, skip *site.Binding) *site.Binding {
	for _, other := range p.Bindings {
		if other != skip && other.Value.Origin != "" && other.Value.Origin == origin {
			return other
		}
	}
	return nil
}
