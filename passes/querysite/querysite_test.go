package querysite_test

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

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

var kindNames = map[site.Kind]string{
	site.KindYQL: "yql", site.KindBulkUpsert: "bulkupsert", site.KindReadRows: "readrows",
	site.KindReadTable: "readtable", site.KindCreateTable: "createtable",
	site.KindAlterTable: "altertable", site.KindDropTable: "droptable",
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
	if s.Kind != site.KindYQL {
		parts = append(parts, "kind="+kindNames[s.Kind])
	}
	var ts []string
	for _, t := range s.Texts {
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
	if s.Table != nil {
		parts = append(parts, fmt.Sprintf("table=%q", s.Table.YQL))
	}
	if len(s.TableAlternatives) > 0 {
		var alts []string
		for _, t := range s.TableAlternatives {
			alts = append(alts, fmt.Sprintf("%q", t.YQL))
		}
		parts = append(parts, "tables=["+strings.Join(alts, ",")+"]")
	}
	if p := s.Params; p != nil {
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
	if s.TablePathPrefix != "" {
		parts = append(parts, "prefix="+s.TablePathPrefix)
	}
	if s.SQLDriver != "" {
		parts = append(parts, "driver="+s.SQLDriver)
	}
	for _, r := range s.Rows {
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
	if len(s.Rows) > 0 && !s.RowsKnown {
		parts = append(parts, "rows?")
	}
	if s.RowAlternatives {
		parts = append(parts, "row-alternatives")
	}
	for _, r := range s.KeyRange {
		var fs []string
		for _, f := range r.Fields {
			fs = append(fs, value(f.Value))
		}
		parts = append(parts, "range("+strings.Join(fs, ",")+")")
	}
	if o := s.TableOptions; o != nil {
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
		if !s.OptionsKnown {
			x += " options?"
		}
		parts = append(parts, x)
	}
	if s.NotYQL {
		parts = append(parts, "notyql")
	}
	if s.ExplainOnly {
		parts = append(parts, "explain")
	}
	if s.ScanQuery {
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
