package schemafact

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/modscan"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/tableopt"
)

// The syntactic CreateTable scan finds session.CreateTable / AlterTable
// calls in packages of the module that the analysed package need not import
// (a setup, bootstrap or migrate package, a cmd/… tool) and decodes their
// options without type checking, the way services assemble them:
//
//   - a literal list: CreateTable(ctx, p, options.WithColumn(…), …);
//   - a slice from a function or method returning []options.CreateTableOption
//     (store.createTableOptions()..., schema.Traces(n)...), in this package
//     or another package of the module;
//   - a slice built with append, in a local variable or a helper;
//   - a map of such functions ranged over:
//     for name, def := range schema.Tables { CreateTable(ctx, p(name), def()...) }
//     gives one table per map entry, the key bound to name.
//
// Only calls whose options are SDK calls on the table/options package of
// ydb-go-sdk count (a CreateTable method of another library has other
// options), and every option must be understood: a column type, a key
// column or an option that is not an SDK option call makes the call
// unknown, and it is skipped. Table paths are evaluated like the DDL scan
// evaluates strings, plus local variables assigned once, constants of other
// packages of the module, and functions or methods of the module whose body
// is a single return of a string (w.opts.DBPath.FullTable(name)); a method
// is inlined only when its name is unique among the candidate packages.

// Bounds of the option scan.
const (
	maxOptDepth     = 12  // helper and evaluation nesting
	maxMapEntries   = 64  // entries of one ranged map
	maxOptPackages  = 400 // packages parsed by the option scan
	maxOptsPerTable = 256 // options of one call
)

// ydbOptionsPkgs and ydbTypesPkgs are the import paths whose calls the scan
// decodes.
var (
	ydbOptionsPkg = sdk.PkgTableOptions
	ydbTypesPkgs  = map[string]bool{sdk.PkgTypes: true, sdk.PkgTableTypes: true}
)

// optIndex is the module's Go source by directory, parsed on demand.
type optIndex struct {
	fset    *token.FileSet
	modPath string
	byDir   map[string][]goSource
	parsed  map[string]*optPkg
	parses  int
}

// optPkg is one parsed package directory.
type optPkg struct {
	dir     string
	files   []goFile
	sc      *goScanner
	funcs   map[string]*ast.FuncDecl
	methods map[string][]*ast.FuncDecl
	top     map[string]ast.Expr // package-level var and const initialisers, single
	fileOf  map[*ast.FuncDecl]*ast.File
}

