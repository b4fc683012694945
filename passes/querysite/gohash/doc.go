// Package gohash recognises the Go hashes of query-site values: a value
// computed by a hash function of internal/sdk's table (hash/fnv,
// hash/crc32, hash/maphash, xxhash…), by a helper of the package or of
// an imported one (the ydbHash fact, Fact), or derived from one by
// arithmetic that keeps it a hash of the same input (a digest byte, folding digest bytes into an
// integer, % N, masks and shifts; hashderive.go). A site.Value's HashFunc
// and HashOf come from here; schemafact reads them as bucket evidence and
// the rules as hash-prefixed keys.
//
// A function of the package returning a hash of one parameter gets a Fact
// (Func, Arg); one returning a hash of several values, or of no single
// parameter, gets Arg -1 and its own name (hashbucket.go). A package that
// does not reach the SDK but imports a hash package still summarises its
// functions (Helpers, hashpkg.go), so that its importers see the facts.
//
// It is apart from querysite because hash derivation needs little of the
// rest of the pass: Host (the function bodies the pass sees and the
// origin of a value, which a hash's HashOf must match) is all it asks.
// querysite implements it, runs Summarize in its summaries' fixed point,
// exports the Facts and lists Fact in its Analyzer's FactTypes; the
// package has no analyzer of its own.
package gohash
