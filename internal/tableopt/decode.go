package tableopt

import (
	"go/token"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// Arg is one argument of a call as a reader of Go code sees it. Each
// method reports false when the reader cannot tell.
type Arg interface {
	// ConstString is the value of a constant string.
	ConstString() (string, bool)
	// ConstStrings is the values of a variadic ...string argument when all
	// are constant; on false, the ones before the first unknown.
	ConstStrings() ([]string, bool)
	// ConstInt is the value of an integer constant.
	ConstInt() (int64, bool)
	// IsNil reports whether the argument is the constant nil.
	IsNil() bool
	// YDBType decodes a types.Type argument (types.TypeUint64,
	// types.Optional(t), …): the YQL type without Optional, whether it is
	// Optional, and whether it is known.
	YDBType() (yql string, optional bool, ok bool)
	// Call is the call that computes the argument.
	Call() (Call, bool)
	// Elems are the elements of a variadic argument of options
	// (WithIndex's ...IndexOption).
	Elems() ([]Arg, bool)
	// Fields are the fields a struct literal sets, by field name
	// (options.Column{Name: …, Type: …}).
	Fields() (map[string]Arg, bool)
}

// Call is a call whose callee the reader knows.
type Call interface {
	// Func is the sdk.Funcs row of the callee, nil for another function.
	Func() *sdk.Func
	// InSDK reports whether the callee is a function or method of the SDK.
	InSDK() bool
	// NumArgs is the number of arguments of a call to a function that is
	// not variadic, receiver excluded.
	NumArgs() int
	// Arg is argument i, nil when there is none.
	Arg(i int) Arg
	// Variadic is the arguments from i on as the one argument of a
	// variadic parameter, nil when the call has fewer than i.
	Variadic(i int) Arg
	// Recv is the receiver of a method call, nil otherwise.
	Recv() Arg
	Pos() token.Pos
}

// maxReceivers bounds the method chain followed back to a TTL column.
const maxReceivers = 16

// Decoder collects the options of one CreateTable or AlterTable call.
type Decoder struct {
	Options site.TableOptions
	pkCalls int
}

// Element decodes one element of the call's option list. It returns
// false when the element is not fully understood; what was understood is
// kept, so a reader may go on and judge the options as partly known, or
// stop there.
func (d *Decoder) Element(e Arg) bool {
	c, ok := e.Call()
	switch {
	case !ok:
		return false
	case c.Func() == nil:
		// Another SDK option (column families, partitioning settings,
		// read replicas): no effect on the columns, the key or the
		// indexes.
		return c.InSDK()
	}
	return d.option(c)
}

// KeyAmbiguous reports whether the primary key is not one key: a column
// named twice, or WithPrimaryKeyColumn calls on an option list that joins
// branches (alternatives), whose parts are alternatives rather than one
// key.
func (d *Decoder) KeyAmbiguous(alternatives bool) bool {
	return d.pkCalls > 1 && alternatives || hasDuplicate(d.Options.PrimaryKey)
}

func (d *Decoder) option(c Call) bool {
	o := &d.Options
	switch c.Func().Helper {
	case sdk.HelperWithColumn, sdk.HelperWithAddColumn:
		return d.column(c)
	case sdk.HelperWithColumnMeta, sdk.HelperWithAddColumnMeta:
		return d.columnMeta(c)
	case sdk.HelperWithPrimaryKeyColumn:
		if d.pkCalls == 0 {
			o.PrimaryKeyPos = c.Pos()
		}
		d.pkCalls++
		cols, ok := constStrings(c.Variadic(0))
		o.PrimaryKey = append(o.PrimaryKey, cols...)
		return ok
	case sdk.HelperWithIndex, sdk.HelperWithAddIndex:
		ix, ok := index(c)
		o.Indexes = append(o.Indexes, ix)
		return ok
	case sdk.HelperWithDropColumn:
		s, ok := constString(c.Arg(0))
		if ok {
			o.DropColumns = append(o.DropColumns, s)
		}
		return ok
	case sdk.HelperWithDropIndex:
		s, ok := constString(c.Arg(0))
		if ok {
			o.DropIndexes = append(o.DropIndexes, s)
		}
		return ok
	case sdk.HelperWithPartitions:
		if n, ok := uniformPartitions(c.Arg(0)); ok {
			o.UniformPartitions = n
		}
	case sdk.HelperWithTimeToLiveSettings:
		if col, ok := ttlColumn(c.Arg(0)); ok {
			o.TTLColumn = col
		}
	}
	return true
}

// column decodes WithColumn(name, type) / WithAddColumn(name, type).
func (d *Decoder) column(c Call) bool {
	if c.NumArgs() != 2 {
		return false
	}
	name, ok := constString(c.Arg(0))
	if !ok {
		return false
	}
	t, optional, typed := ydbType(c.Arg(1))
	d.Options.Columns = append(d.Options.Columns, site.ColumnOption{Name: name, YDBType: t, Optional: optional, Pos: c.Pos()})
	return typed
}

// columnMeta decodes WithColumnMeta(options.Column{Name: …, Type: …,
// Family: …, DefaultValue: …}). A field this decoder does not know, or a
// column without a known name and type, leaves the option not understood.
func (d *Decoder) columnMeta(c Call) bool {
	arg := c.Arg(0)
	if c.NumArgs() != 1 || arg == nil {
		return false
	}
	fields, ok := arg.Fields()
	if !ok {
		return false
	}
	for f := range fields {
		switch f {
		case sdk.ColumnFieldName, sdk.ColumnFieldType, sdk.ColumnFieldFamily, sdk.ColumnFieldDefault:
		default:
			return false
		}
	}
	name, ok := constString(fields[sdk.ColumnFieldName])
	if !ok {
		return false
	}
	col := site.ColumnOption{Name: name, Pos: c.Pos()}
	typed := false
	if t := fields[sdk.ColumnFieldType]; t != nil {
		col.YDBType, col.Optional, typed = t.YDBType()
	}
	if dv := fields[sdk.ColumnFieldDefault]; dv != nil && !dv.IsNil() {
		col.Default = true
	}
	d.Options.Columns = append(d.Options.Columns, col)
	return typed
}

// index decodes WithIndex(name, WithIndexColumns(…), WithDataColumns(…),
// WithIndexType(…)). An index with no key columns, or of a type other than
// the global ones (a vector index), is not understood.
func index(c Call) (site.IndexOption, bool) {
	ix := site.IndexOption{Pos: c.Pos()}
	name, ok := constString(c.Arg(0))
	if !ok {
		return ix, false
	}
	ix.Name = name
	opts := c.Variadic(1)
	if opts == nil {
		return ix, false
	}
	elems, ok := opts.Elems()
	if !ok {
		return ix, false
	}
	known := true
	for _, e := range elems {
		sub, ok := e.Call()
		if !ok || sub.Func() == nil {
			known = false
			continue
		}
		switch sub.Func().Helper {
		case sdk.HelperWithIndexColumns:
			cols, ok := constStrings(sub.Variadic(0))
			ix.Columns = append(ix.Columns, cols...)
			known = known && ok
		case sdk.HelperWithDataColumns:
			cols, ok := constStrings(sub.Variadic(0))
			ix.Cover = append(ix.Cover, cols...)
			known = known && ok
		case sdk.HelperWithIndexType:
			known = indexType(sub.Arg(0), &ix) && known
		}
	}
	return ix, known && len(ix.Columns) > 0
}

// indexType decodes WithIndexType's argument into ix.
func indexType(a Arg, ix *site.IndexOption) bool {
	if a == nil {
		return false
	}
	t, ok := a.Call()
	if !ok || t.Func() == nil {
		return false
	}
	switch t.Func().Helper {
	case sdk.HelperGlobalIndex:
	case sdk.HelperGlobalAsyncIndex:
		ix.Async = true
	case sdk.HelperGlobalUniqueIndex:
		ix.Unique = true
	default:
		return false
	}
	return true
}

// uniformPartitions decodes WithPartitions' argument
// WithUniformPartitions(n) with n a constant.
func uniformPartitions(a Arg) (int, bool) {
	if a == nil {
		return 0, false
	}
	p, ok := a.Call()
	if !ok || p.Func() == nil || p.Func().Helper != sdk.HelperWithUniformPartitions || p.NumArgs() != 1 {
		return 0, false
	}
	n, ok := constInt(p.Arg(0))
	if !ok || n <= 0 || n >= 1<<31 {
		return 0, false
	}
	return int(n), true
}

// ttlColumn finds the column of WithTimeToLiveSettings' argument: a
// TimeToLiveSettings method chain (NewTTLSettings().ColumnDateType("ts").
// ExpireAfter(d)) followed back through its receivers to the Column* call.
func ttlColumn(a Arg) (string, bool) {
	cur := a
	for k := 0; k < maxReceivers && cur != nil; k++ {
		c, ok := cur.Call()
		if !ok {
			break
		}
		if f := c.Func(); f != nil && f.Helper == sdk.HelperTTLColumn && c.NumArgs() == 1 {
			return constString(c.Arg(0))
		}
		cur = c.Recv()
	}
	return "", false
}

func constString(a Arg) (string, bool) {
	if a == nil {
		return "", false
	}
	return a.ConstString()
}

func constStrings(a Arg) ([]string, bool) {
	if a == nil {
		return nil, false
	}
	return a.ConstStrings()
}

func constInt(a Arg) (int64, bool) {
	if a == nil {
		return 0, false
	}
	return a.ConstInt()
}

func ydbType(a Arg) (string, bool, bool) {
	if a == nil {
		return "", false, false
	}
	return a.YDBType()
}

func hasDuplicate(names []string) bool {
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			return true
		}
		seen[n] = true
	}
	return false
}
