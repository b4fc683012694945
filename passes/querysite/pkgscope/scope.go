package pkgscope

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/yql"
	"github.com/ydblint/ydblint/passes/querysite/cfgsink"
)

// ReachFact marks a package that can reach ydb-go-sdk or database/sql, so
// that importers whose own imports do not mention them (they call a wrapper
// package) still get analysed. It is re-derived in every package, because
// go vet shows package facts of direct imports only.
type ReachFact struct{}

func (*ReachFact) AFact()         {}
func (*ReachFact) String() string { return "reachesYDB" }

// IncompleteFact marks a package whose type information is incomplete: it
// has type errors, or a package it imports does. The type checker reports
// no error of its own for expressions whose operands come from a broken
// import, but leaves them untyped, which SSA cannot build.
type IncompleteFact struct{}

func (*IncompleteFact) AFact()         {}
func (*IncompleteFact) String() string { return "incompleteTypes" }

// Reaches reports whether pass.Pkg can reach the SDK or database/sql: an
// import of either (direct or transitive through the type-checker's view),
// or a direct import carrying ReachFact. Packages of the SDK module and
// database/sql itself are skipped: their own internals are not user query
// sites and are large. A package declaring or importing a configured sink
// reaches the database through it.
func Reaches(pass *analysis.Pass, cs *cfgsink.Sinks) bool {
	self := pass.Pkg.Path()
	if sdk.IsLibrary(self) || self == sdk.PkgSQL {
		return false
	}
	if cs.HasPkg(self) {
		return true
	}
	seen := map[*types.Package]bool{}
	var walk func(p *types.Package, depth int) bool
	walk = func(p *types.Package, depth int) bool {
		if seen[p] || depth > 64 {
			return false
		}
		seen[p] = true
		path := p.Path()
		if sdk.InSDK(path) || path == sdk.PkgSQL || cs.HasPkg(path) {
			return true
		}
		for _, imp := range p.Imports() {
			if walk(imp, depth+1) {
				return true
			}
		}
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(ReachFact)) {
			return true
		}
	}
	return walk(pass.Pkg, 0)
}

// MentionsYQL reports whether a string literal in files contains an
// upper-case YQL statement keyword pair (yql.HasStatementPair): a package
// of query-text helpers (A in A→B→C) must export its text facts even
// though only its importers reach the SDK. It walks tokens only,
// no SSA. A lower-case query in a package that does not reach the SDK is
// therefore not summarised (a known gap). Standard-library packages never
// get here (querysite's run returns first).
func MentionsYQL(files []*ast.File) bool {
	return anyStringLit(files, LiteralMentionsYQL)
}

// LiteralMentionsYQL is MentionsYQL's test for one literal (also a seed of
// the body plan, Seeds).
func LiteralMentionsYQL(lit string) bool {
	return len(lit) >= 8 && yql.HasStatementPair(lit)
}

// BuildsText reports whether a string literal of files starts a
// statement or holds a statement pair: the package may assemble query text
// for its importers, and its exported functions are summarised
// (evalenv.Fact).
func BuildsText(files []*ast.File) bool {
	return anyStringLit(files, literalBuildsText)
}

// EmbedsFile reports whether a //go:embed directive initialises a string
// variable of files: the file may be query text the package's importers
// run, which evalenv.Fact carries to them with no literal in sight. An
// embed.FS or []byte variable is not read as text.
func EmbedsFile(files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs, ok := s.(*ast.ValueSpec)
				if !ok {
					continue
				}
				if id, ok := vs.Type.(*ast.Ident); ok && id.Name == "string" && (hasEmbed(vs.Doc) || len(gd.Specs) == 1 && hasEmbed(gd.Doc)) {
					return true
				}
			}
		}
	}
	return false
}

func hasEmbed(doc *ast.CommentGroup) bool {
	_, ok := EmbedPatterns(doc)
	return ok
}

// EmbedPatterns returns the patterns of the last //go:embed directive of
// doc, as written, and whether doc holds one.
func EmbedPatterns(doc *ast.CommentGroup) (string, bool) {
	if doc == nil {
		return "", false
	}
	patterns, found := "", false
	for _, c := range doc.List {
		if rest, ok := strings.CutPrefix(c.Text, "//go:embed "); ok {
			patterns, found = strings.TrimSpace(rest), true
		}
	}
	return patterns, found
}

// literalBuildsText is BuildsText's test for one literal.
func literalBuildsText(lit string) bool {
	return yql.StartsStatement(lit) || LiteralMentionsYQL(lit)
}

// anyStringLit reports whether test holds for the source text of a string
// literal of files, stopping at the first.
func anyStringLit(files []*ast.File, test func(lit string) bool) bool {
	found := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && test(lit.Value) {
				found = true
			}
			return !found
		})
		if found {
			break
		}
	}
	return found
}

// ImportsIncomplete reports whether a direct import carries IncompleteFact
// (each package re-derives it, so direct imports suffice).
func ImportsIncomplete(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(IncompleteFact)) {
			return true
		}
	}
	return false
}

// HasBadSyntax reports whether the parser left Bad nodes (syntax it could
// not read) in files, which leave no type error behind.
func HasBadSyntax(files []*ast.File) bool {
	bad := false
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.BadExpr, *ast.BadStmt, *ast.BadDecl:
				bad = true
			}
			return !bad
		})
		if bad {
			return true
		}
	}
	return false
}

// SDKLibrary reports whether pass analyses a library package of
// ydb-go-sdk/v3 itself (or its in-package test variant): its internals are
// not query sites of a user, and they are large. Run inside the SDK's own
// repository, ydblint still analyses the SDK's clients there: the packages
// under tests/ (integration tests, with their _test.go files) and the
// external test packages (package foo_test: examples and tests that use
// only the public API). The examples and tests/slo directories are modules
// of their own and never match.
func SDKLibrary(pass *analysis.Pass) bool {
	return sdk.IsLibrary(pass.Pkg.Path())
}
