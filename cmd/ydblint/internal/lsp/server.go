package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"golang.org/x/tools/go/analysis"

	"github.com/ydblint/ydblint/analyzer"
)

// Options configure a server.
type Options struct {
	// Analyzers run on every analysis (the rules; their requirements come
	// along).
	Analyzers []*analysis.Analyzer
	// Debounce is how long the server waits after didOpen or didSave
	// before it analyses, so that a burst of saves costs one analysis.
	Debounce time.Duration
	// Log receives the server's log lines (stderr in the command).
	Log io.Writer
	// Version is reported in serverInfo.
	Version string
	// Evidence is the command that prints a module's own hash-prefix
	// evidence per package (the ydblint binary, EvidenceCommand and the
	// configuration flags; package patterns are appended), run in the
	// module's root (evidence.go). Empty: no module evidence, each package
	// sees the evidence of its imports only, as under go vet.
	Evidence []string
}

// Server states.
const (
	stateNew = iota
	stateInitialized
	stateShutdown
)

// document is an open text document.
type document struct {
	uri     DocumentURI
	version int32
	text    string
}

// Server is one LSP session. Notifications are handled in order on the
// connection's reading goroutine (they only update state and schedule
// work); requests run on their own goroutines so that $/cancelRequest can
// reach them; analyses run one at a time on the worker goroutine.
type Server struct {
	opts Options
	conn *jsonrpc2.Conn

	// ctx ends when the session ends; it cancels analyses.
	ctx    context.Context
	cancel context.CancelFunc

	mu             sync.Mutex
	state          int
	literalActions bool                       // client takes CodeAction literals
	docs           map[string]*document       // open documents by path
	results        map[string]*fileResult     // last published, by path
	good           map[string]*fileResult     // last result of a package that type-checked, by path
	snaps          map[string]*snapshotEntry  // package graphs by job key (snapshot.go)
	modules        map[string]*moduleEvidence // module evidence by module root (evidence.go)
	planned        map[string]map[string]bool // tables the last analysis planned on, by job key
	watch          bool                       // client registers file watchers dynamically
	progress       bool                       // client takes server-initiated work done progress
	firstDone      bool                       // the first analysis has published (progress is shown for it only)
	inflight       map[string]func()          // cancel functions by request ID
	jobs           map[string]*job            // scheduled or running analyses by key
	queue          []string                   // keys whose debounce expired, in order
	wake           chan struct{}              // signals the worker
	exited         chan struct{}              // closed by exit
	exitCode       int
	exitOnce       sync.Once
}

// job is the analysis of one package (keyed by directory and whether the
// file is a test file), with the file that asked for it.
type job struct {
	path    string
	timer   *time.Timer
	queued  bool
	running context.CancelFunc // non-nil while the worker runs it
	again   bool               // rescheduled while running
	settled chan struct{}      // closed when no analysis is pending for the key
}

func jobKey(path string) string {
	return filepath.Dir(path) + "\x00" + fmt.Sprint(strings.HasSuffix(path, "_test.go"))
}

// Serve runs a session over stream until the client sends exit or closes
// the stream, and returns the process exit code: 0 after shutdown and
// exit, 1 otherwise (the specification's rule).
func Serve(ctx context.Context, stream io.ReadWriteCloser, opts Options) int {
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	s := newServer(ctx, opts)
	conn := jsonrpc2.NewConn(s.ctx, jsonrpc2.NewBufferedStream(stream, jsonrpc2.VSCodeObjectCodec{}), s)
	s.mu.Lock()
	if s.conn == nil {
		s.conn = conn
	}
	s.mu.Unlock()
	go s.worker()
	select {
	case <-conn.DisconnectNotify():
		s.logf("the client closed the connection")
	case <-s.exited:
	}
	s.cancel()
	_ = conn.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.exitCode
}

func newServer(ctx context.Context, opts Options) *Server {
	s := &Server{
		opts:     opts,
		docs:     map[string]*document{},
		results:  map[string]*fileResult{},
		good:     map[string]*fileResult{},
		snaps:    map[string]*snapshotEntry{},
		modules:  map[string]*moduleEvidence{},
		planned:  map[string]map[string]bool{},
		inflight: map[string]func(){},
		jobs:     map[string]*job{},
		wake:     make(chan struct{}, 1),
		exited:   make(chan struct{}),
		exitCode: 1,
	}
	s.ctx, s.cancel = context.WithCancel(ctx)
	return s
}

func (s *Server) connection() *jsonrpc2.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn
}