// scanCreateTables returns the tables defined by CreateTable / AlterTable
// calls in the module's Go files (module-relative paths, test files left out
// by the caller).
func scanCreateTables(files []goSource, modPath string) []goDDL {
	idx := &optIndex{fset: token.NewFileSet(), modPath: modPath, byDir: map[string][]goSource{}, parsed: map[string]*optPkg{}}
	var dirs []string
	callDirs := map[string]bool{}
	for _, f := range files {
		d := path.Dir(f.rel)
		idx.byDir[d] = append(idx.byDir[d], f)
		if modscan.MentionsTableCall(f.content) && bytes.Contains(f.content, []byte(sdk.Module)) && !callDirs[d] {
			callDirs[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	var out []goDDL
	for _, d := range dirs {
		p := idx.pkg(d)
		if p == nil {
			continue
		}
		for _, f := range p.files {
			if !importsPath(f.file, sdk.Module, true) {
				continue
			}
			out = append(out, idx.scanFile(p, f)...)
		}
	}
	return out
}

// pkg parses the package in dir (module-relative), or returns nil.
func (idx *optIndex) pkg(dir string) *optPkg {
	if p, ok := idx.parsed[dir]; ok {
		return p
	}
	idx.parsed[dir] = nil
	srcs := idx.byDir[dir]
	if len(srcs) == 0 || idx.parses >= maxOptPackages {
		return nil
	}
	idx.parses++
	p := &optPkg{dir: dir, funcs: map[string]*ast.FuncDecl{}, methods: map[string][]*ast.FuncDecl{}, top: map[string]ast.Expr{}, fileOf: map[*ast.FuncDecl]*ast.File{}}
	name := ""
	for _, s := range srcs {
		af, err := parser.ParseFile(idx.fset, s.rel, s.content, parser.SkipObjectResolution)
		if err != nil || af == nil {
			continue
		}
		if name == "" {
			name = af.Name.Name
		}
		if af.Name.Name != name {
			continue
		}
		p.files = append(p.files, goFile{rel: s.rel, file: af})
	}
	if len(p.files) == 0 {
		return nil
	}
	p.sc = &goScanner{fset: idx.fset, decls: map[string][]ast.Expr{}, consumed: map[string]bool{}}
	dupTop := map[string]bool{}
	for _, f := range p.files {
		p.sc.collectDecls(f.file)
		for _, d := range f.file.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				p.fileOf[d] = f.file
				if d.Recv == nil {
					p.funcs[d.Name.Name] = d
				} else {
					p.methods[d.Name.Name] = append(p.methods[d.Name.Name], d)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					vs, ok := s.(*ast.ValueSpec)
					if !ok {
						continue
					}
					for i, n := range vs.Names {
						if i < len(vs.Values) {
							if _, dup := p.top[n.Name]; dup {
								dupTop[n.Name] = true
							}
							p.top[n.Name] = vs.Values[i]
						}
					}
				}
			}
		}
	}
	for n := range dupTop {
		delete(p.top, n)
	}
	idx.parsed[dir] = p
	return p
}

// importsPath reports whether f imports path (or, with prefix, a package
// under it).
func importsPath(f *ast.File, p string, prefix bool) bool {
	for _, imp := range f.Imports {
		ip, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		if ip == p || prefix && strings.HasPrefix(ip, p+"/") {
			return true
		}
	}
	return false
}

// importOf returns the import path that the identifier name refers to in f,
// or "".
func importOf(f *ast.File, name string) string {
	for _, imp := range f.Imports {
		ip, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := ""
		if imp.Name != nil {
			local = imp.Name.Name
		} else {
			local = path.Base(ip)
			if isMajorVersion(local) {
				local = path.Base(path.Dir(ip))
			}
			if ip == sdk.Module {
				local = "ydb"
			}
			local = strings.ReplaceAll(local, "-", "_")
		}
		if local == name {
			return ip
		}
	}
	return ""
}

func isMajorVersion(s string) bool {
	if len(s) < 2 || s[0] != 'v' {
		return false
	}
	for _, c := range s[1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// modulePkg returns the package of the module with import path ip.
func (idx *optIndex) modulePkg(ip string) *optPkg {
	if idx.modPath == "" {
		return nil
	}
	if ip == idx.modPath {
		return idx.pkg(".")
	}
	rest, ok := strings.CutPrefix(ip, idx.modPath+"/")
	if !ok {
		return nil
	}
	return idx.pkg(rest)
}

// optCtx is where an expression is evaluated: its package and file, the
// body of the enclosing function (local variables), and bindings of
// identifiers (range variables, inlined parameters).
type optCtx struct {
	idx   *optIndex
	pkg   *optPkg
	file  *ast.File
	body  *ast.BlockStmt
	env   map[string]binding
	depth int
	// alternatives is set when an option list joins branches (several
	// assignments or return statements).
	alternatives *bool
}

// binding is a known value of an identifier: a string (holeMark for
// unknown pieces) or a function.
type binding struct {
	text  string
	fn    *ast.FuncDecl
	fnPkg *optPkg
	isFn  bool
}

func (c *optCtx) in(p *optPkg, f *ast.File, body *ast.BlockStmt, env map[string]binding) *optCtx {
	return &optCtx{idx: c.idx, pkg: p, file: f, body: body, env: env, depth: c.depth + 1, alternatives: c.alternatives}
}

// scanFile decodes the CreateTable / AlterTable calls of one file.
func (idx *optIndex) scanFile(p *optPkg, f goFile) []goDDL {
	var out []goDDL
	for _, d := range f.file.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || (sel.Sel.Name != sdk.SessionCreateTable.Name && sel.Sel.Name != sdk.SessionAlterTable.Name) || len(call.Args) < 3 {
				return true
			}
			alt := false
			c := &optCtx{idx: idx, pkg: p, file: f.file, body: fd.Body, env: map[string]binding{}, alternatives: &alt}
			out = append(out, c.tableCall(f.rel, call, sel.Sel.Name == sdk.SessionAlterTable.Name, stack)...)
			return true
		})
	}
	return out
}

