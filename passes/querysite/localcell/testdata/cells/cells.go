package cells

func sink(s string) {}

func reads(p *string) int { return len(*p) }

func writes(p *string) { *p = "other" }

// getPrefix hands dir back unchanged and only reads through it.
func getPrefix(dir *string) (prefix, shortDir *string) {
	shortDir = dir
	p := "/local/" + *dir
	return &p, shortDir
}

// StoredOnce: the address only goes to a function that reads through it.
func StoredOnce() {
	name := "users"
	_ = reads(&name)
	sink(name) // want `stored="users" value="users"`
}

// WrittenThrough: a callee writes the variable.
func WrittenThrough() {
	name := "users"
	writes(&name)
	sink(name) // want `stored=none value=none`
}

// Aliased: *shortDir is dir's value; only Value, which follows pointers
// handed back, knows it.
func Aliased() {
	dir := "tables"
	_, shortDir := getPrefix(&dir)
	sink(*shortDir) // want `aliased stored=none value="tables"`
}

// AliasedWritten: the caller writes through the pointer handed back.
func AliasedWritten() {
	dir := "tables"
	_, shortDir := getPrefix(&dir)
	*shortDir = "other"
	sink(*shortDir) // want `not aliased`
}
