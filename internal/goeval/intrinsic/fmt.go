package intrinsic

import (
	"fmt"
	"go/constant"
	"slices"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// fmtCall interprets fmt.Sprintf and its family. The format may be any
// shape: its literal runs are scanned for verbs, each consuming the next
// argument; alternatives of the format are formatted each from the same
// argument; an optional piece of the format without verbs stays optional
// under its condition; a hole in the format makes the arguments after it
// unknown (their position is not known).
func fmtCall(name string) Fn {
	toWriter := strings.HasPrefix(name, "F")
	formatted := strings.HasSuffix(name, "f")
	line := strings.HasSuffix(name, "ln")
	stdout := !toWriter && !strings.HasPrefix(name, "S")
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		i := 0
		var w *value.Value
		if toWriter {
			w, i = args[0], 1
		}
		var out *strshape.Shape
		switch {
		case formatted:
			out = sprintf(e, str(e, args[i]), args[i+1], in, i+1)
		default:
			out = sprint(e, args[i], line, in, i)
		}
		if stdout {
			return writeResult(e, in), h
		}
		if !toWriter {
			return e.StrValue(out), h
		}
		if buf := textBuffer(w); buf != nil {
			return writeResult(e, in), bufAppend(e, h, buf, out)
		}
		if w.Kind() == value.KInterface {
			// A writer of the program: its Write method, with the text.
			if name := e.MethodName(w, "Write"); name != "" || e.MethodFunc(w, "Write") != nil {
				v, h2 := e.Invoke("io.Writer", "Write", w, []*value.Value{e.StrValue(out)}, h, in)
				_ = v
				return writeResult(e, in), h2
			}
		}
		return writeResult(e, in), e.Invalidate(h, []*value.Value{w}, "written by "+name)
	}
}

// textBuffer returns the pointer to the cell of a *strings.Builder or
// *bytes.Buffer held in an io.Writer, nil otherwise.
func textBuffer(w *value.Value) *value.Value {
	if w.Kind() == value.KInterface && (w.Ident() == "*strings.Builder" || w.Ident() == "*bytes.Buffer") && w.Elems()[0].Kind() == value.KPointer {
		return w.Elems()[0]
	}
	return nil
}

// fmtArgs unpacks the ...any slice of a fmt call; nil when its elements
// are not all known to be there.
func fmtArgs(s *value.Value) ([]*value.Value, bool) {
	switch s.Kind() {
	case value.KNil:
		return nil, true
	case value.KSlice:
		if !definite(s) {
			return nil, false
		}
		out := make([]*value.Value, len(s.Items()))
		for i, it := range s.Items() {
			out[i] = it.V
		}
		return out, true
	}
	return nil, false
}

func unwrap(v *value.Value) *value.Value {
	if v.Kind() == value.KInterface {
		return v.Elems()[0]
	}
	return v
}

// sprint is fmt.Sprint (spaces between operands when neither is a string)
// or Sprintln (spaces always, a newline at the end).
// The operands are arguments base, base+1, … of the call in (nil: not a
// call of the program), where their holes are placed (Host.Spliced).
func sprint(e Host, s *value.Value, line bool, in *ir.Instr, base int) *strshape.Shape {
	args, ok := fmtArgs(s)
	if !ok {
		return e.HoleShape(value.HoleRuntime, "", "fmt.Sprint", "arguments not known")
	}
	var ps []*strshape.Shape
	for i, a := range args {
		isStr := unwrap(a).Kind() == value.KString
		if i > 0 {
			prevStr := unwrap(args[i-1]).Kind() == value.KString
			if line || !isStr && !prevStr {
				ps = append(ps, e.LitPlain(" "))
			}
		}
		ps = append(ps, e.Spliced(printValue(e, a, 'v'), in, base+i))
	}
	if line {
		ps = append(ps, e.LitPlain("\n"))
	}
	if len(ps) == 0 {
		return strshape.Empty()
	}
	return strshape.Concat(e.Limits(), ps...)
}

// printValue is the text %v (or %s) prints for v.
func printValue(e Host, v *value.Value, verb byte) *strshape.Shape {
	x := unwrap(v)
	switch x.Kind() {
	case value.KString:
		return x.Shape()
	case value.KUnknown:
		// The text of a value not known is not known: the same hole.
		return strshape.Hole(x.Hole())
	case value.KInt:
		return e.IntShape(x, "%"+string(verb)+" argument")
	case value.KConst:
		if gv := goValue(x); gv != nil {
			return e.LitPlain(fmt.Sprintf("%"+string(verb), gv))
		}
	case value.KAlt:
		var alts []*strshape.Shape
		for _, a := range x.Elems() {
			alts = append(alts, printValue(e, a, verb))
		}
		return e.AltShapes(alts...)
	}
	// A value with a String method of the program.
	if v.Kind() == value.KInterface && e.CanCall() {
		if fn := e.MethodFunc(v, "String"); fn != nil || e.MethodName(v, "String") != "" {
			if fn == nil {
				fn = e.Lookup(e.MethodName(v, "String"))
			}
			if fn != nil && fn.NParams == 1 && fn.Bad() == "" {
				r, h2 := e.CallFunc(fn, fn.Name, []*value.Value{x}, nil, value.EmptyHeap(), &ir.Instr{ID: -1})
				if h2 != nil && r != nil && r.Kind() == value.KString {
					return r.Shape()
				}
			}
		}
	}
	key := e.KeyOf(x)
	return e.HoleShape(value.HoleRuntime, key, "%"+string(verb)+" argument", "formatted value not known")
}

