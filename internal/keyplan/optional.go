package keyplan

import "slices"

// This file plans a read over the variants of a query text built with
// optional pieces (filters appended under an if): a key column is
// constrained on every execution only when a conjunct present on every path
// constrains it. The variants are planned one by one; ClassifyVariants reads
// their verdicts together.

// VariantRead is one text variant's verdict on one read: whether it reads
// every partition, and the optional pieces (by the caller's choice ID) the
// variant holds and leaves out.
type VariantRead struct {
	Full            bool
	Present, Absent []int
}

// VariantOutcome is what the variants of a read say together.
type VariantOutcome int

const (
	// NoVariantFull: no variant reads every partition.
	NoVariantFull VariantOutcome = iota
	// EveryVariantFull: every variant reads every partition; no way of
	// building the text binds the key. As certain as a literal full scan.
	EveryVariantFull
	// FullWhenAbsent: the variants that read every partition are exactly
	// those that leave out some optional pieces (Decisive), and every
	// variant holding one of them binds the key: the key filter is
	// optional, and the run where it is not set scans.
	FullWhenAbsent
	// SomeVariantsFull: some variants read every partition for another
	// reason (alternatives of the text, not optional filters).
	SomeVariantsFull
)

// ClassifyVariants classifies the variants of one read. For
// FullWhenAbsent, decisive lists the choices absent from every full
// variant and present in some variant that is not full, sorted: leaving all of them out is what makes the read scan.
func ClassifyVariants(vs []VariantRead) (outcome VariantOutcome, decisive []int) {
	full := 0
	for _, v := range vs {
		if v.Full {
			full++
		}
	}
	switch {
	case full == 0:
		return NoVariantFull, nil
	case full == len(vs):
		return EveryVariantFull, nil
	}
	var cands []int
	for _, v := range vs {
		for _, k := range v.Absent {
			if !slices.Contains(cands, k) {
				cands = append(cands, k)
			}
		}
	}
	for _, k := range cands {
		absentInFull, presentInBound := true, false
		for _, v := range vs {
			if v.Full && !slices.Contains(v.Absent, k) {
				absentInFull = false
				break
			}
			if !v.Full && slices.Contains(v.Present, k) {
				presentInBound = true
			}
		}
		if absentInFull && presentInBound {
			decisive = append(decisive, k)
		}
	}
	if len(decisive) == 0 {
		return SomeVariantsFull, nil
	}
	slices.Sort(decisive)
	// Every variant holding a decisive piece must bind the key, else the
	// scan is not (only) about these pieces.
	for _, v := range vs {
		if !v.Full {
			continue
		}
		for _, k := range decisive {
			if slices.Contains(v.Present, k) {
				return SomeVariantsFull, nil
			}
		}
	}
	return FullWhenAbsent, decisive
}
