package value

import (
	"slices"
	"text/template/parse"
)

// Template is a parsed text/template or html/template (the value of a
// KTemplate): its trees by name, and what the evaluator must know to run
// them on abstract data.
type Template struct {
	Name string
	HTML bool
	// Funcs: Funcs was called, so a function a tree calls may be one the
	// program defines.
	Funcs  bool
	Delims [2]string
	Trees  []NamedTree // sorted by name
	// Bad says why the template cannot be run (a text not known, a parse
	// error), "" when it can.
	Bad string
}

// NamedTree is a tree of a template with the text it was parsed from.
type NamedTree struct {
	Name string
	Tree *parse.Tree
	Text string
	Segs []TemplateSeg
}

// TemplateSeg maps Text[Start:Start+len(piece text)] to the literal
// piece Ref, so text runs of the tree keep their source positions.
type TemplateSeg struct {
	Start int
	Ref   int
}

// TemplateValue is the value holding template t.
func TemplateValue(t *Template) *Value { return &Value{kind: KTemplate, tmpl: t, size: 1} }

// Clone is a copy of t whose trees can be added to without changing t.
func (t *Template) Clone() *Template {
	c := *t
	c.Trees = slices.Clone(t.Trees)
	return &c
}

// Tree returns t's tree named name, nil when none.
func (t *Template) Tree(name string) *NamedTree {
	for i := range t.Trees {
		if t.Trees[i].Name == name {
			return &t.Trees[i]
		}
	}
	return nil
}