// goValue converts a constant to a Go value for fmt.
func goValue(v *value.Value) any {
	switch v.Kind() {
	case value.KInt:
		if v.Lo() == v.Hi() {
			return v.Lo()
		}
	case value.KString:
		if t, ok := value.LitText(v.Shape()); ok {
			return t
		}
	case value.KConst:
		switch v.Constant().Kind() {
		case constant.Bool:
			return constant.BoolVal(v.Constant())
		case constant.Float, constant.Int:
			f, _ := constant.Float64Val(v.Constant())
			return f
		}
	case value.KNil:
		return nil
	}
	return nil
}

type fmtState struct {
	out []*strshape.Shape
	arg int // next argument; -1: not known (after a hole in the format)
}

type fmter struct {
	e    Host
	args []*value.Value
	bad  bool
	in   *ir.Instr // the call, nil when not one of the program
	base int       // the call's argument index of args[0]
}

// sprintf formats format with the ...any slice s, the arguments base, …
// of the call in (nil: not a call of the program).
func sprintf(e Host, format *strshape.Shape, s *value.Value, in *ir.Instr, base int) *strshape.Shape {
	args, ok := fmtArgs(s)
	if !ok {
		return e.HoleShape(value.HoleRuntime, "", "fmt.Sprintf", "arguments not known")
	}
	f := &fmter{e: e, args: args, in: in, base: base}
	states := f.walk(format, []fmtState{{}})
	if f.bad || len(states) == 0 {
		return e.HoleShape(value.HoleBound, "", "fmt.Sprintf", "format too complex")
	}
	var alts []*strshape.Shape
	for _, st := range states {
		out := st.out
		if st.arg >= 0 && st.arg < len(args) {
			out = append(slices.Clone(out), e.HoleShape(value.HoleRuntime, "", "%!(EXTRA)", "arguments beyond the format"))
		}
		if len(out) == 0 {
			alts = append(alts, strshape.Empty())
		} else {
			alts = append(alts, strshape.Concat(e.Limits(), out...))
		}
	}
	return e.AltShapes(alts...)
}

func (f *fmter) walk(s *strshape.Shape, states []fmtState) []fmtState {
	if f.bad {
		return nil
	}
	if len(states) > f.e.Variants() {
		f.bad = true
		return nil
	}
	e := f.e
	switch s.Kind {
	case strshape.KindLit:
		return f.literal([]*strshape.Shape{s}, states)
	case strshape.KindHole:
		out := make([]fmtState, len(states))
		for i, st := range states {
			if st.arg < len(f.args) { // arguments left, or not known which
				// Verbs in the unknown part would consume arguments:
				// what it prints is no longer the hole's value (a
				// parameter's, a field's), and its identity must not
				// survive into the result (instantiated at a caller,
				// a format parameter would read "%s" literally).
				h := e.HoleShape(value.HoleRuntime, "", "fmt.Sprintf", "format not known")
				out[i] = fmtState{out: append(slices.Clone(st.out), h), arg: -1}
				continue
			}
			out[i] = fmtState{out: append(slices.Clone(st.out), s), arg: st.arg}
		}
		return out
	case strshape.KindCat:
		for i := 0; i < len(s.Parts); {
			if s.Parts[i].Kind == strshape.KindLit {
				j := i
				for j < len(s.Parts) && s.Parts[j].Kind == strshape.KindLit {
					j++
				}
				states = f.literal(s.Parts[i:j], states)
				i = j
				continue
			}
			states = f.walk(s.Parts[i], states)
			i++
		}
		return states
	case strshape.KindAlt:
		var out []fmtState
		for _, p := range s.Parts {
			out = append(out, f.walk(p, cloneStates(states))...)
		}
		return out
	case strshape.KindOpt, strshape.KindRep:
		var out []fmtState
		for _, st := range states {
			inner := f.walk(s.Parts[0], []fmtState{{arg: st.arg}})
			same := len(inner) > 0
			for _, in := range inner {
				same = same && in.arg == st.arg
			}
			if same {
				var alts []*strshape.Shape
				for _, in := range inner {
					alts = append(alts, catOrEmpty(e, in.out))
				}
				body := e.AltShapes(alts...)
				if s.Kind == strshape.KindOpt {
					body = strshape.Optional(e.Limits(), body, s.Cond)
				} else {
					body = strshape.Loop(e.Limits(), body)
				}
				out = append(out, fmtState{out: append(slices.Clone(st.out), body), arg: st.arg})
				continue
			}
			if s.Kind == strshape.KindRep {
				f.bad = true
				return nil
			}
			out = append(out, st)
			for _, in := range inner {
				out = append(out, fmtState{out: append(slices.Clone(st.out), in.out...), arg: in.arg})
			}
		}
		return out
	case strshape.KindJoin:
		if hasPercent(s) {
			f.bad = true
			return nil
		}
		for i := range states {
			states[i].out = append(slices.Clone(states[i].out), s)
		}
		return states
	}
	f.bad = true
	return nil
}

