package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// BenchmarkLSP measures `ydblint lsp` as an editor sees it, over the
// protocol, and gopls beside it on the same file in the same run:
//
//	YDBLINT_BENCH_LSP=/abs/path/file.go[,/abs/path/other.go] \
//	  go test -run '^$' -bench LSP -benchtime=1x ./cmd/ydblint/...
//
// For each file: the time from didOpen to the first publishDiagnostics,
// then -saves (10) one-line edits (a comment line at the end of the file,
// changed each time: didChange, the file written, didSave) and the time
// from didChange to the next publishDiagnostics for the file (median),
// then 50 saves more and the server's resident memory (VmRSS, and the peak
// VmHWM) after the first open and after the 50 saves. gopls is the one on
// PATH or in $(go env GOPATH)/bin (YDBLINT_BENCH_GOPLS names another;
// "none" skips it; YDBLINT_BENCH_BIN runs another ydblint binary instead
// of building this one, for before/after tables; YDBLINT_BENCH_RSS_SAVES
// replaces the 50 saves before the memory measurement; YDBLINT_BENCH_LOG=file appends the servers' stderr to
// file). The file is restored at the end, but point the
// benchmark at a copy of the code: it writes the file 60 times.
func BenchmarkLSP(b *testing.B) {
	files := os.Getenv("YDBLINT_BENCH_LSP")
	if files == "" {
		b.Skip("set YDBLINT_BENCH_LSP to the Go file(s) to edit (absolute paths, comma-separated)")
	}
	bin := os.Getenv("YDBLINT_BENCH_BIN") // another ydblint, e.g. an older build, for before/after
	if bin == "" {
		bin = filepath.Join(b.TempDir(), "ydblint")
		if out, err := exec.Command("go", "build", "-o", bin, "github.com/ydblint/ydblint/cmd/ydblint").CombinedOutput(); err != nil {
			b.Fatalf("go build: %v\n%s", err, out)
		}
	}
	servers := []benchServer{{name: "ydblint", argv: []string{bin, "lsp"}}}
	if g := goplsPath(); g != "" {
		servers = append(servers, benchServer{name: "gopls", argv: []string{g}})
	}
	var table strings.Builder
	table.WriteString("| file | server | first diagnostics | save → diagnostics (median of 10) | RSS after open | RSS after 50 saves | peak RSS |\n|---|---|---:|---:|---:|---:|---:|\n")
	for _, file := range strings.Split(files, ",") {
		medians := map[string]time.Duration{}
		for _, srv := range servers {
			r := benchFile(b, srv, file)
			medians[srv.name] = r.save
			fmt.Fprintf(&table, "| %s | %s | %.2f s | %.3f s | %d MiB | %d MiB (%.2f×) | %d MiB |\n",
				filepath.Base(file), srv.name, r.open.Seconds(), r.save.Seconds(), r.rssOpen>>10, r.rssAfter>>10,
				float64(r.rssAfter)/float64(r.rssOpen), r.hwm>>10)
			b.ReportMetric(r.save.Seconds(), srv.name+"-save-s")
			b.ReportMetric(r.open.Seconds(), srv.name+"-open-s")
		}
		if g := medians["gopls"]; g > 0 {
			fmt.Fprintf(&table, "| %s | ydblint / gopls | | %.1f× | | | |\n", filepath.Base(file), float64(medians["ydblint"])/float64(g))
		}
	}
	b.Logf("\n%s", table.String())
	fmt.Print(table.String())
}

type benchServer struct {
	name string
	argv []string
}

type benchResult struct {
	open, save             time.Duration
	rssOpen, rssAfter, hwm int64 // KiB
}

