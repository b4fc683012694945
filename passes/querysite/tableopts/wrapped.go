package tableopts

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// CreateTable through a helper of the package that takes the table path
// and writes the options itself, as the SDK's examples do:
//
//	func createTable(ctx context.Context, c table.Client, path string) error {
//		return c.Do(ctx, func(ctx context.Context, s table.Session) error {
//			return s.CreateTable(ctx, path,
//				options.WithColumn("city", types.Optional(types.TypeUTF8)),
//				options.WithPrimaryKeyColumn("city", "number"))
//		})
//	}
//	createTable(ctx, db.Table(), path.Join(prefix, "schools"))
//
// The site is the helper's call (the path is its argument); the options are
// the helper's own, decoded at the SDK call inside it. Options built from
// the helper's parameters are not known there (DDL.Known false), as for
// any CreateTable whose options cannot be decoded. Helpers of other
// packages (facts) carry no options: their sites stay without them.

// Wrapped decodes the options of the SDK call inner that a wrapper of the
// analysed package forwards to.
func (r *Reader) Wrapped(inner *ssa.CallCommon) (*site.TableOptions, bool) {
	if inner == nil {
		return nil, false
	}
	e := r.host.Entry(inner)
	if e == nil || e.Kind != sdk.KindCreateTable && e.Kind != sdk.KindAlterTable {
		return nil, false // a wrapper of a wrapper: not followed
	}
	args, _ := ssaval.SplitRecv(inner)
	i := e.ArgIndex(sdk.RoleOptions)
	if i < 0 || i >= len(args) {
		return &site.TableOptions{}, true // no options argument: none given
	}
	return r.Decode(args[i])
}
