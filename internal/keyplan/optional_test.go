package keyplan

import (
	"slices"
	"testing"
)

func TestClassifyVariants(t *testing.T) {
	const org, kind, user = 1, 2, 3
	tests := []struct {
		name     string
		vs       []VariantRead
		want     VariantOutcome
		decisive []int
	}{
		{"one literal text, bound", []VariantRead{{}}, NoVariantFull, nil},
		{"one literal text, full", []VariantRead{{Full: true}}, EveryVariantFull, nil},
		{
			"optional key filter: the run without it scans",
			[]VariantRead{
				{Present: []int{org, kind}},
				{Present: []int{org}, Absent: []int{kind}},
				{Full: true, Present: []int{kind}, Absent: []int{org}},
				{Full: true, Absent: []int{org, kind}},
			},
			FullWhenAbsent, []int{org},
		},
		{
			"no optional filter binds the key: certain",
			[]VariantRead{
				{Full: true, Present: []int{user, kind}},
				{Full: true, Present: []int{user}, Absent: []int{kind}},
				{Full: true, Present: []int{kind}, Absent: []int{user}},
				{Full: true, Absent: []int{user, kind}},
			},
			EveryVariantFull, nil,
		},
		{
			"either of two optional filters binds the key",
			[]VariantRead{
				{Present: []int{org, user}},
				{Present: []int{org}, Absent: []int{user}},
				{Present: []int{user}, Absent: []int{org}},
				{Full: true, Absent: []int{org, user}},
			},
			FullWhenAbsent, []int{org, user},
		},
		{
			"alternatives, not optional pieces",
			[]VariantRead{{Full: true}, {}},
			SomeVariantsFull, nil,
		},
		{
			"the scan does not follow the optional piece",
			[]VariantRead{
				{Full: true, Present: []int{org}},
				{Present: []int{org}},
				{Full: true, Absent: []int{org}},
			},
			SomeVariantsFull, nil,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, decisive := ClassifyVariants(tt.vs)
			if got != tt.want || !slices.Equal(decisive, tt.decisive) {
				t.Errorf("got %v %v, want %v %v", got, decisive, tt.want, tt.decisive)
			}
		})
	}
}
