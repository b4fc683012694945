package intrinsic

import (
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/ydblint/ydblint/internal/goeval/ir"
	"github.com/ydblint/ydblint/internal/goeval/value"
	"github.com/ydblint/ydblint/internal/strshape"
)

// Intrinsics are the standard library functions the evaluator knows the
// meaning of: text building (strings, strconv, path, fmt, strings.Builder,
// bytes.Buffer, text/template, html/template). Any other function of
// another package without summary is an application (external).

// Fn is an intrinsic: the value of a call of the function it stands for
// with abstract arguments args in heap h, and the heap after the call. in
// is the call.
type Fn func(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap)

// Lookup returns the intrinsic standing for the function or method with
// full name name, false when there is none.
func Lookup(name string) (Fn, bool) {
	switch name {
	case "strings.Join":
		return strJoin, true
	case "strings.Repeat":
		return strRepeat, true
	case "strings.Replace", "strings.ReplaceAll":
		return strReplace, true
	case "strings.ToUpper":
		return strCase(strings.ToUpper, "strings.ToUpper"), true
	case "strings.ToLower":
		return strCase(strings.ToLower, "strings.ToLower"), true
	case "strings.TrimSpace":
		return strTrimSpace, true
	case "strings.TrimPrefix":
		return strTrimAffix(true), true
	case "strings.TrimSuffix":
		return strTrimAffix(false), true
	case "strings.HasPrefix":
		return strPred(strings.HasPrefix), true
	case "strings.HasSuffix":
		return strPred(strings.HasSuffix), true
	case "strings.Contains":
		return strPred(strings.Contains), true
	case "strings.EqualFold":
		return strPred(strings.EqualFold), true
	case "strconv.Itoa", "strconv.FormatInt", "strconv.FormatUint":
		return strconvInt, true
	case "strconv.FormatBool":
		return strconvBool, true
	case "strconv.Quote":
		return strconvQuote, true
	case "path.Join", "path/filepath.Join":
		return pathJoin, true
	case "path.Dir", "path/filepath.Dir":
		return pathDirBase(true), true
	case "path.Base", "path/filepath.Base":
		return pathDirBase(false), true
	case "bytes.NewBufferString", "bytes.NewBuffer":
		return bufNew, true
	case "fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln", "fmt.Fprintf", "fmt.Fprint", "fmt.Fprintln", "fmt.Printf", "fmt.Print", "fmt.Println":
		return fmtCall(strings.TrimPrefix(name, "fmt.")), true
	case "text/template.New":
		return tmplNew(false), true
	case "html/template.New":
		return tmplNew(true), true
	case "text/template.Must", "html/template.Must":
		return tmplMust, true
	}
	// Methods of strings.Builder and bytes.Buffer, text/template's and
	// html/template's Template.
	recv, method, ok := strings.Cut(name, ").")
	if !ok {
		return nil, false
	}
	switch recv {
	case "(*strings.Builder", "(*bytes.Buffer":
		switch method {
		case "WriteString", "Write":
			return bufWrite, true
		case "WriteByte", "WriteRune":
			return bufWriteRune, true
		case "String", "Bytes":
			return bufString, true
		case "Len":
			return bufLen, true
		case "Cap":
			return bufCap, true
		case "Reset":
			return bufReset, true
		case "Grow":
			return bufNop, true
		case "Truncate":
			return bufTruncate, true
		}
	case "(*text/template.Template", "(*html/template.Template":
		switch method {
		case "Parse":
			return tmplParse, true
		case "Execute":
			return tmplExecute(false), true
		case "ExecuteTemplate":
			return tmplExecute(true), true
		case "Funcs":
			return tmplFuncs, true
		case "Option":
			return tmplSame, true
		case "Delims":
			return tmplDelims, true
		case "Name":
			return tmplName, true
		}
	}
	return nil, false
}

