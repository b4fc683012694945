package yqlcheck

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// scriptParams is what one text says about its parameters.
type scriptParams struct {
	declares map[string]*yql.DeclareStmt
	defined  map[string]bool       // named expressions and lambda parameters
	uses     map[string][]yql.Span // $name references, in text order
	// live are the names a statement that runs uses, directly or through
	// named expressions. YQL drops a DECLARE whose parameter nothing live
	// uses ("Symbol $x is not used", a warning): YDB then neither asks for
	// its value nor checks its type.
	live map[string]bool
	// opaque is set when some statement was not modelled: it may define
	// or use any name.
	opaque bool
}

func collectParams(script *yql.Script) *scriptParams {
	sp := &scriptParams{declares: map[string]*yql.DeclareStmt{}, defined: map[string]bool{}, uses: map[string][]yql.Span{}, live: map[string]bool{}}
	namedRefs := map[string][]string{} // named expression → the names its value uses
	var roots []string
	if len(script.Errors) > 0 {
		sp.opaque = true
	}
	for _, s := range script.Stmts {
		switch s := s.(type) {
		case *yql.OpaqueStmt:
			sp.opaque = true
			continue
		case *yql.DeclareStmt:
			sp.declares[s.Name] = s
			continue
		case *yql.NamedExprStmt:
			for _, n := range s.Names {
				sp.defined[n] = true
			}
		}
		var refs []string
		use := func(name string, span yql.Span) {
			sp.uses[name] = append(sp.uses[name], span)
			refs = append(refs, name)
		}
		yql.Inspect(s, func(n yql.Node) bool {
			switch n := n.(type) {
			case *yql.ParamRef:
				use(n.Name, n.Span)
			case *yql.NamedSource:
				use(n.Name, n.Span)
			case *yql.TableRef:
				if n.Named != "" {
					use(n.Named, n.Span)
				}
			case *yql.Lambda:
				for _, p := range n.Params {
					sp.defined[strings.TrimPrefix(p, "$")] = true
				}
				if n.Body == nil {
					sp.opaque = true // a skipped block may use and define names
				}
			case *yql.OpaqueExpr:
				if n.Reason != "hole" {
					sp.opaque = true
				}
			}
			return true
		})
		if ne, ok := s.(*yql.NamedExprStmt); ok {
			for _, n := range ne.Names {
				namedRefs[n] = append(namedRefs[n], refs...)
			}
		} else {
			roots = append(roots, refs...)
		}
	}
	for len(roots) > 0 {
		n := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if sp.live[n] {
			continue
		}
		sp.live[n] = true
		roots = append(roots, namedRefs[n]...)
	}
	return sp
}

// checkParams compares a text's parameters with the Go bindings of its
// call. It needs every binding to be known and parameters to be bound by
// name.
func (c *checker) checkParams(st *queryplan.Statement) {
	p := st.Site.Query.Params
	if p == nil || !p.Known || !c.namedBindingsCertain(p, st.Text.YQL) {
		return
	}
	if yql.ContainsHole(st.Text.YQL) && holeMayHoldParams(st.Text) {
		return
	}
	sp := collectParams(st.Script)
	if !sp.opaque {
		c.checkUnbound(st, sp, p)
	}
	c.checkDeclared(st, sp, p)
	if c.cfg.Strict && !sp.opaque {
		c.checkUnused(st, sp, p)
	}
}

// holeMayHoldParams reports whether a hole of the text lies outside a
// table path, where it could declare or use parameters.
func holeMayHoldParams(t *site.Text) bool {
	script := yql.Parse(t.YQL)
	var paths []yql.Span
	for _, s := range script.Stmts {
		yql.Inspect(s, func(n yql.Node) bool {
			if tr, ok := n.(*yql.TableRef); ok {
				paths = append(paths, tr.Span)
				return false
			}
			return true
		})
	}
	for off := 0; ; {
		i := strings.Index(t.YQL[off:], yql.HolePrefix)
		if i < 0 {
			return false
		}
		at := off + i
		in := false
		for _, p := range paths {
			if p.Start <= at && at < p.End {
				in = true
				break
			}
		}
		if !in {
			return true
		}
		off = at + len(yql.HolePrefix)
	}
}

// binding returns the Go binding that YDB sees as $name: a ParamsBuilder
// name without '$' is sent verbatim and binds nothing in the text.
func binding(p *site.Params, name string) *site.Binding {
	b := p.Lookup(name)
	if b == nil || b.NoDollar {
		return nil
	}
	return b
}