// logf writes to the log and, once the session is initialised, to the
// client's log (window/logMessage).
func (s *Server) logf(format string, args ...any) {
	s.message(messageLog, format, args...)
}

func (s *Server) message(typ int, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	fmt.Fprintln(s.opts.Log, "ydblint lsp: "+msg)
	s.mu.Lock()
	conn, state := s.conn, s.state
	s.mu.Unlock()
	if conn != nil && state == stateInitialized {
		_ = conn.Notify(s.ctx, "window/logMessage", LogMessageParams{Type: typ, Message: msg})
	}
}

// Handle implements jsonrpc2.Handler.
func (s *Server) Handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) {
	// The first message may arrive before NewConn has returned to Serve.
	s.mu.Lock()
	if s.conn == nil {
		s.conn = conn
	}
	s.mu.Unlock()
	if req.Notif {
		s.protect(req.Method, func() { s.notification(req) })
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	switch {
	case req.Method == "initialize" || req.Method == "shutdown":
		// In order: nothing else may run before initialize or after
		// shutdown.
		s.reply(s.ctx, req, func(ctx context.Context) (any, error) { return s.request(ctx, req) })
		return
	case state == stateNew:
		s.replyError(req, codeServerNotInitialized, "the server is not initialized")
		return
	case state == stateShutdown:
		s.replyError(req, codeInvalidRequest, "the server is shutting down")
		return
	}
	rctx, cancel := context.WithCancel(s.ctx)
	id := req.ID.String()
	s.mu.Lock()
	s.inflight[id] = cancel
	s.mu.Unlock()
	go func() {
		defer func() {
			s.mu.Lock()
			delete(s.inflight, id)
			s.mu.Unlock()
			cancel()
		}()
		s.reply(rctx, req, func(ctx context.Context) (any, error) { return s.request(ctx, req) })
	}()
}

// rpcError is an error with a JSON-RPC code.
type rpcError struct {
	code int64
	msg  string
}

func (e *rpcError) Error() string { return e.msg }

// reply runs handle, turning a panic into an internal error, and answers.
func (s *Server) reply(ctx context.Context, req *jsonrpc2.Request, handle func(context.Context) (any, error)) {
	var result any
	var err error
	s.protect(req.Method, func() { result, err = handle(ctx) })
	if ctx.Err() != nil && s.ctx.Err() == nil {
		s.replyError(req, codeRequestCancelled, "request cancelled")
		return
	}
	if err != nil {
		var re *rpcError
		if errors.As(err, &re) {
			s.replyError(req, re.code, re.msg)
		} else {
			s.replyError(req, codeInternalError, err.Error())
		}
		return
	}
	if e := s.connection().Reply(s.ctx, req.ID, result); e != nil {
		fmt.Fprintf(s.opts.Log, "ydblint lsp: replying to %s: %v\n", req.Method, e)
	}
}

func (s *Server) replyError(req *jsonrpc2.Request, code int64, msg string) {
	if err := s.connection().ReplyWithError(s.ctx, req.ID, &jsonrpc2.Error{Code: code, Message: msg}); err != nil {
		fmt.Fprintf(s.opts.Log, "ydblint lsp: replying to %s: %v\n", req.Method, err)
	}
}

// protect runs f and logs a panic instead of ending the process.
func (s *Server) protect(what string, f func()) {
	defer func() {
		if r := recover(); r != nil {
			s.message(messageError, "internal error handling %s: %v\n%s", what, r, debug.Stack())
		}
	}()
	f()
}

func decode(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &rpcError{codeInvalidParams, "missing params"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &rpcError{codeInvalidParams, "invalid params: " + err.Error()}
	}
	return nil
}

// request handles one request.
func (s *Server) request(ctx context.Context, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case "initialize":
		var p InitializeParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.state != stateNew {
			return nil, &rpcError{codeInvalidRequest, "initialize was already called"}
		}
		s.state = stateInitialized
		s.literalActions = p.Capabilities.TextDocument.CodeAction.CodeActionLiteralSupport != nil
		s.watch = p.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
		s.progress = p.Capabilities.Window.WorkDoneProgress
		var actions any = CodeActionOptions{CodeActionKinds: []string{kindQuickFix}}
		if !s.literalActions {
			actions = false // such a client would need commands; it gets no actions
		}
		return InitializeResult{
			Capabilities: ServerCapabilities{
				PositionEncoding:   "utf-16",
				TextDocumentSync:   TextDocumentSync{OpenClose: true, Change: syncFull, Save: SaveOptions{}},
				CodeActionProvider: actions,
			},
			ServerInfo: ServerInfo{Name: "ydblint", Version: s.opts.Version},
		}, nil
	case "shutdown":
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.state == stateNew {
			return nil, &rpcError{codeServerNotInitialized, "the server is not initialized"}
		}
		s.state = stateShutdown
		for _, j := range s.jobs {
			if j.timer != nil {
				j.timer.Stop()
			}
			if j.running != nil {
				j.running()
			}
		}
		return nil, nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := decode(req, &p); err != nil {
			return nil, err
		}
		return s.codeActions(ctx, p)
	}
	return nil, &rpcError{codeMethodNotFound, "method not supported: " + req.Method}
}

