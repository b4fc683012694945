package site

import "go/token"

// Row is one row of a BulkUpsert or one key of ReadRows/ReadTable: named
// fields (struct) or positional elements (tuple).
type Row struct {
	Pos, End token.Pos
	Fields   []*Field
	// Known is false when the row's field list could not be fully decoded.
	Known bool
	// Impl names the method whose returned fields begin this row, when the
	// fields come from an interface method call ("(example.com/idx.tagIndex).StructFields
	// at idx/tag.go:31:2"); "" for a row built where it is written.
	Impl string
}

// Field is one named (or positional, Name "" and Index set) value of a row.
type Field struct {
	Name     string
	Index    int
	Pos, End token.Pos
	Value    Value
}

// TableOptions is the decoded form of CreateTable / AlterTable options.
type TableOptions struct {
	Columns     []ColumnOption // WithColumn / WithColumnMeta / WithAddColumn
	DropColumns []string
	PrimaryKey  []string // WithPrimaryKeyColumn calls, concatenated in order
	// PrimaryKeyPos is the first WithPrimaryKeyColumn call.
	PrimaryKeyPos token.Pos
	Indexes       []IndexOption
	DropIndexes   []string
	// UniformPartitions is WithPartitions(WithUniformPartitions(n)); 0 when absent or unknown.
	UniformPartitions int
	TTLColumn         string
}

// ColumnOption is one column option.
type ColumnOption struct {
	Name     string
	YDBType  string // without Optional, "" when unknown
	Optional bool   // types.Optional(...): nullable
	Default  bool   // WithColumnMeta with a DefaultValue
	Pos      token.Pos
}

// IndexOption is one WithIndex / WithAddIndex option.
type IndexOption struct {
	Name    string
	Columns []string
	Cover   []string
	Async   bool
	Unique  bool
	Pos     token.Pos
}
