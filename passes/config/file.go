package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Config file names looked for at the module root, in order.
var FileNames = []string{".ydblint.yml", ".ydblint.yaml"}

// MaxFileSize bounds the config file; a larger file is an error.
const MaxFileSize = 1 << 20

// maxErrors bounds the errors kept for one file.
const maxErrors = 50

// Migration tools (schema.tool, -migration-tool).
const (
	ToolAuto    = "auto"    // detect goose / migrate / plain from the files
	ToolGoose   = "goose"   // NNN_name.sql with -- +goose Up / Down sections
	ToolMigrate = "migrate" // NNN_name.up.sql / NNN_name.down.sql pairs
	ToolPlain   = "plain"   // every file is DDL, applied in order
)

// Migration orders (schema.order, -migration-order).
const (
	OrderNumeric = "numeric" // by the leading version number, then name
	OrderLexical = "lexical" // by file name, byte-wise
)

var (
	migrationTools  = []string{ToolAuto, ToolGoose, ToolMigrate, ToolPlain}
	migrationOrders = []string{OrderNumeric, OrderLexical}
)

func validTool(s string) bool  { return contains(migrationTools, s) }
func validOrder(s string) bool { return contains(migrationOrders, s) }

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// Error is one configuration problem. File and Line are set for problems in
// the config file; a flag or setting problem has neither.
type Error struct {
	File string
	Line int
	Key  string // dotted path of the offending key, e.g. "hash[1].column"
	Msg  string
}

func (e Error) String() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	} else if e.Key != "" {
		b.WriteString("-")
	}
	if e.Key != "" {
		b.WriteString(e.Key + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// HashAnnotation declares that a table's leading key column holds a hash of
// another key column (evidence B of the hashprefix rule).
type HashAnnotation struct {
	Table        string // table path as written in YQL ("orders", "dir/orders")
	Column       string // the hash column, e.g. "order_hash"
	Function     string // e.g. "Digest::NumericHash"; "" when computed in Go
	SourceColumn string // the hashed column, e.g. "order_id"
	// Src is where the annotation is; schema.HashPrefix takes it with
	// Evidence "config".
	Src Source
}

// Source is a place in the config file.
type Source struct {
	File string
	Line int
}

func (s Source) String() string {
	if s.Line <= 0 {
		return s.File
	}
	return s.File + ":" + strconv.Itoa(s.Line)
}

// Sink is a user function that hands YQL to the database, declared in the
// config file because ydblint cannot see through it (for example, it lives
// behind an interface or in a dependency analysed without facts).
type Sink struct {
	Package string // import path, e.g. "github.com/acme/app/db"
	// Function is "Func", "(*T).Method", "(T).Method" or "T.Method".
	Function string
	// QueryArg is the 0-based index of the query text argument, not counting
	// the receiver.
	QueryArg int
	// ParamsArg is the 0-based index of the parameters argument (or of the
	// first variadic argument), or -1 when the function takes none.
	ParamsArg int
	Src       Source
}

// FullName returns the name in (*types.Func).FullName form:
// "pkg.Func", "(*pkg.T).Method" or "(pkg.T).Method".
func (s Sink) FullName() string {
	f := s.Function
	if m := sinkFuncRE.FindStringSubmatch(f); m != nil {
		switch {
		case m[1] != "": // (*T).M or (T).M
			return "(" + m[2] + s.Package + "." + m[3] + ")." + m[5]
		case m[4] != "": // T.M
			return "(" + s.Package + "." + m[4] + ")." + m[5]
		default:
			return s.Package + "." + m[5]
		}
	}
	return s.Package + "." + f
}

// Target splits Function into the receiver type name ("" for a
// package-level function) and the function or method name. A pointer and a
// value receiver give the same name: a type cannot declare a method of one
// name on both, so the name alone identifies the method. ok is false when
// Function is not in one of the accepted forms.
func (s Sink) Target() (recv, name string, ok bool) {
	m := sinkFuncRE.FindStringSubmatch(s.Function)
	if m == nil {
		return "", "", false
	}
	switch {
	case m[1] != "":
		return m[3], m[5], true
	case m[4] != "":
		return m[4], m[5], true
	}
	return "", m[5], true
}

// sinkFuncRE matches "(*T).M", "(T).M", "T.M" and "F".
// Groups: 1 parenthesised receiver, 2 "*" or "", 3 its type, 4 bare
// receiver type, 5 function or method name.
var sinkFuncRE = regexp.MustCompile(`^(?:(\((\*?)([\pL_][\pL\pN_]*)\)\.)|([\pL_][\pL\pN_]*)\.)?([\pL_][\pL\pN_]*)$`)

// fileConfig is what one config file says, before flags are applied. Nil
// lists and pointers mean "not given".
type fileConfig struct {
	strict              *bool
	reportUnusedIgnores *bool
	includePkgs         []string
	excludePkgs         []string
	schemaPaths         []string // as written, relative to the file's directory
	schemaPathsLine     int
	tool, order         string
	hashes              []HashAnnotation
	sinks               []Sink
	errors              []Error
}

// parser walks a yaml.Node tree and collects errors with file, line and key.
type parser struct {
	file string
	fc   *fileConfig
}

func (p *parser) errorf(n *yaml.Node, key, format string, args ...any) {
	if len(p.fc.errors) >= maxErrors {
		return
	}
	line := 0
	if n != nil {
		line = n.Line
	}
	p.fc.errors = append(p.fc.errors, Error{File: p.file, Line: line, Key: key, Msg: fmt.Sprintf(format, args...)})
	if len(p.fc.errors) == maxErrors {
		p.fc.errors = append(p.fc.errors, Error{File: p.file, Key: "", Msg: "too many errors; stopped listing"})
	}
}

var yamlLineRE = regexp.MustCompile(`line (\d+)`)

// parseFile parses a config file's content. It never fails: problems are in
// the result's errors. name is used in messages only.
func parseFile(name string, data []byte) *fileConfig {
	p := &parser{file: name, fc: &fileConfig{}}
	if len(data) > MaxFileSize {
		p.errorf(nil, "", "file is larger than %d bytes", MaxFileSize)
		return p.fc
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) { // empty file or only comments
			return p.fc
		}
		p.yamlError(err)
		return p.fc
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		p.errorf(&extra, "", "file holds more than one YAML document")
		return p.fc
	} else if !errors.Is(err, io.EOF) {
		p.yamlError(err)
		return p.fc
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return p.fc
	}
	root := doc.Content[0]
	if root.Kind == yaml.ScalarNode && root.Tag == "!!null" {
		return p.fc // "---" with nothing after it
	}
	p.top(root)
	return p.fc
}

func (p *parser) yamlError(err error) {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = strings.TrimPrefix(msg, m[0]+": ")
	}
	p.fc.errors = append(p.fc.errors, Error{File: p.file, Line: line, Msg: "malformed YAML: " + msg})
}

