package yql

import (
	"strings"
	"testing"
	"time"
)

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			s := Parse(c.src)
			checkScript(t, c.src, s)
			if got := DumpScript(s); got != c.want {
				t.Errorf("Parse(%q)\n got %s\nwant %s", c.src, got, c.want)
			}
		})
	}
}

// TestSeedCorpus: every text of the realistic corpus parses without errors
// and with no opaque statements other than the ones it deliberately holds.
func TestSeedCorpus(t *testing.T) {
	allowedOpaque := map[string]bool{"DEFINE": true, "DO": true, "EVALUATE": true, "COMMIT": true}
	for i, src := range seedCorpus {
		s := Parse(src)
		checkScript(t, src, s)
		if len(s.Errors) > 0 {
			t.Errorf("corpus[%d]: errors %v\n%s", i, s.Errors[0], DumpScript(s))
		}
		for _, st := range s.Stmts {
			if o, ok := st.(*OpaqueStmt); ok && !allowedOpaque[o.Keyword] {
				t.Errorf("corpus[%d]: opaque %s", i, Dump(o))
			}
		}
	}
}

// TestSeedExamples asserts the docs' examples in full.
func TestSeedExamples(t *testing.T) {
	poor := Parse(seedCorpus[0])
	want := `(create-table (table orders) (col order_id Uint64) (col customer_id Uint64) (col amount Double) (pk order_id))
(insert (table orders) (cols order_id customer_id amount) (values (1001 10 999.99) (1002 11 1499.00) (1003 12 499.50)))
(select (items *) (from (table orders)) (where (= order_id 1001)))`
	if got := DumpScript(poor); got != want {
		t.Errorf("poor orders:\n got %s\nwant %s", got, want)
	}
	good := Parse(seedCorpus[1])
	want = `(create-table (table orders) (col order_hash Uint64) (col order_id Uint64) (col customer_id Uint64) (col amount Double) (pk order_hash order_id))
(insert (table orders) (cols order_hash order_id customer_id amount) (values ((call Digest::NumericHash 1001) 1001 10 999.99) ((call Digest::NumericHash 1002) 1002 11 1499.00) ((call Digest::NumericHash 1003) 1003 12 499.50)))
(select (items *) (from (table orders)) (where (AND (= order_hash (call Digest::NumericHash 1001)) (= order_id 1001))))`
	if got := DumpScript(good); got != want {
		t.Errorf("good orders:\n got %s\nwant %s", got, want)
	}
	ct := Parse(seedCorpus[1]).Stmts[0].(*CreateTableStmt)
	if ct.PKSpan.Start <= 0 || seedCorpus[1][ct.PKSpan.Start:ct.PKSpan.End] != "PRIMARY KEY (order_hash, order_id)" {
		t.Errorf("PKSpan = %v", ct.PKSpan)
	}
	for i, want := range []string{
		"(create-table (table events) (col timestamp Timestamp) (col userid Uint64) (col userevent Utf8) (pk timestamp userid))",
		"(create-table (table events) (col userhash Uint64) (col userid Uint64) (col timestamp Timestamp) (col userevent Utf8) (pk userhash userid timestamp))",
	} {
		if got := DumpScript(Parse(seedCorpus[2+i])); got != want {
			t.Errorf("log table %d:\n got %s\nwant %s", i, got, want)
		}
	}
}

