package querysite_test

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/querysite"
)

// reporter is a test-only analyzer that reports every query site so that
// `// want` comments can assert what querysite recovered.
var reporter = &analysis.Analyzer{
	Name:     "querysitereport",
	Doc:      "report query sites (test only)",
	Requires: []*analysis.Analyzer{querysite.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[querysite.Analyzer].(*site.Result)
		for _, s := range res.Sites {
			pass.Reportf(s.Pos, "%s", describe(s))
		}
		return true, nil
	},
	ResultType: reflect.TypeFor[bool](),
}

var kindNames = map[sdk.Kind]string{
	sdk.KindYQL: "yql", sdk.KindBulkUpsert: "bulkupsert", sdk.KindReadRows: "readrows",
	sdk.KindReadTable: "readtable", sdk.KindCreateTable: "createtable",
	sdk.KindAlterTable: "altertable", sdk.KindDropTable: "droptable",
}

var nullNames = map[site.NullKind]string{
	site.MaybeNull: "maybe-null", site.DefinitelyNull: "null", site.NullUnknown: "null-unknown",
}

var modeNames = map[site.BindMode]string{
	site.BindPositional: "positional", site.BindNumeric: "numeric", site.BindUnknown: "unknown",
}

func value(v site.Value) string {
	var b strings.Builder
	b.WriteString(v.YDBType)
	if v.Optional {
		b.WriteString("?")
	}
	if n := nullNames[v.Null]; n != "" {
		b.WriteString(n)
	}
	if v.Const {
		b.WriteString(" const=true")
	} else if v.YDBType != "" && v.YDBType != "Void" && v.Null == site.NotNull && !v.Optional {
		b.WriteString(" const=false")
	}
	if v.HashFunc != "" {
		b.WriteString(" hash=" + v.HashFunc + "(" + v.HashOf + ")")
	}
	if v.Monotonic != "" {
		b.WriteString(" mono=" + v.Monotonic)
	}
	return b.String()
}

