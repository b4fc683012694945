package lsp

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// writeFile writes text to path, as an editor does before didSave.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// copyModule copies the module directory src (relative to the test's
// directory) into a temporary directory and returns the copy's path: the
// tests edit and save files, and testdata must stay as it is.
func copyModule(t *testing.T, src string) string {
	t.Helper()
	src = abs(t, src)
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
