package keyplan

import (
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/yql"
)

// This file plans writes: which expression goes into each key column, the
// write-side checks of yql-semantics.md §3.3 (write-side table), and
// write-side hash-prefix evidence (§4 A).

// input is the set of columns a write provides.
type input struct {
	known bool
	names []string
	// rows[r][i] is the value of names[i] in row r.
	rows [][]WrittenValue
	span yql.Span // where a missing column is reported
}

// srcInfo describes the FROM of an INSERT … SELECT / ON SELECT source, to
// classify the columns its items reference.
type srcInfo struct {
	param  string                  // AS_TABLE($param)
	fields map[string]*yql.TypeRef // AS_TABLE struct fields
	table  *schema.Table           // a single table source
}

func (si *srcInfo) optional(col string) Tri {
	if si == nil {
		return TriUnknown
	}
	if si.fields != nil {
		if t, ok := si.fields[col]; ok && t != nil {
			if t.IsOptional() {
				return TriYes
			}
			return TriNo
		}
		return TriUnknown
	}
	if si.table != nil {
		if c := si.table.Column(col); c != nil {
			if c.NotNull {
				return TriNo
			}
			return TriYes
		}
	}
	return TriUnknown
}

func (st *planState) planInsert(s *yql.InsertStmt) {
	w := &Write{Ref: s.Table}
	switch s.Kind {
	case yql.Upsert:
		w.Kind = WriteUpsert
	case yql.Replace:
		w.Kind = WriteReplace
	default:
		w.Kind = WriteInsert
	}
	if s.Source != nil {
		st.planQuery(s.Source, queryCtx{})
	}
	var in input
	if s.Source == nil {
		in = st.valuesInput(s.Columns, s.Values)
	} else {
		in = st.selectInput(s.Columns, s.Source)
	}
	st.finishWrite(w, in, s.Table)
}

func (st *planState) planUpdate(s *yql.UpdateStmt) {
	t, _ := st.resolveTable(s.Table)
	if s.On != nil || s.OnValues != nil {
		st.planOn(WriteUpdateOn, s.Table, s.On, s.OnColumns, s.OnValues)
		return
	}
	st.planWhere(AccessUpdateWhere, s.Table, t, s.Where, s.Batch)
	w := &Write{Kind: WriteUpdateSet, Ref: s.Table, Table: t}
	if code, _ := unusable(t); code == ReasonNone || code == ReasonColumnStore {
		for _, as := range s.Set {
			if as.Column == nil {
				continue
			}
			if _, ok := t.IsKey(as.Column.Name); ok {
				w.Findings = append(w.Findings, Finding{Code: FindUpdateKeyColumn, Column: as.Column.Name,
					Span: as.Column.Span, CompileError: true,
					Text: "UPDATE cannot change primary key column " + as.Column.Name + " (Cannot update primary key column)"})
			}
		}
	}
	st.plan.Writes = append(st.plan.Writes, w)
}

func (st *planState) planDelete(s *yql.DeleteStmt) {
	t, _ := st.resolveTable(s.Table)
	if s.On != nil || s.OnValues != nil {
		st.planOn(WriteDeleteOn, s.Table, s.On, s.OnColumns, s.OnValues)
		return
	}
	st.planWhere(AccessDeleteWhere, s.Table, t, s.Where, s.Batch)
}

// planOn plans UPDATE … ON / DELETE … ON: the input rows (a SELECT, planned
// as a read of its own, or VALUES) find the rows by primary key (row 27).
func (st *planState) planOn(kind WriteKind, ref *yql.TableRef, on *yql.Select, cols []*yql.Ident, values [][]yql.Expr) {
	w := &Write{Kind: kind, Ref: ref}
	var in input
	if on != nil {
		st.planQuery(on, queryCtx{})
		in = st.selectInput(cols, on)
	} else {
		in = st.valuesInput(cols, values)
	}
	st.finishWrite(w, in, ref)
}

// planWhere plans the read of UPDATE … WHERE / DELETE … WHERE (row 26),
// and the subqueries of its predicate.
func (st *planState) planWhere(kind AccessKind, ref *yql.TableRef, t *schema.Table, where yql.Expr, batch bool) {
	a := st.newAccess(kind, ref, nil, t, "")
	a.Batch = batch
	st.evaluate(a, where, nil, &scope{sides: []*side{{table: t}}}, 0, false)
	(&subqueryWalker{st: st}).expr(where, 0)
}

