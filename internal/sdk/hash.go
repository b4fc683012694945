package sdk

// HashShape says how a hash function reaches its result.
type HashShape uint8

const (
	// HashDirect returns the hash of argument Arg.
	HashDirect HashShape = iota + 1
	// HashNew returns a hasher; the hash is what a later Sum32/Sum64/Sum
	// call on it returns, of what was written into it (Write, WriteString).
	HashNew
	// HashSum reads the hash out of a hasher (method on the hasher).
	HashSum
	// HashWrite feeds data (argument Arg) into a hasher.
	HashWrite
)

// HashFunc is one Go hash function. Name is the spelling used in
// Value.HashFunc ("hash/fnv.New64a").
type HashFunc struct {
	Pkg, Recv, Name string
	Shape           HashShape
	Arg             int // hashed argument for HashDirect / HashWrite
	Verified        string
}

// go1.26 standard library and the listed third-party versions (the
// third-party rows are matched by path and name only; sdk_test resolves the
// standard-library rows).
const stdVerified = "go1.26"

func direct(pkg, name string, arg int, v string) HashFunc {
	return HashFunc{Pkg: pkg, Name: name, Shape: HashDirect, Arg: arg, Verified: v}
}

func newHasher(pkg, name, v string) HashFunc {
	return HashFunc{Pkg: pkg, Name: name, Shape: HashNew, Verified: v}
}