// field is one key of a mapping and the function that decodes its value.
type field struct {
	name   string
	decode func(key string, v *yaml.Node)
}

// mapping decodes a mapping node: each key must be one of fields (unknown
// and repeated keys are errors).
func (p *parser) mapping(n *yaml.Node, key string, fields []field) {
	if !p.isKind(n, key, yaml.MappingNode, "a mapping") {
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.errorf(k, key, "keys must be plain strings")
			continue
		}
		sub := k.Value
		if key != "" {
			sub = key + "." + k.Value
		}
		var f *field
		for j := range fields {
			if fields[j].name == k.Value {
				f = &fields[j]
			}
		}
		if f == nil {
			p.errorf(k, sub, "unknown key (known: %s)", fieldNames(fields))
			continue
		}
		if seen[k.Value] {
			p.errorf(k, sub, "key given twice")
			continue
		}
		seen[k.Value] = true
		if v.Kind == yaml.AliasNode {
			p.errorf(v, sub, "YAML aliases are not supported")
			continue
		}
		f.decode(sub, v)
	}
}

func fieldNames(fields []field) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

func (p *parser) isKind(n *yaml.Node, key string, kind yaml.Kind, want string) bool {
	if n.Kind == kind {
		return true
	}
	if n.Kind == yaml.AliasNode {
		p.errorf(n, key, "YAML aliases are not supported")
		return false
	}
	p.errorf(n, key, "want %s, got %s", want, describe(n))
	return false
}

func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return "nothing"
		case "!!str":
			return fmt.Sprintf("the string %q", truncate(n.Value, 40))
		}
		return fmt.Sprintf("%s %s", strings.TrimPrefix(n.Tag, "!!"), truncate(n.Value, 40))
	}
	return "an unsupported YAML node"
}

