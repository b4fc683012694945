package gohash

import (
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Fact (ydbHash) says that a function returns a hash of its parameter Arg
// computed with Func.
type Fact struct {
	Func string
	Arg  int
}

func (*Fact) AFact() {}

func (f *Fact) String() string { return "ydbHash(" + f.Func + ",arg=" + strconv.Itoa(f.Arg) + ")" }

// Host is what hash derivation needs of the query-site pass.
type Host interface {
	// Blocks is fn's body as the pass sees it (an *ssaprog.Program's,
	// which hides the bodies the pass does not need).
	Blocks(fn *ssa.Function) []*ssa.BasicBlock
	// Origin is the stable identity of a Go value within its function:
	// a hash's HashOf is the origin of the value hashed.
	Origin(v ssa.Value) string
}

// Deriver recognises the Go hashes of one package's values and
// summarises the package's functions returning one.
type Deriver struct {
	pass *analysis.Pass
	host Host
	// local holds the in-package summaries (Summarize), which shadow the
	// facts of the package's own functions.
	local map[*ssa.Function]*Fact
	// visiting holds the φ-nodes whose hash derivation is being
	// evaluated (hashderive.go).
	visiting map[*ssa.Phi]bool
	memo     map[ssa.Value]hashResult
}

// New returns the hash deriver of the package pass analyses.
func New(pass *analysis.Pass, host Host) *Deriver {
	return &Deriver{pass: pass, host: host, local: map[*ssa.Function]*Fact{}}
}

// Of recognises a value computed by a Go hash function (the table, a
// local summary or an imported Fact) and returns the function's spelling
// and the origin of the hashed value (HashFunc and HashOf of site.Value).
func (d *Deriver) Of(v ssa.Value) (string, string, bool) { return d.hashOf(v, 0) }

// Summarize computes fn's summary (one round of the pass's fixed point)
// and reports whether it changed.
func (d *Deriver) Summarize(fn *ssa.Function) bool {
	if h := d.hashSummaryOf(fn); h != nil && (d.local[fn] == nil || *d.local[fn] != *h) {
		d.local[fn] = h
		return true
	}
	return false
}

// ForgetMisses drops the memoized misses between rounds: a summary found
// in one round (HashTagIndex calling HashBucketData declared after it) may
// turn a miss into a hash in the next; hits stay.
func (d *Deriver) ForgetMisses() {
	for v, r := range d.memo {
		if !r.ok {
			delete(d.memo, v)
		}
	}
}

// Summary is fn's summary, nil when it returns no hash: the Fact to
// export on it.
func (d *Deriver) Summary(fn *ssa.Function) *Fact { return d.local[fn] }

// hashOf recognises a value computed by a Go hash function (the table, a
// local summary or an imported Fact) and returns the function's
// spelling and the origin of the hashed value.
func (d *Deriver) hashOf(v ssa.Value, depth int) (string, string, bool) {
	// Folding a digest into an integer byte by byte nests ~16 operations
	// (v <<= 8; v += int64(b[i]) eight times): the bound is generous and
	// results are memoized, so shared operands are not evaluated twice.
	if depth > 48 {
		return "", "", false
	}
	v = ssaval.PeelConv(v)
	if r, ok := d.memo[v]; ok {
		return r.name, r.of, r.ok
	}
	name, of, ok := d.hashOfUncached(v, depth)
	if len(d.visiting) == 0 {
		if d.memo == nil {
			d.memo = map[ssa.Value]hashResult{}
		}
		d.memo[v] = hashResult{name, of, ok}
	}
	return name, of, ok
}

type hashResult struct {
	name, of string
	ok       bool
}

func (d *Deriver) hashOfUncached(v ssa.Value, depth int) (string, string, bool) {
	if n, o, ok := d.hashDerived(v, depth); ok {
		return n, o, true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				if val := ssaval.SingleStore(alloc); val != nil {
					return d.hashOf(val, depth+1)
				}
			}
		}
		return "", "", false
	case *ssa.Slice:
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			if val := ssaval.SingleStore(alloc); val != nil {
				return d.hashOf(val, depth+1)
			}
		}
		return "", "", false
	case *ssa.Extract:
		return d.hashOf(x.Tuple, depth+1)
	}
	id, args, recv, call, ok := ssaval.MethodCall(v)
	if !ok {
		return "", "", false
	}
	if h := sdk.LookupHash(id); h != nil {
		switch h.Shape {
		case sdk.HashDirect:
			if h.Arg < len(args) {
				return hashName(h), d.host.Origin(ssaval.PeelConv(args[h.Arg])), true
			}
		case sdk.HashSum:
			return d.hasherOf(recv, depth)
		}
		return "", "", false
	}
	if sdk.IsPassthrough(id) && len(args) > 0 {
		return d.hashOf(args[0], depth+1)
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return "", "", false
	}
	callee = ssaval.Origin(callee)
	var hf *Fact
	if f := d.local[callee]; f != nil {
		hf = f
	} else if obj, ok := callee.Object().(*types.Func); ok && obj.Pkg() != d.pass.Pkg {
		f := new(Fact)
		if d.pass.ImportObjectFact(obj.Origin(), f) {
			hf = f
		}
	}
	if hf != nil && hf.Arg < 0 {
		return hf.Func, "", true // a bucketed hash: HashOf "" (hashbucket.go)
	}
	if hf != nil && hf.Arg < len(args) {
		return hf.Func, d.host.Origin(ssaval.PeelConv(args[hf.Arg])), true
	}
	return "", "", false
}