// tableCall decodes one call, expanded over the entries of a ranged map
// when its arguments use the range variables.
func (c *optCtx) tableCall(rel string, call *ast.CallExpr, alter bool, stack []ast.Node) []goDDL {
	used := identsIn(call.Args[1:])
	var rng *ast.RangeStmt
	for i := len(stack) - 1; i >= 0; i-- {
		r, ok := stack[i].(*ast.RangeStmt)
		if !ok {
			continue
		}
		if k, ok := r.Key.(*ast.Ident); ok && used[k.Name] {
			rng = r
			break
		}
		if v, ok := r.Value.(*ast.Ident); ok && r.Value != nil && used[v.Name] {
			rng = r
			break
		}
	}
	line := c.idx.fset.Position(call.Pos()).Line
	if rng == nil {
		if d, ok := c.decodeCall(rel, line, call, alter); ok {
			return []goDDL{d}
		}
		return nil
	}
	entries, ok := c.mapEntries(rng.X)
	if !ok {
		return nil
	}
	var out []goDDL
	for _, e := range entries {
		env := map[string]binding{}
		for k, v := range c.env {
			env[k] = v
		}
		if k, ok := rng.Key.(*ast.Ident); ok && k.Name != "_" {
			env[k.Name] = binding{text: e.key}
		}
		if v, ok := rng.Value.(*ast.Ident); ok && v.Name != "_" {
			env[v.Name] = e.val
		}
		alt := false
		ec := &optCtx{idx: c.idx, pkg: c.pkg, file: c.file, body: c.body, env: env, alternatives: &alt}
		if d, ok := ec.decodeCall(rel, line, call, alter); ok {
			out = append(out, d)
		}
	}
	return out
}

func identsIn(es []ast.Expr) map[string]bool {
	out := map[string]bool{}
	for _, e := range es {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				out[id.Name] = true
			}
			return true
		})
	}
	return out
}

type mapEntry struct {
	key string
	val binding
}

// mapEntries returns the entries of a map composite literal that x names
// (a package variable of this or another module package) with constant
// string keys, values bound as functions when they name one.
func (c *optCtx) mapEntries(x ast.Expr) ([]mapEntry, bool) {
	p, f, e := c.topValue(x)
	if e == nil {
		return nil, false
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	if _, isMap := lit.Type.(*ast.MapType); !isMap {
		return nil, false
	}
	mc := c.in(p, f, nil, map[string]binding{})
	var out []mapEntry
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok || len(out) >= maxMapEntries {
			return nil, false
		}
		key, ok := mc.str(kv.Key)
		if !ok || strings.Contains(key, holeMark) {
			return nil, false
		}
		var val binding
		if fn, fp := mc.funcRef(kv.Value); fn != nil {
			val = binding{fn: fn, fnPkg: fp, isFn: true}
		}
		out = append(out, mapEntry{key: key, val: val})
	}
	return out, true
}

// topValue resolves an identifier or pkg.Name to a package-level
// initialiser in the module.
func (c *optCtx) topValue(x ast.Expr) (*optPkg, *ast.File, ast.Expr) {
	switch x := x.(type) {
	case *ast.Ident:
		if e, ok := c.pkg.top[x.Name]; ok {
			return c.pkg, c.fileDeclaring(c.pkg, x.Name), e
		}
	case *ast.SelectorExpr:
		id, ok := x.X.(*ast.Ident)
		if !ok {
			return nil, nil, nil
		}
		p := c.idx.modulePkg(importOf(c.file, id.Name))
		if p == nil {
			return nil, nil, nil
		}
		if e, ok := p.top[x.Sel.Name]; ok {
			return p, c.fileDeclaring(p, x.Sel.Name), e
		}
	}
	return nil, nil, nil
}

// fileDeclaring returns the file of p that declares the package-level name.
func (c *optCtx) fileDeclaring(p *optPkg, name string) *ast.File {
	for _, f := range p.files {
		for _, d := range f.file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, s := range gd.Specs {
				if vs, ok := s.(*ast.ValueSpec); ok {
					for _, n := range vs.Names {
						if n.Name == name {
							return f.file
						}
					}
				}
			}
		}
	}
	return nil
}

