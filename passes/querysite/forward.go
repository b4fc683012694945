package querysite

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// optionsParamsParam finds, in a query-service options slice built at the
// call (`tx.Query(ctx, q, query.WithParameters(params), ts)`), the
// query.WithParameters argument when it is a parameter of the enclosing
// function: the wrapper then forwards its parameters argument whole
// (RoleParams), like a table-service wrapper forwarding *QueryParameters.
// The last WithParameters wins, as in the SDK; -1 when there is none or it
// is not a parameter.
func (a *pkgAnalysis) optionsParamsParam(v ssa.Value, c *ctx) int {
	elems, ok := ssaval.SliceElems(v)
	if !ok {
		return -1
	}
	k := -1
	for _, e := range elems {
		f, args, _, _ := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil || f.Helper != sdk.HelperWithParameters || len(args) != 1 {
			continue
		}
		k = asParam(args[0], c)
	}
	return k
}
