package tableopt

import (
	"go/token"
	"reflect"
	"testing"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// fake is an Arg whose answers are given: the test's reader of Go code.
type fake struct {
	str     string
	strOK   bool
	strs    []string
	strsOK  bool
	num     int64
	numOK   bool
	isNil   bool
	yql     string
	opt     bool
	typed   bool
	call    *fakeCall
	elems   []Arg
	elemsOK bool
	fields  map[string]Arg
}

func (f *fake) ConstString() (string, bool)    { return f.str, f.strOK }
func (f *fake) ConstStrings() ([]string, bool) { return f.strs, f.strsOK }
func (f *fake) ConstInt() (int64, bool)        { return f.num, f.numOK }
func (f *fake) IsNil() bool                    { return f.isNil }
func (f *fake) YDBType() (string, bool, bool)  { return f.yql, f.opt, f.typed }
func (f *fake) Elems() ([]Arg, bool)           { return f.elems, f.elemsOK }
func (f *fake) Fields() (map[string]Arg, bool) { return f.fields, f.fields != nil }
func (f *fake) Call() (Call, bool) {
	if f.call == nil {
		return nil, false
	}
	return f.call, true
}

// fakeCall passes a variadic parameter as one last argument, as SSA does.
type fakeCall struct {
	f     *sdk.Func
	inSDK bool
	args  []Arg
	recv  Arg
	pos   token.Pos
}

func (c *fakeCall) Func() *sdk.Func { return c.f }
func (c *fakeCall) InSDK() bool     { return c.inSDK }
func (c *fakeCall) NumArgs() int    { return len(c.args) }
func (c *fakeCall) Recv() Arg       { return c.recv }
func (c *fakeCall) Pos() token.Pos  { return c.pos }

func (c *fakeCall) Arg(i int) Arg {
	if i < 0 || i >= len(c.args) {
		return nil
	}
	return c.args[i]
}

func (c *fakeCall) Variadic(i int) Arg {
	if i != len(c.args)-1 {
		return nil
	}
	return c.args[i]
}

func funcOf(t testing.TB, h sdk.Helper) *sdk.Func {
	for i := range sdk.Funcs {
		if sdk.Funcs[i].Helper == h {
			return &sdk.Funcs[i]
		}
	}
	t.Fatalf("no sdk.Funcs row for helper %d", h)
	return nil
}

func str(s string) Arg              { return &fake{str: s, strOK: true} }
func strs(s ...string) Arg          { return &fake{strs: s, strsOK: true} }
func partial(s ...string) Arg       { return &fake{strs: s} }
func num(n int64) Arg               { return &fake{num: n, numOK: true} }
func typ(yql string, opt bool) Arg  { return &fake{yql: yql, opt: opt, typed: true} }
func unknown() Arg                  { return &fake{} }
func nilValue() Arg                 { return &fake{isNil: true} }
func opts(elems ...Arg) Arg         { return &fake{elems: elems, elemsOK: true} }
func lit(fields map[string]Arg) Arg { return &fake{fields: fields} }

// sdkCall is a call of an SDK function that is not in sdk.Funcs.
func sdkCall(recv Arg, args ...Arg) Arg {
	return &fake{call: &fakeCall{inSDK: true, args: args, recv: recv}}
}

func TestDecoder(t *testing.T) {
	call := func(h sdk.Helper, pos token.Pos, args ...Arg) Arg {
		return &fake{call: &fakeCall{f: funcOf(t, h), inSDK: true, args: args, pos: pos}}
	}
	col := func(name, yql string) Arg {
		return call(sdk.HelperWithColumn, 0, str(name), typ(yql, false))
	}
	pk := func(pos token.Pos, cols ...string) Arg {
		return call(sdk.HelperWithPrimaryKeyColumn, pos, strs(cols...))
	}
	ttl := call(sdk.HelperTTLColumn, 0, str("expire_at"))
	cyclic := &fake{}
	cyclic.call = &fakeCall{inSDK: true, recv: cyclic}

	tests := []struct {
		name         string
		elems        []Arg
		alternatives bool
		want         site.TableOptions
		// wantOK is the conjunction of every Element's answer and
		// !KeyAmbiguous.
		wantOK bool
	}{
		{
			name:   "columns and key",
			elems:  []Arg{call(sdk.HelperWithColumn, 10, str("id"), typ("Uint64", false)), call(sdk.HelperWithAddColumn, 20, str("body"), typ("Json", true)), pk(30, "id")},
			want:   site.TableOptions{Columns: []site.ColumnOption{{Name: "id", YDBType: "Uint64", Pos: 10}, {Name: "body", YDBType: "Json", Optional: true, Pos: 20}}, PrimaryKey: []string{"id"}, PrimaryKeyPos: 30},
			wantOK: true,
		},
		{
			name:  "column of unknown type is kept untyped",
			elems: []Arg{call(sdk.HelperWithColumn, 10, str("id"), unknown())},
			want:  site.TableOptions{Columns: []site.ColumnOption{{Name: "id", Pos: 10}}},
		},
		{
			name:  "column of unknown name is dropped",
			elems: []Arg{call(sdk.HelperWithColumn, 10, unknown(), typ("Uint64", false))},
		},
		{
			name:  "column call with a missing argument",
			elems: []Arg{call(sdk.HelperWithColumn, 10, str("id"))},
		},
		{
			name: "column meta",
			elems: []Arg{
				call(sdk.HelperWithColumnMeta, 10, lit(map[string]Arg{"Name": str("id"), "Type": typ("Uint64", false), "Family": str("default")})),
				call(sdk.HelperWithAddColumnMeta, 20, lit(map[string]Arg{"Name": str("n"), "Type": typ("Int32", true), "DefaultValue": unknown()})),
				call(sdk.HelperWithColumnMeta, 30, lit(map[string]Arg{"Name": str("m"), "Type": typ("Int32", false), "DefaultValue": nilValue()})),
			},
			want: site.TableOptions{Columns: []site.ColumnOption{
				{Name: "id", YDBType: "Uint64", Pos: 10},
				{Name: "n", YDBType: "Int32", Optional: true, Default: true, Pos: 20},
				{Name: "m", YDBType: "Int32", Pos: 30},
			}},
			wantOK: true,
		},
		{
			name:  "column meta without a type",
			elems: []Arg{call(sdk.HelperWithColumnMeta, 10, lit(map[string]Arg{"Name": str("id")}))},
			want:  site.TableOptions{Columns: []site.ColumnOption{{Name: "id", Pos: 10}}},
		},
		{
			name:  "column meta with a field the decoder does not know",
			elems: []Arg{call(sdk.HelperWithColumnMeta, 10, lit(map[string]Arg{"Name": str("id"), "Type": typ("Uint64", false), "NotNull": str("x")}))},
		},
		{
			name:  "column meta not a literal",
			elems: []Arg{call(sdk.HelperWithColumnMeta, 10, unknown())},
		},
		{
			name:   "key in two calls",
			elems:  []Arg{pk(30, "a"), pk(40, "b", "c")},
			want:   site.TableOptions{PrimaryKey: []string{"a", "b", "c"}, PrimaryKeyPos: 30},
			wantOK: true,
		},
		{
			name:         "key in two calls of alternative branches",
			elems:        []Arg{pk(30, "a"), pk(40, "b")},
			alternatives: true,
			want:         site.TableOptions{PrimaryKey: []string{"a", "b"}, PrimaryKeyPos: 30},
		},
		{
			name:         "one key call on a list with branches",
			elems:        []Arg{pk(30, "a", "b")},
			alternatives: true,
			want:         site.TableOptions{PrimaryKey: []string{"a", "b"}, PrimaryKeyPos: 30},
			wantOK:       true,
		},
		{
			name:  "key column named twice",
			elems: []Arg{pk(30, "a", "a")},
			want:  site.TableOptions{PrimaryKey: []string{"a", "a"}, PrimaryKeyPos: 30},
		},
		{
			name:  "key partly known",
			elems: []Arg{call(sdk.HelperWithPrimaryKeyColumn, 30, partial("a"))},
			want:  site.TableOptions{PrimaryKey: []string{"a"}, PrimaryKeyPos: 30},
		},
		{
			name: "indexes",
			elems: []Arg{
				call(sdk.HelperWithIndex, 50, str("by_user"), opts(
					call(sdk.HelperWithIndexColumns, 0, strs("user", "at")),
					call(sdk.HelperWithDataColumns, 0, strs("body")),
					call(sdk.HelperWithIndexType, 0, call(sdk.HelperGlobalAsyncIndex, 0)))),
				call(sdk.HelperWithAddIndex, 60, str("uniq"), opts(
					call(sdk.HelperWithIndexType, 0, call(sdk.HelperGlobalUniqueIndex, 0)),
					call(sdk.HelperWithIndexColumns, 0, strs("email")))),
				call(sdk.HelperWithIndex, 70, str("plain"), opts(
					call(sdk.HelperWithIndexColumns, 0, strs("x")),
					call(sdk.HelperWithIndexType, 0, call(sdk.HelperGlobalIndex, 0)))),
			},
			want: site.TableOptions{Indexes: []site.IndexOption{
				{Name: "by_user", Columns: []string{"user", "at"}, Cover: []string{"body"}, Async: true, Pos: 50},
				{Name: "uniq", Columns: []string{"email"}, Unique: true, Pos: 60},
				{Name: "plain", Columns: []string{"x"}, Pos: 70},
			}},
			wantOK: true,
		},
		{
			name:  "index without key columns",
			elems: []Arg{call(sdk.HelperWithIndex, 50, str("i"), opts(call(sdk.HelperWithDataColumns, 0, strs("body"))))},
			want:  site.TableOptions{Indexes: []site.IndexOption{{Name: "i", Cover: []string{"body"}, Pos: 50}}},
		},
		{
			name: "index of an unknown type",
			elems: []Arg{call(sdk.HelperWithIndex, 50, str("i"), opts(
				call(sdk.HelperWithIndexColumns, 0, strs("v")),
				call(sdk.HelperWithIndexType, 0, sdkCall(nil))))},
			want: site.TableOptions{Indexes: []site.IndexOption{{Name: "i", Columns: []string{"v"}, Pos: 50}}},
		},
		{
			name: "index option not understood",
			elems: []Arg{call(sdk.HelperWithIndex, 50, str("i"), opts(
				call(sdk.HelperWithIndexColumns, 0, strs("v")),
				unknown()))},
			want: site.TableOptions{Indexes: []site.IndexOption{{Name: "i", Columns: []string{"v"}, Pos: 50}}},
		},
		{
			name:  "index options not listed",
			elems: []Arg{call(sdk.HelperWithIndex, 50, str("i"), unknown())},
			want:  site.TableOptions{Indexes: []site.IndexOption{{Name: "i", Pos: 50}}},
		},
		{
			name:  "index without its options argument",
			elems: []Arg{call(sdk.HelperWithIndex, 50, str("i"))},
			want:  site.TableOptions{Indexes: []site.IndexOption{{Name: "i", Pos: 50}}},
		},
		{
			name:   "drops",
			elems:  []Arg{call(sdk.HelperWithDropColumn, 0, str("old")), call(sdk.HelperWithDropIndex, 0, str("old_idx"))},
			want:   site.TableOptions{DropColumns: []string{"old"}, DropIndexes: []string{"old_idx"}},
			wantOK: true,
		},
		{
			name:  "drop of an unknown column",
			elems: []Arg{call(sdk.HelperWithDropColumn, 0, unknown())},
		},
		{
			name:   "uniform partitions",
			elems:  []Arg{call(sdk.HelperWithPartitions, 0, call(sdk.HelperWithUniformPartitions, 0, num(8)))},
			want:   site.TableOptions{UniformPartitions: 8},
			wantOK: true,
		},
		{
			name: "partition counts that are not one",
			elems: []Arg{
				call(sdk.HelperWithPartitions, 0, call(sdk.HelperWithUniformPartitions, 0, num(0))),
				call(sdk.HelperWithPartitions, 0, call(sdk.HelperWithUniformPartitions, 0, num(1<<31))),
				call(sdk.HelperWithPartitions, 0, call(sdk.HelperWithUniformPartitions, 0, unknown())),
				call(sdk.HelperWithPartitions, 0, sdkCall(nil)),
			},
			wantOK: true,
		},
		{
			name:   "TTL column through the settings' method chain",
			elems:  []Arg{call(sdk.HelperWithTimeToLiveSettings, 0, sdkCall(sdkCall(ttl, num(3600))))},
			want:   site.TableOptions{TTLColumn: "expire_at"},
			wantOK: true,
		},
		{
			name:   "TTL chain that never reaches a column",
			elems:  []Arg{call(sdk.HelperWithTimeToLiveSettings, 0, cyclic)},
			wantOK: true,
		},
		{
			name:   "other SDK options",
			elems:  []Arg{call(sdk.HelperWithPartitioningSet, 0, unknown()), sdkCall(nil, unknown()), col("id", "Uint64")},
			want:   site.TableOptions{Columns: []site.ColumnOption{{Name: "id", YDBType: "Uint64"}}},
			wantOK: true,
		},
		{
			name:  "an option that is no SDK call",
			elems: []Arg{col("id", "Uint64"), &fake{call: &fakeCall{}}, col("v", "Utf8")},
			want:  site.TableOptions{Columns: []site.ColumnOption{{Name: "id", YDBType: "Uint64"}, {Name: "v", YDBType: "Utf8"}}},
		},
		{
			name:  "an option that is no call",
			elems: []Arg{unknown()},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var d Decoder
			ok := true
			for _, e := range tt.elems {
				ok = d.Element(e) && ok
			}
			ok = ok && !d.KeyAmbiguous(tt.alternatives)
			if !reflect.DeepEqual(d.Options, tt.want) {
				t.Errorf("options\n got %+v\nwant %+v", d.Options, tt.want)
			}
			if ok != tt.wantOK {
				t.Errorf("understood = %v, want %v", ok, tt.wantOK)
			}
		})
	}
}

