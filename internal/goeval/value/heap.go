package value

import (
	"sort"
)

// Heap is the abstract memory at a program point: cell id → contents. It
// is immutable (a store makes a new heap), so a state can be kept at a
// branch, at a call, at a closure's creation for nothing. Cells are few
// (the allocations of the functions interpreted), so a sorted slice is
// enough.
type Heap struct {
	ids  []int
	vals []*Value
}

// IDs returns h's cells in increasing order, and Values their contents,
// index for index. Neither is to be modified: heaps are shared.
func (h *Heap) IDs() []int { return h.ids }

// Values: see IDs.
func (h *Heap) Values() []*Value { return h.vals }

// HeapOf is the heap with cells ids (increasing) holding vals.
func HeapOf(ids []int, vals []*Value) *Heap { return &Heap{ids: ids, vals: vals} }

// MapValues is h with the contents of each cell, in increasing order of
// cell, replaced by f of it.
func (h *Heap) MapValues(f func(*Value) *Value) *Heap {
	out := &Heap{ids: h.ids, vals: make([]*Value, len(h.vals))}
	for i, v := range h.vals {
		out.vals[i] = f(v)
	}
	return out
}

// EmptyHeap is a heap with no cell.
func EmptyHeap() *Heap { return &Heap{} }

func (h *Heap) find(id int) (int, bool) {
	i := sort.SearchInts(h.ids, id)
	return i, i < len(h.ids) && h.ids[i] == id
}

// Get returns the contents of cell id, false when h has no such cell.
func (h *Heap) Get(id int) (*Value, bool) {
	if h == nil {
		return nil, false
	}
	i, ok := h.find(id)
	if !ok {
		return nil, false
	}
	return h.vals[i], true
}

// Set is h with cell id holding v.
func (h *Heap) Set(id int, v *Value) *Heap {
	i, ok := h.find(id)
	out := &Heap{}
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

// ImportCells copies into dst the cells of src that v reaches and dst
// lacks: a value computed in another frame (a caller's argument, a
// package variable's initial value) brings the memory it points to.
func ImportCells(dst, src *Heap, v *Value) *Heap {
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
			if _, ok := dst.Get(v.cell); !ok {
				if c, ok := src.Get(v.cell); ok {
					dst = dst.Set(v.cell, c)
					walk(c)
				}
			} else if c, ok := src.Get(v.cell); ok {
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

// MergeHeaps is the heap holding every cell of a and b, the contents of a
// cell in both being join of its two contents.
func MergeHeaps(a, b *Heap, join func(x, y *Value) *Value) *Heap {
	switch {
	case a == nil:
		return b
	case b == nil || a == b:
		return a
	}
	out := &Heap{}
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