func TestSpans(t *testing.T) {
	src := "SELECT a AS x FROM t VIEW i WHERE k = $p AND v IN (1, 2);\nUPSERT INTO `d/t` (a) VALUES (Digest::NumericHash($id))"
	s := Parse(src)
	if len(s.Errors) > 0 || len(s.Stmts) != 2 {
		t.Fatalf("unexpected parse: %s", DumpScript(s))
	}
	text := func(n Node) string { sp := n.NodeSpan(); return src[sp.Start:sp.End] }
	sel := s.Stmts[0].(*SelectStmt)
	q := sel.Query
	where := q.Where.(*Binary)
	ts := q.From.(*TableSource)
	ins := s.Stmts[1].(*InsertStmt)
	checks := []struct {
		n    Node
		want string
	}{
		{sel, "SELECT a AS x FROM t VIEW i WHERE k = $p AND v IN (1, 2)"},
		{q.Items[0], "a AS x"},
		{q.Items[0].Alias, "x"},
		{ts, "t VIEW i"},
		{ts.Table, "t"},
		{ts.View, "i"},
		{where, "k = $p AND v IN (1, 2)"},
		{where.L, "k = $p"},
		{where.L.(*Binary).R, "$p"},
		{where.R, "v IN (1, 2)"},
		{where.R.(*In).List[1], "2"},
		{ins, "UPSERT INTO `d/t` (a) VALUES (Digest::NumericHash($id))"},
		{ins.Table, "`d/t`"},
		{ins.Columns[0], "a"},
		{ins.Values[0][0], "Digest::NumericHash($id)"},
		{ins.Values[0][0].(*Call).Args[0], "$id"},
	}
	for i, c := range checks {
		if got := text(c.n); got != c.want {
			t.Errorf("check %d: span text %q, want %q", i, got, c.want)
		}
	}
	if sp := where.OpSpan; src[sp.Start:sp.End] != "AND" {
		t.Errorf("OpSpan = %v", sp)
	}
	if sp := where.L.(*Binary).OpSpan; sp != (Span{36, 37}) {
		t.Errorf("= OpSpan = %v, want {36 37}", sp)
	}
	if sel.Start != 0 || sel.End != 56 {
		t.Errorf("select span = %v, want {0 56}", sel.Span)
	}
}

func TestQuotedTypeSpan(t *testing.T) {
	src := `DECLARE $x AS "List<Int32?>"`
	d := Parse(src).Stmts[0].(*DeclareStmt)
	if d.Type.String() != "List<Int32?>" || d.Type.Span != (Span{14, 28}) || d.Type.Args[0].Span != (Span{14, 28}) {
		t.Errorf("got %s %v %v", d.Type, d.Type.Span, d.Type.Args[0].Span)
	}
}

func TestErrorOffsets(t *testing.T) {
	cases := []struct {
		src    string
		offset int
		stmts  int
	}{
		{"SELECT 1; SELECT FROM t; SELECT 2", 17, 3},
		{"UPSERT INTO t (a) VALUES (1,; DELETE FROM t", 28, 2},
		{"SELECT * FROM t WHERE; SELECT 1", 21, 2},
		{"CREATE TABLE t (a Uint64, PRIMARY KEY (a)) WITH (X = )", 53, 1},
	}
	for _, c := range cases {
		s := Parse(c.src)
		if len(s.Errors) != 1 || s.Errors[0].Offset != c.offset || len(s.Stmts) != c.stmts {
			t.Errorf("Parse(%q): %s", c.src, DumpScript(s))
		}
		for _, st := range s.Stmts {
			if o, ok := st.(*OpaqueStmt); ok && o.Reason == "" {
				t.Errorf("opaque without reason")
			}
		}
	}
}

func TestHoles(t *testing.T) {
	s := Parse("SELECT * FROM `" + HoleName(0) + "/orders` AS o WHERE o.id = " + HoleName(1))
	q := s.Stmts[0].(*SelectStmt).Query
	tr := q.From.(*TableSource).Table
	if !tr.Hole || tr.Path != HoleName(0)+"/orders" || !tr.Quoted {
		t.Errorf("table ref = %+v", tr)
	}
	r := q.Where.(*Binary).R.(*OpaqueExpr)
	if r.Reason != "hole" {
		t.Errorf("hole expr = %+v", r)
	}
	if tr := Parse("SELECT * FROM orders").Stmts[0].(*SelectStmt).Query.From.(*TableSource).Table; tr.Hole {
		t.Error("plain table marked as hole")
	}
}

