package goeval_test

import "testing"

// lookupTableCases: a helper picks its text from a package map by its
// argument, and the caller passes a parameter of its own (a wrapper whose
// callers choose the query by name). Each text is led by the condition
// that the parameter is that key; a key no entry has must build nothing,
// or the texts are not all the call builds and the key stays unknown.
var lookupTableCases = []evalCase{
	{name: "helper panics on a missing name", src: header + `
import "fmt"
type info struct{ table, query string }
var byName = map[string]info{
	"by-tag":     {"idx_tag", "SELECT id FROM %s WHERE tag = $tag"},
	"by-service": {"idx_service", "SELECT id FROM %s WHERE ts > $ts"},
}
func build(name, folder string) string {
	if i, ok := byName[name]; ok {
		return fmt.Sprintf(i.query, folder+"/"+i.table)
	}
	panic("query not found: " + name)
}
func run(name string) { sink(build(name, "/local")) }
`, want: `(<param:name=="by-service">SELECT id FROM /local/idx_service WHERE ts > $ts|<param:name=="by-tag">SELECT id FROM /local/idx_tag WHERE tag = $tag)`},
	{name: "a missing name reads the empty string", src: header + `
var queries = map[string]string{"a": "SELECT a FROM t", "b": "SELECT b FROM t"}
func text(name string) string { return queries[name] }
func run(name string) { sink(text(name)) }
`, want: `(<param:name=="a">SELECT a FROM t|<param:name=="b">SELECT b FROM t)`},
	{name: "a missing name falls back to a default: not split", src: header + `
var queries = map[string]string{"a": "SELECT a FROM t", "b": "SELECT b FROM t"}
func text(name string) string {
	if q, ok := queries[name]; ok {
		return q
	}
	return "SELECT * FROM t"
}
func run(name string) { sink(text(name)) }
`, want: `(<?map entry>|SELECT * FROM t)`},
	{name: "the key is derived from the name: not split", src: header + `
import "strings"
var queries = map[string]string{"a": "SELECT a FROM t", "b": "SELECT b FROM t"}
func text(name string) string { return queries[strings.ToLower(name)] }
func run(name string) { sink(text(name)) }
`, want: `<?map entry>`},
	{name: "a table written after initialisation: not split", src: header + `
var queries = map[string]string{"a": "SELECT a FROM t"}
func Register(name, q string) { queries[name] = q }
func text(name string) string { return queries[name] }
func run(name string) { sink(text(name)) }
`, want: `<?map entry>`},
	{name: "a constant name: that entry", src: header + `
var queries = map[string]string{"a": "SELECT a FROM t", "b": "SELECT b FROM t"}
func text(name string) string { return queries[name] }
func run() { sink(text("b")) }
`, want: `SELECT b FROM t`},
}

func TestLookupTables(t *testing.T) { runCases(t, lookupTableCases) }
