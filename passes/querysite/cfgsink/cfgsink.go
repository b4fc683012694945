package cfgsink

import (
	"go/types"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Sinks are the sinks the configuration declares (config.Sink), by
// identity. A call to one is a query site exactly like a call to an SDK
// entry point: its text argument is traced, its parameters argument is
// decoded by its type, and a function forwarding its own parameters to it
// becomes a wrapper with a ydbSink fact.
//
// The entry is built on first use from the callee's signature, because the
// role of the parameters argument depends on its type:
//   - *params.Params (table.QueryParameters, ydb.Params): RoleParams;
//   - a slice (usually variadic) of an SDK option type: RoleOptions, decoded
//     like query.WithParameters options;
//   - a slice of interface values (`args ...any`): RoleArgs, decoded like
//     database/sql arguments with an unknown binding mode (only sql.Named
//     and table.ValueParam arguments name a parameter);
//   - anything else: parameters unknown (Params.Known false).
//
// A declaration whose query argument is not a string parameter of the
// function matches nothing.
type Sinks struct {
	byID    map[sdk.Identity]*config.Sink
	pkgs    map[string]bool
	entries map[sdk.Identity]*sdk.Entry // built entries; nil value: does not fit
}

// New indexes the configured sinks; nil when there are none, so that the
// common case costs one nil check.
func New(cfg *config.Config) *Sinks {
	if cfg == nil || len(cfg.Sinks) == 0 {
		return nil
	}
	cs := &Sinks{byID: map[sdk.Identity]*config.Sink{}, pkgs: map[string]bool{}, entries: map[sdk.Identity]*sdk.Entry{}}
	for i := range cfg.Sinks {
		s := &cfg.Sinks[i]
		recv, name, ok := s.Target()
		if !ok || s.Package == "" {
			continue
		}
		id := sdk.Identity{Pkg: s.Package, Recv: recv, Name: name}
		if _, dup := cs.byID[id]; !dup {
			cs.byID[id] = s
			cs.pkgs[s.Package] = true
		}
	}
	return cs
}

// HasPkg reports whether path declares a configured sink.
func (cs *Sinks) HasPkg(path string) bool { return cs != nil && cs.pkgs[path] }

// IsEntry reports whether e was built from the configuration.
func (cs *Sinks) IsEntry(e *sdk.Entry) bool {
	if cs == nil || e == nil {
		return false
	}
	return cs.entries[sdk.Identity{Pkg: e.Pkg, Recv: e.Recv, Name: e.Name}] == e
}

// Lookup returns the entry for a call whose callee has identity id and
// function object fn (the declaring interface's method for invoke calls),
// or nil.
func (cs *Sinks) Lookup(id sdk.Identity, fn *types.Func) *sdk.Entry {
	if cs == nil {
		return nil
	}
	s := cs.byID[id]
	if s == nil || fn == nil {
		return nil
	}
	if e, done := cs.entries[id]; done {
		return e
	}
	e := sinkEntry(id, s, fn)
	cs.entries[id] = e
	return e
}

// sinkEntry builds the entry point for one configured sink, or nil when
// the function's signature does not fit the declaration.
func sinkEntry(id sdk.Identity, s *config.Sink, fn *types.Func) *sdk.Entry {
	sig, ok := fn.Origin().Type().(*types.Signature)
	if !ok {
		return nil
	}
	params := sig.Params()
	if s.QueryArg < 0 || s.QueryArg >= params.Len() {
		return nil
	}
	if sig.Variadic() && s.QueryArg == params.Len()-1 {
		return nil // the text is one string, not a variadic list
	}
	if b, ok := params.At(s.QueryArg).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsString == 0 {
		return nil
	}
	e := &sdk.Entry{
		API:  s.FullName(),
		Pkg:  id.Pkg,
		Recv: id.Recv,
		Name: id.Name,
		Kind: sdk.KindYQL,
		Args: []sdk.Arg{{Index: s.QueryArg, Role: sdk.RoleText}},
	}
	if s.ParamsArg >= 0 && s.ParamsArg < params.Len() {
		if r := paramsRole(params.At(s.ParamsArg).Type()); r != sdk.RoleNone {
			e.Args = append(e.Args, sdk.Arg{Index: s.ParamsArg, Role: r})
		} else {
			// Bound parameters exist but cannot be decoded: mark them
			// unknown rather than "none".
			e.Args = append(e.Args, sdk.Arg{Index: s.ParamsArg, Role: RoleUnknownParams})
		}
	}
	return e
}

// RoleUnknownParams marks a configured parameters argument of a type
// ydblint cannot decode. It is outside the sdk.Role values on purpose:
// querysite's buildSite then only records that parameters exist.
const RoleUnknownParams sdk.Role = 255

// paramsRole decides how a configured sink's parameters argument is read,
// by its type (see Sinks).
func paramsRole(t types.Type) sdk.Role {
	if ssaval.IsParamsPtr(t) {
		return sdk.RoleParams
	}
	sl, ok := types.Unalias(t).Underlying().(*types.Slice)
	if !ok {
		return sdk.RoleNone
	}
	elem := types.Unalias(sl.Elem())
	if n, ok := elem.(*types.Named); ok && n.Obj().Pkg() != nil && sdk.InSDK(n.Obj().Pkg().Path()) {
		return sdk.RoleOptions
	}
	if it, ok := elem.Underlying().(*types.Interface); ok && it.Empty() {
		return sdk.RoleArgs
	}
	return sdk.RoleNone
}
