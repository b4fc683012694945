package analyzer

import (
	"io/fs"
	"path"
	"path/filepath"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/session"
	"github.com/ydblint/ydblint/passes/config"
)

// CompiledSchema makes the .sql and .yql files of fsys named schema inputs
// of every analysis in this process, as -migrations makes files on disk:
// they replace the discovery of migration files, each directory is one
// migration sequence, and messages name them dir/<name in fsys> (dir is
// slash-separated, relative to the base directory, the execroot under
// Bazel). It returns config.Analyzer, ydblint's configuration analyzer
// ("ydblint_config").
//
// It is for Bazel's nogo, whose action holds the package's sources, the
// nogo binary and its imports' export data and facts, and no other file
// (docs/nogo.md): a library in nogo's deps such as
//
//	package migrations // db/migrations/nogo.go
//
//	//go:embed *.sql
//	var files embed.FS
//
//	var Analyzer = analyzer.CompiledSchema("db/migrations", files)
//
// compiles the migrations into the nogo binary (a changed migration
// rebuilds it, which re-runs nogo everywhere) and, being the configuration
// analyzer, receives the "ydblint_config" analyzer_flags of nogo's config
// file. Call it once, while the binary's packages are initialised.
func CompiledSchema(dir string, fsys fs.FS) *analysis.Analyzer {
	Process().session.UseCompiledSchema(session.CompiledSchema{Dir: path.Clean(filepath.ToSlash(dir)), FS: fsys})
	return config.Analyzer
}