func identsSpan(ids []*yql.Ident) yql.Span {
	if len(ids) == 0 {
		return yql.Span{}
	}
	return yql.Span{Start: ids[0].Start, End: ids[len(ids)-1].End}
}

// valuesInput is the input of `(cols) VALUES (…), …`.
func (st *planState) valuesInput(cols []*yql.Ident, rows [][]yql.Expr) input {
	if len(cols) == 0 {
		return input{}
	}
	in := input{known: true, span: identsSpan(cols)}
	for _, c := range cols {
		in.names = append(in.names, c.Name)
	}
	for _, row := range rows {
		if len(row) != len(cols) {
			continue
		}
		vals := make([]WrittenValue, len(row))
		for i, e := range row {
			vals[i] = st.classifyValue(e, nil)
		}
		in.rows = append(in.rows, vals)
	}
	return in
}

// selectInput is the input of `… [(cols)] SELECT …` and `FROM AS_TABLE(…)`:
// columns are matched by output name (alias, column name, struct field).
func (st *planState) selectInput(cols []*yql.Ident, sel *yql.Select) input {
	if sel == nil || len(sel.Union) > 0 {
		return input{}
	}
	si := st.sourceInfo(sel.From)
	in := input{known: true}
	if len(sel.Items) > 0 {
		in.span = yql.Span{Start: sel.Items[0].Start, End: sel.Items[len(sel.Items)-1].End}
	} else {
		in.span = sel.Span
	}
	var row []WrittenValue
	for _, it := range sel.Items {
		if it.Star {
			if si == nil || (si.fields == nil && si.table == nil) {
				in.known = false
				continue
			}
			for _, name := range si.columns() {
				if identIn(sel.Without, name) {
					continue
				}
				in.names = append(in.names, name)
				row = append(row, WrittenValue{Span: it.Span, Class: ValColumn, Column: name, Param: si.param,
					Optional: si.optional(name)})
			}
			continue
		}
		name := ""
		switch {
		case it.Alias != nil:
			name = it.Alias.Name
		default:
			if c, ok := it.Expr.(*yql.ColumnRef); ok {
				name = c.Name
			}
		}
		if name == "" || it.Expr == nil {
			in.known = false
			continue
		}
		in.names = append(in.names, name)
		row = append(row, st.classifyValue(it.Expr, si))
	}
	if len(cols) > 0 {
		// An explicit column list renames the outputs by position.
		if !in.known || len(cols) != len(in.names) {
			return input{}
		}
		in.names = in.names[:0]
		for _, c := range cols {
			in.names = append(in.names, c.Name)
		}
		in.span = identsSpan(cols)
	}
	in.rows = [][]WrittenValue{row}
	return in
}

func identIn(ids []*yql.Ident, name string) bool {
	for _, id := range ids {
		if id.Name == name {
			return true
		}
	}
	return false
}

func (si *srcInfo) columns() []string {
	if si.fields != nil {
		out := make([]string, 0, len(si.fields))
		for name := range si.fields {
			out = append(out, name)
		}
		sortStrings(out)
		return out
	}
	out := make([]string, 0, len(si.table.Columns))
	for _, c := range si.table.Columns {
		out = append(out, c.Name)
	}
	return out
}

func sortStrings(xs []string) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// sourceInfo describes a FROM of a write source, or nil when unknown.
func (st *planState) sourceInfo(src yql.Source) *srcInfo {
	switch x := src.(type) {
	case *yql.AsTableSource:
		e := x.Arg
		p, ok := e.(*yql.ParamRef)
		if !ok {
			return &srcInfo{}
		}
		if _, named := st.named(p.Name); named {
			return &srcInfo{}
		}
		t := st.paramInfo(p.Name).Type.Unwrap()
		si := &srcInfo{param: p.Name}
		if t != nil && t.Name == "List" && len(t.Args) == 1 {
			if et := t.Args[0].Unwrap(); et != nil && et.Name == "Struct" && len(et.Fields) > 0 {
				si.fields = map[string]*yql.TypeRef{}
				for _, f := range et.Fields {
					si.fields[f.Name] = f.Type
				}
			}
		}
		return si
	case *yql.TableSource:
		if t, ok := st.resolveTable(x.Table); ok {
			if code, _ := unusable(t); code == ReasonNone || code == ReasonColumnStore {
				return &srcInfo{table: t}
			}
		}
	}
	return nil
}

