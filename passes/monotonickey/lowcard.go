package monotonickey

import (
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/internal/keyplan"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// categoryPrefix is the low-cardinality-prefix category (a heading of
// doc.go).
const categoryPrefix = "low-cardinality-prefix"

// maxHotPartitions is the most values a key prefix may take for the rule
// to call it low-cardinality: every value's range has one hot partition at
// its end, so more values than this spread the inserts well enough.
const maxHotPartitions = 16

// maxShownValues bounds the constants a message lists per column.
const maxShownValues = 6

// minConstants is the fewest constants that make a column enum-like: one
// constant alone is more often this service's share of a column others
// fill too (its tenant, its source) or a placeholder.
const minConstants = 2

// boolValues is how many values a Bool key column takes (NULL aside: a
// NULL key is nullkey's concern).
const boolValues = 2

// keyWrites is what the package's row writes put into one table's key
// columns, column by column (in key order).
type keyWrites struct {
	table  *schema.Table
	consts []map[string]bool // constants written
	others []int             // writes of a value not known to be a constant
	unseen []string          // for messages: one such value per column
	clock  []string          // a clock or counter one write fills the column from
	// Where the package first writes the table: the report goes there.
	pos, end token.Pos
	site     *site.Site
	opts     []report.Option
}

func newKeyWrites(t *schema.Table, pos, end token.Pos, s *site.Site, opts []report.Option) *keyWrites {
	n := len(t.PrimaryKey)
	kw := &keyWrites{table: t, consts: make([]map[string]bool, n), others: make([]int, n),
		unseen: make([]string, n), clock: make([]string, n), pos: pos, end: end, site: s, opts: opts}
	for i := range kw.consts {
		kw.consts[i] = map[string]bool{}
	}
	return kw
}

// prefixWrites gathers the package's row writes (YQL INSERT/UPSERT/REPLACE
// and BulkUpsert rows) per range-partitioned table, in order of first
// write. Writes in _test.go files are left out: tests write fixed rows on
// purpose, and their traffic is not the service's.
func prefixWrites(pass *analysis.Pass, plans *queryplan.Result) []*keyWrites {
	byTable := map[*schema.Table]*keyWrites{}
	var order []*keyWrites
	of := func(t *schema.Table, pos, end token.Pos, s *site.Site, opts ...report.Option) *keyWrites {
		if kw := byTable[t]; kw != nil {
			return kw
		}
		kw := newKeyWrites(t, pos, end, s, opts)
		byTable[t] = kw
		order = append(order, kw)
		return kw
	}
	for _, st := range plans.Statements {
		for _, w := range st.Plan.Writes {
			if !isRowInsert(w) || !keyplan.RangePartitioned(w.Table) {
				continue
			}
			pos, end := st.Pos(w.Ref.NodeSpan())
			if inTestFile(pass, pos) {
				continue
			}
			of(w.Table, pos, end, st.Site, report.InYQL(st.YQL(w.Ref.NodeSpan().Start))).addWrite(w)
		}
	}
	for _, ks := range plans.KeyedSites {
		if ks.Site.Kind != sdk.KindBulkUpsert || !keyplan.RangePartitioned(ks.Table) || inTestFile(pass, ks.Site.Pos) {
			continue
		}
		of(ks.Table, ks.Site.Pos, ks.Site.End, ks.Site).addRows(ks.Site)
	}
	for _, kc := range plans.KeyedChoices {
		if kc.Site.Kind != sdk.KindBulkUpsert || inTestFile(pass, kc.Site.Pos) {
			continue
		}
		for _, t := range kc.Tables {
			if kw := byTable[t]; kw != nil {
				kw.addUnknown("a BulkUpsert whose table is one of several") // its rows' values are not this table's alone
			}
		}
	}
	return order
}

// addWrite records what one YQL write puts into each key column.
func (kw *keyWrites) addWrite(w *keyplan.Write) {
	for i, col := range kw.table.PrimaryKey {
		k := w.Key(col)
		if k == nil || len(k.Values) == 0 {
			kw.other(i, "a value the write does not show")
			continue
		}
		for _, v := range k.Values {
			kw.add(i, v.Const, valueDesc(v))
			if v.Monotonic && kw.clock[i] == "" {
				kw.clock[i] = fillDesc(v)
			}
		}
	}
}

// addRows records what a BulkUpsert's rows put into each key column.
func (kw *keyWrites) addRows(s *site.Site) {
	if s.Bulk == nil || len(s.Bulk.Rows) == 0 {
		kw.addUnknown("BulkUpsert rows the analysis cannot read")
		return
	}
	for _, row := range s.Bulk.Rows {
		for i, col := range kw.table.PrimaryKey {
			f := rowField(row, col)
			if f == nil {
				kw.other(i, "BulkUpsert rows the analysis cannot read")
				continue
			}
			c := ""
			if f.Value.Const && f.Value.Null != site.DefinitelyNull {
				c = f.Value.ConstText
			}
			kw.add(i, c, "a BulkUpsert field")
			if f.Value.Monotonic != "" && kw.clock[i] == "" {
				kw.clock[i] = f.Value.Monotonic
			}
		}
	}
}

func rowField(row *site.Row, col string) *site.Field {
	if !row.Known {
		return nil
	}
	for _, f := range row.Fields {
		if f.Name == col {
			return f
		}
	}
	return nil
}

// addUnknown records a write whose values are known for no key column.
func (kw *keyWrites) addUnknown(desc string) {
	for i := range kw.table.PrimaryKey {
		kw.other(i, desc)
	}
}

func (kw *keyWrites) add(i int, c, desc string) {
	if c != "" {
		kw.consts[i][c] = true
		return
	}
	kw.other(i, desc)
}

func (kw *keyWrites) other(i int, desc string) {
	kw.others[i]++
	if kw.unseen[i] == "" {
		kw.unseen[i] = desc
	}
}

// valueDesc names a written value that is not a known constant.
func valueDesc(v keyplan.WrittenValue) string {
	switch {
	case v.Param != "" && v.Class == keyplan.ValParam:
		return "$" + v.Param
	case v.Func != "":
		return v.Func + "(…)"
	}
	return "a computed value"
}

// prefixColumn is one leading key column of low cardinality.
type prefixColumn struct {
	name   string
	values int      // how many values it takes (proven), or the constants seen
	shown  []string // the constants, sorted ("Bool" columns: none)
	bool   bool
	proven bool
	unseen string // a write's value not known to be among shown (unproven)
}

// lowPrefix is a verdict: the key's leading columns take few values and
// the next one grows with time.
type lowPrefix struct {
	prefix     []prefixColumn
	growing    string // the growing key column
	why        string // why it grows
	partitions int    // the product of the prefix columns' values
	proven     bool
}

// judgePrefix returns the verdict for the table's key given the package's
// writes, or false. A key led by a growing column is the other
// categories' report.
func judgePrefix(kw *keyWrites) (lowPrefix, bool) {
	t := kw.table
	if _, kind := keyplan.LeadingKeyMonotonic(t); kind != keyplan.MonotonicNone || len(t.PrimaryKey) < 2 {
		return lowPrefix{}, false
	}
	j, why := growingColumn(kw)
	if j < 1 {
		return lowPrefix{}, false
	}
	v := lowPrefix{growing: t.PrimaryKey[j], why: why, partitions: 1, proven: true}
	for i := range j {
		pc, ok := kw.prefixColumn(i)
		if !ok {
			return lowPrefix{}, false
		}
		v.prefix = append(v.prefix, pc)
		v.partitions *= pc.values
		v.proven = v.proven && pc.proven
		if v.partitions > maxHotPartitions {
			return lowPrefix{}, false
		}
	}
	return v, true
}

// growingColumn is the first key column after the leading one that grows
// with time, by its type or by a write filling it from a clock or a
// counter, with the reason; -1 when none.
func growingColumn(kw *keyWrites) (int, string) {
	t := kw.table
	for j := 1; j < len(t.PrimaryKey); j++ {
		c := t.Column(t.PrimaryKey[j])
		switch keyplan.ColumnMonotonic(c) {
		case keyplan.MonotonicTime:
			return j, fmt.Sprintf("a %s that grows with time", c.Type)
		case keyplan.MonotonicSerial:
			return j, fmt.Sprintf("a %s whose every new id is larger than the last", c.Type)
		}
		if kw.clock[j] != "" {
			return j, "filled from " + kw.clock[j] + ", which grows with time"
		}
	}
	return -1, ""
}

// prefixColumn judges leading key column i: a Bool takes two values;
// another column takes the constants the writes put into it, proven when
// every write puts a constant.
func (kw *keyWrites) prefixColumn(i int) (prefixColumn, bool) {
	name := kw.table.PrimaryKey[i]
	if c := kw.table.Column(name); c != nil && c.Type == "Bool" {
		return prefixColumn{name: name, values: boolValues, bool: true, proven: true}, true
	}
	consts := kw.consts[i]
	if len(consts) < minConstants {
		return prefixColumn{}, false
	}
	shown := make([]string, 0, len(consts))
	for c := range consts {
		shown = append(shown, c)
	}
	sort.Strings(shown)
	return prefixColumn{name: name, values: len(shown), shown: shown, proven: kw.others[i] == 0, unseen: kw.unseen[i]}, true
}

// reportPrefix reports the verdict, in -strict only when some prefix
// column's values are not proven.
func reportPrefix(pass *analysis.Pass, cfg *config.Config, kw *keyWrites) {
	v, ok := judgePrefix(kw)
	if !ok || !v.proven && !cfg.Strict {
		return
	}
	report.Report(pass, cfg, name, analysis.Diagnostic{
		Pos: kw.pos, End: kw.end, Category: categoryPrefix,
		Message: prefixMessage(kw.table, v) + queryplan.Via(kw.site),
	}, kw.opts...)
}

func prefixMessage(t *schema.Table, v lowPrefix) string {
	cols := make([]string, 0, len(v.prefix))
	names := make([]string, 0, len(v.prefix))
	for _, pc := range v.prefix {
		cols = append(cols, pc.describe())
		names = append(names, pc.name)
	}
	prefix := names[0]
	if len(names) > 1 {
		prefix = "(" + strings.Join(names, ", ") + ")"
	}
	take := "take"
	hot := fmt.Sprintf("at most %d partitions take every insert (one per value, however the table is split)", v.partitions)
	if !v.proven {
		for _, pc := range v.prefix {
			if !pc.proven {
				take = "may take"
				hot = fmt.Sprintf("if other writes, which put %s into %s, stay among these values, %s", pc.unseen, pc.name, hot)
				break
			}
		}
	}
	return fmt.Sprintf("key of %s leads with %s, then %s: at most %d partitions %s every insert; %s leads with %s; %s is %s: new rows land at the end of the key range of each value of %s, so %s; %s; %s",
		t.Name(), prefix, v.growing, v.partitions, take,
		t.Name(), strings.Join(cols, " and "), v.growing, v.why, prefix, hot, queryplan.DescribeTable(t), prefixRemedy(t, v))
}

func (pc prefixColumn) describe() string {
	if pc.bool {
		return pc.name + " (Bool: 2 values)"
	}
	shown := pc.shown
	more := ""
	if len(shown) > maxShownValues {
		shown, more = shown[:maxShownValues], ", …"
	}
	what := "every write puts one of"
	if !pc.proven {
		what = "some writes put"
	}
	return fmt.Sprintf("%s (%s %d constants: %s%s)", pc.name, what, pc.values, strings.Join(shown, ", "), more)
}

// prefixRemedy proposes a key in the table's own columns: a later key
// column moved ahead of the growing one, else a new high-cardinality one.
func prefixRemedy(t *schema.Table, v lowPrefix) string {
	key := t.PrimaryKey
	j := slices.Index(key, v.growing)
	if j >= 0 && j+1 < len(key) {
		reordered := slices.Concat(key[:j], []string{key[j+1], key[j]}, key[j+2:])
		return fmt.Sprintf("put a well-distributed column ahead of %s: move the next key column before it, PRIMARY KEY (%s), or lead the key with a high-cardinality column (a user or host id, or a hash of one)",
			v.growing, strings.Join(reordered, ", "))
	}
	return fmt.Sprintf("put a high-cardinality column (a user or host id, or a hash of one) ahead of %s", v.growing)
}

// inTestFile reports whether pos lies in a _test.go file.
func inTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}
