package yql

// Inspect traverses the tree rooted at n in depth-first order, calling f for
// each non-nil node; when f returns false, the children of that node are
// skipped. Type references, select items, settings, column and index
// definitions, assignments and alter actions are visited as nodes too;
// When arms are visited through their Cond and Then expressions.
//
// The traversal uses an explicit stack, so it handles the long left-deep
// chains a parse can produce (`a AND b AND …` with thousands of terms)
// without deep recursion.
func Inspect(n Node, f func(Node) bool) {
	stack := []Node{n}
	var kids []Node
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n == nil || isNilNode(n) || !f(n) {
			continue
		}
		kids = appendChildren(kids[:0], n)
		for i := len(kids) - 1; i >= 0; i-- {
			stack = append(stack, kids[i])
		}
	}
}

// appendChildren appends the direct children of n, in source order, to out.
func appendChildren(out []Node, n Node) []Node {
	visit := func(c Node) {
		if c != nil && !isNilNode(c) {
			out = append(out, c)
		}
	}
	exprs := func(es []Expr) {
		for _, e := range es {
			visit(e)
		}
	}
	idents := func(ids []*Ident) {
		for _, id := range ids {
			visit(id)
		}
	}
	switch n := n.(type) {
	case *SelectStmt:
		visit(n.Query)
	case *NamedExprStmt:
		visit(n.Value)
	case *DeclareStmt:
		visit(n.Type)
	case *InsertStmt:
		visit(n.Table)
		idents(n.Columns)
		for _, row := range n.Values {
			exprs(row)
		}
		visit(n.Source)
	case *UpdateStmt:
		visit(n.Table)
		for _, a := range n.Set {
			visit(a)
		}
		visit(n.Where)
		idents(n.OnColumns)
		for _, row := range n.OnValues {
			exprs(row)
		}
		visit(n.On)
	case *Assignment:
		visit(n.Column)
		visit(n.Value)
	case *DeleteStmt:
		visit(n.Table)
		visit(n.Where)
		idents(n.OnColumns)
		for _, row := range n.OnValues {
			exprs(row)
		}
		visit(n.On)
	case *CreateTableStmt:
		visit(n.Table)
		for _, c := range n.Columns {
			visit(c)
		}
		idents(n.PrimaryKey)
		for _, ix := range n.Indexes {
			visit(ix)
		}
		idents(n.PartitionBy)
		for _, s := range n.With {
			visit(s)
		}
	case *ColumnDef:
		visit(n.Name)
		visit(n.Type)
		visit(n.Default)
	case *IndexDef:
		visit(n.Name)
		idents(n.Columns)
		idents(n.Cover)
	case *Setting:
		visit(n.Value)
	case *AlterTableStmt:
		visit(n.Table)
		for _, a := range n.Actions {
			visit(a)
		}
	case *AddColumn:
		visit(n.Column)
	case *DropColumn:
		visit(n.Name)
	case *AddIndex:
		visit(n.Index)
	case *DropIndex:
		visit(n.Name)
	case *RenameIndex:
		visit(n.From)
		visit(n.To)
	case *DropTableStmt:
		visit(n.Table)
	case *Select:
		for _, it := range n.Items {
			visit(it)
		}
		idents(n.Without)
		visit(n.From)
		visit(n.Where)
		exprs(n.GroupBy)
		visit(n.Having)
		for _, o := range n.OrderBy {
			visit(o)
		}
		visit(n.Limit)
		visit(n.Offset)
		for _, u := range n.Union {
			visit(u)
		}
	case *SelectItem:
		visit(n.Expr)
		visit(n.Alias)
	case *OrderItem:
		visit(n.Expr)
	case *TableSource:
		visit(n.Table)
		visit(n.View)
		visit(n.Alias)
	case *SubquerySource:
		visit(n.Query)
		visit(n.Alias)
	case *AsTableSource:
		visit(n.Arg)
		visit(n.Alias)
	case *NamedSource:
		visit(n.Alias)
	case *JoinSource:
		visit(n.Left)
		visit(n.Right)
		visit(n.On)
		idents(n.Using)
	case *TypeRef:
		for _, a := range n.Args {
			visit(a)
		}
		for _, fl := range n.Fields {
			visit(fl.Type)
		}
	case *Binary:
		visit(n.L)
		visit(n.R)
	case *Unary:
		visit(n.X)
	case *Between:
		visit(n.X)
		visit(n.Lo)
		visit(n.Hi)
	case *In:
		visit(n.X)
		exprs(n.List)
		visit(n.Query)
		visit(n.Expr)
	case *IsNull:
		visit(n.X)
	case *Like:
		visit(n.X)
		visit(n.Pattern)
		visit(n.Escape)
	case *Tuple:
		exprs(n.Elems)
	case *Call:
		exprs(n.Args)
	case *Cast:
		visit(n.X)
		visit(n.Type)
	case *SubqueryExpr:
		visit(n.Query)
	case *Exists:
		visit(n.Query)
	case *Case:
		visit(n.X)
		for _, w := range n.Whens {
			visit(w.Cond)
			visit(w.Then)
		}
		visit(n.Else)
	case *Lambda:
		visit(n.Body)
	case *Member:
		visit(n.X)
	case *Index:
		visit(n.X)
		visit(n.I)
	}
	return out
}

// isNilNode reports whether n is a typed nil pointer inside a non-nil
// interface (e.g. a nil *Select stored in a Node).
func isNilNode(n Node) bool {
	switch n := n.(type) {
	case *Select:
		return n == nil
	case *Ident:
		return n == nil
	case *TableRef:
		return n == nil
	case *TypeRef:
		return n == nil
	case *ColumnDef:
		return n == nil
	case *IndexDef:
		return n == nil
	}
	return false
}
