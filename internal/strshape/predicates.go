package strshape

import "strings"

// IsEmpty reports whether s is the empty string: an empty literal or a
// concatenation of them.
func IsEmpty(s *Shape) bool {
	switch {
	case s == nil:
		return false
	case s.Kind == KindLit:
		return s.Text == ""
	case s.Kind == KindCat:
		for _, p := range s.Parts {
			if !IsEmpty(p) {
				return false
			}
		}
		return true
	}
	return false
}

// HasHole reports whether s holds a hole.
func HasHole(s *Shape) bool {
	if s == nil {
		return false
	}
	if s.Kind == KindHole {
		return true
	}
	for _, p := range s.Parts {
		if HasHole(p) {
			return true
		}
	}
	return false
}

// OnlyChars reports whether every literal of s is made of the characters
// in cutset (a path made of holes and slashes, with cutset "/").
func OnlyChars(s *Shape, cutset string) bool {
	if s == nil {
		return false
	}
	if s.Kind == KindLit {
		return strings.Trim(s.Text, cutset) == ""
	}
	for _, p := range s.Parts {
		if !OnlyChars(p, cutset) {
			return false
		}
	}
	return true
}