func TestLimits(t *testing.T) {
	deep := strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000)
	huge := strings.Repeat("SELECT 1;\n", 5<<20) // 50 MiB
	cases := []struct {
		name, src string
		check     func(*Script) bool
	}{
		{"deep parens", "SELECT " + deep, func(s *Script) bool {
			return len(s.Stmts) == 1 && len(s.Errors) == 1 && s.Errors[0].Msg == "nesting too deep"
		}},
		{"deep parens unbalanced", "SELECT " + strings.Repeat("(", 100000), func(s *Script) bool {
			return len(s.Stmts) == 1 && len(s.Errors) == 1
		}},
		{"deep subqueries", strings.Repeat("SELECT * FROM (", 5000) + "SELECT 1" + strings.Repeat(")", 5000), func(s *Script) bool {
			return len(s.Stmts) == 1 && len(s.Errors) == 1
		}},
		{"deep types", "DECLARE $x AS " + strings.Repeat("List<", 5000) + "Int32" + strings.Repeat(">", 5000), func(s *Script) bool {
			return len(s.Errors) == 1
		}},
		{"deep not and minus", "SELECT " + strings.Repeat("-(", 50000) + "1" + strings.Repeat(")", 50000), func(s *Script) bool {
			return len(s.Errors) == 1
		}},
		{"long AND chain", "SELECT * FROM t WHERE " + strings.Repeat("a = 1 AND ", 20000) + "b = 2", func(s *Script) bool {
			return len(s.Errors) == 0
		}},
		{"50 MB input", huge, func(s *Script) bool {
			return len(s.Stmts) == 0 && len(s.Errors) == 1 && s.Errors[0].Offset == 0
		}},
		{"8 MiB of parens", strings.Repeat("(", MaxInput), func(s *Script) bool {
			return len(s.Stmts) == 0 && len(s.Errors) == 1 && s.Errors[0].Msg == "too many tokens"
		}},
		{"many small statements", strings.Repeat("SELECT 1;", 100000), func(s *Script) bool {
			return len(s.Stmts) == 100000 && len(s.Errors) == 0
		}},
		{"just over MaxInput", strings.Repeat(" ", MaxInput+1), func(s *Script) bool {
			return len(s.Stmts) == 0 && len(s.Errors) == 1
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// CPU time, not wall time: the bound is about the work done, and
			// must not flake on a loaded machine.
			start, cpu0 := time.Now(), processCPUTime()
			s := Parse(c.src)
			if cpu := processCPUTime() - cpu0; cpu > 2*time.Second {
				t.Errorf("took %v of CPU (%v wall)", cpu, time.Since(start))
			}
			if !c.check(s) {
				t.Errorf("unexpected result: %d stmts, errors %v", len(s.Stmts), s.Errors)
			}
		})
	}
}