func (p *parser) boolean(key string, n *yaml.Node) *bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		p.errorf(n, key, "want true or false, got %s", describe(n))
		return nil
	}
	b, err := strconv.ParseBool(n.Value)
	if err != nil {
		p.errorf(n, key, "want true or false, got %q", n.Value)
		return nil
	}
	return &b
}

func (p *parser) str(key string, n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!str" {
		p.errorf(n, key, "want a string, got %s", describe(n))
		return "", false
	}
	s := strings.TrimSpace(n.Value)
	if s == "" {
		p.errorf(n, key, "must not be empty")
		return "", false
	}
	if strings.ContainsRune(s, 0) {
		p.errorf(n, key, "contains a NUL byte")
		return "", false
	}
	return s, true
}

func (p *parser) integer(key string, n *yaml.Node, lo, hi int) (int, bool) {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		p.errorf(n, key, "want an integer, got %s", describe(n))
		return 0, false
	}
	var v int
	if err := n.Decode(&v); err != nil || v < lo || v > hi {
		p.errorf(n, key, "want an integer from %d to %d, got %s", lo, hi, n.Value)
		return 0, false
	}
	return v, true
}

// list accepts a sequence of strings or one comma-separated string.
func (p *parser) list(key string, n *yaml.Node) []string {
	out := []string{}
	switch {
	case n.Kind == yaml.ScalarNode && n.Tag == "!!str":
		return append(out, splitList(n.Value)...)
	case n.Kind == yaml.SequenceNode:
		for i, e := range n.Content {
			s, ok := p.str(fmt.Sprintf("%s[%d]", key, i), e)
			if !ok {
				continue
			}
			if strings.Contains(s, ",") {
				p.errorf(e, fmt.Sprintf("%s[%d]", key, i), "entry contains a comma")
				continue
			}
			out = append(out, s)
		}
		return out
	}
	p.errorf(n, key, "want a list of strings or a comma-separated string, got %s", describe(n))
	return nil
}

func (p *parser) top(n *yaml.Node) {
	fc := p.fc
	p.mapping(n, "", []field{
		{"version", func(key string, v *yaml.Node) {
			if x, ok := p.integer(key, v, 1, 1); ok && x != 1 {
				p.errorf(v, key, "unsupported version")
			}
		}},
		{StrictFlag, func(key string, v *yaml.Node) { fc.strict = p.boolean(key, v) }},
		{ReportUnusedIgnoresFlag, func(key string, v *yaml.Node) { fc.reportUnusedIgnores = p.boolean(key, v) }},
		{IncludePkgsFlag, func(key string, v *yaml.Node) { fc.includePkgs = p.list(key, v) }},
		{ExcludePkgsFlag, func(key string, v *yaml.Node) { fc.excludePkgs = p.list(key, v) }},
		{"schema", p.schemaSection},
		{"hash", p.hashSection},
		{"sinks", p.sinksSection},
	})
}

func (p *parser) schemaSection(key string, n *yaml.Node) {
	fc := p.fc
	p.mapping(n, key, []field{
		{"paths", func(key string, v *yaml.Node) {
			fc.schemaPaths = p.list(key, v)
			fc.schemaPathsLine = v.Line
		}},
		{"tool", func(key string, v *yaml.Node) {
			if s, ok := p.str(key, v); ok {
				if !validTool(s) {
					p.errorf(v, key, "unknown migration tool %q (want %s)", s, strings.Join(migrationTools, ", "))
					return
				}
				fc.tool = s
			}
		}},
		{"order", func(key string, v *yaml.Node) {
			if s, ok := p.str(key, v); ok {
				if !validOrder(s) {
					p.errorf(v, key, "unknown migration order %q (want %s)", s, strings.Join(migrationOrders, ", "))
					return
				}
				fc.order = s
			}
		}},
	})
}

// identRE matches a YDB column name and tablePathRE a table path as the
// config accepts them (letters, digits, '_', '-', '.', '/' separators).
var (
	identRE     = regexp.MustCompile(`^[\pL_][\pL\pN_-]*$`)
	tablePathRE = regexp.MustCompile(`^/?[\pL\pN_.-]+(/[\pL\pN_.-]+)*$`)
	hashFuncRE  = regexp.MustCompile(`^[\pL_][\pL\pN_]*(::[\pL_][\pL\pN_]*)*$`)
	pkgPathRE   = regexp.MustCompile(`^[\pL\pN_.~+-]+(/[\pL\pN_.~+-]+)*$`)
)