// funcRef resolves an expression naming a function: a bound function value,
// a package function, pkg.Func of a module package.
func (c *optCtx) funcRef(x ast.Expr) (*ast.FuncDecl, *optPkg) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return c.funcRef(x.X)
	case *ast.Ident:
		if b, ok := c.env[x.Name]; ok {
			if b.isFn {
				return b.fn, b.fnPkg
			}
			return nil, nil
		}
		if c.isLocal(x.Name) {
			return nil, nil
		}
		if fd := c.pkg.funcs[x.Name]; fd != nil {
			return fd, c.pkg
		}
	case *ast.SelectorExpr:
		if id, ok := x.X.(*ast.Ident); ok && !c.isLocal(id.Name) {
			if ip := importOf(c.file, id.Name); ip != "" {
				if p := c.idx.modulePkg(ip); p != nil {
					if fd := p.funcs[x.Sel.Name]; fd != nil {
						return fd, p
					}
				}
				return nil, nil
			}
		}
		return c.uniqueMethod(x.Sel.Name)
	}
	return nil, nil
}

// uniqueMethod returns the method called name when exactly one exists in
// this package and the module packages this file imports.
func (c *optCtx) uniqueMethod(name string) (*ast.FuncDecl, *optPkg) {
	var found *ast.FuncDecl
	var fp *optPkg
	n := 0
	cands := []*optPkg{c.pkg}
	for _, imp := range c.file.Imports {
		ip, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		if p := c.idx.modulePkg(ip); p != nil && p != c.pkg {
			cands = append(cands, p)
		}
	}
	for _, p := range cands {
		for _, m := range p.methods[name] {
			found, fp = m, p
			n++
		}
	}
	if n != 1 {
		return nil, nil
	}
	return found, fp
}

// isLocal reports whether name is declared in the enclosing function (a
// parameter, a local variable), shadowing package-level names.
func (c *optCtx) isLocal(name string) bool {
	if c.body == nil {
		return false
	}
	local := false
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name == name {
						local = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if id.Name == name {
					local = true
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok && id.Name == name {
					local = true
				}
			}
		case *ast.FuncType:
			if n.Params != nil {
				for _, f := range n.Params.List {
					for _, id := range f.Names {
						if id.Name == name {
							local = true
						}
					}
				}
			}
		}
		return !local
	})
	return local
}

// assignments returns the values assigned to the local variable name in
// the enclosing function, in source order; ok is false when it is assigned
// in a way that cannot be followed (a tuple, its address taken).
func (c *optCtx) assignments(name string) ([]ast.Expr, bool) {
	if c.body == nil {
		return nil, false
	}
	var out []ast.Expr
	ok := true
	ast.Inspect(c.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				id, isID := l.(*ast.Ident)
				if !isID || id.Name != name {
					continue
				}
				if len(n.Lhs) != len(n.Rhs) || (n.Tok != token.DEFINE && n.Tok != token.ASSIGN) {
					ok = false
					continue
				}
				out = append(out, n.Rhs[i])
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name == name && i < len(n.Values) {
					out = append(out, n.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if id, isID := n.X.(*ast.Ident); isID && n.Op == token.AND && id.Name == name {
				ok = false
			}
		}
		return true
	})
	return out, ok
}

// str evaluates a string expression; pieces it cannot know are holeMark.
func (c *optCtx) str(e ast.Expr) (string, bool) {
	if c.depth > maxOptDepth {
		return holeMark, true
	}
	switch e := e.(type) {
	case *ast.BasicLit, *ast.BinaryExpr:
		if b, ok := e.(*ast.BinaryExpr); ok {
			if b.Op != token.ADD {
				return holeMark, true
			}
			x, _ := c.deeper().str(b.X)
			y, _ := c.deeper().str(b.Y)
			return clip(x + y), true
		}
		return c.pkg.sc.eval(e, 0, map[string]bool{})
	case *ast.ParenExpr:
		return c.str(e.X)
	case *ast.Ident:
		if b, ok := c.env[e.Name]; ok {
			if b.isFn {
				return holeMark, true
			}
			return b.text, true
		}
		if c.isLocal(e.Name) {
			vals, ok := c.assignments(e.Name)
			if !ok || len(vals) != 1 {
				return holeMark, true
			}
			return c.deeper().str(vals[0])
		}
		if v, ok := c.pkg.top[e.Name]; ok {
			return c.pkg.sc.eval(v, 0, map[string]bool{})
		}
		return holeMark, true
	case *ast.SelectorExpr:
		if id, ok := e.X.(*ast.Ident); ok && !c.isLocal(id.Name) {
			if p := c.idx.modulePkg(importOf(c.file, id.Name)); p != nil {
				if v, ok := p.top[e.Sel.Name]; ok {
					return p.sc.eval(v, 0, map[string]bool{})
				}
			}
		}
		return holeMark, true
	case *ast.CallExpr:
		return c.strCall(e), true
	}
	return holeMark, true
}