// notification handles one notification.
func (s *Server) notification(req *jsonrpc2.Request) {
	if req.Method == "exit" {
		s.mu.Lock()
		if s.state == stateShutdown {
			s.exitCode = 0
		}
		s.mu.Unlock()
		s.exitOnce.Do(func() { close(s.exited) })
		return
	}
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if state != stateInitialized {
		return // dropped, as the specification says
	}
	switch req.Method {
	case "initialized":
		s.mu.Lock()
		watch := s.watch
		s.mu.Unlock()
		if watch {
			go s.registerWatchers()
		}
	case "workspace/didChangeWatchedFiles":
		var p DidChangeWatchedFilesParams
		if decode(req, &p) != nil {
			return
		}
		s.filesChanged(p.Changes)
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if decode(req, &p) != nil {
			return
		}
		path, ok := s.goPath(p.TextDocument.URI)
		if !ok {
			return
		}
		s.mu.Lock()
		s.docs[path] = &document{uri: p.TextDocument.URI, version: p.TextDocument.Version, text: p.TextDocument.Text}
		s.mu.Unlock()
		s.schedule(path)
	case "textDocument/didChange":
		var p DidChangeTextDocumentParams
		if decode(req, &p) != nil {
			return
		}
		path, ok := s.goPath(p.TextDocument.URI)
		if !ok {
			return
		}
		s.mu.Lock()
		if d := s.docs[path]; d != nil {
			for _, c := range p.ContentChanges {
				d.text = applyChange(d.text, c)
			}
			d.version = p.TextDocument.Version
		}
		s.mu.Unlock()
	case "textDocument/didSave":
		var p DidSaveTextDocumentParams
		if decode(req, &p) != nil {
			return
		}
		path, ok := s.goPath(p.TextDocument.URI)
		if !ok {
			return
		}
		s.mu.Lock()
		if d := s.docs[path]; d != nil {
			if p.Text != nil {
				d.text = *p.Text
			}
			if mentionsTable(d.text) {
				analyzer.Process().ForgetModuleScans() // Go DDL may have changed
			}
		}
		s.mu.Unlock()
		s.schedule(path)
		for _, dep := range s.dependents(path) {
			s.schedule(dep)
		}
		s.evidenceStale(path, false)
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if decode(req, &p) != nil {
			return
		}
		if path, ok := s.goPath(p.TextDocument.URI); ok {
			s.mu.Lock()
			delete(s.docs, path)
			s.mu.Unlock()
		}
	case "$/cancelRequest":
		var p CancelParams
		if decode(req, &p) != nil {
			return
		}
		var id jsonrpc2.ID
		if json.Unmarshal(p.ID, &id) != nil {
			return
		}
		s.mu.Lock()
		cancel := s.inflight[id.String()]
		s.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	default:
		// Other notifications ($/setTrace, workspace/didChangeConfiguration,
		// ...) need nothing from this server.
	}
}

// goPath returns the path of a file URI naming a Go file.
func (s *Server) goPath(uri DocumentURI) (string, bool) {
	path, err := uriToPath(uri)
	if err != nil || !strings.HasSuffix(path, ".go") {
		return "", false
	}
	return path, true
}

// applyChange applies one content change to text.
func applyChange(text string, c TextDocumentContentChangeEvent) string {
	if c.Range == nil {
		return c.Text
	}
	m := newMapper(text)
	start, end := m.offset(c.Range.Start), m.offset(c.Range.End)
	if end < start {
		start, end = end, start
	}
	return text[:start] + c.Text + text[end:]
}

