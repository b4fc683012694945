package goeval

import (
	"sort"
)

// heap is the abstract memory at a program point: cell id → contents. It
// is immutable (a store makes a new heap), so a state can be kept at a
// branch, at a call, at a closure's creation for nothing. Cells are few
// (the allocations of the functions interpreted), so a sorted slice is
// enough.
type heap struct {
	ids  []int
	vals []*Value
}

var emptyHeap = &heap{}

func (h *heap) find(id int) (int, bool) {
	i := sort.SearchInts(h.ids, id)
	return i, i < len(h.ids) && h.ids[i] == id
}

func (h *heap) get(id int) (*Value, bool) {
	if h == nil {
		return nil, false
	}
	i, ok := h.find(id)
	if !ok {
		return nil, false
	}
	return h.vals[i], true
}

func (h *heap) set(id int, v *Value) *heap {
	i, ok := h.find(id)
	out := &heap{}
	if ok {
		out.ids = h.ids
		out.vals = append([]*Value(nil), h.vals...)
		out.vals[i] = v
		return out
	}
	out.ids = make([]int, 0, len(h.ids)+1)
	out.vals = make([]*Value, 0, len(h.ids)+1)
	out.ids = append(append(append(out.ids, h.ids[:i]...), id), h.ids[i:]...)
	out.vals = append(append(append(out.vals, h.vals[:i]...), v), h.vals[i:]...)
	return out
}

// importCells copies into dst the cells of src that v reaches and dst
// lacks: a value computed in another frame (a caller's argument, a
// package variable's initial value) brings the memory it points to.
func importCells(dst, src *heap, v *Value) *heap {
	if src == nil || dst == src {
		return dst
	}
	seen := map[int]bool{}
	var walk func(v *Value)
	walk = func(v *Value) {
		if v == nil {
			return
		}
		if v.kind == KPointer && !seen[v.cell] {
			seen[v.cell] = true
			if _, ok := dst.get(v.cell); !ok {
				if c, ok := src.get(v.cell); ok {
					dst = dst.set(v.cell, c)
					walk(c)
				}
			} else if c, ok := src.get(v.cell); ok {
				walk(c)
			}
		}
		for _, x := range v.elems {
			walk(x)
		}
		for _, it := range v.items {
			walk(it.V)
		}
	}
	walk(v)
	return dst
}

// mergeHeaps is the heap holding every cell of a and b, the contents of a
// cell in both being join of its two contents.
func mergeHeaps(a, b *heap, join func(x, y *Value) *Value) *heap {
	switch {
	case a == nil:
		return b
	case b == nil || a == b:
		return a
	}
	out := &heap{}
	i, j := 0, 0
	for i < len(a.ids) || j < len(b.ids) {
		switch {
		case j >= len(b.ids) || i < len(a.ids) && a.ids[i] < b.ids[j]:
			out.ids = append(out.ids, a.ids[i])
			out.vals = append(out.vals, a.vals[i])
			i++
		case i >= len(a.ids) || b.ids[j] < a.ids[i]:
			out.ids = append(out.ids, b.ids[j])
			out.vals = append(out.vals, b.vals[j])
			j++
		default:
			out.ids = append(out.ids, a.ids[i])
			out.vals = append(out.vals, join(a.vals[i], b.vals[j]))
			i++
			j++
		}
	}
	return out
}
