package querysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"github.com/ydblint/ydblint/passes/querysite/pkgscope"
)

// embedFile is what querysite knows of a //go:embed variable.
type embedFile struct {
	text     string
	readable bool
	spec     *ast.ValueSpec
}

// embedded reports whether obj is a string variable of the package
// initialised by //go:embed, and the contents of its file when the
// pattern names one file: read relative to the Go file's directory, it
// must lie inside it (go:embed forbids "..", so inside the module) and
// be at most maxEmbedSize bytes. A pattern querysite does not expand (a
// glob) leaves the text unreadable. Each variable's file is read once.
func (a *pkgAnalysis) embedded(obj *types.Var) (text string, readable, embedded bool) {
	f, ok := a.embeds[obj]
	if !ok {
		f = a.readEmbed(obj)
		if a.embeds == nil {
			a.embeds = map[*types.Var]*embedFile{}
		}
		a.embeds[obj] = f
	}
	if f == nil {
		return "", false, false
	}
	return f.text, f.readable, true
}

// readEmbed reads obj's //go:embed file; nil when obj has no directive.
func (a *pkgAnalysis) readEmbed(obj *types.Var) *embedFile {
	if obj.Pkg() != a.pass.Pkg || !isString(obj.Type()) {
		return nil
	}
	spec := a.src.VarSpec(obj)
	if spec == nil {
		return nil
	}
	file := a.src.SpecFile(spec)
	if file == nil {
		return nil
	}
	pattern, found := pkgscope.EmbedPatterns(spec.Doc)
	if !found {
		pattern, found = pkgscope.EmbedPatterns(genDeclDoc(file, spec))
	}
	if !found {
		return nil
	}
	f := &embedFile{spec: spec}
	if pattern == "" || strings.ContainsAny(pattern, "*?[ \"`") || strings.Contains(pattern, "..") || filepath.IsAbs(pattern) {
		return f
	}
	dir := filepath.Dir(a.pass.Fset.File(file.FileStart).Name())
	full := filepath.Join(dir, filepath.FromSlash(pattern))
	if !strings.HasPrefix(full, dir+string(filepath.Separator)) {
		return f
	}
	st, err := os.Stat(full)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxEmbedSize {
		return f
	}
	data, err := os.ReadFile(full)
	if err != nil {
		return f
	}
	f.text, f.readable = string(data), true
	return f
}

// embedSpecAt is the declaration of the //go:embed variable declared at
// pos (the evaluator's Src for its file's text), nil when there is none.
func (a *pkgAnalysis) embedSpecAt(pos token.Pos) *ast.ValueSpec {
	id, ok := a.src.ExprAt(pos).(*ast.Ident)
	if !ok {
		return nil
	}
	obj, ok := a.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		return nil
	}
	if f := a.embeds[obj]; f != nil && f.readable {
		return f.spec
	}
	return nil
}

// genDeclDoc is the doc comment of the declaration holding spec: a
// directive may sit above "var (" as well as above the spec.
func genDeclDoc(file *ast.File, spec *ast.ValueSpec) *ast.CommentGroup {
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok {
			for _, s := range gd.Specs {
				if s == spec {
					return gd.Doc
				}
			}
		}
	}
	return nil
}