func TestCanonicalType(t *testing.T) {
	cases := map[string]string{
		"uint64": "Uint64", "UINT64": "Uint64", "utf8": "Utf8", "Text": "Utf8", "bytes": "String",
		"string": "String", "jsondocument": "JsonDocument", "dynumber": "DyNumber", "serial": "Serial",
		"BIGSERIAL": "BigSerial", "smallserial": "SmallSerial", "optional": "Optional", "pgint4": "pgint4",
		"timestamp64": "Timestamp64", "tzdatetime": "TzDatetime", "": "",
	}
	for in, want := range cases {
		if got := CanonicalType(in); got != want {
			t.Errorf("CanonicalType(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTypeClassification(t *testing.T) {
	type row struct{ integral, unsigned, float, str, time, serial bool }
	cases := map[string]row{
		"Uint64":      {integral: true, unsigned: true},
		"int32":       {integral: true},
		"Serial":      {integral: true, serial: true},
		"BigSerial":   {integral: true, serial: true},
		"Double":      {float: true},
		"float":       {float: true},
		"Text":        {str: true},
		"Bytes":       {str: true},
		"Utf8":        {str: true},
		"Timestamp":   {time: true},
		"Date32":      {time: true},
		"Interval":    {},
		"Decimal":     {},
		"Json":        {},
		"Uuid":        {},
		"unknownType": {},
	}
	for name, w := range cases {
		got := row{IsIntegral(name), IsUnsigned(name), IsFloat(name), IsString(name), IsTime(name), IsSerial(name)}
		if got != w {
			t.Errorf("%s: got %+v, want %+v", name, got, w)
		}
	}
	for in, want := range map[string]string{"Serial2": "Int16", "serial4": "Int32", "Serial8": "Int64", "Uint64": ""} {
		if got := SerialBase(in); got != want {
			t.Errorf("SerialBase(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestInspectVisitsAll(t *testing.T) {
	s := Parse("SELECT a FROM t WHERE k IN (SELECT x FROM u WHERE y = $p)")
	var params, tables int
	Inspect(s.Stmts[0], func(n Node) bool {
		switch n.(type) {
		case *ParamRef:
			params++
		case *TableRef:
			tables++
		}
		return true
	})
	if params != 1 || tables != 2 {
		t.Errorf("params %d tables %d", params, tables)
	}
	count := 0
	Inspect(s.Stmts[0], func(n Node) bool { count++; _, isSel := n.(*Select); return !isSel })
	if count != 2 { // SelectStmt, then the Select whose children are skipped
		t.Errorf("pruned walk visited %d nodes", count)
	}
	// A long left-deep chain is walked completely.
	long := Parse("SELECT * FROM t WHERE " + strings.Repeat("a = 1 AND ", 50000) + "b = 2")
	cols := 0
	Inspect(long.Stmts[0], func(n Node) bool {
		if _, ok := n.(*ColumnRef); ok {
			cols++
		}
		return true
	})
	if cols != 50001 {
		t.Errorf("long chain: %d column refs, want 50001", cols)
	}
}

func TestParseNeverNil(t *testing.T) {
	for _, src := range []string{"", ";", "   ", "--", "/*", "SELECT", "(", ")", "$", "$x =", "`"} {
		s := Parse(src)
		checkScript(t, src, s)
	}
}

func TestParseAnsiLexer(t *testing.T) {
	src := "--!ansi_lexer\nSELECT \"my col\", 'it''s' FROM t /* a /* nested */ comment */ WHERE \"k\" = 1"
	want := `(select (items my col "it's") (from (table t)) (where (= k 1)))`
	if got := DumpScript(Parse(src)); got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

// TestParseConcurrent: Parse shares only its token-buffer pool between
// calls; concurrent parses must not interfere (run with -race).
func TestParseConcurrent(t *testing.T) {
	want := make([]string, len(seedCorpus))
	for i, s := range seedCorpus {
		want[i] = DumpScript(Parse(s))
	}
	done := make(chan string, 8)
	for g := 0; g < 8; g++ {
		go func() {
			for round := 0; round < 20; round++ {
				for i, s := range seedCorpus {
					if got := DumpScript(Parse(s)); got != want[i] {
						done <- "corpus " + want[i] + " parsed differently: " + got
						return
					}
				}
			}
			done <- ""
		}()
	}
	for g := 0; g < 8; g++ {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}

func TestUnknownSimpleType(t *testing.T) {
	for name, want := range map[string]bool{
		"Utf8": false, "utf8": false, "Text": false, "bytes": false, "Serial8": false, "BigSerial": false,
		"int": false, "VARCHAR": false, "bigint": false, "json_document": false, "Decimal": false,
		"Optional": false, "pgint4": false, "_pgtext": false, "PgJsonb": false, "Void": false,
		"last_name": true, "Strng": true, "uint": true, "boolean": true, "UUID4": true,
		"": false, "__ydblint_hole_0__": false, "$t": false, "List<Int32>": false, "a-b": false,
	} {
		if got := UnknownSimpleType(name); got != want {
			t.Errorf("UnknownSimpleType(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestNearTypeName(t *testing.T) {
	for name, want := range map[string]string{
		"Strng": "String", "Datetim": "Datetime", "Uint46": "", "utf": "Utf8", "Tex": "Text", "Timestamps": "Timestamp",
		"Serial3": "", "last_name": "", "Lisst": "",
	} {
		if got := NearTypeName(name); got != want {
			t.Errorf("NearTypeName(%q) = %q, want %q", name, got, want)
		}
	}
}
