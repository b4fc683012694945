package keyplan

import (
	"strings"

	"github.com/ydblint/ydblint/internal/yql"
)

// This file turns a WHERE (or JOIN ON) expression into a tree of AND/OR
// nodes over leaf predicates, the way KQP normalises before extracting key
// ranges (yql-semantics.md §3.2.2): NOT pushed down (De Morgan, double NOT,
// negated comparisons), BETWEEN and tuple comparisons expanded, a bare Bool
// column as `col == true`, `Coalesce(p, false)` / `p ?? false` / `Likely(p)`
// transparent, named expressions substituted. The tree does not depend on
// which table is being planned; leaves are classified per table later.

type leafKind uint8

const (
	leafCmp        leafKind = iota // l op r
	leafIn                         // x [NOT] IN …
	leafIsNull                     // x IS [NOT] NULL
	leafStartsWith                 // [NOT] StartsWith(x, v)
	leafLike                       // x [NOT] LIKE …
	leafBoolCol                    // bare column: col == bval
	leafTrue                       // constrains nothing (TRUE, a Bool parameter, …)
	leafFalse                      // selects nothing (FALSE, NULL)
	leafOther                      // any other expression: a residual filter
)

type leaf struct {
	id   int
	kind leafKind
	neg  bool // NOT IN, IS NOT NULL, NOT StartsWith, NOT LIKE
	op   yql.BinaryOp
	l, r yql.Expr
	in   *yql.In
	like *yql.Like
	expr yql.Expr // the original expression (leafOther, leafBoolCol)
	span yql.Span
	bval bool
}

type pnode struct {
	kind uint8 // nodeLeaf, nodeAnd, nodeOr
	kids []*pnode
	leaf *leaf
	span yql.Span
}

const (
	nodeLeaf uint8 = iota
	nodeAnd
	nodeOr
)

// Bounds that keep the planner linear-ish on hostile input.
const (
	maxNormDepth  = 64
	maxLeaves     = 512
	maxBranches   = 256
	maxBranchSize = 512
	maxNamedDepth = 16
)

type normalizer struct {
	st      *planState
	leaves  []*leaf
	orSpan  yql.Span // span of the first OR met, for ReasonOrAcrossColumns
	tooBig  bool
	namedIn int
}

func (n *normalizer) newLeaf(l *leaf) *pnode {
	if len(n.leaves) >= maxLeaves {
		n.tooBig = true
		l.kind = leafOther
	}
	l.id = len(n.leaves)
	n.leaves = append(n.leaves, l)
	return &pnode{kind: nodeLeaf, leaf: l, span: l.span}
}

func (n *normalizer) other(e yql.Expr) *pnode {
	var sp yql.Span
	if e != nil {
		sp = e.NodeSpan()
	}
	return n.newLeaf(&leaf{kind: leafOther, expr: e, span: sp})
}

