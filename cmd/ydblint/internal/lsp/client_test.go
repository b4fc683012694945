package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
)

// testClient is an LSP client talking to an in-process server over a pipe.
type testClient struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	exit  chan int
	log   *syncBuffer
	mu    sync.Mutex
	cond  *sync.Cond
	diags []PublishDiagnosticsParams // every publishDiagnostics, in order
	logs  []string                   // window/logMessage texts
	// progress is "create <token>" for each window/workDoneProgress/create
	// and "<kind> <token>: <title/message>" for each $/progress, in order.
	progress []string
	closed   bool
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// startServer starts a server with opts and a connected client. The
// session is shut down at the end of the test unless the test did.
func startServer(t *testing.T, opts Options) *testClient {
	t.Helper()
	serverSide, clientSide := net.Pipe()
	c := &testClient{t: t, exit: make(chan int, 1), log: &syncBuffer{}}
	c.cond = sync.NewCond(&c.mu)
	opts.Log = c.log
	go func() { c.exit <- Serve(context.Background(), serverSide, opts) }()
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(clientSide, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(c.handle))
	t.Cleanup(func() {
		_ = c.conn.Close()
		select {
		case <-c.exit:
		case <-time.After(10 * time.Second):
			t.Errorf("server did not stop after the client closed the connection")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", c.log.String())
		}
	})
	return c
}

func (c *testClient) handle(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	defer c.cond.Broadcast()
	switch req.Method {
	case "textDocument/publishDiagnostics":
		var p PublishDiagnosticsParams
		if err := json.Unmarshal(*req.Params, &p); err != nil {
			c.t.Errorf("publishDiagnostics params: %v", err)
		}
		c.diags = append(c.diags, p)
	case "window/logMessage":
		var p LogMessageParams
		_ = json.Unmarshal(*req.Params, &p)
		c.logs = append(c.logs, p.Message)
	case "window/workDoneProgress/create":
		var p WorkDoneProgressCreateParams
		_ = json.Unmarshal(*req.Params, &p)
		c.progress = append(c.progress, "create "+p.Token)
	case "$/progress":
		var p ProgressParams
		_ = json.Unmarshal(*req.Params, &p)
		c.progress = append(c.progress, p.Value.Kind+" "+p.Token+": "+p.Value.Title+p.Value.Message)
	}
	return nil, nil
}

// waitFor waits until cond (called with c.mu held) holds.
func (c *testClient) waitFor(what string, timeout time.Duration, cond func() bool) {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	timer := time.AfterFunc(timeout, func() {
		c.mu.Lock()
		c.cond.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for !cond() {
		if time.Now().After(deadline) {
			c.t.Fatalf("timed out after %v waiting for %s; logs: %q", timeout, what, c.logs)
		}
		c.cond.Wait()
	}
}

// analysisTimeout bounds one analysis of a package that imports the real
// ydb-go-sdk: it loads and analyses every dependency from source.
const analysisTimeout = 4 * time.Minute

// diagnosticsAfter waits for the first publishDiagnostics for uri after the
// first n publications and returns it with the new count.
func (c *testClient) diagnosticsAfter(uri DocumentURI, n int) (PublishDiagnosticsParams, int) {
	c.t.Helper()
	var got PublishDiagnosticsParams
	var count int
	c.waitFor("diagnostics for "+string(uri), analysisTimeout, func() bool {
		for i := n; i < len(c.diags); i++ {
			if c.diags[i].URI == uri {
				got, count = c.diags[i], i+1
				return true
			}
		}
		return false
	})
	return got, count
}

func (c *testClient) published() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.diags)
}

func (c *testClient) call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), analysisTimeout)
	defer cancel()
	return c.conn.Call(ctx, method, params, result)
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("notify %s: %v", method, err)
	}
}

// initialize runs the handshake with a client that takes code action
// literals, as every current editor does.
func (c *testClient) initialize() InitializeResult {
	c.t.Helper()
	var res InitializeResult
	params := json.RawMessage(`{"processId":null,"rootUri":null,"capabilities":{"textDocument":{"codeAction":{"codeActionLiteralSupport":{"codeActionKind":{"valueSet":["quickfix"]}}}}}}`)
	if err := c.call("initialize", params, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.notify("initialized", struct{}{})
	return res
}

func (c *testClient) open(path, text string) DocumentURI {
	c.t.Helper()
	uri := pathToURI(path)
	c.notify("textDocument/didOpen", DidOpenTextDocumentParams{TextDocument: TextDocumentItem{URI: uri, LanguageID: "go", Version: 1, Text: text}})
	return uri
}

func (c *testClient) codeActions(uri DocumentURI, r Range) []CodeAction {
	c.t.Helper()
	var actions []CodeAction
	if err := c.call("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: r}, &actions); err != nil {
		c.t.Fatalf("codeAction: %v", err)
	}
	return actions
}

func rpcCode(err error) int64 {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return e.Code
	}
	return 0
}

// applyEdits applies LSP edits (ranges in the original text, not
// overlapping) to text, as an editor does.
func applyEdits(t *testing.T, text string, edits []TextEdit) string {
	t.Helper()
	m := newMapper(text)
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{m.offset(e.Range.Start), m.offset(e.Range.End), e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start > spans[j].start })
	for i, s := range spans {
		if s.end < s.start || i > 0 && s.end > spans[i-1].start {
			t.Fatalf("bad or overlapping edits: %+v", edits)
		}
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func abs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
