package keyplan

import (
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file classifies normalised leaves into atoms for one table of the
// FROM clause (a "side"), following yql-semantics.md §3.2.1 and §3.3.

// side is one item of a FROM clause.
type side struct {
	ts      *yql.TableSource // nil for derived sources
	table   *schema.Table    // nil when unknown or derived
	names   []string         // qualifiers that name this side
	derived bool             // subquery, named source, AS_TABLE, opaque: columns unknown
	acc     *Access
	onExprs []yql.Expr   // JOIN ON conditions that filter this side
	using   []*yql.Ident // JOIN … USING (cols) that key this side
	join    bool         // the side takes part in a join
	// lookupFrom is the key list (AS_TABLE($keys), $keys) this side is
	// joined from as the right input: a batch lookup when the join covers
	// the key (lookupjoin.go).
	lookupFrom *side
}

type scope struct {
	sides []*side
}

// resolveColumn returns the index of the side a column reference belongs
// to, or -1 when it cannot be told.
func (sc *scope) resolveColumn(c *yql.ColumnRef) int {
	if len(sc.sides) == 1 {
		// Inside a single-source statement every column reference is the row.
		return 0
	}
	if c.Qualifier != "" {
		for i, s := range sc.sides {
			for _, n := range s.names {
				if n == c.Qualifier {
					return i
				}
			}
		}
		return -1
	}
	found := -1
	for i, s := range sc.sides {
		if s.derived || s.table == nil {
			return -1
		}
		if s.table.Column(c.Name) != nil {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

type atomKind uint8

const (
	atomNone     atomKind = iota // constrains nothing of this side
	atomResidual                 // a filter on a column that gives no range
	atomWide                     // formally a range, nearly the whole key space (row 16)
	atomUnknown                  // an opaque piece may constrain the column(s)
	atomDepends                  // constrained only at run time
	atomRange
	atomPoint
	atomFalse // selects nothing
)

// atom is one leaf classified for one side.
type atom struct {
	kind       atomKind
	cols       []string // columns of the side it concerns
	allUnknown bool     // an opaque piece that may constrain any column
	count      int      // points: number of values; -1 when known only at run time
	reason     ReasonCode
	text       string
	span       yql.Span
	value      yql.Expr // `col = value` / `col op value`, as written
	null       bool     // IS NULL
	listParam  bool     // IN $list
	list       yql.Expr // the list of IN $list (count -1)
	// nullParam names the parameter of a `$p IS NULL` leaf: it constrains
	// nothing, but an OR branch holding it runs only when $p is NULL (the
	// optional-filter idiom `(k = $p OR $p IS NULL)`, optparam.go).
	nullParam string
}

type operandKind uint8

const (
	opValue    operandKind = iota // constant for the row
	opColumn                      // a bare column of this side
	opMaybeCol                    // a bare column that may be of this side
	opRowExpr                     // an expression over this side's row
	opOtherRow                    // references another side of a join only
	opSubquery                    // contains a subquery
	opMaybe                       // contains an opaque piece or an unresolvable column
	opOpaque                      // a bare opaque expression (hole)
)

type operand struct {
	kind operandKind
	col  string   // opColumn, opMaybeCol
	cols []string // opRowExpr: key-relevant columns of this side mentioned
}

const (
	refRow = 1 << iota
	refOther
	refUnknown
	refSubquery
)

type classifier struct {
	st   *planState
	sc   *scope
	side int
	// cols collects the side's column names found by refs (reset per call).
	cols []string
	// namedRefs memoises refs of a named expression's value (by name):
	// named expressions that each use the previous one twice form a DAG
	// whose tree is exponential in its depth. A name being computed reads
	// as unknown (a cycle, as depth exhaustion did).
	namedRefs map[string]int
}

func (c *classifier) operand(e yql.Expr) operand {
	switch x := e.(type) {
	case *yql.ColumnRef:
		i := c.sc.resolveColumn(x)
		switch {
		case i == c.side:
			return operand{kind: opColumn, col: x.Name}
		case i >= 0:
			return operand{kind: opOtherRow}
		}
		if t := c.sc.sides[c.side].table; t != nil && t.Column(x.Name) != nil && c.qualifierMayBeSide(x.Qualifier) {
			return operand{kind: opMaybeCol, col: x.Name}
		}
		return operand{kind: opMaybe}
	case *yql.OpaqueExpr:
		return operand{kind: opOpaque}
	}
	c.cols = c.cols[:0]
	f := c.refs(e, 0, false)
	switch {
	case f&refRow != 0:
		return operand{kind: opRowExpr, cols: append([]string(nil), c.cols...)}
	case f&refUnknown != 0:
		return operand{kind: opMaybe}
	case f&refOther != 0:
		return operand{kind: opOtherRow}
	case f&refSubquery != 0:
		return operand{kind: opSubquery}
	}
	return operand{kind: opValue}
}

func (c *classifier) qualifierMayBeSide(q string) bool {
	if q == "" {
		return true
	}
	for _, n := range c.sc.sides[c.side].names {
		if n == q {
			return true
		}
	}
	// An unknown qualifier: it may be a name we do not track.
	for _, s := range c.sc.sides {
		for _, n := range s.names {
			if n == q {
				return false
			}
		}
	}
	return true
}

// refs reports what an expression references. inNamed is set inside a named
// expression's value, where a column reference cannot be the row (YQL
// rejects it) and is treated as unknown.
func (c *classifier) refs(e yql.Expr, depth int, inNamed bool) int {
	if e == nil {
		return 0
	}
	if depth > maxNormDepth {
		return refUnknown
	}
	switch x := e.(type) {
	case *yql.ColumnRef:
		if inNamed {
			return refUnknown
		}
		i := c.sc.resolveColumn(x)
		switch {
		case i == c.side:
			if len(c.cols) < 8 {
				c.cols = append(c.cols, x.Name)
			}
			return refRow
		case i >= 0:
			return refOther
		}
		return refUnknown
	case *yql.ParamRef:
		if v, ok := c.st.named(x.Name); ok {
			if v == nil {
				return 0 // tuple unpacking: a value, not the row
			}
			// Inside a named value no column is the row (inNamed), so
			// its refs do not depend on where it is used.
			if r, done := c.namedRefs[x.Name]; done {
				return r
			}
			if c.namedRefs == nil {
				c.namedRefs = map[string]int{}
			}
			c.namedRefs[x.Name] = refUnknown
			r := c.refs(v, depth+1, true)
			c.namedRefs[x.Name] = r
			return r
		}
		return 0
	case *yql.Literal:
		return 0
	case *yql.OpaqueExpr:
		return refUnknown
	case *yql.Binary:
		return c.refs(x.L, depth+1, inNamed) | c.refs(x.R, depth+1, inNamed)
	case *yql.Unary:
		return c.refs(x.X, depth+1, inNamed)
	case *yql.Between:
		return c.refs(x.X, depth+1, inNamed) | c.refs(x.Lo, depth+1, inNamed) | c.refs(x.Hi, depth+1, inNamed)
	case *yql.In:
		f := c.refs(x.X, depth+1, inNamed) | c.refs(x.Expr, depth+1, inNamed)
		for _, v := range x.List {
			f |= c.refs(v, depth+1, inNamed)
		}
		if x.Query != nil {
			f |= refSubquery
		}
		return f
	case *yql.IsNull:
		return c.refs(x.X, depth+1, inNamed)
	case *yql.Like:
		return c.refs(x.X, depth+1, inNamed) | c.refs(x.Pattern, depth+1, inNamed) | c.refs(x.Escape, depth+1, inNamed)
	case *yql.Tuple:
		f := 0
		for _, v := range x.Elems {
			f |= c.refs(v, depth+1, inNamed)
		}
		return f
	case *yql.Call:
		f := 0
		for _, v := range x.Args {
			f |= c.refs(v, depth+1, inNamed)
		}
		return f
	case *yql.Cast:
		return c.refs(x.X, depth+1, inNamed)
	case *yql.SubqueryExpr, *yql.Exists:
		return refSubquery
	case *yql.Case:
		f := c.refs(x.X, depth+1, inNamed) | c.refs(x.Else, depth+1, inNamed)
		for _, w := range x.Whens {
			f |= c.refs(w.Cond, depth+1, inNamed) | c.refs(w.Then, depth+1, inNamed)
		}
		return f
	case *yql.Lambda:
		// A lambda is a function value; its body cannot see the row.
		return 0
	case *yql.Member:
		return c.refs(x.X, depth+1, inNamed)
	case *yql.Index:
		return c.refs(x.X, depth+1, inNamed) | c.refs(x.I, depth+1, inNamed)
	}
	return refUnknown
}

// classify turns one leaf into an atom for this side.
func (c *classifier) classify(l *leaf) *atom {
	switch l.kind {
	case leafTrue:
		return &atom{kind: atomNone, span: l.span}
	case leafFalse:
		return &atom{kind: atomFalse, span: l.span}
	case leafBoolCol:
		o := c.operand(l.expr)
		switch o.kind {
		case opColumn:
			return &atom{kind: atomPoint, cols: []string{o.col}, count: 1, span: l.span, value: l.expr}
		case opMaybeCol:
			return &atom{kind: atomUnknown, cols: []string{o.col}, span: l.span, reason: ReasonOpaque}
		case opOpaque, opMaybe:
			return c.opaqueAtom(l.span)
		}
		return &atom{kind: atomNone, span: l.span}
	case leafCmp:
		return c.classifyCmp(l)
	case leafIn:
		return c.classifyIn(l)
	case leafIsNull:
		o := c.operand(l.l)
		switch o.kind {
		case opColumn:
			if l.neg {
				return &atom{kind: atomWide, cols: []string{o.col}, span: l.span, reason: ReasonIsNotNull,
					text: o.col + " IS NOT NULL covers nearly the whole key space"}
			}
			return &atom{kind: atomPoint, cols: []string{o.col}, count: 1, span: l.span, null: true}
		case opMaybeCol:
			return &atom{kind: atomUnknown, cols: []string{o.col}, span: l.span, reason: ReasonOpaque}
		case opOpaque:
			return c.opaqueAtom(l.span)
		case opValue:
			if p, ok := l.l.(*yql.ParamRef); ok && !l.neg {
				return &atom{kind: atomNone, span: l.span, nullParam: p.Name}
			}
		}
		return c.residualRowExpr(o, l.span)
	case leafStartsWith:
		o, v := c.operand(l.l), c.operand(l.r)
		if o.kind == opColumn && v.kind == opValue {
			if l.neg {
				return &atom{kind: atomWide, cols: []string{o.col}, span: l.span, reason: ReasonNotStartsWith,
					text: "NOT StartsWith on " + o.col + " covers nearly the whole key space"}
			}
			return &atom{kind: atomRange, cols: []string{o.col}, span: l.span, value: l.r}
		}
		return c.pairFallback(o, v, l.span)
	case leafLike:
		return c.classifyLike(l)
	}
	// leafOther
	c.cols = c.cols[:0]
	f := c.refs(l.expr, 0, false)
	if f&refUnknown != 0 {
		return c.opaqueAtom(l.span)
	}
	if f&refRow != 0 {
		return &atom{kind: atomResidual, cols: append([]string(nil), c.cols...), span: l.span,
			reason: ReasonFuncOnColumn, text: "the expression is not a comparison of a bare column with a value"}
	}
	return &atom{kind: atomNone, span: l.span}
}

func (c *classifier) opaqueAtom(sp yql.Span) *atom {
	return &atom{kind: atomUnknown, allUnknown: true, span: sp, reason: ReasonOpaque,
		text: "an opaque expression may constrain any column"}
}

// residualRowExpr classifies an atom whose column side is not a bare column.
func (c *classifier) residualRowExpr(o operand, sp yql.Span) *atom {
	switch o.kind {
	case opRowExpr:
		return &atom{kind: atomResidual, cols: o.cols, span: sp, reason: ReasonFuncOnColumn,
			text: "a function or cast around the column makes the comparison a filter"}
	case opOpaque:
		return c.opaqueAtom(sp)
	}
	return &atom{kind: atomNone, span: sp}
}

// pairFallback handles the shapes where the pair is not `column vs value`.
func (c *classifier) pairFallback(o, v operand, sp yql.Span) *atom {
	if o.kind == opColumn || o.kind == opMaybeCol {
		switch {
		case o.kind == opMaybeCol || v.kind == opMaybe || v.kind == opOpaque:
			return &atom{kind: atomUnknown, cols: []string{o.col}, span: sp, reason: ReasonOpaque}
		case v.kind == opColumn || v.kind == opRowExpr || v.kind == opMaybeCol:
			return &atom{kind: atomResidual, cols: []string{o.col}, span: sp, reason: ReasonColumnVsColumn,
				text: "the value compared with " + o.col + " references the row"}
		case v.kind == opOtherRow:
			return &atom{kind: atomDepends, cols: []string{o.col}, span: sp, reason: ReasonJoin,
				text: o.col + " is compared with another table of the join"}
		case v.kind == opSubquery:
			return &atom{kind: atomDepends, cols: []string{o.col}, span: sp, reason: ReasonSubqueryValue,
				text: o.col + " is compared with a subquery"}
		}
	}
	if o.kind == opOpaque {
		return c.opaqueAtom(sp)
	}
	return c.residualRowExpr(o, sp)
}

func (c *classifier) classifyCmp(l *leaf) *atom {
	o, v := c.operand(l.l), c.operand(l.r)
	op := l.op
	val := l.r
	colLike := func(k operandKind) bool { return k == opColumn || k == opMaybeCol }
	if !colLike(o.kind) && colLike(v.kind) {
		// `value op col` and `F(id) = h`: put the column first.
		o, v = v, o
		op = swapCmp(op)
		val = l.l
	}
	if o.kind == opOpaque && v.kind == opOpaque {
		return c.opaqueAtom(l.span)
	}
	if o.kind != opColumn || v.kind != opValue {
		if o.kind == opOpaque && (v.kind == opValue || v.kind == opSubquery || v.kind == opOtherRow) {
			return c.opaqueAtom(l.span)
		}
		a := c.pairFallback(o, v, l.span)
		if a.kind == atomDepends && op != yql.OpEq && a.reason == ReasonJoin {
			a.kind = atomResidual
		}
		a.value = val
		return a
	}
	col := o.col
	if r := c.lossy(col, val); r != "" {
		return &atom{kind: atomResidual, cols: []string{col}, span: l.span, reason: ReasonLossyType, value: val,
			text: "a " + r + " value compared with the integer key column " + col + " is not rounded into a range"}
	}
	switch op {
	case yql.OpEq:
		return &atom{kind: atomPoint, cols: []string{col}, count: 1, span: l.span, value: val}
	case yql.OpLt, yql.OpLe, yql.OpGt, yql.OpGe:
		return &atom{kind: atomRange, cols: []string{col}, span: l.span, value: val}
	case yql.OpNe:
		return &atom{kind: atomWide, cols: []string{col}, span: l.span, reason: ReasonNotEqual, value: val,
			text: col + " != value covers nearly the whole key space"}
	}
	return &atom{kind: atomResidual, cols: []string{col}, span: l.span, reason: ReasonUnsupportedOperator, value: val,
		text: "operator " + op.String() + " does not give a key range"}
}

func (c *classifier) classifyIn(l *leaf) *atom {
	in := l.in
	// Tuple IN: (k1, k2) IN …
	var cols []string
	if t, ok := in.X.(*yql.Tuple); ok {
		for _, el := range t.Elems {
			o := c.operand(el)
			switch o.kind {
			case opColumn:
				cols = append(cols, o.col)
			case opOpaque, opMaybe, opMaybeCol:
				return c.opaqueAtom(l.span)
			case opRowExpr:
				return &atom{kind: atomResidual, cols: o.cols, span: l.span, reason: ReasonFuncOnColumn,
					text: "a function or cast inside the IN tuple makes it a filter"}
			}
		}
		if len(cols) == 0 {
			return &atom{kind: atomNone, span: l.span}
		}
	} else {
		o := c.operand(in.X)
		switch o.kind {
		case opColumn:
			cols = []string{o.col}
		case opMaybeCol:
			return &atom{kind: atomUnknown, cols: []string{o.col}, span: l.span, reason: ReasonOpaque}
		case opOpaque:
			return c.opaqueAtom(l.span)
		default:
			return c.residualRowExpr(o, l.span)
		}
	}
	if l.neg {
		return &atom{kind: atomResidual, cols: cols, span: l.span, reason: ReasonNotIn,
			text: "NOT IN is not turned into key ranges"}
	}
	if in.Query != nil {
		return &atom{kind: atomDepends, cols: cols, span: l.span, reason: ReasonInSubquery,
			text: "IN (SELECT …) may run as a lookup join"}
	}
	if in.Expr != nil {
		v := c.operand(in.Expr)
		switch v.kind {
		case opValue:
		case opSubquery:
			return &atom{kind: atomDepends, cols: cols, span: l.span, reason: ReasonInSubquery,
				text: "IN (SELECT …) may run as a lookup join"}
		default:
			return c.pairFallback(operand{kind: opColumn, col: cols[0]}, v, l.span)
		}
		if len(cols) == 1 {
			if et := c.st.listElemType(in.Expr); et != "" {
				if r := c.lossyType(cols[0], et); r != "" {
					return &atom{kind: atomResidual, cols: cols, span: l.span, reason: ReasonLossyType,
						text: "a list of " + r + " compared with the integer key column " + cols[0]}
				}
			}
		}
		return &atom{kind: atomPoint, cols: cols, count: -1, span: l.span, listParam: true, list: in.Expr}
	}
	if len(in.List) == 1 && c.st.listElemType(in.List[0]) != "" {
		// `IN ($ids)`: parentheses around one expression only group it;
		// with $ids a List, this is `IN $ids`.
		return &atom{kind: atomPoint, cols: cols, count: -1, span: l.span, listParam: true, list: in.List[0]}
	}
	for _, el := range in.List {
		v := c.operand(el)
		if v.kind != opValue {
			a := c.pairFallback(operand{kind: opColumn, col: cols[0]}, v, l.span)
			a.cols = cols
			if a.kind == atomDepends && a.reason == ReasonJoin {
				a.kind = atomResidual
			}
			return a
		}
		if len(cols) == 1 {
			if r := c.lossy(cols[0], el); r != "" {
				return &atom{kind: atomResidual, cols: cols, span: l.span, reason: ReasonLossyType,
					text: "a " + r + " value in the IN list of the integer key column " + cols[0]}
			}
		}
	}
	a := &atom{kind: atomPoint, cols: cols, count: len(in.List), span: l.span}
	if len(in.List) == 1 && len(cols) == 1 {
		a.value = in.List[0]
	}
	return a
}

func (c *classifier) classifyLike(l *leaf) *atom {
	lk := l.like
	o := c.operand(lk.X)
	switch o.kind {
	case opColumn:
	case opMaybeCol:
		return &atom{kind: atomUnknown, cols: []string{o.col}, span: l.span, reason: ReasonOpaque}
	case opOpaque:
		return c.opaqueAtom(l.span)
	default:
		return c.residualRowExpr(o, l.span)
	}
	col := []string{o.col}
	if l.neg {
		return &atom{kind: atomResidual, cols: col, span: l.span, reason: ReasonNotLike, text: "NOT " + lk.Op + " is a filter"}
	}
	if lk.Op != "LIKE" {
		return &atom{kind: atomResidual, cols: col, span: l.span, reason: ReasonPatternMatch,
			text: lk.Op + " is never turned into a key range"}
	}
	pv := c.operand(lk.Pattern)
	if pv.kind != opValue {
		return c.pairFallback(o, pv, l.span)
	}
	lit, ok := c.st.resolveNamed(lk.Pattern).(*yql.Literal)
	if !ok || lit.Kind != yql.LitString {
		return &atom{kind: atomResidual, cols: col, span: l.span, reason: ReasonLikeParam,
			text: "the LIKE pattern is not known at compile time, so no prefix range can be built"}
	}
	if lit.Value == "" || lit.Value[0] == '%' || lit.Value[0] == '_' || (lk.Escape == nil && lit.Value[0] == '\\') {
		return &atom{kind: atomResidual, cols: col, span: l.span, reason: ReasonLikeLeadingWildcard,
			text: "a LIKE pattern starting with a wildcard cannot use the key"}
	}
	return &atom{kind: atomDepends, cols: col, span: l.span, reason: ReasonLikePrefix,
		text: "LIKE with a literal prefix may drill down by prefix; StartsWith is a guaranteed range"}
}

// ---------------------------------------------------------------------------
// Types

// lossy returns the value's type name when comparing it with the key column
// loses data (integer key vs Float/Double/Decimal), "" otherwise or when
// unknown.
func (c *classifier) lossy(col string, val yql.Expr) string {
	vt := c.st.valueType(val, 0)
	if vt == "" {
		return ""
	}
	return c.lossyType(col, vt)
}

func (c *classifier) lossyType(col, vt string) string {
	t := c.sc.sides[c.side].table
	if t == nil {
		return ""
	}
	cd := t.Column(col)
	if cd == nil || !isIntegral(cd.Type) {
		return ""
	}
	if isFloating(vt) {
		return vt
	}
	return ""
}

func isIntegral(t string) bool {
	switch t {
	case "Int8", "Int16", "Int32", "Int64", "Uint8", "Uint16", "Uint32", "Uint64",
		"SmallSerial", "Serial2", "Serial", "Serial4", "Serial8", "BigSerial":
		return true
	}
	return false
}

func isFloating(t string) bool {
	return t == "Float" || t == "Double" || t == "Decimal" || strings.HasPrefix(t, "Decimal(")
}

// valueType infers the primitive type of a value expression: a type name,
// or "Int"/"Float"-class names for literals; "" when unknown.
func (st *planState) valueType(e yql.Expr, depth int) string {
	if depth > maxNamedDepth {
		return ""
	}
	switch x := e.(type) {
	case *yql.Literal:
		switch x.Kind {
		case yql.LitInt:
			return "Int64"
		case yql.LitFloat:
			if x.Suffix == "f" {
				return "Float"
			}
			return "Double"
		case yql.LitString:
			return "String"
		case yql.LitBool:
			return "Bool"
		}
		return ""
	case *yql.ParamRef:
		if v, ok := st.named(x.Name); ok {
			if v == nil {
				return ""
			}
			return st.valueType(v, depth+1)
		}
		info := st.paramInfo(x.Name)
		if t := info.Type.Unwrap(); t != nil {
			return t.Name
		}
		return ""
	case *yql.Cast:
		if t := x.Type.Unwrap(); t != nil {
			return t.Name
		}
		return ""
	case *yql.Unary:
		if x.Op == yql.OpNeg || x.Op == yql.OpPlus {
			return st.valueType(x.X, depth+1)
		}
		return ""
	case *yql.Binary:
		switch x.Op {
		case yql.OpAdd, yql.OpSub, yql.OpMul, yql.OpDiv, yql.OpMod:
			a, b := st.valueType(x.L, depth+1), st.valueType(x.R, depth+1)
			if isFloating(a) {
				return a
			}
			if isFloating(b) {
				return b
			}
			if isIntegral(a) && isIntegral(b) {
				return a
			}
		}
		return ""
	case *yql.Call:
		if strings.EqualFold(x.Module, "Digest") {
			return "Uint64"
		}
	}
	return ""
}

// listElemType returns the element type of a List<T> parameter, "" when
// unknown.
func (st *planState) listElemType(e yql.Expr) string {
	p, ok := e.(*yql.ParamRef)
	if !ok {
		return ""
	}
	if _, named := st.named(p.Name); named {
		return ""
	}
	t := st.paramInfo(p.Name).Type.Unwrap()
	if t == nil || t.Name != "List" || len(t.Args) != 1 {
		return ""
	}
	if et := t.Args[0].Unwrap(); et != nil {
		return et.Name
	}
	return ""
}