func (n *normalizer) norm(e yql.Expr, neg bool, depth int) *pnode {
	if e == nil {
		return n.newLeaf(&leaf{kind: leafTrue})
	}
	if depth > maxNormDepth {
		n.tooBig = true
		return n.other(e)
	}
	switch x := e.(type) {
	case *yql.Unary:
		if x.Op == yql.OpNot {
			return n.norm(x.X, !neg, depth+1)
		}
		return n.other(e)
	case *yql.Binary:
		switch x.Op {
		case yql.OpAnd, yql.OpOr:
			isAnd := (x.Op == yql.OpAnd) != neg
			if !isAnd && n.orSpan == (yql.Span{}) {
				n.orSpan = x.Span
			}
			k := nodeOr
			if isAnd {
				k = nodeAnd
			}
			return &pnode{kind: k, span: x.Span, kids: []*pnode{n.norm(x.L, neg, depth+1), n.norm(x.R, neg, depth+1)}}
		case yql.OpEq, yql.OpNe, yql.OpLt, yql.OpLe, yql.OpGt, yql.OpGe:
			lt, lok := x.L.(*yql.Tuple)
			rt, rok := x.R.(*yql.Tuple)
			if lok && rok {
				if len(lt.Elems) != len(rt.Elems) || len(lt.Elems) == 0 {
					return n.other(e)
				}
				t := n.expandTuple(x.Op, lt.Elems, rt.Elems, x.Span)
				if neg {
					t = n.negate(t)
				}
				return t
			}
			if lok || rok {
				return n.other(e)
			}
			op := x.Op
			if neg {
				op = negateCmp(op)
			}
			return n.newLeaf(&leaf{kind: leafCmp, op: op, l: x.L, r: x.R, span: x.Span})
		case yql.OpIsDistinct, yql.OpIsNotDistinct:
			op := x.Op
			if neg {
				if op == yql.OpIsDistinct {
					op = yql.OpIsNotDistinct
				} else {
					op = yql.OpIsDistinct
				}
			}
			return n.newLeaf(&leaf{kind: leafCmp, op: op, l: x.L, r: x.R, span: x.Span})
		case yql.OpQuestion:
			if !neg && isBoolLit(x.R, false) {
				return n.norm(x.L, false, depth+1)
			}
			return n.other(e)
		}
		return n.other(e)
	case *yql.Between:
		not := x.Not != neg
		if !not {
			n1 := n.newLeaf(&leaf{kind: leafCmp, op: yql.OpGe, l: x.X, r: x.Lo, span: x.Span})
			n2 := n.newLeaf(&leaf{kind: leafCmp, op: yql.OpLe, l: x.X, r: x.Hi, span: x.Span})
			return &pnode{kind: nodeAnd, span: x.Span, kids: []*pnode{n1, n2}}
		}
		if n.orSpan == (yql.Span{}) {
			n.orSpan = x.Span
		}
		n1 := n.newLeaf(&leaf{kind: leafCmp, op: yql.OpLt, l: x.X, r: x.Lo, span: x.Span})
		n2 := n.newLeaf(&leaf{kind: leafCmp, op: yql.OpGt, l: x.X, r: x.Hi, span: x.Span})
		return &pnode{kind: nodeOr, span: x.Span, kids: []*pnode{n1, n2}}
	case *yql.In:
		return n.newLeaf(&leaf{kind: leafIn, in: x, neg: x.Not != neg, span: x.Span})
	case *yql.IsNull:
		return n.newLeaf(&leaf{kind: leafIsNull, l: x.X, neg: x.Not != neg, span: x.Span})
	case *yql.Like:
		return n.newLeaf(&leaf{kind: leafLike, like: x, neg: x.Not != neg, span: x.Span})
	case *yql.ColumnRef:
		return n.newLeaf(&leaf{kind: leafBoolCol, expr: x, bval: !neg, span: x.Span})
	case *yql.ParamRef:
		if v, ok := n.st.named(x.Name); ok {
			if v == nil || n.namedIn >= maxNamedDepth {
				return n.other(&yql.OpaqueExpr{Span: x.Span, Reason: "named expression"})
			}
			n.namedIn++
			r := n.norm(v, neg, depth+1)
			n.namedIn--
			return r
		}
		// A Bool parameter: a constant for the row.
		return n.newLeaf(&leaf{kind: leafTrue, span: x.Span})
	case *yql.Literal:
		switch x.Kind {
		case yql.LitBool:
			if strings.EqualFold(x.Value, "true") != neg {
				return n.newLeaf(&leaf{kind: leafTrue, span: x.Span})
			}
			return n.newLeaf(&leaf{kind: leafFalse, span: x.Span})
		case yql.LitNull:
			return n.newLeaf(&leaf{kind: leafFalse, span: x.Span})
		}
		return n.other(e)
	case *yql.Call:
		if x.Module == "" {
			switch {
			case strings.EqualFold(x.Name, "Coalesce") && len(x.Args) == 2 && !neg && isBoolLit(x.Args[1], false):
				return n.norm(x.Args[0], false, depth+1)
			case strings.EqualFold(x.Name, "Likely") && len(x.Args) == 1:
				return n.norm(x.Args[0], neg, depth+1)
			case strings.EqualFold(x.Name, "StartsWith") && len(x.Args) == 2:
				return n.newLeaf(&leaf{kind: leafStartsWith, l: x.Args[0], r: x.Args[1], neg: neg, span: x.Span})
			}
		}
		return n.other(e)
	}
	return n.other(e)
}