// argGen builds argument trees from fuzz input.
type argGen struct {
	data []byte
	n    int // arguments built, bounded
}

func (g *argGen) byte() byte {
	if len(g.data) == 0 {
		return 0
	}
	b := g.data[0]
	g.data = g.data[1:]
	return b
}

func (g *argGen) arg(depth int) Arg {
	g.n++
	if depth > 5 || g.n > 200 {
		return unknown()
	}
	b := g.byte()
	switch b % 9 {
	case 0:
		return str(string(rune('a' + g.byte()%4)))
	case 1:
		if b&0x10 != 0 {
			return partial("a")
		}
		return strs("a", string(rune('a'+g.byte()%4)))
	case 2:
		return num(int64(g.byte()) - 8)
	case 3:
		return typ("Uint64", b&0x10 != 0)
	case 4:
		return nilValue()
	case 5, 6:
		c := &fakeCall{inSDK: b&0x10 != 0, pos: token.Pos(g.n)}
		if k := int(g.byte()) % (len(sdk.Funcs) + 1); k < len(sdk.Funcs) {
			row := sdk.Funcs[k] // a copy: the decoder must not reach the table
			c.f = &row
		}
		for i := g.byte() % 4; i > 0; i-- {
			c.args = append(c.args, g.arg(depth+1))
		}
		if b&0x20 != 0 {
			c.recv = g.arg(depth + 1)
		}
		return &fake{call: c}
	case 7:
		var elems []Arg
		for i := g.byte() % 4; i > 0; i-- {
			elems = append(elems, g.arg(depth+1))
		}
		return opts(elems...)
	case 8:
		fields := map[string]Arg{}
		for _, f := range []string{sdk.ColumnFieldName, sdk.ColumnFieldType, sdk.ColumnFieldDefault, "Other"} {
			if g.byte()&1 != 0 {
				fields[f] = g.arg(depth + 1)
			}
		}
		return lit(fields)
	}
	return unknown()
}