// finishWrite resolves the table, fills Keys, runs the checks and records
// the write.
func (st *planState) finishWrite(w *Write, in input, ref *yql.TableRef) {
	st.plan.Writes = append(st.plan.Writes, w)
	t, ok := st.resolveTable(ref)
	if !ok {
		return
	}
	w.Table = t
	if code, _ := unusable(t); code != ReasonNone && code != ReasonColumnStore {
		return
	}
	w.ColumnsKnown = in.known
	for _, k := range t.PrimaryKey {
		kw := KeyWrite{Column: k}
		i := indexOf(in.names, k)
		switch {
		case i >= 0:
			kw.Present = TriYes
			for _, row := range in.rows {
				kw.Values = append(kw.Values, row[i])
			}
		case in.known:
			kw.Present = TriNo
		}
		w.Keys = append(w.Keys, kw)
	}
	st.keyFindings(w, t, in)
	if w.Kind <= WriteReplace {
		st.hashEvidence(w, t)
		w.IndexLeads = indexLeads(t, in)
	}
}

func (st *planState) keyFindings(w *Write, t *schema.Table, in input) {
	onWrite := w.Kind == WriteUpdateOn || w.Kind == WriteDeleteOn
	for _, kw := range w.Keys {
		col := t.Column(kw.Column)
		if col == nil {
			continue // the catalogue does not know the column: stay silent
		}
		if kw.Present == TriNo && !col.HasDefault {
			f := Finding{Code: FindMissingKeyColumn, Column: kw.Column, Span: in.span, CompileError: true,
				Text: "key column " + kw.Column + " is missing from the input (Missing key column in input)"}
			if in.span == (yql.Span{}) {
				f.Span = w.Ref.Span
			}
			if onWrite {
				f.Code = FindOnMissingKeyColumn
				f.Text = "the " + w.Kind.String() + " input does not return key column " + kw.Column + " (Missing key column in input)"
			}
			if h := t.Hash; h != nil && h.Column == kw.Column {
				f.HashColumn = true
				f.HashHint = st.hashHint(h, in)
			}
			w.Findings = append(w.Findings, f)
			continue
		}
		if w.Kind == WriteDeleteOn {
			continue
		}
		for _, v := range kw.Values {
			if f, ok := nullFinding(kw.Column, col, v); ok {
				w.Findings = append(w.Findings, f)
			}
		}
	}
}

// nullFinding applies the NULL/Optional row of the write-side table.
func nullFinding(name string, col *schema.Column, v WrittenValue) (Finding, bool) {
	f := Finding{Column: name, Span: v.Span, NotNull: col.NotNull, CompileError: col.NotNull}
	switch {
	case v.Null:
		f.Code = FindNullKey
		f.Literal = v.Class == ValNull || v.Class == ValNothing
		if col.NotNull {
			f.Text = "NULL written to NOT NULL key column " + name + " (Can't set NULL or optional value to not null column)"
		} else {
			f.Text = "NULL written to key column " + name + ": a NULL key is stored"
		}
		return f, true
	case v.Optional == TriYes:
		if v.Class == ValColumn && v.Param == "" && !col.NotNull {
			// Copying a nullable column into a nullable key: a NULL is
			// possible only if the source holds one; too weak to report.
			return f, false
		}
		f.Code = FindOptionalKey
		if col.NotNull {
			f.Text = "an Optional value written to NOT NULL key column " + name + " (Can't set NULL or optional value to not null column)"
		} else {
			f.Text = "an Optional value written to key column " + name + ": a NULL key may be stored"
		}
		return f, true
	}
	return f, false
}

// hashHint is the expression to write into a missing hash column.
func (st *planState) hashHint(h *schema.HashPrefix, in input) string {
	if h.Func == "" {
		return ""
	}
	arg := "<" + h.SourceColumn + ">"
	if i := indexOf(in.names, h.SourceColumn); i >= 0 && len(in.rows) > 0 {
		v := in.rows[0][i]
		switch {
		case v.Expr != nil:
			if txt := st.text(v.Expr.NodeSpan()); txt != "" {
				arg = txt
			}
		case v.Class == ValColumn:
			arg = v.Column
		}
	}
	return h.Func + "(" + arg + ")"
}

