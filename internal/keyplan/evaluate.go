package keyplan

import (
	"strconv"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// maxRanges is KQP's ExtractPredicateRangesLimit default (§3.2.6).
const maxRanges = 10000

// evaluate fills the verdict of one table read. where is the statement's
// WHERE; ons are JOIN ON conditions that filter this side.
func (st *planState) evaluate(a *Access, where yql.Expr, ons []yql.Expr, sc *scope, si int, outerFilter bool) {
	s := sc.sides[si]
	a.Where = where
	a.NoWhere = where == nil && len(ons) == 0 && len(s.using) == 0
	t := a.Table
	if code, text := unusable(t); code != ReasonNone {
		a.Verdict = Unknown
		a.Break = Reason{Code: code, Span: refSpan(a), Text: text}
		return
	}
	key := t.PrimaryKey
	if ts := a.Source; ts != nil && ts.View != nil {
		ix := t.Index(ts.View.Name)
		switch {
		case ix == nil:
			a.Verdict = Unknown
			a.Break = Reason{Code: ReasonUnknownIndex, Span: ts.View.Span, Text: "index " + ts.View.Name + " is not in the schema catalogue"}
			return
		case ix.Kind != "":
			a.Verdict = Unknown
			a.Break = Reason{Code: ReasonUnsupportedIndex, Span: ts.View.Span, Text: "index " + ix.Name + " is a " + ix.Kind + " index"}
			return
		}
		a.Index = ix
		a.KeyName = ix.Name
		key = indexKey(ix, t)
	}
	a.Key = key

	n := &normalizer{st: st}
	root := &pnode{kind: nodeAnd}
	if where != nil {
		root.kids = append(root.kids, n.norm(where, false, 0))
	}
	for _, on := range ons {
		root.kids = append(root.kids, n.norm(on, false, 0))
	}
	if len(root.kids) == 0 {
		root.kids = append(root.kids, n.newLeaf(&leaf{kind: leafTrue}))
	}
	lbranches, ok := dnf(root)
	if !ok || n.tooBig {
		a.Verdict = Unknown
		a.Break = Reason{Code: ReasonTooComplex, Span: spanOf(where, refSpan(a)), Text: "the predicate is too large to plan"}
		return
	}
	cls := &classifier{st: st, sc: sc, side: si}
	atoms := make([]*atom, len(n.leaves))
	var usingAtoms []*atom
	for _, u := range s.using {
		usingAtoms = append(usingAtoms, &atom{kind: atomDepends, cols: []string{u.Name}, span: u.Span, reason: ReasonJoin,
			text: u.Name + " is the join key (USING)"})
	}
	branches := make([][]*atom, 0, len(lbranches))
	var gates []string // per branch: the $p of a `$p IS NULL` in it (optparam.go)
	for _, lb := range lbranches {
		br := make([]*atom, 0, len(lb)+len(usingAtoms))
		dead, gate := false, ""
		for _, l := range lb {
			at := atoms[l.id]
			if at == nil {
				at = cls.classify(l)
				atoms[l.id] = at
			}
			if at.kind == atomFalse {
				dead = true
				break
			}
			if at.nullParam != "" && gate == "" {
				gate = at.nullParam
			}
			if at.kind != atomNone {
				br = append(br, at)
			}
		}
		if dead {
			continue
		}
		br = append(br, usingAtoms...)
		branches = append(branches, br)
		gates = append(gates, gate)
	}
	if len(branches) == 0 {
		a.Verdict = Unknown
		a.Break = Reason{Code: ReasonOpaque, Span: spanOf(where, refSpan(a)), Text: "the predicate selects nothing"}
		return
	}

	r := evalKey(key, branches, where != nil || len(ons) > 0)
	a.PointKeys = pointKeys(t, branches)
	a.Verdict, a.PointPrefix, a.UsedPrefix = r.verdict, r.pointPrefix, r.usedPrefix
	a.Bindings, a.Break, a.Residual, a.Depends = r.bindings, r.brk, r.residual, r.depends
	if a.Break.Code != ReasonNone && a.Break.Span == (yql.Span{}) {
		a.Break.Span = spanOf(where, refSpan(a))
	}
	if a.Verdict == Depends {
		v, prefix := lookupJoin(sc, s, key, branches)
		if v == Point || v == Range {
			// Each row of the list pins the joined prefix of the key.
			a.PointPrefix, a.UsedPrefix = prefix, max(a.UsedPrefix, prefix)
		}
		switch v {
		case Point:
			a.Depends = append(a.Depends, Reason{Code: ReasonJoin, Column: key[0], Span: refSpan(a),
				Text: "a lookup join from a key list on the whole key: one point lookup per row of the list"})
			a.Verdict, a.Break = Point, Reason{}
		case Range:
			brk := Reason{Code: ReasonJoin, Column: key[0], Span: refSpan(a),
				Text: "a lookup join from a key list on a key prefix: one range per row of the list"}
			a.Depends = append(a.Depends, brk)
			a.Verdict, a.Break = Range, brk
		}
	}
	if a.Verdict == Full && len(branches) > 1 && r.someNotFull {
		sp := n.orSpan
		if sp == (yql.Span{}) {
			sp = spanOf(where, refSpan(a))
		}
		a.Break = Reason{Code: ReasonOrAcrossColumns, Column: key[0], Span: sp,
			Text: "a branch of OR does not constrain " + key[0] + ", so the whole OR is a filter"}
		optionalParamFilter(a, key, branches, gates)
	}
	if a.NoWhere && a.Verdict == Full {
		a.Break = Reason{Code: ReasonNoWhere, Column: key[0], Span: refSpan(a), Text: "there is no WHERE clause"}
	}

	if a.Verdict == Full {
		st.indexChoice(a, t, branches)
	}
	if a.Verdict == Full && outerFilter {
		a.Verdict = Unknown
		a.Break = Reason{Code: ReasonOuterFilter, Span: refSpan(a),
			Text: "an outer query filters this subquery; its predicate may be pushed down"}
	}
	if a.Batch {
		a.Verdict = Full
		a.Break = Reason{Code: ReasonBatch, Span: refSpan(a), Text: "BATCH UPDATE/DELETE passes over every partition by design"}
	}
	if t.Hash != nil && a.Index == nil && len(t.PrimaryKey) > 1 && t.Hash.Column == t.PrimaryKey[0] {
		a.Hash = st.hashCheck(a, t, branches)
	}
	st.readHashEvidence(a, t)
}

// indexChoice records the index hint and KQP's automatic index choice
// (§3.2.7) for a read that is FULL on its key. Both rank the indexes the
// way KQP's chooser does (indexServes), so that the finding's headline
// ("KQP may choose the SYNC index …") and its fix (VIEW …) name the same
// index whenever a SYNC index serves the predicate: with user_idx
// (user_id) and user_org_idx (user_id, org_id), a filter on both columns
// names user_org_idx in both, a filter on user_id alone user_idx.
func (st *planState) indexChoice(a *Access, t *schema.Table, branches [][]*atom) {
	auto := a.Source == nil || (a.Source.View == nil && !a.Source.ViewPrimaryKey)
	var best, autoIx, bestSync *schema.Index
	var bestR, autoR, bestSyncR keyResult
	for _, ix := range t.Indexes {
		if ix.Kind != "" || len(ix.Columns) == 0 || ix == a.Index {
			continue
		}
		r := evalKey(indexKey(ix, t), branches, true)
		if r.verdict != Point && r.verdict != Range {
			continue
		}
		if auto && !ix.Async && (autoIx == nil || indexServes(ix, r, autoIx, autoR)) {
			autoIx, autoR = ix, r
		}
		if r.pointPrefix < 1 {
			continue
		}
		if !ix.Async && (bestSync == nil || indexServes(ix, r, bestSync, bestSyncR)) {
			bestSync, bestSyncR = ix, r
		}
		if best == nil || indexServes(ix, r, best, bestR) || (sameService(r, bestR) && best.Async && !ix.Async) {
			best, bestR = ix, r
		}
	}
	// A SYNC index is advised over an ASYNC one that pins more: it is the
	// one KQP may choose (the headline's), and an ASYNC index returns rows
	// that may be stale. When only an ASYNC index pins a column to a point
	// and KQP may choose a SYNC one that bounds a range, the hint is the
	// SYNC one, so that the headline and the VIEW fix name one index.
	// (With a SYNC index that pins a prefix, autoIx and bestSync are the
	// same index: indexServes ranks the point prefix first, and ties keep
	// the one defined first.)
	switch {
	case bestSync != nil:
		best = bestSync
	case best != nil && autoIx != nil:
		best = autoIx
	}
	a.IndexHint = best
	if autoIx != nil {
		brk := Reason{Code: ReasonAutoIndex, Column: autoIx.Columns[0], Span: refSpan(a),
			Text: "KQP may choose the SYNC index " + autoIx.Name + " automatically; whether it does depends on the server version and IndexAutoChooseMode"}
		a.Depends = append(a.Depends, brk)
		a.Verdict = Depends
		a.Break = brk
	}
}

// indexServes reports whether index ix (with key result r) serves the
// predicate better than index cur (with cur's result), in the order of
// KQP's automatic chooser (yql-semantics.md §3.2.7): the longer
// point-pinned prefix, then the longer used prefix, then an index whose
// own columns are all pinned to points (user_idx (user_id) before
// user_org_idx (user_id, org_id) for `user_id = $u`). Ties keep cur, the
// index defined first: the choice does not depend on map order.
func indexServes(ix *schema.Index, r keyResult, cur *schema.Index, curR keyResult) bool {
	if r.pointPrefix != curR.pointPrefix {
		return r.pointPrefix > curR.pointPrefix
	}
	if r.usedPrefix != curR.usedPrefix {
		return r.usedPrefix > curR.usedPrefix
	}
	full := r.pointPrefix >= len(ix.Columns)
	curFull := curR.pointPrefix >= len(cur.Columns)
	return full && !curFull
}

// sameService: two key results neither of which serves better.
func sameService(r, s keyResult) bool {
	return r.pointPrefix == s.pointPrefix && r.usedPrefix == s.usedPrefix
}

// indexKey is the key of an index table: index columns, then the primary
// key columns not already in it.
func indexKey(ix *schema.Index, t *schema.Table) []string {
	k := make([]string, 0, len(ix.Columns)+len(t.PrimaryKey))
	k = append(k, ix.Columns...)
	for _, c := range t.PrimaryKey {
		if indexOf(k, c) < 0 {
			k = append(k, c)
		}
	}
	return k
}

func indexOf(xs []string, s string) int {
	for i, x := range xs {
		if x == s {
			return i
		}
	}
	return -1
}

func refSpan(a *Access) yql.Span {
	if a.Ref != nil {
		return a.Ref.Span
	}
	return yql.Span{}
}

func spanOf(e yql.Expr, def yql.Span) yql.Span {
	if e == nil {
		return def
	}
	return e.NodeSpan()
}

type keyResult struct {
	verdict                 Verdict
	pointPrefix, usedPrefix int
	bindings                []Binding
	brk                     Reason
	residual                []Reason
	depends                 []Reason
	someNotFull             bool
}

func rank(k atomKind) int {
	switch k {
	case atomPoint:
		return 6
	case atomRange:
		return 5
	case atomUnknown:
		return 4
	case atomDepends:
		return 3
	case atomWide:
		return 2
	case atomResidual:
		return 1
	}
	return 0
}

func better(x, y *atom) bool {
	rx, ry := rank(x.kind), rank(y.kind)
	if rx != ry {
		return rx > ry
	}
	if x.kind == atomPoint {
		if x.count >= 0 && (y.count < 0 || x.count < y.count) {
			return true
		}
	}
	return false
}

func bindKindOf(k atomKind) BindKind {
	switch k {
	case atomPoint:
		return BindPoint
	case atomRange:
		return BindRange
	case atomDepends:
		return BindDepends
	case atomUnknown:
		return BindUnknown
	}
	return BindNone
}

type branchResult struct {
	verdict     Verdict
	pointPrefix int
	usedPrefix  int
	eff         []*atom // effective atom per key column (nil: nothing)
	brk         Reason
	ranges      int // -1 when unknown
}

// evalKey applies the prefix rule (§3.2.3–3.2.6) to every OR branch and
// combines them.
func evalKey(key []string, branches [][]*atom, hasWhere bool) keyResult {
	var r keyResult
	results := make([]branchResult, len(branches))
	totalRanges := 0
	for bi, br := range branches {
		results[bi] = evalBranch(key, br, hasWhere)
		if totalRanges >= 0 {
			if results[bi].ranges < 0 {
				totalRanges = -1
			} else {
				totalRanges += results[bi].ranges
				if totalRanges > 1<<30 {
					totalRanges = 1 << 30
				}
			}
		}
	}
	var anyFull, anyUnknown, anyDepends, allPoint = false, false, false, true
	r.pointPrefix, r.usedPrefix = len(key), len(key)
	for _, b := range results {
		switch b.verdict {
		case Full:
			anyFull = true
		case Unknown:
			anyUnknown = true
		case Depends:
			anyDepends = true
		}
		if b.verdict != Full {
			r.someNotFull = true
		}
		if b.verdict != Point {
			allPoint = false
		}
		r.pointPrefix = min(r.pointPrefix, b.pointPrefix)
		r.usedPrefix = min(r.usedPrefix, b.usedPrefix)
	}
	switch {
	case anyFull:
		r.verdict = Full
	case anyUnknown:
		r.verdict = Unknown
	case anyDepends:
		r.verdict = Depends
	case allPoint:
		r.verdict = Point
	default:
		r.verdict = Range
	}
	for _, b := range results {
		if b.verdict == r.verdict {
			r.brk = b.brk
			break
		}
	}

	// Bindings: the weakest over the branches.
	r.bindings = make([]Binding, len(key))
	for i, c := range key {
		b := Binding{Column: c, Kind: BindPoint, InPrefix: i < r.usedPrefix}
		var first *atom
		same := true
		for bi, res := range results {
			at := res.eff[i]
			k := BindNone
			if at != nil {
				k = bindKindOf(at.kind)
			}
			if k < b.Kind {
				b.Kind = k
			}
			if bi == 0 {
				first = at
			} else if at != first {
				same = false
			}
		}
		if b.Kind != BindNone && first != nil {
			b.Atom = first.span
			b.Null = first.null && same
			if same && first.kind == atomPoint && first.count == 1 && len(first.cols) == 1 {
				b.Value = first.value
			}
		}
		if len(results) == 0 {
			b.Kind = BindNone
		}
		r.bindings[i] = b
	}

	// Residual atoms and run-time dependencies on key columns.
	var seen []*atom
	for _, br := range branches {
		for _, at := range br {
			if containsAtom(seen, at) {
				continue
			}
			kc := ""
			for _, c := range at.cols {
				if indexOf(key, c) >= 0 {
					kc = c
					break
				}
			}
			if kc == "" {
				continue
			}
			switch {
			case at.kind == atomResidual || at.kind == atomWide:
				seen = append(seen, at)
				r.residual = append(r.residual, Reason{Code: at.reason, Column: kc, Span: at.span, Text: at.text})
			case at.kind == atomDepends:
				seen = append(seen, at)
				r.depends = append(r.depends, Reason{Code: at.reason, Column: kc, Span: at.span, Text: at.text})
			case at.kind == atomPoint && at.listParam && indexOf(key, kc) < r.usedPrefix:
				seen = append(seen, at)
				r.depends = append(r.depends, Reason{Code: ReasonListParam, Column: kc, Span: at.span,
					Text: "the size of the IN list is known only at run time (over 10,000 ranges gives a full scan)"})
			}
		}
	}
	if (r.verdict == Point || r.verdict == Range) && totalRanges > maxRanges {
		r.verdict = Depends
		r.brk = Reason{Code: ReasonTooManyRanges, Column: key[0], Span: firstSpan(branches),
			Text: "the IN lists give " + strconv.Itoa(totalRanges) + " ranges, above the 10,000 limit: KQP then reads the full range"}
		r.depends = append(r.depends, r.brk)
	}
	return r
}

func containsAtom(xs []*atom, a *atom) bool {
	for _, x := range xs {
		if x == a {
			return true
		}
	}
	return false
}

func firstSpan(branches [][]*atom) yql.Span {
	for _, br := range branches {
		for _, at := range br {
			return at.span
		}
	}
	return yql.Span{}
}

func evalBranch(key []string, br []*atom, hasWhere bool) branchResult {
	res := branchResult{eff: make([]*atom, len(key))}
	var unk *atom
	for _, at := range br {
		if at.allUnknown {
			if unk == nil {
				unk = at
			}
			continue
		}
		for _, c := range at.cols {
			i := indexOf(key, c)
			if i < 0 {
				continue
			}
			if res.eff[i] == nil || better(at, res.eff[i]) {
				res.eff[i] = at
			}
		}
	}
	if unk != nil {
		for i := range res.eff {
			if res.eff[i] == nil || rank(res.eff[i].kind) < rank(atomUnknown) {
				res.eff[i] = unk
			}
		}
	}
	ranges := 1
	var counted []*atom
	stop := len(key)
	for i := range key {
		at := res.eff[i]
		if at != nil && at.kind == atomPoint {
			res.pointPrefix++
			res.usedPrefix = i + 1
			dup := false
			for _, c := range counted {
				if c == at {
					dup = true
				}
			}
			if !dup {
				counted = append(counted, at)
				if at.count < 0 || ranges < 0 {
					ranges = -1
				} else if ranges <= maxRanges {
					ranges *= max(at.count, 1)
				}
			}
			continue
		}
		if at != nil && at.kind == atomRange {
			res.usedPrefix = i + 1
		}
		stop = i
		break
	}
	res.ranges = ranges
	switch {
	case stop == len(key):
		res.verdict = Point
		return res
	case res.usedPrefix >= 1:
		res.verdict = Range
	default:
		at := res.eff[0]
		switch {
		case at != nil && at.kind == atomUnknown:
			res.verdict = Unknown
		case at != nil && at.kind == atomDepends:
			res.verdict = Depends
		default:
			res.verdict = Full
		}
	}
	res.brk = breakReason(key, stop, res.eff, br, hasWhere)
	return res
}

// breakReason says why the key prefix ends at column i.
func breakReason(key []string, i int, eff []*atom, br []*atom, hasWhere bool) Reason {
	col := key[i]
	if at := eff[i]; at != nil {
		switch at.kind {
		case atomRange:
			return Reason{Code: ReasonPrefixEnd, Column: col, Span: at.span,
				Text: col + " is constrained by a range; later key columns cannot narrow the read"}
		case atomUnknown:
			return Reason{Code: ReasonOpaque, Column: col, Span: at.span, Text: "an opaque expression may constrain " + col}
		}
		return Reason{Code: at.reason, Column: col, Span: at.span, Text: at.text}
	}
	for j := i + 1; j < len(key); j++ {
		if at := eff[j]; at != nil && rank(at.kind) >= rank(atomDepends) {
			if i == 0 {
				return Reason{Code: ReasonLeadingUnbound, Column: col, Span: at.span,
					Text: key[j] + " is constrained but the first key column " + col + " is not"}
			}
			return Reason{Code: ReasonGap, Column: col, Span: at.span,
				Text: "key column " + col + " is skipped, so " + key[j] + " is only a filter"}
		}
	}
	if i > 0 {
		return Reason{Code: ReasonPrefixEnd, Column: col, Text: col + " is not constrained"}
	}
	if !hasWhere {
		return Reason{Code: ReasonNoWhere, Column: col, Text: "there is no WHERE clause"}
	}
	sp := yql.Span{}
	if len(br) > 0 {
		sp = br[0].span
	}
	return Reason{Code: ReasonNoKeyPredicate, Column: col, Span: sp, Text: "the predicate does not constrain the key column " + col}
}