// FuzzDecoder: any option list decodes without panicking, the same way
// twice, and an element that is not a call changes nothing.
func FuzzDecoder(f *testing.F) {
	f.Add([]byte{5, 14, 2, 0, 1, 3, 0})
	f.Add([]byte{6, 16, 2, 0, 2, 7, 2, 5, 18, 1, 1, 1, 5, 20, 1, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := &argGen{data: data}
		var elems []Arg
		for len(g.data) > 0 && len(elems) < 32 {
			elems = append(elems, g.arg(0))
		}
		decode := func() (Decoder, []bool) {
			var d Decoder
			var oks []bool
			for _, e := range elems {
				before := reflect.ValueOf(d.Options).Interface()
				ok := d.Element(e)
				if _, isCall := e.Call(); !isCall && (ok || !reflect.DeepEqual(before, d.Options)) {
					t.Fatalf("an element that is no call was decoded: %v %+v", ok, d.Options)
				}
				oks = append(oks, ok)
			}
			d.KeyAmbiguous(true)
			return d, oks
		}
		d1, ok1 := decode()
		d2, ok2 := decode()
		if !reflect.DeepEqual(d1, d2) || !reflect.DeepEqual(ok1, ok2) {
			t.Fatalf("two decodings differ:\n%+v %v\n%+v %v", d1, ok1, d2, ok2)
		}
	})
}
