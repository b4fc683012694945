package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// TestLSPCommand checks the wiring of `ydblint lsp`; the server itself is
// tested in internal/lsp.
func TestLSPCommand(t *testing.T) {
	bin := buildTool(t)

	t.Run("unknown flag", func(t *testing.T) {
		_, stderr, code := run(t, "", bin, "lsp", "-no-such-flag")
		if code != 2 || !strings.Contains(stderr, "flag provided but not defined") {
			t.Errorf("code %d, stderr %q", code, stderr)
		}
	})
	t.Run("positional arguments", func(t *testing.T) {
		_, stderr, code := run(t, "", bin, "lsp", "./...")
		if code != 2 || !strings.Contains(stderr, "unexpected arguments") {
			t.Errorf("code %d, stderr %q", code, stderr)
		}
	})
	t.Run("help lists the lifted config flags", func(t *testing.T) {
		_, stderr, code := run(t, "", bin, "lsp", "-h")
		if code != 0 || !strings.Contains(stderr, "-strict") || !strings.Contains(stderr, "-migrations") || !strings.Contains(stderr, "-debounce") {
			t.Errorf("code %d, stderr %q", code, stderr)
		}
	})
	t.Run("session over stdio", func(t *testing.T) {
		var in bytes.Buffer
		for _, m := range []string{
			`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`,
			`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
			`{"jsonrpc":"2.0","method":"exit"}`,
		} {
			fmt.Fprintf(&in, "Content-Length: %d\r\n\r\n%s", len(m), m)
		}
		cmd := exec.Command(bin, "lsp", "-strict")
		cmd.Stdin = &in
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("ydblint lsp: %v\nstderr: %s", err, errOut.String())
		}
		for _, want := range []string{`"id":1,"result":{"capabilities"`, `"serverInfo":{"name":"ydblint"`, `"id":2,"result":null`} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("stdout lacks %s:\n%s", want, out.String())
			}
		}
	})
	t.Run("stdin closed without exit", func(t *testing.T) {
		cmd := exec.Command(bin, "lsp")
		cmd.Stdin = strings.NewReader("")
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Errorf("exit: %v, want status 1", err)
		}
	})
}
