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

// ReadThrough: the address only goes to a function that reads through it.
func ReadThrough() {
	name := "users"
	_ = reads(&name)
	sink(name) // want `value="users"`
}

// WrittenThrough: a callee writes the variable.
func WrittenThrough() {
	name := "users"
	writes(&name)
	sink(name) // want `value=none`
}

// Aliased: *shortDir is dir's value; Value follows the pointer the
// helper hands back.
func Aliased() {
	dir := "tables"
	_, shortDir := getPrefix(&dir)
	sink(*shortDir) // want `aliased value="tables"`
}

// AliasedWritten: the caller writes through the pointer handed back.
func AliasedWritten() {
	dir := "tables"
	_, shortDir := getPrefix(&dir)
	*shortDir = "other"
	sink(*shortDir) // want `not aliased`
}
