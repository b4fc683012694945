package sdk

// hashPkgs is the set of packages declaring an entry of HashFuncs.
var hashPkgs = func() map[string]bool {
	m := map[string]bool{}
	for _, h := range HashFuncs {
		if h.Pkg != "io" && h.Pkg != "hash" {
			m[h.Pkg] = true
		}
	}
	return m
}()

// IsHashPkg reports whether path declares a hash function of HashFuncs
// (io and hash, which only carry the interfaces, excluded).
func IsHashPkg(path string) bool { return hashPkgs[path] }