// HashFuncs lists hash functions whose output used as a key column value
// means "hash prefix computed in Go".
var HashFuncs = []HashFunc{
	direct("hash/crc32", "ChecksumIEEE", 0, stdVerified),
	direct("hash/crc32", "Checksum", 0, stdVerified),
	direct("hash/crc32", "Update", 2, stdVerified),
	newHasher("hash/crc32", "NewIEEE", stdVerified),
	newHasher("hash/crc32", "New", stdVerified),
	direct("hash/crc64", "Checksum", 0, stdVerified),
	direct("hash/crc64", "Update", 2, stdVerified),
	newHasher("hash/crc64", "New", stdVerified),
	direct("hash/adler32", "Checksum", 0, stdVerified),
	newHasher("hash/adler32", "New", stdVerified),
	newHasher("hash/fnv", "New32", stdVerified),
	newHasher("hash/fnv", "New32a", stdVerified),
	newHasher("hash/fnv", "New64", stdVerified),
	newHasher("hash/fnv", "New64a", stdVerified),
	newHasher("hash/fnv", "New128", stdVerified),
	newHasher("hash/fnv", "New128a", stdVerified),
	direct("hash/maphash", "String", 1, stdVerified),
	direct("hash/maphash", "Bytes", 1, stdVerified),
	direct("hash/maphash", "Comparable", 1, stdVerified),
	{Pkg: "hash/maphash", Recv: "Hash", Name: "WriteString", Shape: HashWrite, Arg: 0, Verified: stdVerified},
	{Pkg: "hash/maphash", Recv: "Hash", Name: "Write", Shape: HashWrite, Arg: 0, Verified: stdVerified},
	{Pkg: "hash/maphash", Recv: "Hash", Name: "Sum64", Shape: HashSum, Verified: stdVerified},
	direct("crypto/md5", "Sum", 0, stdVerified),
	direct("crypto/sha1", "Sum", 0, stdVerified),
	direct("crypto/sha256", "Sum256", 0, stdVerified),
	direct("crypto/sha256", "Sum224", 0, stdVerified),
	direct("crypto/sha512", "Sum512", 0, stdVerified),
	newHasher("crypto/md5", "New", stdVerified),
	newHasher("crypto/sha1", "New", stdVerified),
	newHasher("crypto/sha256", "New", stdVerified),
	// hash.Hash / Hash32 / Hash64 interface methods.
	{Pkg: "hash", Recv: "Hash32", Name: "Sum32", Shape: HashSum, Verified: stdVerified},
	{Pkg: "hash", Recv: "Hash64", Name: "Sum64", Shape: HashSum, Verified: stdVerified},
	{Pkg: "hash", Recv: "Hash", Name: "Sum", Shape: HashSum, Verified: stdVerified},
	{Pkg: "io", Recv: "Writer", Name: "Write", Shape: HashWrite, Arg: 0, Verified: stdVerified},
	{Pkg: "io", Recv: "StringWriter", Name: "WriteString", Shape: HashWrite, Arg: 0, Verified: stdVerified},
	// io.WriteString(h, s) on a hasher: a package function, the hasher is
	// argument 0 and the data argument 1.
	{Pkg: "io", Name: "WriteString", Shape: HashWrite, Arg: 1, Verified: stdVerified},
	// github.com/cespare/xxhash v1.1.0 and v2.3.0.
	direct("github.com/cespare/xxhash", "Sum64", 0, "v1.1.0"),
	direct("github.com/cespare/xxhash", "Sum64String", 0, "v1.1.0"),
	newHasher("github.com/cespare/xxhash", "New", "v1.1.0"),
	direct("github.com/cespare/xxhash/v2", "Sum64", 0, "v2.3.0"),
	direct("github.com/cespare/xxhash/v2", "Sum64String", 0, "v2.3.0"),
	newHasher("github.com/cespare/xxhash/v2", "New", "v2.3.0"),
	{Pkg: "github.com/cespare/xxhash/v2", Recv: "Digest", Name: "Sum64", Shape: HashSum, Verified: "v2.3.0"},
	{Pkg: "github.com/cespare/xxhash/v2", Recv: "Digest", Name: "WriteString", Shape: HashWrite, Verified: "v2.3.0"},
	{Pkg: "github.com/cespare/xxhash/v2", Recv: "Digest", Name: "Write", Shape: HashWrite, Verified: "v2.3.0"},
	// github.com/spaolacci/murmur3 v1.1.0.
	direct("github.com/spaolacci/murmur3", "Sum32", 0, "v1.1.0"),
	direct("github.com/spaolacci/murmur3", "Sum32WithSeed", 0, "v1.1.0"),
	direct("github.com/spaolacci/murmur3", "Sum64", 0, "v1.1.0"),
	direct("github.com/spaolacci/murmur3", "Sum64WithSeed", 0, "v1.1.0"),
	direct("github.com/spaolacci/murmur3", "Sum128", 0, "v1.1.0"),
	direct("github.com/spaolacci/murmur3", "Sum128WithSeed", 0, "v1.1.0"),
	newHasher("github.com/spaolacci/murmur3", "New32", "v1.1.0"),
	newHasher("github.com/spaolacci/murmur3", "New64", "v1.1.0"),
	newHasher("github.com/spaolacci/murmur3", "New128", "v1.1.0"),
	// github.com/twmb/murmur3 v1.1.8.
	direct("github.com/twmb/murmur3", "Sum32", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "Sum64", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "Sum128", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "StringSum32", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "StringSum64", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "StringSum128", 0, "v1.1.8"),
	direct("github.com/twmb/murmur3", "SeedSum32", 1, "v1.1.8"),
	direct("github.com/twmb/murmur3", "SeedSum64", 1, "v1.1.8"),
	direct("github.com/twmb/murmur3", "SeedStringSum64", 1, "v1.1.8"),
	newHasher("github.com/twmb/murmur3", "New32", "v1.1.8"),
	newHasher("github.com/twmb/murmur3", "New64", "v1.1.8"),
	// CityHash / FarmHash ports.
	direct("github.com/go-faster/city", "Hash32", 0, "v1.0.1"),
	direct("github.com/go-faster/city", "Hash64", 0, "v1.0.1"),
	direct("github.com/go-faster/city", "CH64", 0, "v1.0.1"),
	direct("github.com/go-faster/city", "Hash128", 0, "v1.0.1"),
	direct("github.com/zentures/cityhash", "CityHash32", 0, "v0.0.0-20131128155616-cdd6a94144ab"),
	direct("github.com/zentures/cityhash", "CityHash64", 0, "v0.0.0-20131128155616-cdd6a94144ab"),
	direct("github.com/zentures/cityhash", "CityHash64WithSeed", 0, "v0.0.0-20131128155616-cdd6a94144ab"),
	direct("github.com/dgryski/go-farm", "Hash32", 0, "v0.0.0-20200201041132-a6ae2369ad13"),
	direct("github.com/dgryski/go-farm", "Hash64", 0, "v0.0.0-20200201041132-a6ae2369ad13"),
	direct("github.com/dgryski/go-farm", "Fingerprint64", 0, "v0.0.0-20200201041132-a6ae2369ad13"),
	direct("github.com/dgryski/go-metro", "Hash64", 0, "v0.0.0-20250106013310-edb8663e5e33"),
	direct("github.com/zeebo/xxh3", "Hash", 0, "v1.0.2"),
	direct("github.com/zeebo/xxh3", "HashString", 0, "v1.0.2"),
}