// derivedHole is the result of function name applied to args as an
// unknown string, keyed when every argument is.
func derivedHole(e Host, name string, args ...*value.Value) *strshape.Shape {
	return e.HoleShape(value.HoleCall, e.DerivedKey(name, args), value.ShortName(name)+"(…)", "result of "+value.ShortName(name)+" on a value not known")
}

func str(e Host, v *value.Value) *strshape.Shape {
	if s := e.ShapeOf(v); s != nil {
		return s
	}
	if v.Kind() == value.KNil {
		return strshape.Empty()
	}
	return e.HoleShape(value.HoleRuntime, "", "string", "value of another kind")
}

// itemShapes turns a slice of strings into Join items: an element under
// conditions is optional, a repeated one a loop.
func itemShapes(e Host, s *value.Value) ([]*strshape.Shape, bool) {
	var items []*strshape.Shape
	for _, it := range s.Items() {
		if it.Self != 0 {
			return nil, false
		}
		x := str(e, it.V)
		if it.Rep {
			x = strshape.Loop(e.Limits(), x)
		}
		for i := len(it.Conds) - 1; i >= 0; i-- {
			x = strshape.Optional(e.Limits(), x, it.Conds[i])
		}
		items = append(items, x)
	}
	return items, true
}

func definite(s *value.Value) bool {
	for _, it := range s.Items() {
		if it.Rep || len(it.Conds) > 0 || it.Self != 0 {
			return false
		}
	}
	return true
}

func strJoin(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s, sep := args[0], str(e, args[1])
	switch s.Kind() {
	case value.KNil:
		return value.Str(strshape.Empty()), h
	case value.KSlice:
		items, ok := itemShapes(e, s)
		if !ok {
			break
		}
		if len(items) == 0 {
			return value.Str(strshape.Empty()), h
		}
		if definite(s) {
			var ps []*strshape.Shape
			for i, x := range items {
				if i > 0 {
					ps = append(ps, sep)
				}
				ps = append(ps, x)
			}
			return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
		}
		return e.StrValue(strshape.Join(e.Limits(), items, sep)), h
	}
	return value.Str(derivedHole(e, "strings.Join", args...)), h
}

func strRepeat(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s, n := str(e, args[0]), args[1]
	if n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() >= 0 && n.Lo() <= 16 {
		if n.Lo() == 0 {
			return value.Str(strshape.Empty()), h
		}
		ps := make([]*strshape.Shape, n.Lo())
		for i := range ps {
			ps[i] = s
		}
		return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
	}
	return e.StrValue(strshape.Loop(e.Limits(), s)), h
}

// strReplace is strings.Replace/ReplaceAll with literal old: with a
// literal new, applied to each literal piece when no occurrence can
// straddle two pieces, to every variant when the text has no hole; with
// any other new, spliced into text with no hole (ReplaceAll only); else a
// hole.
func strReplace(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s := str(e, args[0])
	old, ok1 := value.LitText(str(e, args[1]))
	nw, ok2 := value.LitText(str(e, args[2]))
	all := len(args) == 3
	if len(args) == 4 {
		n := args[3]
		all = n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() < 0
	}
	if ok1 && ok2 && old != "" {
		if t, ok := value.LitText(s); ok {
			if all {
				return value.Str(e.LitPlain(strings.ReplaceAll(t, old, nw))), h
			}
			if n := args[3]; n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() != value.NegInf && n.Lo() < 1<<20 {
				return value.Str(e.LitPlain(strings.Replace(t, old, nw, int(n.Lo())))), h
			}
		}
		if all && !straddles(s, old) {
			name := value.ShortName(in.Name)
			return e.StrValue(e.MapShape(s, func(x *strshape.Shape) *strshape.Shape {
				if x.Kind == strshape.KindLit {
					if !strings.Contains(x.Text, old) {
						return x
					}
					return e.LitPlain(strings.ReplaceAll(x.Text, old, nw))
				}
				p := e.Piece(x.Ref)
				key := ""
				if p.Key != "" {
					key = "call:strings.ReplaceAll(" + p.Key + "," + strconv.Quote(old) + "," + strconv.Quote(nw) + ")"
				}
				return e.HoleShape(value.HoleCall, key, name+"("+p.Desc+")", "replacement in a value not known")
			})), h
		}
	}
	if ok1 && !ok2 && old != "" && all && !strshape.HasHole(s) && !straddles(s, old) {
		// A placeholder filled with a value not wholly known (a table
		// name from a field, in text read from a //go:embed file): every
		// occurrence of old in the known text becomes new's shape.
		nwShape := str(e, args[2])
		return e.StrValue(e.MapShape(s, func(x *strshape.Shape) *strshape.Shape {
			if x.Kind != strshape.KindLit || !strings.Contains(x.Text, old) {
				return x
			}
			var ps []*strshape.Shape
			for i, part := range strings.Split(x.Text, old) {
				if i > 0 {
					ps = append(ps, nwShape)
				}
				if part != "" {
					ps = append(ps, e.LitPlain(part))
				}
			}
			return strshape.Concat(e.Limits(), ps...)
		})), h
	}
	return value.Str(derivedHole(e, "strings.ReplaceAll", args[:3]...)), h
}