func (c *optCtx) deeper() *optCtx {
	d := *c
	d.depth++
	return &d
}

// strCall evaluates fmt.Sprintf, path.Join/Dir/Base and calls of module
// functions whose body is a single return.
func (c *optCtx) strCall(e *ast.CallExpr) string {
	if e.Ellipsis.IsValid() {
		return holeMark
	}
	args := func(from int) []string {
		var out []string
		for _, a := range e.Args[from:] {
			v, ok := c.deeper().str(a)
			if !ok {
				v = holeMark
			}
			out = append(out, v)
		}
		return out
	}
	if name, ok := stringFunc(e); ok && importOf(c.file, strings.Split(name, ".")[0]) == strings.Split(name, ".")[0] {
		switch name {
		case "fmt.Sprintf":
			if len(e.Args) == 0 {
				return holeMark
			}
			format, ok := c.deeper().str(e.Args[0])
			if !ok || strings.Contains(format, holeMark) {
				return holeMark
			}
			return clip(sprintf(format, args(1)))
		case "path.Join":
			vals := args(0)
			return clip(joinPath(func(yield func(string) bool) {
				for _, v := range vals {
					if !yield(v) {
						return
					}
				}
			}))
		case "path.Dir", "path.Base":
			if len(e.Args) != 1 {
				return holeMark
			}
			return dirBase(name == "path.Dir", args(0)[0])
		}
	}
	fd, fp := c.funcRef(e.Fun)
	if fd == nil || fd.Body == nil || c.depth >= maxOptDepth {
		return holeMark
	}
	env := c.bindParams(fd, e.Args)
	fc := c.in(fp, fp.fileOf[fd], fd.Body, env)
	if len(fd.Body.List) != 1 {
		return fc.builderBody(fd.Body)
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return holeMark
	}
	v, ok := fc.str(ret.Results[0])
	if !ok {
		return holeMark
	}
	return v
}

// builderBody evaluates a function body that builds its result with a
// strings.Builder in straight-line code:
//
//	sb := new(strings.Builder)   // or var sb strings.Builder, &strings.Builder{}
//	sb.WriteString(dbPath); sb.WriteString("/"); sb.WriteString(table)
//	return sb.String()
//
// Any other statement makes the result a hole.
func (c *optCtx) builderBody(body *ast.BlockStmt) string {
	stmts := body.List
	if len(stmts) < 2 || len(stmts) > 64 {
		return holeMark
	}
	name := builderDecl(stmts[0], c.file)
	if name == "" {
		return holeMark
	}
	var b strings.Builder
	for _, st := range stmts[1 : len(stmts)-1] {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			return holeMark
		}
		call, ok := es.X.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return holeMark
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "WriteString" {
			return holeMark
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != name {
			return holeMark
		}
		v, ok := c.deeper().str(call.Args[0])
		if !ok {
			v = holeMark
		}
		b.WriteString(v)
		if b.Len() > maxTextLen {
			return holeMark
		}
	}
	ret, ok := stmts[len(stmts)-1].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return holeMark
	}
	call, ok := ret.Results[0].(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return holeMark
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "String" {
		return holeMark
	}
	if id, ok := sel.X.(*ast.Ident); !ok || id.Name != name {
		return holeMark
	}
	return b.String()
}

// builderDecl returns the variable a statement declares as a fresh
// strings.Builder, or "".
func builderDecl(st ast.Stmt, f *ast.File) string {
	isBuilder := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Builder" {
			return false
		}
		id, ok := sel.X.(*ast.Ident)
		return ok && importOf(f, id.Name) == "strings"
	}
	switch st := st.(type) {
	case *ast.AssignStmt:
		if st.Tok != token.DEFINE || len(st.Lhs) != 1 || len(st.Rhs) != 1 {
			return ""
		}
		id, ok := st.Lhs[0].(*ast.Ident)
		if !ok {
			return ""
		}
		switch r := st.Rhs[0].(type) {
		case *ast.CallExpr: // new(strings.Builder)
			if fn, ok := r.Fun.(*ast.Ident); ok && fn.Name == "new" && len(r.Args) == 1 && isBuilder(r.Args[0]) {
				return id.Name
			}
		case *ast.UnaryExpr: // &strings.Builder{}
			if cl, ok := r.X.(*ast.CompositeLit); ok && r.Op == token.AND && len(cl.Elts) == 0 && isBuilder(cl.Type) {
				return id.Name
			}
		}
	case *ast.DeclStmt:
		gd, ok := st.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return ""
		}
		vs, ok := gd.Specs[0].(*ast.ValueSpec)
		if ok && len(vs.Names) == 1 && len(vs.Values) == 0 && vs.Type != nil && isBuilder(vs.Type) {
			return vs.Names[0].Name
		}
	}
	return ""
}