// expandTuple expands `(a1..an) op (x1..xn)` (yql-semantics.md §3.2.2).
func (n *normalizer) expandTuple(op yql.BinaryOp, ls, rs []yql.Expr, sp yql.Span) *pnode {
	cmp := func(op yql.BinaryOp, i int) *pnode {
		return n.newLeaf(&leaf{kind: leafCmp, op: op, l: ls[i], r: rs[i], span: sp})
	}
	switch op {
	case yql.OpEq:
		t := &pnode{kind: nodeAnd, span: sp}
		for i := range ls {
			t.kids = append(t.kids, cmp(yql.OpEq, i))
		}
		return t
	case yql.OpNe:
		t := &pnode{kind: nodeOr, span: sp}
		for i := range ls {
			t.kids = append(t.kids, cmp(yql.OpNe, i))
		}
		return t
	}
	strict := op
	switch op {
	case yql.OpLe:
		strict = yql.OpLt
	case yql.OpGe:
		strict = yql.OpGt
	}
	t := &pnode{kind: nodeOr, span: sp}
	if n.orSpan == (yql.Span{}) && len(ls) > 1 {
		n.orSpan = sp
	}
	for i := range ls {
		br := &pnode{kind: nodeAnd, span: sp}
		for j := 0; j < i; j++ {
			br.kids = append(br.kids, cmp(yql.OpEq, j))
		}
		last := strict
		if i == len(ls)-1 {
			last = op
		}
		br.kids = append(br.kids, cmp(last, i))
		t.kids = append(t.kids, br)
	}
	return t
}

// negate applies NOT to an already normalised tree (De Morgan on the nodes,
// negation on the leaves).
func (n *normalizer) negate(t *pnode) *pnode {
	switch t.kind {
	case nodeAnd, nodeOr:
		k := nodeAnd
		if t.kind == nodeAnd {
			k = nodeOr
		}
		out := &pnode{kind: k, span: t.span}
		for _, c := range t.kids {
			out.kids = append(out.kids, n.negate(c))
		}
		return out
	}
	l := *t.leaf
	switch l.kind {
	case leafCmp:
		if l.op == yql.OpIsDistinct {
			l.op = yql.OpIsNotDistinct
		} else if l.op == yql.OpIsNotDistinct {
			l.op = yql.OpIsDistinct
		} else {
			l.op = negateCmp(l.op)
		}
	case leafIn, leafIsNull, leafStartsWith, leafLike:
		l.neg = !l.neg
	case leafBoolCol:
		l.bval = !l.bval
	case leafTrue:
		l.kind = leafFalse
	case leafFalse:
		l.kind = leafTrue
	}
	return n.newLeaf(&l)
}

func negateCmp(op yql.BinaryOp) yql.BinaryOp {
	switch op {
	case yql.OpEq:
		return yql.OpNe
	case yql.OpNe:
		return yql.OpEq
	case yql.OpLt:
		return yql.OpGe
	case yql.OpLe:
		return yql.OpGt
	case yql.OpGt:
		return yql.OpLe
	case yql.OpGe:
		return yql.OpLt
	}
	return op
}

func swapCmp(op yql.BinaryOp) yql.BinaryOp {
	switch op {
	case yql.OpLt:
		return yql.OpGt
	case yql.OpLe:
		return yql.OpGe
	case yql.OpGt:
		return yql.OpLt
	case yql.OpGe:
		return yql.OpLe
	}
	return op
}

func isBoolLit(e yql.Expr, v bool) bool {
	l, ok := e.(*yql.Literal)
	return ok && l.Kind == yql.LitBool && strings.EqualFold(l.Value, "true") == v
}

// dnf expands the tree into a disjunction of conjunctions of leaves.
// ok is false when the expansion exceeds the bounds.
func dnf(t *pnode) ([][]*leaf, bool) {
	switch t.kind {
	case nodeLeaf:
		return [][]*leaf{{t.leaf}}, true
	case nodeOr:
		var out [][]*leaf
		for _, c := range t.kids {
			bs, ok := dnf(c)
			if !ok {
				return nil, false
			}
			out = append(out, bs...)
			if len(out) > maxBranches {
				return nil, false
			}
		}
		return out, true
	}
	out := [][]*leaf{nil}
	for _, c := range t.kids {
		bs, ok := dnf(c)
		if !ok {
			return nil, false
		}
		if len(bs) == 1 {
			for i := range out {
				out[i] = append(out[i], bs[0]...)
				if len(out[i]) > maxBranchSize {
					return nil, false
				}
			}
			continue
		}
		if len(out)*len(bs) > maxBranches {
			return nil, false
		}
		next := make([][]*leaf, 0, len(out)*len(bs))
		for _, a := range out {
			for _, b := range bs {
				if len(a)+len(b) > maxBranchSize {
					return nil, false
				}
				m := make([]*leaf, 0, len(a)+len(b))
				m = append(m, a...)
				m = append(m, b...)
				next = append(next, m)
			}
		}
		out = next
	}
	return out, true
}