// straddles reports whether old could occur across a boundary between
// pieces of s: some piece ends with a proper prefix of old or starts with
// a proper suffix of it, or a hole neighbours a piece (a hole's text is
// not known, so any boundary with one could straddle unless old is one
// byte).
func straddles(s *strshape.Shape, old string) bool {
	if len(old) == 1 {
		return false
	}
	bad := false
	var walk func(x *strshape.Shape)
	walk = func(x *strshape.Shape) {
		switch x.Kind {
		case strshape.KindHole:
			bad = true
		case strshape.KindLit:
			for k := 1; k < len(old); k++ {
				if strings.HasSuffix(x.Text, old[:k]) || strings.HasPrefix(x.Text, old[k:]) {
					bad = true
				}
			}
		}
		for _, p := range x.Parts {
			walk(p)
		}
	}
	walk(s)
	return bad
}

// strCase maps a piecewise function (ToUpper, ToLower) over the pieces.
func strCase(f func(string) string, name string) Fn {
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		s := str(e, args[0])
		return e.StrValue(e.MapShape(s, func(x *strshape.Shape) *strshape.Shape {
			if x.Kind == strshape.KindLit {
				if f(x.Text) == x.Text {
					return x
				}
				return e.LitPlain(f(x.Text))
			}
			p := e.Piece(x.Ref)
			key := ""
			if p.Key != "" {
				key = "call:" + name + "(" + p.Key + ")"
			}
			return e.HoleShape(value.HoleCall, key, value.ShortName(name)+"("+p.Desc+")", "case of a value not known")
		})), h
	}
}

func strTrimSpace(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s := str(e, args[0])
	if t, ok := value.LitText(s); ok {
		return value.Str(e.LitPlain(strings.TrimSpace(t))), h
	}
	ps := slices.Clone(value.Parts(s))
	first, last := ps[0], ps[len(ps)-1]
	if len(ps) >= 2 && first.Kind == strshape.KindLit && last.Kind == strshape.KindLit &&
		strings.TrimLeftFunc(first.Text, unicode.IsSpace) != "" && strings.TrimRightFunc(last.Text, unicode.IsSpace) != "" {
		ps[0] = e.LitPlain(strings.TrimLeftFunc(first.Text, unicode.IsSpace))
		ps[len(ps)-1] = e.LitPlain(strings.TrimRightFunc(last.Text, unicode.IsSpace))
		return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
	}
	return value.Str(derivedHole(e, "strings.TrimSpace", args[0])), h
}