// Passthrough lists functions whose result carries the hash (or
// monotonic) property of an argument unchanged: byte-order reads of a
// digest, hex/strconv formatting.
var Passthrough = []Func{
	{Pkg: "encoding/binary", Recv: "ByteOrder", Name: "Uint64", Verified: stdVerified},
	{Pkg: "encoding/binary", Recv: "ByteOrder", Name: "Uint32", Verified: stdVerified},
	{Pkg: "encoding/binary", Recv: "bigEndian", Name: "Uint64", Verified: stdVerified},
	{Pkg: "encoding/binary", Recv: "bigEndian", Name: "Uint32", Verified: stdVerified},
	{Pkg: "encoding/binary", Recv: "littleEndian", Name: "Uint64", Verified: stdVerified},
	{Pkg: "encoding/binary", Recv: "littleEndian", Name: "Uint32", Verified: stdVerified},
	{Pkg: "encoding/hex", Name: "EncodeToString", Verified: stdVerified},
	{Pkg: "strconv", Name: "FormatUint", Verified: stdVerified},
	{Pkg: "strconv", Name: "FormatInt", Verified: stdVerified},
	{Pkg: "strconv", Name: "Itoa", Verified: stdVerified},
	{Pkg: "fmt", Name: "Sprint", Verified: stdVerified},
}

// MonotonicShape says how a monotonic source produces its value.
type MonotonicShape uint8

const (
	// MonoSource produces an increasing value itself.
	MonoSource MonotonicShape = iota + 1
	// MonoDerive keeps the monotonic property of its receiver or argument
	// (time.Time.Unix on a time.Now()).
	MonoDerive
)

// Monotonic is one source of values that increase with time or per call.
type Monotonic struct {
	Pkg, Recv, Name string
	Shape           MonotonicShape
	// Desc is the spelling used in Value.Monotonic.
	Desc     string
	Verified string
}

// MonotonicSources lists them.
var MonotonicSources = []Monotonic{
	{Pkg: "time", Name: "Now", Shape: MonoSource, Desc: "time.Now", Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "Unix", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "UnixNano", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "UnixMilli", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "UnixMicro", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "UTC", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "Local", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "In", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "Truncate", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "Round", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "time", Recv: "Time", Name: "Format", Shape: MonoDerive, Verified: stdVerified},
	{Pkg: "sync/atomic", Name: "AddInt32", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Name: "AddInt64", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Name: "AddUint32", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Name: "AddUint64", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Recv: "Int32", Name: "Add", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Recv: "Int64", Name: "Add", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Recv: "Uint32", Name: "Add", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	{Pkg: "sync/atomic", Recv: "Uint64", Name: "Add", Shape: MonoSource, Desc: "atomic counter", Verified: stdVerified},
	// Time-ordered identifiers.
	{Pkg: "github.com/google/uuid", Name: "NewV7", Shape: MonoSource, Desc: "uuid.NewV7", Verified: "v1.6.0"},
	{Pkg: "github.com/google/uuid", Name: "Must", Shape: MonoDerive, Verified: "v1.6.0"},
	{Pkg: "github.com/oklog/ulid/v2", Name: "Make", Shape: MonoSource, Desc: "ulid.Make", Verified: "v2.1.0"},
	{Pkg: "github.com/rs/xid", Name: "New", Shape: MonoSource, Desc: "xid.New", Verified: "v1.6.0"},
}
