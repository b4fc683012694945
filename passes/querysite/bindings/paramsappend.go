package bindings

import (
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// appendedValues decodes table.NewQueryParameters(opts...) where opts was
// built with append (values = append(values, table.ValueParam(…)) on some
// paths or in a loop). The elements are the union over every path, so the
// set is complete but a parameter may be bound on some paths only; a name
// appended with two different values is dropped and makes the set unknown,
// since which value a given run binds is not known.
func (d *Decoder[C]) appendedValues(elems []ssa.Value, s *paramSet, c C) *site.Params {
	seen := map[string]ssa.Value{}
	dropped := map[string]bool{}
	for _, e := range elems {
		f, vargs, _, vcall := ssaval.HelperOf(ssaval.Peel(e))
		if f == nil || f.Helper != sdk.HelperValueParam || len(vargs) != 2 {
			s.p.Known = false
			continue
		}
		name, ok := ssaval.ConstString(vargs[0])
		if !ok {
			s.p.Known = false
			continue
		}
		if prev, dup := seen[name]; dup {
			if prev != e {
				dropped[name] = true
			}
			continue
		}
		seen[name] = e
		pos, end := d.host.CallRange(vcall)
		s.add(name, pos, end, d.Classify(vargs[1], d.host.Deeper(c)))
	}
	if len(dropped) > 0 {
		var kept []*site.Binding
		for _, b := range s.p.Bindings {
			if !dropped[b.Name] && !dropped["$"+b.Name] {
				kept = append(kept, b)
			}
		}
		s.p.Bindings, s.p.Known = kept, false
	}
	return s.done()
}