// strTrimAffix is TrimPrefix (prefix) or TrimSuffix with a literal affix.
// A text ending in a loop whose body ends with the suffix (a list written
// with a separator after each item, the last one cut) becomes a Join of
// the loop's items with the separator.
func strTrimAffix(prefix bool) Fn {
	name := "strings.TrimSuffix"
	if prefix {
		name = "strings.TrimPrefix"
	}
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		s := str(e, args[0])
		a, ok := value.LitText(str(e, args[1]))
		if !ok {
			return value.Str(derivedHole(e, name, args...)), h
		}
		if t, ok := value.LitText(s); ok {
			if prefix {
				return value.Str(e.LitPlain(strings.TrimPrefix(t, a))), h
			}
			return value.Str(e.LitPlain(strings.TrimSuffix(t, a))), h
		}
		if a == "" {
			return value.Str(s), h
		}
		ps := slices.Clone(value.Parts(s))
		i := len(ps) - 1
		if prefix {
			i = 0
		}
		p := ps[i]
		switch {
		case p.Kind == strshape.KindLit && prefix && len(p.Text) >= len(a):
			ps[0] = e.LitPlain(strings.TrimPrefix(p.Text, a))
			return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
		case p.Kind == strshape.KindLit && !prefix && len(p.Text) >= len(a):
			ps[i] = e.LitPlain(strings.TrimSuffix(p.Text, a))
			return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
		case p.Kind == strshape.KindRep && !prefix:
			body := value.Parts(p.Parts[0])
			if len(body) == 0 {
				break
			}
			if l := body[len(body)-1]; l.Kind == strshape.KindLit && strings.HasSuffix(l.Text, a) {
				nb := slices.Clone(body)
				nb[len(nb)-1] = e.LitPlain(strings.TrimSuffix(l.Text, a))
				item := strshape.Loop(e.Limits(), strshape.Concat(e.Limits(), nb...))
				ps[i] = strshape.Join(e.Limits(), []*strshape.Shape{item}, e.LitPlain(a))
				// The text before the loop keeps its own trailing
				// separator only when the loop ran; a text ending with
				// the suffix before an empty loop would lose it.
				if i > 0 {
					if prev := ps[i-1]; prev.Kind == strshape.KindLit && strings.HasSuffix(prev.Text, a) {
						break
					}
				}
				return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
			}
		}
		return value.Str(derivedHole(e, name, args...)), h
	}
}

func strPred(f func(string, string) bool) Fn {
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		a, ok1 := value.LitText(str(e, args[0]))
		b, ok2 := value.LitText(str(e, args[1]))
		if ok1 && ok2 {
			return value.Bool(f(a, b)), h
		}
		return e.Hole(value.HoleRuntime, "", "predicate", "string predicate on a value not known"), h
	}
}

func strconvInt(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	n := args[0]
	base := int64(10)
	if len(args) > 1 {
		b := args[1]
		if b.Kind() != value.KInt || b.Lo() != b.Hi() || b.Lo() < 2 || b.Lo() > 36 {
			return value.Str(derivedHole(e, in.Name, args...)), h
		}
		base = b.Lo()
	}
	if n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() != value.NegInf && n.Lo() != value.PosInf {
		return value.Str(e.LitPlain(strconv.FormatInt(n.Lo(), int(base)))), h
	}
	if n.Kind() == value.KInt && base == 10 {
		return value.Str(e.IntShape(n, value.ShortName(in.Name)+" argument")), h
	}
	return value.Str(derivedHole(e, value.ShortName(in.Name), args...)), h
}

func strconvBool(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	if b := args[0]; b.Kind() == value.KConst {
		return value.Str(e.LitPlain(b.Constant().ExactString())), h
	}
	return value.Str(derivedHole(e, "strconv.FormatBool", args...)), h
}

func strconvQuote(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s := str(e, args[0])
	if t, ok := value.LitText(s); ok {
		return value.Str(e.LitPlain(strconv.Quote(t))), h
	}
	q := e.LitPlain(`"`)
	return e.StrValue(strshape.Concat(e.Limits(), q, derivedHole(e, "strconv.Quote", args[0]), q)), h
}

