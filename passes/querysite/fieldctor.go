package querysite

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"
)

// A table name kept in a field that a constructor sets from its parameter,
// the constructor called once per table:
//
//	type batchWriter struct{ table string }
//	func newBatchWriter(pool table.Client, table string) *batchWriter {
//		return &batchWriter{table: table}
//	}
//	func NewIndexer(pool table.Client) *Indexer {
//		return &Indexer{
//			tags:  newBatchWriter(pool, tblTagIndex),
//			spans: newBatchWriter(pool, tblSpanIndex),
//		}
//	}
//
// The field holds one of the texts the constructor's callers pass. When
// the constructor's callers are all known (paramkey.go, knownCallers: an
// unexported function never used as a value) and every one of them passes
// a text without unknown pieces, the stored parameter reads as the union of
// those texts: one variant per caller — provided it is the only string
// parameter the callers vary (onlyVaryingText). Which variant a given use sees is
// not known, so a site whose table path has several variants lists them as
// alternatives (TableArg.Alternatives) and the rules judge a row only by
// what holds under every alternative.

// maxCtorTexts bounds the variants a constructor parameter contributes.
const maxCtorTexts = 8

// paramArgUnion is the union of the texts every caller passes for p, when
// each caller's text is fully known (no hole, no parameter piece).
func (a *pkgAnalysis) paramArgUnion(p *ssa.Parameter, c *ctx) (texts, bool) {
	if !isString(p.Type()) || c.depth > maxDepth/2 {
		return texts{}, false
	}
	calls, idx := a.knownCallers(p)
	if idx < 0 || len(calls) > maxArgTextCallers || !a.onlyVaryingText(calls, idx, c) {
		return texts{}, false
	}
	var out texts
	seen := map[string]bool{}
	for _, call := range calls {
		common := call.Common()
		if idx >= len(common.Args) {
			return texts{}, false
		}
		var hint ast.Expr
		if ce := a.calls[common.Pos()]; ce != nil && len(ce.Args) == len(common.Args) {
			hint = ce.Args[idx]
		}
		t := a.text(common.Args[idx], hint, &ctx{fn: call.Parent(), depth: c.depth + 1})
		if t.truncated || t.cyclic || len(t.vs) == 0 {
			return texts{}, false
		}
		for _, v := range t.vs {
			s, ok := constVariant(v)
			if !ok {
				return texts{}, false
			}
			if seen[s] {
				continue
			}
			seen[s] = true
			if len(out.vs) >= maxCtorTexts {
				return texts{}, false
			}
			out.vs = append(out.vs, v)
		}
	}
	return out, len(out.vs) > 0
}

// onlyVaryingText reports whether parameter idx is the only string
// parameter to which the calls pass different texts. Two such parameters
// (a table and its key column) vary together, one pair per call, but the
// union of each is a set of its own: a text built from both fields would
// pair one call's table with another call's column. Then neither is
// resolved (the fields stay holes).
func (a *pkgAnalysis) onlyVaryingText(calls []ssa.CallInstruction, idx int, c *ctx) bool {
	if len(calls) == 0 {
		return false
	}
	n := len(calls[0].Common().Args)
	for j := 0; j < n; j++ {
		if j == idx || !isString(calls[0].Common().Args[j].Type()) {
			continue
		}
		first := ""
		same := true // every call passes the very same value (the caller's own parameter)
		for _, call := range calls {
			args := call.Common().Args
			if j >= len(args) {
				return false
			}
			same = same && args[j] == calls[0].Common().Args[j]
		}
		if same {
			continue
		}
		for i, call := range calls {
			args := call.Common().Args
			t := a.text(args[j], nil, &ctx{fn: call.Parent(), depth: c.depth + 1})
			k, ok := identityKey(t)
			if !ok || i > 0 && k != first {
				return false
			}
			first = k
		}
	}
	return true
}

// constVariant spells a variant made of literal pieces only.
func constVariant(v variant) (string, bool) {
	s := ""
	for _, p := range v {
		if p.hole || p.param >= 0 || p.keyEq != "" {
			return "", false
		}
		s += p.text
	}
	return s, true
}

// unknownParamStore reports whether t, the text of a value stored into a
// field, is nothing but the unkeyed hole of a parameter: the store of a
// constructor's parameter whose callers disagree.
func unknownParamStore(val ssa.Value, t texts) (*ssa.Parameter, bool) {
	p, ok := val.(*ssa.Parameter)
	if !ok || len(t.vs) != 1 || len(t.vs[0]) != 1 {
		return nil, false
	}
	pc := t.vs[0][0]
	return p, pc.hole && pc.key == "" && pc.param < 0
}
