package lsp

import (
	"errors"
	"net/url"
	"path/filepath"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// uriToPath returns the cleaned absolute path of a file URI.
func uriToPath(uri DocumentURI) (string, error) {
	u, err := url.Parse(string(uri))
	if err != nil {
		return "", err
	}
	if u.Scheme != "file" {
		return "", errors.New("not a file URI: " + string(uri))
	}
	p := u.Path
	if p == "" {
		p = u.Opaque
	}
	if !filepath.IsAbs(p) {
		return "", errors.New("not an absolute file URI: " + string(uri))
	}
	return filepath.Clean(p), nil
}

// pathToURI returns the file URI of an absolute path, percent-encoded as
// editors write it.
func pathToURI(path string) DocumentURI {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(path)}
	return DocumentURI(u.String())
}

// lineStarts returns the byte offset at which each line of text begins.
// Lines end at "\n" (a preceding "\r" belongs to the line, as it does for
// go/token columns).
func lineStarts(text string) []int {
	starts := []int{0}
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// utf16Len is the length of s in UTF-16 code units. An invalid byte counts
// as one unit, as it does once an editor has decoded it to U+FFFD.
func utf16Len(s string) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if r == utf8.RuneError {
			n++
			continue
		}
		n += utf16.RuneLen(r)
	}
	return n
}

// mapper converts between byte offsets of one text and LSP positions.
type mapper struct {
	text   string
	starts []int
}

func newMapper(text string) *mapper { return &mapper{text: text, starts: lineStarts(text)} }

// position converts a byte offset, clamped to the text, to a position.
func (m *mapper) position(offset int) Position {
	offset = max(0, min(offset, len(m.text)))
	line := 0
	lo, hi := 0, len(m.starts)-1
	for lo <= hi { // last start <= offset
		mid := (lo + hi) / 2
		if m.starts[mid] <= offset {
			line, lo = mid, mid+1
		} else {
			hi = mid - 1
		}
	}
	return Position{Line: uint32(line), Character: uint32(utf16Len(m.text[m.starts[line]:offset]))}
}

// lineColumn converts a go/token line (1-based) and byte column (1-based) to
// a position; the column is clamped to the line.
func (m *mapper) lineColumn(line, column int) Position {
	if line < 1 {
		return Position{}
	}
	if line > len(m.starts) {
		return m.position(len(m.text))
	}
	start := m.starts[line-1]
	end := len(m.text)
	if line < len(m.starts) {
		end = m.starts[line] - 1 // the "\n"
	}
	off := start + max(0, column-1)
	return m.position(min(off, end))
}

// offset converts a position to a byte offset. A character beyond the end
// of the line means the end of the line (the specification's rule); one in
// the middle of a surrogate pair means the start of that rune.
func (m *mapper) offset(p Position) int {
	if int(p.Line) >= len(m.starts) {
		return len(m.text)
	}
	start := m.starts[p.Line]
	end := len(m.text)
	if int(p.Line)+1 < len(m.starts) {
		end = m.starts[p.Line+1] - 1
	}
	line := m.text[start:end]
	line = strings.TrimSuffix(line, "\r")
	units := 0
	for i, r := range line {
		if units >= int(p.Character) {
			return start + i
		}
		n := 1
		if r != utf8.RuneError {
			n = utf16.RuneLen(r)
		}
		if units+n > int(p.Character) {
			return start + i
		}
		units += n
	}
	return start + len(line)
}