// pathJoin is path.Join: evaluated on known strings; with unknown pieces,
// the elements joined with single slashes (a literal element is cleaned),
// unless a literal holds ".." (cleaning could eat an unknown piece).
func pathJoin(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s := args[0]
	if s.Kind() != value.KSlice || !definite(s) {
		return value.Str(derivedHole(e, in.Name, args...)), h
	}
	var texts []string
	allLit := true
	for _, it := range s.Items() {
		t, ok := value.LitText(str(e, it.V))
		allLit = allLit && ok
		texts = append(texts, t)
	}
	if allLit {
		return value.Str(e.LitPlain(path.Join(texts...))), h
	}
	var ps []*strshape.Shape
	for i, it := range s.Items() {
		x := str(e, it.V)
		if hasDotDot(x) {
			return value.Str(derivedHole(e, in.Name, args...)), h
		}
		if _, ok := value.LitText(x); ok {
			t := texts[i]
			if t == "" {
				continue
			}
			c := path.Clean(t)
			if len(ps) > 0 {
				c = strings.TrimPrefix(c, "/")
			}
			if i < len(s.Items())-1 {
				c = strings.TrimSuffix(c, "/")
			}
			if c == "" || c == "." && len(s.Items()) > 1 {
				continue
			}
			if c != t {
				x = cleanedLit(e, x, t, c)
			}
		}
		if len(ps) > 0 {
			ps = append(ps, e.LitPlain("/"))
		}
		ps = append(ps, x)
	}
	if len(ps) == 0 {
		return value.Str(strshape.Empty()), h
	}
	return e.StrValue(strshape.Concat(e.Limits(), ps...)), h
}

// cleanedLit is the literal c that path cleaning made of the literal
// shape x with text t: still a piece of the constant when c is a
// substring of its text (slashes trimmed), else text of the call.
func cleanedLit(e Host, x *strshape.Shape, t, c string) *strshape.Shape {
	if x.Kind == strshape.KindLit {
		if p := e.Piece(x.Ref); p.Pos.IsValid() || p.PosString != "" {
			if i := strings.Index(t, c); i >= 0 {
				return e.Lit(c, p.Pos, p.PosString, p.Off+i, p.Exact)
			}
		}
	}
	return e.LitPlain(c)
}

func hasDotDot(s *strshape.Shape) bool {
	if s.Kind == strshape.KindLit && strings.Contains(s.Text, "..") {
		return true
	}
	for _, p := range s.Parts {
		if hasDotDot(p) {
			return true
		}
	}
	return false
}

// pathDirBase is path.Dir (dir) or path.Base: evaluated on a known string;
// of a text ending in "/name" cut at that slash; of one keyed hole K, a
// hole keyed "dir:K" or "base:K" (which the schema catalogue joins back
// into K).
func pathDirBase(dir bool) Fn {
	prefix := "base:"
	if dir {
		prefix = "dir:"
	}
	return func(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
		s := str(e, args[0])
		if t, ok := value.LitText(s); ok {
			if dir {
				return value.Str(e.LitPlain(path.Dir(t))), h
			}
			return value.Str(e.LitPlain(path.Base(t))), h
		}
		if s.Kind == strshape.KindHole {
			p := e.Piece(s.Ref)
			key := ""
			if p.Key != "" {
				key = prefix + p.Key
			}
			return value.Str(e.HoleShape(value.HoleCall, key, value.ShortName(in.Name)+"("+p.Desc+")", "path of a value not known")), h
		}
		// The literal pieces that end the text, read as one: path.Join
		// keeps the separator and each constant element as pieces of
		// their own, so "/" and "t" may be two.
		ps := value.Parts(s)
		j := len(ps)
		for j > 0 && ps[j-1].Kind == strshape.KindLit {
			j--
		}
		var tail strings.Builder
		for _, p := range ps[j:] {
			tail.WriteString(p.Text)
		}
		if t := tail.String(); t != "" {
			if i := strings.LastIndex(t, "/"); i >= 0 && i < len(t)-1 && !hasDotDot(s) {
				if dir {
					head := slices.Clone(ps[:j])
					if i > 0 {
						head = append(head, e.LitPlain(t[:i]))
					}
					return e.StrValue(strshape.Concat(e.Limits(), head...)), h
				}
				return value.Str(e.LitPlain(t[i+1:])), h
			}
		}
		return value.Str(derivedHole(e, in.Name, args...)), h
	}
}

