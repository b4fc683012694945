package querysite

import "golang.org/x/tools/go/ssa"

// hashHost is the pass as package gohash sees it (gohash.Host): the
// bodies querysite sees and the origins of values, so that a hash's
// HashOf and a value's Origin match.
type hashHost struct{ a *pkgAnalysis }

func (h hashHost) Blocks(fn *ssa.Function) []*ssa.BasicBlock { return h.a.prog.Blocks(fn) }

func (h hashHost) Origin(v ssa.Value) string { return h.a.origin(v) }