// schedule (re)starts the debounce timer of the analysis of path's package.
func (s *Server) schedule(path string) {
	key := jobKey(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	j := s.jobs[key]
	if j == nil {
		j = &job{settled: make(chan struct{})}
		s.jobs[key] = j
	}
	j.path = path
	if j.running != nil {
		j.again = true
		j.running() // its result would be stale: the worker runs it again
		return
	}
	if j.queued {
		return
	}
	if j.timer != nil {
		j.timer.Stop()
	}
	j.timer = time.AfterFunc(s.opts.Debounce, func() {
		s.mu.Lock()
		if s.jobs[key] == j && j.running == nil && !j.queued {
			j.queued = true
			j.timer = nil
			s.queue = append(s.queue, key)
		}
		s.mu.Unlock()
		select {
		case s.wake <- struct{}{}:
		default:
		}
	})
}

// worker runs queued analyses one at a time until the session ends.
func (s *Server) worker() {
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-s.wake:
		}
		for {
			s.mu.Lock()
			if len(s.queue) == 0 || s.state == stateShutdown {
				s.mu.Unlock()
				// Idle: give the garbage of the analyses back to the
				// system, so that the server's resident memory stays
				// that of its package graphs between saves (GOGC would
				// otherwise let it grow to twice the live heap).
				debug.FreeOSMemory()
				break
			}
			key := s.queue[0]
			s.queue = s.queue[1:]
			j := s.jobs[key]
			ctx, cancel := context.WithCancel(s.ctx)
			j.queued, j.running, j.again = false, cancel, false
			path := j.path
			s.mu.Unlock()

			s.protect("analysis of "+path, func() { s.analyseAndPublish(ctx, path) })
			cancel()

			s.mu.Lock()
			j.running = nil
			if j.again {
				j.queued = true
				s.queue = append(s.queue, key)
			} else if j.timer == nil {
				close(j.settled)
				delete(s.jobs, key)
			}
			s.mu.Unlock()
		}
	}
}

func (s *Server) analyseAndPublish(ctx context.Context, path string) {
	start := time.Now()
	done := s.beginFirstProgress(path)
	res, err := s.analyse(ctx, path)
	defer done(res)
	defer s.analysed(path) // evidence.go
	if ctx.Err() != nil {
		return // superseded or shutting down
	}
	if err != nil {
		s.message(messageError, "%v", err)
		return
	}
	if res == nil {
		s.logf("%s: not in a module or in no package of this build; nothing to analyse", path)
		return
	}
	for _, l := range res.logs {
		s.logf("%s", l)
	}
	if !res.illTyped && res.planned != nil {
		s.mu.Lock()
		s.planned[jobKey(path)] = res.planned
		s.mu.Unlock()
	}
	for _, w := range res.warnings {
		s.message(messageWarning, "%s", w)
	}
	n, stale := 0, 0
	for _, fr := range res.files {
		if res.illTyped {
			// Keep the last good findings instead of going blank while
			// the package does not type-check (the rules see nothing in
			// it then), marked stale.
			s.mu.Lock()
			good := s.good[fr.path]
			s.mu.Unlock()
			if good != nil && len(good.findings) > len(fr.findings) {
				old := staleResult(good, res.pkgID)
				stale += len(old.findings)
				s.publishStale(old)
				continue
			}
		} else {
			s.mu.Lock()
			s.good[fr.path] = fr
			s.mu.Unlock()
		}
		n += len(fr.findings)
		s.publish(fr)
	}
	msg := fmt.Sprintf("analysed %s in %v: %d diagnostic(s)", res.pkgID, time.Since(start).Round(time.Millisecond), n)
	if stale > 0 {
		msg += fmt.Sprintf(", %d kept from the last analysis that type-checked (stale)", stale)
	}
	s.logf("%s; package graph %s", msg, res.load)
}

// staleResult copies a file's last good findings with their messages
// marked stale and without actions (their ranges may not fit the text).
func staleResult(good *fileResult, pkgID string) *fileResult {
	out := &fileResult{path: good.path, uri: good.uri, text: good.text}
	for _, f := range good.findings {
		d := f.diag
		d.Message += " [stale: " + pkgID + " does not type-check now; this is from the last analysis that did]"
		out.findings = append(out.findings, finding{diag: d})
	}
	return out
}

// publishStale publishes stale findings without keeping them for code
// actions: those stay with the last result.
func (s *Server) publishStale(fr *fileResult) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	diags := make([]Diagnostic, 0, len(fr.findings))
	for _, f := range fr.findings {
		diags = append(diags, f.diag)
	}
	if err := conn.Notify(s.ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: fr.uri, Diagnostics: diags}); err != nil {
		fmt.Fprintf(s.opts.Log, "ydblint lsp: publishing diagnostics: %v\n", err)
	}
}