func sortedNames[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func (c *checker) checkUnbound(st *queryplan.Statement, sp *scriptParams, p *site.Params) {
	for _, n := range sortedNames(sp.uses) {
		if sp.declares[n] != nil || sp.defined[n] || binding(p, n) != nil || n == "_" {
			continue
		}
		msg := fmt.Sprintf("$%s is used but neither declared nor bound; YDB rejects the query (Unknown name: $%s)", n, n)
		if b := p.Lookup(n); b != nil && b.NoDollar {
			msg += fmt.Sprintf("; ParamsBuilder().Param(%q) sends the name %q verbatim, which is not $%s: write Param(\"$%s\")", n, n, n, n)
		} else {
			msg += "; bind it in the Go call"
		}
		c.report(st, sp.uses[n][0], categoryUnboundParameter, msg)
	}
}

// checkDeclared reports declared parameters the call does not bind (when
// not Optional) or binds with another type.
func (c *checker) checkDeclared(st *queryplan.Statement, sp *scriptParams, p *site.Params) {
	for _, n := range sortedNames(sp.declares) {
		d := sp.declares[n]
		if d.Type == nil || yql.ContainsHole(d.Type.String()) || !sp.live[n] {
			continue
		}
		b := binding(p, n)
		if b == nil {
			if p.AutoDeclare || d.Type.IsOptional() {
				continue // an unbound Optional parameter is NULL
			}
			msg := fmt.Sprintf("$%s is declared %s but the call binds no value for it; YDB rejects the query (Missing value for parameter: $%s)", n, d.Type, n)
			if nb := p.Lookup(n); nb != nil && nb.NoDollar {
				msg += fmt.Sprintf("; ParamsBuilder().Param(%q) sends the name %q verbatim, which is not $%s: write Param(\"$%s\")", n, n, n, n)
			} else {
				msg += fmt.Sprintf("; bind $%s, or declare it %s? to pass NULL", n, d.Type)
			}
			c.report(st, d.Span, categoryMissingParameter, msg)
			continue
		}
		c.checkType(st, d, b)
	}
}

// checkType compares a declared type with the type of the bound SDK value.
func (c *checker) checkType(st *queryplan.Statement, d *yql.DeclareStmt, b *site.Binding) {
	if st.Site.Query.Params.AutoDeclare {
		return
	}
	bound, ok := boundType(b.Value)
	if strings.HasPrefix(st.Site.API, "database/sql.") {
		// database/sql converts by the dynamic Go value: only a
		// sql.Named argument whose static type decides it is judged.
		bound, ok = c.sqlBoundType(b)
	}
	if !ok {
		return
	}
	declared := d.Type.String()
	if declared == bound || !comparableType(d.Type) {
		return
	}
	msg := fmt.Sprintf("$%s is declared %s but bound to %s", d.Name, declared, bound)
	if b.Value.Desc != "" {
		msg += " (" + b.Value.Desc + ")"
	}
	msg += fmt.Sprintf("; YDB rejects the query (Parameter $%s type mismatch, expected: %s, actual: %s); declare $%s AS %s or bind a %s value", d.Name, declared, bound, d.Name, bound, declared)
	var fixes []analysis.SuggestedFix
	if edits, ok := st.Edits([]keyplan.TextEdit{{Start: d.Type.Start, End: d.Type.End, NewText: bound}}); ok && d.Type.End > d.Type.Start {
		fixes = append(fixes, analysis.SuggestedFix{Message: fmt.Sprintf("Declare $%s AS %s", d.Name, bound), TextEdits: edits})
	}
	c.report(st, d.Type.Span, categoryParameterType, msg, fixes...)
}

// boundType is the YQL spelling of a bound value's type, when it is a
// primitive type ydblint knows exactly.
func boundType(v site.Value) (string, bool) {
	if v.YDBType == "" || v.YDBType == "Void" || v.Null == site.NullUnknown {
		return "", false
	}
	t := yql.CanonicalType(v.YDBType)
	if !primitiveTypes[t] {
		return "", false
	}
	if v.Optional {
		t += "?"
	}
	return t, true
}

// comparableType reports whether a declared type is a primitive or an
// Optional of one: the types boundType can name.
func comparableType(t *yql.TypeRef) bool {
	u := t.Unwrap()
	if u == nil || len(u.Args) > 0 || len(u.Fields) > 0 || len(u.Params) > 0 {
		return false
	}
	if t.IsOptional() && t.Args[0] != u {
		return false // Optional<Optional<T>>
	}
	return primitiveTypes[u.Name]
}

// primitiveTypes are the YQL primitive types a parameter can have, in the
// parser's canonical spelling.
var primitiveTypes = map[string]bool{
	"Bool": true, "Int8": true, "Int16": true, "Int32": true, "Int64": true,
	"Uint8": true, "Uint16": true, "Uint32": true, "Uint64": true,
	"Float": true, "Double": true, "String": true, "Utf8": true, "Json": true, "JsonDocument": true,
	"Yson": true, "Uuid": true, "Date": true, "Datetime": true, "Timestamp": true, "Interval": true,
	"Date32": true, "Datetime64": true, "Timestamp64": true, "Interval64": true, "DyNumber": true,
	"TzDate": true, "TzDatetime": true, "TzTimestamp": true,
}

// checkUnused reports parameters bound in Go that the text never uses or
// declares (-strict: YDB ignores them).
func (c *checker) checkUnused(st *queryplan.Statement, sp *scriptParams, p *site.Params) {
	for _, b := range p.Bindings {
		if b.NoDollar || sp.declares[b.Name] != nil || len(sp.uses[b.Name]) > 0 || !b.Pos.IsValid() {
			continue
		}
		c.reportAt(st, b, categoryUnusedParameter, fmt.Sprintf(
			"$%s is bound but the query neither declares nor uses it; YDB ignores it (reported with -strict); remove the binding or use $%s", b.Name, b.Name))
	}
}