// bindParams binds the string values of a call's arguments to the callee's
// parameter names (unknown values as holes, function values as functions).
func (c *optCtx) bindParams(fd *ast.FuncDecl, args []ast.Expr) map[string]binding {
	env := map[string]binding{}
	i := 0
	if fd.Type.Params == nil {
		return env
	}
	for _, f := range fd.Type.Params.List {
		names := f.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, n := range names {
			b := binding{text: holeMark}
			if i < len(args) {
				if fn, fp := c.funcRef(args[i]); fn != nil {
					b = binding{fn: fn, fnPkg: fp, isFn: true}
				} else if v, ok := c.deeper().str(args[i]); ok {
					b = binding{text: v}
				}
			}
			env[n.Name] = b
			i++
		}
	}
	return env
}

// optExpr is one option expression with the context it is written in.
type optExpr struct {
	e ast.Expr
	c *optCtx
}

// slice returns the options of a slice expression.
func (c *optCtx) slice(e ast.Expr, seen map[ast.Node]bool) ([]optExpr, bool) {
	if c.depth > maxOptDepth || seen[e] {
		return nil, c.depth <= maxOptDepth
	}
	seen[e] = true
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.slice(e.X, seen)
	case *ast.CompositeLit:
		if _, ok := e.Type.(*ast.ArrayType); !ok {
			return nil, false
		}
		var out []optExpr
		for _, el := range e.Elts {
			out = append(out, optExpr{el, c})
		}
		return out, true
	case *ast.Ident:
		if e.Name == "nil" {
			return nil, true
		}
		if !c.isLocal(e.Name) {
			return nil, false
		}
		vals, ok := c.assignments(e.Name)
		if !ok || len(vals) == 0 {
			return nil, false
		}
		if len(vals) > 1 {
			*c.alternatives = true
		}
		var out []optExpr
		for _, v := range vals {
			el, ok := c.deeper().slice(v, seen)
			if !ok {
				return nil, false
			}
			out = append(out, el...)
		}
		return out, true
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "append" && len(e.Args) >= 1 {
			base, ok := c.deeper().slice(e.Args[0], seen)
			if !ok {
				return nil, false
			}
			if e.Ellipsis.IsValid() {
				if len(e.Args) != 2 {
					return nil, false
				}
				more, ok := c.deeper().slice(e.Args[1], seen)
				return append(base, more...), ok
			}
			for _, a := range e.Args[1:] {
				base = append(base, optExpr{a, c})
			}
			return base, true
		}
		return c.helperSlice(e, seen)
	}
	return nil, false
}

// helperSlice follows a call of a function returning an option slice: the
// options of every return statement of its body (not of closures in it).
func (c *optCtx) helperSlice(call *ast.CallExpr, seen map[ast.Node]bool) ([]optExpr, bool) {
	fd, fp := c.funcRef(call.Fun)
	if fd == nil || fd.Body == nil || c.depth >= maxOptDepth {
		return nil, false
	}
	env := c.bindParams(fd, call.Args)
	hc := c.in(fp, fp.fileOf[fd], fd.Body, env)
	var out []optExpr
	found, ok := false, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) != 1 {
				ok = false
				return false
			}
			el, eok := hc.slice(n.Results[0], seen)
			if !eok {
				ok = false
				return false
			}
			if found {
				*c.alternatives = true
			}
			found = true
			out = append(out, el...)
		}
		return true
	})
	return out, ok && found
}