func describe(s *site.Site) string {
	var parts []string
	if s.API != "" {
		parts = append(parts, "api="+s.API)
	}
	if s.Kind != sdk.KindYQL {
		parts = append(parts, "kind="+kindNames[s.Kind])
	}
	q := s.Query
	if q == nil {
		q = &site.Query{}
	}
	var ts []string
	for _, t := range q.Texts {
		x := fmt.Sprintf("text=%q", t.YQL)
		if len(t.Holes) > 0 {
			var keys []string
			for _, h := range t.Holes {
				keys = append(keys, h.Key)
			}
			x += " holes=[" + strings.Join(keys, ",") + "]"
		}
		ts = append(ts, x)
	}
	if len(ts) > 0 {
		parts = append(parts, strings.Join(ts, " | "))
	}
	tbl := s.Table
	if tbl == nil {
		tbl = &site.TableArg{}
	}
	if tbl.Path != nil {
		parts = append(parts, fmt.Sprintf("table=%q", tbl.Path.YQL))
	}
	if len(tbl.Alternatives) > 0 {
		var alts []string
		for _, t := range tbl.Alternatives {
			alts = append(alts, fmt.Sprintf("%q", t.YQL))
		}
		parts = append(parts, "tables=["+strings.Join(alts, ",")+"]")
	}
	if p := q.Params; p != nil {
		var bs []string
		for _, b := range p.Bindings {
			name := "$" + b.Name
			if b.NoDollar {
				name = b.Name
			}
			x := name + ":" + value(b.Value)
			if b.NoDollar {
				x += " nodollar"
			}
			bs = append(bs, x)
		}
		x := "params={" + strings.Join(bs, ",") + "}"
		if !p.Known {
			x += "?"
		}
		if m := modeNames[p.Mode]; m != "" {
			x += " mode=" + m
		}
		if p.AutoDeclare {
			x += " declare"
		}
		parts = append(parts, x)
	}
	if q.TablePathPrefix != "" {
		parts = append(parts, "prefix="+q.TablePathPrefix)
	}
	if q.SQLDriver != "" {
		parts = append(parts, "driver="+q.SQLDriver)
	}
	bulk := s.Bulk
	if bulk == nil {
		bulk = &site.Bulk{}
	}
	for _, r := range bulk.Rows {
		var fs []string
		for _, f := range r.Fields {
			fs = append(fs, f.Name+":"+value(f.Value))
		}
		row := "row{" + strings.Join(fs, ",") + "}"
		if r.Impl != "" {
			row += "@" + r.Impl
		}
		parts = append(parts, row)
	}
	if len(bulk.Rows) > 0 && !bulk.Known {
		parts = append(parts, "rows?")
	}
	if bulk.Alternatives {
		parts = append(parts, "row-alternatives")
	}
	var keyRange []*site.Row
	if s.Read != nil {
		keyRange = s.Read.KeyRange
	}
	for _, r := range keyRange {
		var fs []string
		for _, f := range r.Fields {
			fs = append(fs, value(f.Value))
		}
		parts = append(parts, "range("+strings.Join(fs, ",")+")")
	}
	if s.DDL != nil && s.DDL.Options != nil {
		o := s.DDL.Options
		var cols []string
		for _, c := range o.Columns {
			x := c.Name + ":" + c.YDBType
			if c.Optional {
				x += "?"
			}
			if c.Default {
				x += " default"
			}
			cols = append(cols, x)
		}
		x := "cols=[" + strings.Join(cols, ",") + "] pk=[" + strings.Join(o.PrimaryKey, ",") + "]"
		for _, ix := range o.Indexes {
			x += fmt.Sprintf(" index=%s(%s)", ix.Name, strings.Join(ix.Columns, ","))
			if len(ix.Cover) > 0 {
				x += " cover(" + strings.Join(ix.Cover, ",") + ")"
			}
			if ix.Async {
				x += " async"
			}
		}
		if o.UniformPartitions > 0 {
			x += fmt.Sprintf(" partitions=%d", o.UniformPartitions)
		}
		if o.TTLColumn != "" {
			x += " ttl=" + o.TTLColumn
		}
		if len(o.DropColumns) > 0 {
			x += " drop=[" + strings.Join(o.DropColumns, ",") + "]"
		}
		if !s.DDL.Known {
			x += " options?"
		}
		parts = append(parts, x)
	}
	if q.NotYQL {
		parts = append(parts, "notyql")
	}
	if q.ExplainOnly {
		parts = append(parts, "explain")
	}
	if q.ScanQuery {
		parts = append(parts, "scan")
	}
	if len(s.Chain) > 0 {
		var fs []string
		for _, f := range s.Chain {
			fs = append(fs, f.Func)
		}
		parts = append(parts, "chain="+strings.Join(fs, ">"))
	}
	sort.Strings(nil)
	return strings.Join(parts, " ")
}

// sitePackages hold `// want` expectations on sites; factPackages on facts
// only (analysistest checks the facts of the analyzer it runs).
var (
	sitePackages = []string{"./query", "./tablesvc", "./sqldb", "./values", "./schema", "./caller", "./paths", "./sqlmode", "./ptrtext", "./dyntext", "./svcshapes", "./partlookup/..."}
	factPackages = []string{"./helpers", "./wrap"}
)

func TestSites(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", reporter, sitePackages...)
}

func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", querysite.Analyzer, factPackages...)
}

// TestOldSDK runs against SDK v3.100.0, before v3.101.4 changed
// Driver.Query() from the concrete *internal/query.Client to an interface
// and before v3.142.0 turned table/types constructors into vars.
func TestOldSDK(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/old", reporter, "./q")
}

// TestConfiguredSinks checks the sinks declared in testdata/mod/.ydblint.yml:
// calls to them are sites like SDK calls, in the declaring package and in
// importers, through a pointer method, an interface method, a function and
// a value method, with each kind of parameters argument.
func TestConfiguredSinks(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", reporter, "./cfgsink/...")
}
