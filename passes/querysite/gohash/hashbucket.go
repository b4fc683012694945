package gohash

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/passes/querysite/internal/ssaval"
)

// Bucketed hashes. A module's hash helper often hashes several values at
// once, or a bucket number with them:
//
//	func HashBucketData(bucket uint8, lst ...string) uint64 {
//		buf := new(bytes.Buffer)
//		for _, s := range lst { buf.WriteString(s) }
//		buf.WriteByte(bucket)
//		return farm.Hash64(buf.Bytes())
//	}
//
// Every return of such a function is certainly a hash, but of no one
// parameter. Its Fact has Arg -1 and Func the helper's own name
// (github.com/…/dbmodel.HashBucketData), and a value it returns gets
// Value.HashFunc = that name with Value.HashOf "": a hash, of nothing a
// key column can be matched with. schemafact's bucket evidence reads
// exactly that (HashFunc set, HashOf empty); every other consumer needs
// HashOf and ignores it.

// bucketHashName is the name a bucketed hash helper is known by: its
// package path and name (Recv.Name for a method), "" for a function
// without an object (a closure).
func bucketHashName(fn *ssa.Function) string {
	obj, ok := ssaval.Origin(fn).Object().(*types.Func)
	if !ok || obj.Pkg() == nil {
		return ""
	}
	if sig, ok := obj.Type().(*types.Signature); ok && sig.Recv() != nil {
		if n, _ := sdk.NamedTypeName(sig.Recv().Type()); n != "" {
			return obj.Pkg().Path() + "." + n + "." + obj.Name()
		}
		return ""
	}
	return obj.Pkg().Path() + "." + obj.Name()
}