// decodeCall decodes one CreateTable / AlterTable call into a goDDL.
func (c *optCtx) decodeCall(rel string, line int, call *ast.CallExpr, alter bool) (goDDL, bool) {
	p, ok := c.str(call.Args[1])
	if !ok || p == "" {
		return goDDL{}, false
	}
	if last := p[strings.LastIndexByte(p, '/')+1:]; last == "" || strings.HasPrefix(last, holeMark) {
		return goDDL{}, false // the table's own name is not known
	}
	p = numberHoles(p)
	if _, _, ok := schema.NormalizePath(p, ""); !ok {
		return goDDL{}, false
	}
	var opts []optExpr
	n := len(call.Args)
	for _, a := range call.Args[2 : n-1] {
		opts = append(opts, optExpr{a, c})
	}
	if call.Ellipsis.IsValid() {
		el, ok := c.slice(call.Args[n-1], map[ast.Node]bool{})
		if !ok {
			return goDDL{}, false
		}
		opts = append(opts, el...)
	} else {
		opts = append(opts, optExpr{call.Args[n-1], c})
	}
	if len(opts) == 0 || len(opts) > maxOptsPerTable {
		return goDDL{}, false
	}
	var dec tableopt.Decoder
	for _, o := range opts {
		if !dec.Element(optArg{o.e, o.c}) {
			return goDDL{}, false
		}
	}
	if dec.KeyAmbiguous(*c.alternatives) {
		return goDDL{}, false
	}
	o := &dec.Options
	if alter {
		text := alterText(p, o)
		if text == "" {
			return goDDL{}, false
		}
		return goDDL{Text: text, File: rel, Line: line}, true
	}
	if len(o.Columns) == 0 || len(o.PrimaryKey) == 0 {
		return goDDL{}, false
	}
	return goDDL{File: rel, Line: line, Def: createDef(p, o, schema.Source{File: rel, Line: line}, c.idx.srcOf)}, true
}

// srcOf is the source of a position of the scan's file set, whose file
// names are module-relative.
func (idx *optIndex) srcOf(pos token.Pos) schema.Source {
	p := idx.fset.Position(pos)
	return schema.Source{File: p.Filename, Line: p.Line}
}

// sdkCall returns the name of an SDK call pkg.Name(args) on one of the
// given packages, with the package's import path.
func (c *optCtx) sdkCall(e ast.Expr) (string, string, *ast.CallExpr) {
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return "", "", nil
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return "", "", nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || c.isLocal(id.Name) {
		return "", "", nil
	}
	ip := importOf(c.file, id.Name)
	if !sdk.InSDK(ip) {
		return "", "", nil
	}
	return ip, sel.Sel.Name, call
}

// constStr evaluates a fully known string.
func (c *optCtx) constStr(e ast.Expr) (string, bool) {
	s, ok := c.str(e)
	if !ok || s == "" || strings.Contains(s, holeMark) {
		return "", false
	}
	return s, true
}

// ydbType decodes types.TypeX, types.Optional(t), types.List(t) and
// types.DecimalType(…) by name.
func (c *optCtx) ydbType(e ast.Expr, depth int) (string, bool, bool) {
	if depth > 8 {
		return "", false, false
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.ydbType(e.X, depth+1)
	case *ast.SelectorExpr:
		id, ok := e.X.(*ast.Ident)
		if !ok || c.isLocal(id.Name) || !ydbTypesPkgs[importOf(c.file, id.Name)] {
			return "", false, false
		}
		if t, ok := sdk.TypeVarYQL(importOf(c.file, id.Name), e.Sel.Name); ok {
			return t, false, true
		}
		t, ok := sdk.PublicPrimitiveYQL(e.Sel.Name)
		return t, false, ok
	case *ast.CallExpr:
		ip, name, call := c.sdkCall(e)
		if call == nil || !ydbTypesPkgs[ip] {
			return "", false, false
		}
		tc := sdk.LookupTypeCtor(ip, name)
		if tc == nil {
			return "", false, false
		}
		switch tc.Form {
		case sdk.TypeOptional:
			if len(call.Args) == 1 {
				t, _, ok := c.ydbType(call.Args[0], depth+1)
				return t, true, ok
			}
		case sdk.TypeList:
			if len(call.Args) == 1 {
				t, opt, ok := c.ydbType(call.Args[0], depth+1)
				if opt {
					t = "Optional<" + t + ">"
				}
				return "List<" + t + ">", false, ok
			}
		case sdk.TypeDecimal:
			return tc.YQL, false, true
		}
	}
	return "", false, false
}
