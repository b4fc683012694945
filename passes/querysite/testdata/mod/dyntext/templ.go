package dyntext

import (
	"bytes"
	"context"
	"os"
	"path"
	"text/template"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/table"
)

type templateConfig struct {
	TablePathPrefix string
}

var readSeries = template.Must(template.New("read series").Parse(`
PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
SELECT series_id, title FROM series WHERE series_id = $id;
`))

func render(t *template.Template, data any) string {
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		panic(err)
	}
	return buf.String()
}

// Series renders its queries under a folder chosen at start-up.
type Series struct {
	db     *ydb.Driver
	folder string
}

// Templates with a constant text, rendered with a config struct.
func (r *Series) Templates(ctx context.Context) error {
	db := r.db
	q := render(readSeries, templateConfig{TablePathPrefix: path.Join(db.Name(), r.folder)})
	return db.Table().Do(ctx, func(ctx context.Context, s table.Session) error {
		ddl := render(template.Must(template.New("").Parse(`
			PRAGMA TablePathPrefix("{{ .TablePathPrefix }}");
			CREATE TABLE series (series_id Uint64, title Text, PRIMARY KEY (series_id));
		`)), templateConfig{TablePathPrefix: "/local"})
		if err := s.ExecuteSchemeQuery(ctx, ddl); err != nil { // want "api=table\\.Session\\.ExecuteSchemeQuery text=\"\\\\n\\\\t\\\\t\\\\tPRAGMA TablePathPrefix\\(\\\\\"/local\\\\\"\\);\\\\n\\\\t\\\\t\\\\tCREATE TABLE series \\(series_id Uint64, title Text, PRIMARY KEY \\(series_id\\)\\);\\\\n\\\\t\\\\t\" params=\\{\\}"
			return err
		}
		_, _, err := s.Execute(ctx, table.DefaultTxControl(), q, table.NewQueryParameters()) // want "api=table\\.Session\\.Execute text=\"\\\\nPRAGMA TablePathPrefix\\(\\\\\"__ydblint_hole_0__/__ydblint_hole_1__\\\\\"\\);\\\\nSELECT series_id, title FROM series WHERE series_id = \\$id;\\\\n\" holes=\\[call:github\\.com/ydb-platform/ydb-go-sdk/v3\\.\\(\\*Driver\\)\\.Name,field:example\\.com/app/dyntext\\.Series\\.folder\\] params=\\{\\}"
		return err
	})
}

// A template with control structures, rendered with data known at the call:
// the recognisers keep the if as a hole, the evaluator decides it.
var withIf = template.Must(template.New("").Parse(`SELECT * FROM series{{ if .Where }} WHERE {{ .Where }}{{ end }}`))

type whereConfig struct{ Where string }

func Conditional(ctx context.Context, db *ydb.Driver) error {
	_, err := db.Query().QueryResultSet(ctx, render(withIf, whereConfig{Where: "series_id = 1"})) // want "api=query\\.Client\\.QueryResultSet text=\"SELECT \\* FROM series WHERE series_id = 1\" params=\\{\\}"
	return err
}

// A path prefix that is a parameter takes the identity of what its callers
// pass: a value without one (an environment variable) leaves the template
// unrecovered at that call, since its tables could only be matched by
// suffix (and another program of the module may use the same names).
func readUnder(ctx context.Context, db *ydb.Driver, prefix string) error {
	_, err := db.Query().QueryResultSet(ctx, render(readSeries, templateConfig{TablePathPrefix: prefix}))
	return err
}

func ReadConfigured(ctx context.Context, db *ydb.Driver) error {
	return readUnder(ctx, db, os.Getenv("SERIES_PREFIX")) // want `api=query.Client.QueryResultSet text="__ydblint_hole_0__" holes=\[\] params=\{\}`
}

// The program's prefix, set once at start-up: the template's tables are
// named through it (holes keyed by the package var).
var seriesPrefix = "/local/series"

func ReadDefault(ctx context.Context, db *ydb.Driver) error {
	return readUnder(ctx, db, seriesPrefix) // want `api=query.Client.QueryResultSet text="\\nPRAGMA TablePathPrefix\(\\"/local/series\\"\);\\nSELECT series_id, title FROM series WHERE series_id = \$id;\\n" params=\{\}`
}