// Buffers: a *strings.Builder or *bytes.Buffer points to a cell holding
// the text written so far.

func bufNew(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	cell := e.NewCell(&ir.Type{Kind: ir.TStruct, Name: "bytes.Buffer", Elem: -1, Key: -1}, nil, "bytes.Buffer")
	return value.Ptr(cell, nil), h.Set(cell, value.Str(str(e, args[0])))
}

func bufContent(fr Host, h *value.Heap, b *value.Value) (*strshape.Shape, *value.Heap) {
	v, h := fr.Load(h, b)
	return str(fr, v), h
}

func bufAppend(fr Host, h *value.Heap, b *value.Value, s *strshape.Shape) *value.Heap {
	cur, h := bufContent(fr, h, b)
	return fr.Store(h, b, fr.StrValue(strshape.Concat(fr.Limits(), cur, s)))
}

func writeResult(fr Host, in *ir.Instr) *value.Value {
	t := fr.Func().TypeAt(in.Type)
	if t != nil && t.Kind == ir.TTuple {
		return value.Tuple([]*value.Value{value.Int(0, value.PosInf), value.Nil()})
	}
	return value.Nil()
}

func bufWrite(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return writeResult(fr, in), bufAppend(fr, h, args[0], str(fr, args[1]))
}

func bufWriteRune(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	c := args[1]
	var s *strshape.Shape
	if c.Kind() == value.KInt && c.Lo() == c.Hi() && c.Lo() >= 0 && c.Lo() <= 0x10ffff {
		if strings.HasSuffix(in.Name, "WriteByte") {
			s = e.LitPlain(string([]byte{byte(c.Lo())}))
		} else {
			s = e.LitPlain(string(rune(c.Lo())))
		}
	} else {
		s = e.HoleShape(value.HoleRuntime, "", "character", "character not known")
	}
	return writeResult(e, in), bufAppend(e, h, args[0], s)
}

func bufString(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s, h := bufContent(fr, h, args[0])
	return fr.StrValue(s), h
}

func bufLen(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s, h := bufContent(fr, h, args[0])
	if t, ok := value.LitText(s); ok {
		return value.IntConst(int64(len(t))), h
	}
	return value.Int(int64(strshape.MinLen(s)), value.PosInf), h
}

func bufCap(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return value.Int(0, value.PosInf), h
}

func bufReset(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return value.Tuple(nil), fr.Store(h, args[0], value.Str(strshape.Empty()))
}

func bufNop(fr Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	return value.Tuple(nil), h
}

func bufTruncate(e Host, in *ir.Instr, args []*value.Value, h *value.Heap) (*value.Value, *value.Heap) {
	s, h := bufContent(e, h, args[0])
	n := args[1]
	if n.Kind() == value.KInt && n.Lo() == n.Hi() && n.Lo() >= 0 {
		if n.Lo() == 0 {
			return value.Tuple(nil), e.Store(h, args[0], value.Str(strshape.Empty()))
		}
		if t, ok := value.LitText(s); ok && int(n.Lo()) <= len(t) {
			return value.Tuple(nil), e.Store(h, args[0], value.Str(e.LitPlain(t[:n.Lo()])))
		}
	}
	return value.Tuple(nil), e.Store(h, args[0], value.Str(e.HoleShape(value.HoleRuntime, "", "truncated buffer", "buffer truncated to a length not known")))
}
