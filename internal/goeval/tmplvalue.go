package goeval

import (
	"slices"
	"text/template/parse"
)

type tmplValue struct {
	name   string
	html   bool
	funcs  bool
	delims [2]string
	trees  []namedTree // sorted by name
	bad    string
}

type namedTree struct {
	name string
	tree *parse.Tree
	text string
	segs []tmplSeg
}

// tmplSeg maps text[start:start+len(piece text)] to a literal piece.
type tmplSeg struct {
	start int
	ref   int
}

func mkTemplate(t *tmplValue) *Value { return &Value{kind: KTemplate, tmpl: t, size: 1} }

func (t *tmplValue) clone() *tmplValue {
	c := *t
	c.trees = slices.Clone(t.trees)
	return &c
}

func (t *tmplValue) tree(name string) *namedTree {
	for i := range t.trees {
		if t.trees[i].name == name {
			return &t.trees[i]
		}
	}
	return nil
}
