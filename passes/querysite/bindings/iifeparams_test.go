package bindings

import (
	"testing"

	"github.com/ydblint/ydblint/internal/site"
)

// TestJoinValues: what the returns of an immediately invoked parameter
// literal agree on survives the join; what they do not is dropped.
func TestJoinValues(t *testing.T) {
	null := site.Value{YDBType: "Utf8", Optional: true, Null: site.DefinitelyNull, Desc: "types.NullValue(types.TypeText)"}
	opt := site.Value{YDBType: "Utf8", Optional: true, Null: site.NotNull, Origin: "param:note"}
	plain := site.Value{YDBType: "Utf8", Null: site.NotNull, Const: true, ConstText: `"x"`}
	plainY := site.Value{YDBType: "Utf8", Null: site.NotNull, Const: true, ConstText: `"y"`}
	unknown := site.Value{Null: site.NullUnknown}
	for _, c := range []struct {
		name string
		in   []site.Value
		want site.Value
	}{
		{"one value", []site.Value{opt}, opt},
		{"NULL or a value of the same type", []site.Value{null, opt}, site.Value{YDBType: "Utf8", Optional: true, Null: site.MaybeNull, Desc: null.Desc}},
		{"Optional and not: no type", []site.Value{opt, plain}, site.Value{Null: site.NullUnknown, Origin: ""}},
		{"two constants", []site.Value{plain, plainY}, site.Value{YDBType: "Utf8", Null: site.NotNull}},
		{"the same constant", []site.Value{plain, plain}, plain},
		{"one value not known", []site.Value{opt, unknown}, site.Value{Null: site.NullUnknown}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := joinValues(c.in); got != c.want {
				t.Errorf("joinValues(%+v) = %+v, want %+v", c.in, got, c.want)
			}
		})
	}
}
