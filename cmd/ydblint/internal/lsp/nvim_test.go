package lsp

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ydblint/ydblint/internal/report"
)

// TestNeovim drives `ydblint lsp` from a real editor client: headless
// Neovim (0.7 API) with testdata/nvim_client.lua opens the hashprefix fix
// case in a copy of testdata/rules, applies the first code action, then
// puts non-ASCII text on a line and saves, then fixes that line with the
// first code action and saves again (the second save must refresh the
// diagnostics from the server's cached package graph). Neovim turns the
// server's UTF-16 positions into byte columns, so a wrong encoding shows
// as a wrong column here.
func TestNeovim(t *testing.T) {
	if os.Getenv("YDBLINT_INTEGRATION") != "1" {
		t.Skip("set YDBLINT_INTEGRATION=1 to run the Neovim integration test")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed; .ci/run installs it with apt-get install -y neovim")
		}
		t.Skip("nvim is not installed (apt-get install -y neovim)")
	}

	tmp := t.TempDir()
	bin := filepath.Join(tmp, "ydblint")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ydblint/ydblint/cmd/ydblint").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// A copy of the rules module, since the session saves the file.
	module := filepath.Join(tmp, "rules")
	copyTree(t, abs(t, "../../../../testdata/rules"), module)
	path := filepath.Join(module, "hashprefix", "fix", "fix.go")
	src := readFile(t, path)
	golden := readFile(t, path+".golden")
	script := abs(t, "testdata/nvim_client.lua")

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "-n", "-i", "NONE", "--noplugin", "-u", script)
	cmd.Env = append(os.Environ(), "YDBLINT_BIN="+bin, "YDBLINT_FILE="+path, "YDBLINT_OUT="+tmp)
	out, err := cmd.CombinedOutput()
	if b, e := os.ReadFile(filepath.Join(tmp, "error.txt")); e == nil {
		t.Fatalf("the Neovim session failed: %s\noutput:\n%s", b, out)
	}
	if err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}

	type diag struct {
		Lnum     int `json:"lnum"`
		Col      int `json:"col"`
		EndLnum  int `json:"end_lnum"`
		EndCol   int `json:"end_col"`
		Severity int
		Message  string
		Source   string
		Code     string
		Href     *string
	}
	readDiags := func(name string) []diag {
		var ds []diag
		b := []byte(readFile(t, filepath.Join(tmp, name)))
		if err := json.Unmarshal(b, &ds); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
		return ds
	}
	find := func(ds []diag, message string) *diag {
		for i := range ds {
			if strings.Contains(ds[i].Message, message) {
				return &ds[i]
			}
		}
		return nil
	}
	// Neovim's line and column numbers are 0-based, and columns are bytes.
	lines := strings.Split(src, "\n")
	const missing = "add order_hash = Digest::NumericHash($id) to the WHERE clause"
	ds := readDiags("diagnostics.json")
	for _, w := range []struct {
		line          int
		text, message string
	}{
		{13, "order_id = $id", missing},
		{17, "order_hash = Digest::NumericHash(order_id)", "is compared with a function of a column"},
	} {
		d := find(ds, w.message)
		col := strings.Index(lines[w.line], w.text)
		if d == nil || d.Lnum != w.line || d.Col != col || d.EndLnum != w.line || d.EndCol != col+len(w.text) {
			t.Errorf("diagnostic %q: %+v, want line %d columns %d-%d", w.message, d, w.line, col, col+len(w.text))
			continue
		}
		if d.Severity != 2 || d.Source != "ydblint" || d.Code != "hashprefix" || d.Href == nil || !strings.HasPrefix(*d.Href, report.URLBase+"hashprefix") {
			t.Errorf("diagnostic %+v", d)
		}
	}

	// The first code action is the first diagnostic's quick fix: line 14 as
	// in the golden file, the rest unchanged.
	goldenLines := strings.Split(golden, "\n")
	want := append([]string{}, lines...)
	want[13] = goldenLines[13]
	if edited := readFile(t, filepath.Join(tmp, "edited.go")); edited != strings.Join(want, "\n") {
		t.Errorf("after the code action:\n%s\nwant:\n%s", edited, strings.Join(want, "\n"))
	}

	line2 := readFile(t, filepath.Join(tmp, "line2.txt"))
	d := find(readDiags("diagnostics2.json"), missing)
	col := strings.Index(line2, "order_id = $id")
	if d == nil || d.Lnum != 13 || d.Col != col || d.EndCol != col+len("order_id = $id") {
		t.Errorf("after the non-ASCII edit: %+v, want line 13 columns %d-%d of %q", d, col, col+len("order_id = $id"), line2)
	}
	if saved := strings.Split(readFile(t, path), "\n"); len(saved) < 14 || saved[13] == line2 || !strings.Contains(saved[13], "заказ") {
		t.Errorf("the session did not save the non-ASCII edit and then its fix: line 14 is %q", saved[13])
	}
	// The second save (the fix applied to that line) refreshed the
	// diagnostics: the finding is gone, the others stay.
	ds3 := readDiags("diagnostics3.json")
	if d := find(ds3, missing); d != nil && d.Lnum == 13 {
		t.Errorf("after the second save the fixed finding remains: %+v", d)
	}
	if len(ds3) != len(ds)-1 {
		t.Errorf("after the second save: %d diagnostics, want %d", len(ds3), len(ds)-1)
	}
}

// copyTree copies the regular files under src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
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
		if !d.Type().IsRegular() {
			return nil
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
}