// hashEvidence records §4 A evidence: the leading key column gets
// Digest::F(e) while e is written to another key column of the same row.
func (st *planState) hashEvidence(w *Write, t *schema.Table) {
	if len(t.PrimaryKey) < 2 || len(w.Keys) != len(t.PrimaryKey) {
		return
	}
	lead := w.Keys[0]
	var found *schema.HashPrefix
	var span yql.Span
	for r, v0 := range lead.Values {
		var hp *schema.HashPrefix
		switch {
		case v0.Class == ValHash && v0.Arg != nil:
			for j := 1; j < len(w.Keys); j++ {
				if r < len(w.Keys[j].Values) && st.sameWritten(v0.Arg, w.Keys[j].Values[r]) {
					hp = &schema.HashPrefix{Column: lead.Column, Func: v0.Func, SourceColumn: w.Keys[j].Column, Evidence: "write"}
					break
				}
			}
		case v0.Class == ValParam && v0.ParamInfo.HashOf != "":
			for j := 1; j < len(w.Keys); j++ {
				if r < len(w.Keys[j].Values) {
					vj := w.Keys[j].Values[r]
					if vj.Class == ValParam && vj.Param == v0.ParamInfo.HashOf {
						hp = &schema.HashPrefix{Column: lead.Column, SourceColumn: w.Keys[j].Column, Evidence: "write"}
						break
					}
				}
			}
		}
		if hp == nil {
			continue
		}
		if found == nil {
			found, span = hp, v0.Span
		} else if *found != *hp {
			return // rows disagree: no evidence
		}
	}
	w.Hash, w.HashSpan = found, span
}

// sameWritten reports whether the hashed argument is the value written to
// another column: the same parameter, source column or literal.
func (st *planState) sameWritten(arg yql.Expr, v WrittenValue) bool {
	arg = st.resolveNamed(arg)
	if v.Expr == nil {
		c, ok := arg.(*yql.ColumnRef)
		return ok && v.Class == ValColumn && c.Name == v.Column
	}
	return st.sameExpr(arg, st.resolveNamed(v.Expr))
}

// sameExpr compares two value expressions structurally (parameters, columns,
// literals, casts and calls of those); named expressions are resolved.
func (st *planState) sameExpr(a, b yql.Expr) bool {
	return st.sameExprDepth(a, b, 0)
}