func hashName(h *sdk.HashFunc) string {
	if h.Recv != "" {
		return h.Pkg + "." + h.Recv + "." + h.Name
	}
	return h.Pkg + "." + h.Name
}

// hasherOf follows a hasher (fnv.New64a(), a maphash.Hash variable) to its
// constructor and the data written into it.
func (d *Deriver) hasherOf(h ssa.Value, depth int) (string, string, bool) {
	h = ssaval.Peel(h)
	name := ""
	switch x := h.(type) {
	case *ssa.Call:
		id, _, _, _, ok := ssaval.MethodCall(x)
		if !ok {
			return "", "", false
		}
		hf := sdk.LookupHash(id)
		if hf == nil || hf.Shape != sdk.HashNew {
			return "", "", false
		}
		name = hashName(hf)
	case *ssa.Alloc:
		n, _ := sdk.NamedTypeName(x.Type())
		if n != "Hash" {
			return "", "", false
		}
		name = "hash/maphash.Hash"
	default:
		return "", "", false
	}
	// The data: the single Write/WriteString on the hasher.
	var data ssa.Value
	var walk func(v ssa.Value, hops int)
	walk = func(v ssa.Value, hops int) {
		if hops > 4 || v.Referrers() == nil {
			return
		}
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.MakeInterface:
				walk(r, hops+1)
			case *ssa.ChangeInterface:
				walk(r, hops+1)
			case *ssa.Call:
				id, args, recv, _, ok := ssaval.MethodCall(r)
				if ok && recv == nil && len(args) > 0 && (ssaval.Peel(args[0]) == h || args[0] == v) {
					// A package function writing into the hasher:
					// io.WriteString(h, s).
					if hf := sdk.LookupHash(id); hf != nil && hf.Shape == sdk.HashWrite && hf.Arg < len(args) {
						data = args[hf.Arg]
					}
					continue
				}
				if !ok || ssaval.Peel(recv) != h && recv != v {
					continue
				}
				if hf := sdk.LookupHash(id); hf != nil && hf.Shape == sdk.HashWrite && hf.Arg < len(args) {
					data = args[hf.Arg]
				} else if strings.HasPrefix(id.Name, "Write") && len(args) > 0 {
					data = args[0]
				}
			}
		}
	}
	walk(h, 0)
	origin := ""
	if data != nil {
		origin = d.host.Origin(ssaval.PeelConv(data))
	}
	return name, origin, true
}

// hashSummaryOf summarises a function returning a hash of one parameter
// (Arg), or a hash of no single parameter (Arg -1, Func the function itself).
func (d *Deriver) hashSummaryOf(fn *ssa.Function) *Fact {
	if fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out *Fact
	for _, b := range d.host.Blocks(fn) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		name, of, ok := d.hashOf(ret.Results[0], 0)
		if !ok {
			return nil
		}
		idx := -1
		recv := 0
		if fn.Signature.Recv() != nil {
			recv = 1
		}
		for i, p := range fn.Params {
			if "param:"+p.Name() == of {
				idx = i - recv
			}
		}
		if idx < 0 {
			// A hash of several values or of no one parameter
			// (farm.Hash64 of a buffer the parameters were written
			// to): certainly a hash, of nothing nameable (hashbucket.go).
			name, idx = bucketHashName(fn), -1
		}
		if name == "" || out != nil && (out.Func != name || out.Arg != idx) {
			return nil
		}
		out = &Fact{Func: name, Arg: idx}
	}
	return out
}