func (p *parser) hashSection(key string, n *yaml.Node) {
	if !p.isKind(n, key, yaml.SequenceNode, "a list of hash annotations") {
		return
	}
	seen := map[string]int{} // table → line
	for i, e := range n.Content {
		ekey := fmt.Sprintf("%s[%d]", key, i)
		var h HashAnnotation
		h.Src = Source{File: p.file, Line: e.Line}
		errs := len(p.fc.errors)
		p.mapping(e, ekey, []field{
			{"table", func(key string, v *yaml.Node) { h.Table = p.match(key, v, tablePathRE, "a table path") }},
			{"column", func(key string, v *yaml.Node) { h.Column = p.match(key, v, identRE, "a column name") }},
			{"function", func(key string, v *yaml.Node) {
				h.Function = p.match(key, v, hashFuncRE, "a YQL function name like Digest::NumericHash")
			}},
			{"source-column", func(key string, v *yaml.Node) { h.SourceColumn = p.match(key, v, identRE, "a column name") }},
		})
		if e.Kind != yaml.MappingNode || len(p.fc.errors) > errs {
			continue
		}
		if p.required(e, ekey, map[string]string{"table": h.Table, "column": h.Column, "source-column": h.SourceColumn}) {
			continue
		}
		if h.Column == h.SourceColumn {
			p.errorf(e, ekey, "column and source-column are the same column %q", h.Column)
			continue
		}
		if line, dup := seen[h.Table]; dup {
			p.errorf(e, ekey, "table %q already has a hash annotation at line %d", h.Table, line)
			continue
		}
		seen[h.Table] = e.Line
		p.fc.hashes = append(p.fc.hashes, h)
	}
}

func (p *parser) sinksSection(key string, n *yaml.Node) {
	if !p.isKind(n, key, yaml.SequenceNode, "a list of sinks") {
		return
	}
	seen := map[string]int{} // full name → line
	for i, e := range n.Content {
		ekey := fmt.Sprintf("%s[%d]", key, i)
		s := Sink{QueryArg: -1, ParamsArg: -1, Src: Source{File: p.file, Line: e.Line}}
		errs := len(p.fc.errors)
		p.mapping(e, ekey, []field{
			{"package", func(key string, v *yaml.Node) { s.Package = p.match(key, v, pkgPathRE, "an import path") }},
			{"function", func(key string, v *yaml.Node) {
				s.Function = p.match(key, v, sinkFuncRE, `"Func", "(*T).Method", "(T).Method" or "T.Method"`)
			}},
			{"query-arg", func(key string, v *yaml.Node) {
				if x, ok := p.integer(key, v, 0, 255); ok {
					s.QueryArg = x
				}
			}},
			{"params-arg", func(key string, v *yaml.Node) {
				if x, ok := p.integer(key, v, -1, 255); ok {
					s.ParamsArg = x
				}
			}},
		})
		if e.Kind != yaml.MappingNode || len(p.fc.errors) > errs {
			continue
		}
		qa := ""
		if s.QueryArg >= 0 {
			qa = "set"
		}
		if p.required(e, ekey, map[string]string{"package": s.Package, "function": s.Function, "query-arg": qa}) {
			continue
		}
		if s.ParamsArg == s.QueryArg {
			p.errorf(e, ekey, "query-arg and params-arg are both %d", s.QueryArg)
			continue
		}
		name := s.FullName()
		if line, dup := seen[name]; dup {
			p.errorf(e, ekey, "sink %s is already declared at line %d", name, line)
			continue
		}
		seen[name] = e.Line
		p.fc.sinks = append(p.fc.sinks, s)
	}
}

// match returns the string value when it matches re, "" (after an error)
// otherwise.
func (p *parser) match(key string, v *yaml.Node, re *regexp.Regexp, want string) string {
	s, ok := p.str(key, v)
	if !ok {
		return ""
	}
	if !re.MatchString(s) {
		p.errorf(v, key, "want %s, got %q", want, truncate(s, 60))
		return ""
	}
	return s
}

// required reports each missing key (in a fixed order) and says whether any
// was missing.
func (p *parser) required(n *yaml.Node, key string, vals map[string]string) bool {
	missing := false
	for _, k := range sortedKeys(vals) {
		if vals[k] == "" {
			p.errorf(n, key, "missing required key %q", k)
			missing = true
		}
	}
	return missing
}