func goplsPath() string {
	if g := os.Getenv("YDBLINT_BENCH_GOPLS"); g != "" {
		if g == "none" {
			return ""
		}
		return g
	}
	if p, err := exec.LookPath("gopls"); err == nil {
		return p
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err == nil {
		p := filepath.Join(strings.TrimSpace(string(out)), "bin", "gopls")
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// benchClient is a minimal LSP client: it records publishDiagnostics per
// URI and answers the server's requests (configuration, registrations,
// progress) with empty results.
type benchClient struct {
	conn *jsonrpc2.Conn
	mu   sync.Mutex
	cond *sync.Cond
	pubs map[DocumentURI]int
}

func (c *benchClient) Handle(_ context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	if req.Method == "textDocument/publishDiagnostics" {
		var p PublishDiagnosticsParams
		if req.Params != nil && json.Unmarshal(*req.Params, &p) == nil {
			c.mu.Lock()
			c.pubs[p.URI]++
			c.cond.Broadcast()
			c.mu.Unlock()
		}
	}
	if !req.Notif {
		var result any
		if req.Method == "workspace/configuration" {
			result = []any{nil}
		}
		_ = conn.Reply(context.Background(), req.ID, result)
	}
}

func (c *benchClient) count(uri DocumentURI) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.pubs[uri]
}

// waitPast waits until uri has more than n publications.
func (c *benchClient) waitPast(b *testing.B, uri DocumentURI, n int, timeout time.Duration) {
	deadline := time.AfterFunc(timeout, func() {
		c.mu.Lock()
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	defer deadline.Stop()
	start := time.Now()
	c.mu.Lock()
	defer c.mu.Unlock()
	for c.pubs[uri] <= n {
		if time.Since(start) > timeout {
			b.Fatalf("no diagnostics for %s within %v", uri, timeout)
		}
		c.cond.Wait()
	}
}

type rwc struct {
	io.ReadCloser
	io.WriteCloser
}

func (s rwc) Close() error {
	err := s.ReadCloser.Close()
	if e := s.WriteCloser.Close(); err == nil {
		err = e
	}
	return err
}

func benchFile(b *testing.B, srv benchServer, file string) benchResult {
	orig, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	defer os.WriteFile(file, orig, 0o644)
	cmd := exec.Command(srv.argv[0], srv.argv[1:]...)
	cmd.Dir = filepath.Dir(file)
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	cmd.Stderr = io.Discard
	if name := os.Getenv("YDBLINT_BENCH_LOG"); name != "" { // the servers' logs, appended
		if f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			defer f.Close()
			cmd.Stderr = f
		}
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	c := &benchClient{pubs: map[DocumentURI]int{}}
	c.cond = sync.NewCond(&c.mu)
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(rwc{stdout, stdin}, jsonrpc2.VSCodeObjectCodec{}), c)
	defer c.conn.Close()
	ctx := context.Background()
	root := moduleRootOf(filepath.Dir(file))
	rootURI := "file://" + root
	init := map[string]any{
		"processId": os.Getpid(), "rootUri": rootURI,
		"workspaceFolders": []map[string]string{{"uri": rootURI, "name": filepath.Base(root)}},
		"capabilities": map[string]any{
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"versionSupport": true},
				"codeAction":         map[string]any{"codeActionLiteralSupport": map[string]any{"codeActionKind": map[string]any{"valueSet": []string{"quickfix"}}}},
				"synchronization":    map[string]any{"didSave": true},
			},
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true},
		},
	}
	var res json.RawMessage
	if err := c.conn.Call(ctx, "initialize", init, &res); err != nil {
		b.Fatalf("%s initialize: %v", srv.name, err)
	}
	_ = c.conn.Notify(ctx, "initialized", struct{}{})
	uri := DocumentURI("file://" + file)
	text := string(orig)
	start := time.Now()
	_ = c.conn.Notify(ctx, "textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "go", Version: 1, Text: text}})
	c.waitPast(b, uri, 0, 10*time.Minute)
	r := benchResult{open: time.Since(start)}
	time.Sleep(2 * time.Second) // let gopls finish its workspace load before the saves
	r.rssOpen, _ = procStatus(cmd.Process.Pid)
	version := int32(1)
	save := func(i int) time.Duration {
		version++
		edited := strings.TrimRight(text, "\n") + "\n\n// benchmark edit " + strconv.Itoa(i) + "\n"
		n := c.count(uri)
		start := time.Now()
		_ = c.conn.Notify(ctx, "textDocument/didChange", DidChangeTextDocumentParams{
			TextDocument:   VersionedTextDocumentIdentifier{URI: uri, Version: version},
			ContentChanges: []TextDocumentContentChangeEvent{{Text: edited}},
		})
		if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
			b.Fatal(err)
		}
		_ = c.conn.Notify(ctx, "textDocument/didSave", DidSaveTextDocumentParams{TextDocument: TextDocumentIdentifier{URI: uri}})
		c.waitPast(b, uri, n, 5*time.Minute)
		d := time.Since(start)
		time.Sleep(300 * time.Millisecond) // let a second publication (gopls's) pass
		return d
	}
	var times []time.Duration
	for i := range 10 {
		times = append(times, save(i))
	}
	slices.Sort(times)
	r.save = (times[4] + times[5]) / 2
	extra := 50
	if v, err := strconv.Atoi(os.Getenv("YDBLINT_BENCH_RSS_SAVES")); err == nil {
		extra = v // fewer for a slow server (a before measurement)
	}
	for i := range extra {
		save(100 + i)
	}
	r.rssAfter, r.hwm = procStatus(cmd.Process.Pid)
	var shutdown json.RawMessage
	_ = c.conn.Call(ctx, "shutdown", nil, &shutdown)
	_ = c.conn.Notify(ctx, "exit", nil)
	return r
}

// procStatus returns VmRSS and VmHWM of a process, in KiB.
func procStatus(pid int) (rss, hwm int64) {
	f, err := os.Open("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), ":")
		n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		switch k {
		case "VmRSS":
			rss = n
		case "VmHWM":
			hwm = n
		}
	}
	return rss, hwm
}

func moduleRootOf(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}