// publish sends a file's diagnostics and keeps them for code actions.
func (s *Server) publish(fr *fileResult) {
	s.mu.Lock()
	s.results[fr.path] = fr
	var version *int32
	if d := s.docs[fr.path]; d != nil && d.text == fr.text {
		v := d.version
		version = &v
	}
	conn := s.conn
	s.mu.Unlock()
	diags := make([]Diagnostic, 0, len(fr.findings))
	for _, f := range fr.findings {
		diags = append(diags, f.diag)
	}
	if err := conn.Notify(s.ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: fr.uri, Version: version, Diagnostics: diags}); err != nil {
		fmt.Fprintf(s.opts.Log, "ydblint lsp: publishing diagnostics: %v\n", err)
	}
}

// codeActions answers textDocument/codeAction: for each diagnostic at the
// range, its suggested fixes and the suppress action. It first waits for a
// pending analysis of the file's package (a save just before the request),
// and offers nothing when the document no longer holds the text the
// diagnostics were computed on: stale edits would corrupt it.
func (s *Server) codeActions(ctx context.Context, p CodeActionParams) ([]CodeAction, error) {
	path, ok := s.goPath(p.TextDocument.URI)
	if !ok {
		return []CodeAction{}, nil
	}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return []CodeAction{}, nil
	}
	s.mu.Lock()
	var settled chan struct{}
	if j := s.jobs[jobKey(path)]; j != nil {
		settled = j.settled
	}
	s.mu.Unlock()
	if settled != nil {
		select {
		case <-settled:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}

	s.mu.Lock()
	fr := s.results[path]
	literal := s.literalActions
	var current string
	var open bool
	if d := s.docs[path]; d != nil {
		current, open = d.text, true
	}
	s.mu.Unlock()
	if fr == nil || !literal {
		return []CodeAction{}, nil
	}
	if !open {
		b, err := os.ReadFile(path)
		if err != nil {
			return []CodeAction{}, nil
		}
		current = string(b)
	}
	if current != fr.text {
		return []CodeAction{}, nil
	}
	actions := []CodeAction{}
	for _, f := range fr.findings {
		if !overlaps(f.diag.Range, p.Range) {
			continue
		}
		for i, fx := range f.fixes {
			actions = append(actions, CodeAction{
				Title: fx.title, Kind: kindQuickFix, Diagnostics: []Diagnostic{f.diag},
				IsPreferred: i == 0, Edit: &WorkspaceEdit{Changes: fx.edits},
			})
		}
		if f.suppress != nil {
			actions = append(actions, CodeAction{
				Title: f.suppress.title, Kind: kindQuickFix, Diagnostics: []Diagnostic{f.diag},
				Edit: &WorkspaceEdit{Changes: f.suppress.edits},
			})
		}
	}
	return actions, nil
}

func wantsQuickFix(only []string) bool {
	for _, k := range only {
		if k == kindQuickFix || k == "" {
			return true
		}
	}
	return false
}

func before(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// overlaps reports whether two ranges share a position; touching counts,
// so that a cursor at either end of a diagnostic finds it.
func overlaps(a, b Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

// beginFirstProgress shows work done progress for the server's first
// analysis, which loads the package graph (the go command builds export
// data on a first run, which takes minutes on a cold cache), as gopls does
// for its initial workspace load: window/workDoneProgress/create, then
// $/progress begin, and end when the returned function runs. Later
// analyses take a fraction of a second and show none. It does nothing for
// a client without window.workDoneProgress.
func (s *Server) beginFirstProgress(path string) (end func(*analysisResult)) {
	s.mu.Lock()
	show := s.progress && !s.firstDone
	s.firstDone = true
	s.mu.Unlock()
	nothing := func(*analysisResult) {}
	conn := s.connection()
	if !show || conn == nil {
		return nothing
	}
	token := "ydblint-first-analysis"
	ctx, cancel := context.WithTimeout(s.ctx, 5*time.Second)
	err := conn.Call(ctx, "window/workDoneProgress/create", WorkDoneProgressCreateParams{Token: token}, nil)
	cancel()
	if err != nil {
		s.logf("work done progress not shown: %v", err)
		return nothing
	}
	_ = conn.Notify(s.ctx, "$/progress", ProgressParams{Token: token, Value: WorkDoneProgress{
		Kind: "begin", Title: "ydblint",
		Message: "loading packages for " + filepath.Base(path) + " (the go command builds export data; slow on a first run)",
	}})
	return func(res *analysisResult) {
		msg := "done"
		if res != nil {
			msg = "analysed " + res.pkgID
		}
		_ = conn.Notify(s.ctx, "$/progress", ProgressParams{Token: token, Value: WorkDoneProgress{Kind: "end", Message: msg}})
	}
}