func (st *planState) sameExprDepth(a, b yql.Expr, depth int) bool {
	if depth > maxNamedDepth || a == nil || b == nil {
		return false
	}
	a, b = st.resolveNamed(a), st.resolveNamed(b)
	switch x := a.(type) {
	case *yql.ParamRef:
		y, ok := b.(*yql.ParamRef)
		return ok && x.Name == y.Name
	case *yql.ColumnRef:
		y, ok := b.(*yql.ColumnRef)
		return ok && x.Name == y.Name
	case *yql.Literal:
		y, ok := b.(*yql.Literal)
		return ok && x.Kind == y.Kind && x.Value == y.Value && x.Kind != yql.LitNull
	case *yql.Cast:
		y, ok := b.(*yql.Cast)
		return ok && x.Type.String() == y.Type.String() && st.sameExprDepth(x.X, y.X, depth+1)
	case *yql.Call:
		y, ok := b.(*yql.Call)
		if !ok || !strings.EqualFold(x.FullName(), y.FullName()) || len(x.Args) != len(y.Args) {
			return false
		}
		for i := range x.Args {
			if !st.sameExprDepth(x.Args[i], y.Args[i], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// ---------------------------------------------------------------------------
// Value classification

func (st *planState) classifyValue(e yql.Expr, si *srcInfo) WrittenValue {
	v := WrittenValue{Expr: e}
	if e != nil {
		v.Span = e.NodeSpan()
	}
	st.fillValue(&v, e, si, 0)
	return v
}

var currentTimeFuncs = map[string]bool{
	"currentutcdate": true, "currentutcdatetime": true, "currentutctimestamp": true,
	"currentutcdate32": true, "currentutcdatetime64": true, "currentutctimestamp64": true,
}

func (st *planState) fillValue(v *WrittenValue, e yql.Expr, si *srcInfo, depth int) {
	if depth > maxNamedDepth || e == nil {
		v.Class = ValUnknown
		return
	}
	switch x := e.(type) {
	case *yql.ParamRef:
		if val, ok := st.named(x.Name); ok {
			if val == nil {
				v.Class = ValUnknown
				return
			}
			st.fillValue(v, val, nil, depth+1)
			return
		}
		info := st.paramInfo(x.Name)
		v.Class, v.Param, v.ParamInfo = ValParam, x.Name, info
		v.Optional, v.Null, v.Monotonic = info.Optional, info.Null, info.Monotonic
		if !info.Null {
			v.Const = info.Const
		}
	case *yql.Literal:
		if x.Kind == yql.LitNull {
			v.Class, v.Null, v.Optional = ValNull, true, TriYes
			return
		}
		v.Class, v.Optional, v.Const = ValLiteral, TriNo, literalConst(x)
	case *yql.ColumnRef:
		if si == nil {
			v.Class = ValUnknown
			return
		}
		v.Class, v.Column, v.Param, v.Optional = ValColumn, x.Name, si.param, si.optional(x.Name)
	case *yql.Call:
		st.fillCall(v, x, si, depth)
	case *yql.Cast:
		inner := WrittenValue{}
		st.fillValue(&inner, x.X, si, depth+1)
		if inner.Class == ValCurrentTime {
			v.Class, v.Func, v.Monotonic, v.Optional = ValCurrentTime, inner.Func, true, TriUnknown
		} else {
			v.Class, v.Func, v.Const = ValFunc, "CAST", inner.Const
		}
		switch {
		case x.Type.IsOptional():
			v.Optional = TriYes
		case inner.Null:
			v.Optional, v.Null = TriYes, true
		}
	case *yql.Binary:
		switch x.Op {
		case yql.OpAdd, yql.OpSub, yql.OpMul, yql.OpDiv, yql.OpMod, yql.OpConcat:
			var l, r WrittenValue
			st.fillValue(&l, x.L, si, depth+1)
			st.fillValue(&r, x.R, si, depth+1)
			v.Class = ValFunc
			switch {
			case l.Null || r.Null:
				v.Null, v.Optional = true, TriYes
			case l.Optional == TriYes || r.Optional == TriYes:
				v.Optional = TriYes
			case l.Optional == TriNo && r.Optional == TriNo:
				v.Optional = TriNo
			}
			return
		}
		v.Class = ValFunc
	case *yql.OpaqueExpr:
		v.Class = ValUnknown
	default:
		v.Class = ValFunc
	}
}

// literalConst spells a non-NULL literal as go/constant's ExactString
// spells the Go constant of the same value, so that a literal written in
// YQL and a Go constant bound to a parameter compare equal.
func literalConst(l *yql.Literal) string {
	switch l.Kind {
	case yql.LitString:
		return strconv.Quote(l.Value)
	case yql.LitBool:
		return strings.ToLower(l.Raw)
	case yql.LitInt, yql.LitFloat:
		return l.Value
	}
	return ""
}

func (st *planState) fillCall(v *WrittenValue, x *yql.Call, si *srcInfo, depth int) {
	v.Func = x.FullName()
	mod, name := strings.ToLower(x.Module), strings.ToLower(x.Name)
	switch {
	case mod == "digest" && len(x.Args) >= 1:
		var inner WrittenValue
		st.fillValue(&inner, x.Args[0], si, depth+1)
		v.Class, v.Arg = ValHash, st.resolveNamed(x.Args[0])
		// AutoMap: an Optional argument gives an Optional result.
		v.Optional, v.Null = inner.Optional, inner.Null
		if inner.Const != "" && len(x.Args) == 1 {
			v.Const = v.Func + "(" + inner.Const + ")"
		}
		if inner.Class == ValUnknown {
			v.Optional = TriUnknown
		}
	case mod == "" && name == "nothing":
		v.Class, v.Null, v.Optional = ValNothing, true, TriYes
	case mod == "" && name == "just":
		v.Class, v.Optional = ValFunc, TriYes
	case mod == "" && currentTimeFuncs[name]:
		v.Class, v.Monotonic, v.Optional = ValCurrentTime, true, TriNo
	case mod == "uuid" && name == "newv8columnkey":
		v.Class, v.Monotonic, v.Optional = ValUuidColumnKey, true, TriNo
	case (mod == "" && name == "randomuuid") || (mod == "uuid" && (name == "newv4" || name == "newv7" || name == "newv8rowkey")):
		v.Class, v.Optional = ValRandomUuid, TriNo
	case mod == "datetime" && len(x.Args) >= 1:
		var inner WrittenValue
		st.fillValue(&inner, x.Args[0], si, depth+1)
		if inner.Class == ValCurrentTime {
			v.Class, v.Func, v.Monotonic = ValCurrentTime, inner.Func, true
			return
		}
		v.Class = ValFunc
	case mod == "" && name == "coalesce" && len(x.Args) >= 2:
		v.Class = ValFunc
		if l, ok := x.Args[len(x.Args)-1].(*yql.Literal); ok && l.Kind != yql.LitNull {
			v.Optional = TriNo
		}
	default:
		v.Class = ValFunc
	}
}