func catOrEmpty(e Host, ps []*strshape.Shape) *strshape.Shape {
	if len(ps) == 0 {
		return strshape.Empty()
	}
	return strshape.Concat(e.Limits(), ps...)
}

func cloneStates(sts []fmtState) []fmtState {
	out := make([]fmtState, len(sts))
	for i, s := range sts {
		out[i] = fmtState{out: slices.Clone(s.out), arg: s.arg}
	}
	return out
}

func hasPercent(s *strshape.Shape) bool {
	if s.Kind == strshape.KindLit && strings.Contains(s.Text, "%") {
		return true
	}
	for _, p := range s.Parts {
		if hasPercent(p) {
			return true
		}
	}
	return false
}

// literal formats a run of literal pieces (a verb may span two).
func (f *fmter) literal(lits []*strshape.Shape, states []fmtState) []fmtState {
	e := f.e
	var text strings.Builder
	starts := make([]int, len(lits))
	for i, l := range lits {
		starts[i] = text.Len()
		text.WriteString(l.Text)
	}
	t := text.String()
	// frag is t[a:b] as a literal piece, positioned when it lies in one
	// piece of the format.
	frag := func(a, b int) *strshape.Shape {
		for i := len(lits) - 1; i >= 0; i-- {
			if starts[i] <= a {
				if b <= starts[i]+len(lits[i].Text) {
					p := e.Piece(lits[i].Ref)
					return e.Lit(t[a:b], p.Pos, p.PosString, p.Off+a-starts[i], p.Exact)
				}
				break
			}
		}
		return e.LitPlain(t[a:b])
	}
	out := make([]fmtState, len(states))
	for si, st := range states {
		ps := slices.Clone(st.out)
		arg := st.arg
		start := 0
		for i := 0; i < len(t); i++ {
			if t[i] != '%' {
				continue
			}
			if i > start {
				ps = append(ps, frag(start, i))
			}
			j := i + 1
			for j < len(t) && strings.IndexByte("+-# 0", t[j]) >= 0 {
				j++
			}
			for j < len(t) && (t[j] >= '0' && t[j] <= '9' || t[j] == '.' || t[j] == '*' || t[j] == '[' || t[j] == ']') {
				j++
			}
			if j >= len(t) {
				ps = append(ps, e.LitPlain("%!(NOVERB)"))
				start = len(t)
				i = len(t)
				break
			}
			spec, verb := t[i:j+1], t[j]
			i, start = j, j+1
			if verb == '%' {
				ps = append(ps, e.LitPlain("%"))
				continue
			}
			if strings.ContainsAny(spec, "*[") {
				// Star widths and explicit indexes move the argument
				// position: the rest is not known.
				ps = append(ps, e.HoleShape(value.HoleRuntime, "", spec, "format with a computed width or index"))
				arg = -1
				continue
			}
			if arg < 0 {
				ps = append(ps, e.HoleShape(value.HoleRuntime, "", spec+" argument", "argument position not known"))
				continue
			}
			if arg >= len(f.args) {
				ps = append(ps, e.LitPlain("%!"+string(verb)+"(MISSING)"))
				continue
			}
			ps = append(ps, e.Spliced(f.verb(spec, verb, f.args[arg]), f.in, f.base+arg))
			arg++
		}
		if start < len(t) {
			ps = append(ps, frag(start, len(t)))
		}
		out[si] = fmtState{out: ps, arg: arg}
	}
	return out
}

// verb formats one argument.
func (f *fmter) verb(spec string, verb byte, a *value.Value) *strshape.Shape {
	e := f.e
	x := unwrap(a)
	plain := len(spec) == 2
	if gv := goValue(x); gv != nil || x.Kind() == value.KNil && a.Kind() != value.KInterface {
		if x.Kind() == value.KString || x.Kind() == value.KInt || x.Kind() == value.KConst {
			return e.LitPlain(fmt.Sprintf(spec, gv))
		}
	}
	switch verb {
	case 's', 'v':
		if plain {
			return printValue(e, a, verb)
		}
	case 'q':
		if plain && x.Kind() == value.KString {
			q := e.LitPlain(`"`)
			return strshape.Concat(e.Limits(), q, derivedHole(e, "strconv.Quote", x), q)
		}
	case 'd':
		if plain && x.Kind() == value.KInt {
			return e.IntShape(x, "%d argument")
		}
	}
	if x.Kind() == value.KAlt {
		var alts []*strshape.Shape
		for _, y := range x.Elems() {
			alts = append(alts, f.verb(spec, verb, y))
		}
		return e.AltShapes(alts...)
	}
	key := ""
	if k := e.KeyOf(x); k != "" {
		key = "call:fmt.Sprintf(" + strconv.Quote(spec) + "," + k + ")"
	}
	return e.HoleShape(value.HoleRuntime, key, spec+" argument", "formatted value not known")
}
