package lsp

import "encoding/json"

// The subset of the Language Server Protocol 3.17 that the server speaks.
// Field names and JSON keys follow the specification
// (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/).

// DocumentURI is a "file://" URI.
type DocumentURI string

// Position is a zero-based line and a character offset in UTF-16 code units.
type Position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

// Range is [Start, End).
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document.
type Location struct {
	URI   DocumentURI `json:"uri"`
	Range Range       `json:"range"`
}

// JSON-RPC and LSP error codes.
const (
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestCancelled     = -32800
)

// InitializeParams holds what the server reads of the client's initialize
// request.
type InitializeParams struct {
	ProcessID    *int               `json:"processId"`
	RootURI      DocumentURI        `json:"rootUri,omitempty"`
	Capabilities ClientCapabilities `json:"capabilities"`
	ClientInfo   *struct {
		Name    string `json:"name"`
		Version string `json:"version,omitempty"`
	} `json:"clientInfo,omitempty"`
}

// ClientCapabilities is the part of the client's capabilities the server
// adapts to.
type ClientCapabilities struct {
	TextDocument struct {
		CodeAction struct {
			CodeActionLiteralSupport *json.RawMessage `json:"codeActionLiteralSupport,omitempty"`
		} `json:"codeAction"`
		PublishDiagnostics struct {
			VersionSupport         bool `json:"versionSupport,omitempty"`
			CodeDescriptionSupport bool `json:"codeDescriptionSupport,omitempty"`
		} `json:"publishDiagnostics"`
	} `json:"textDocument"`
	Workspace struct {
		DidChangeWatchedFiles struct {
			DynamicRegistration bool `json:"dynamicRegistration,omitempty"`
		} `json:"didChangeWatchedFiles"`
	} `json:"workspace"`
	Window struct {
		WorkDoneProgress bool `json:"workDoneProgress,omitempty"`
	} `json:"window"`
}

// WorkDoneProgressCreateParams is window/workDoneProgress/create.
type WorkDoneProgressCreateParams struct {
	Token string `json:"token"`
}

// ProgressParams is $/progress; Value is a WorkDoneProgress.
type ProgressParams struct {
	Token string           `json:"token"`
	Value WorkDoneProgress `json:"value"`
}

// WorkDoneProgress is the begin, report or end value of $/progress.
type WorkDoneProgress struct {
	Kind    string `json:"kind"` // "begin", "report", "end"
	Title   string `json:"title,omitempty"`
	Message string `json:"message,omitempty"`
}

// InitializeResult answers initialize.
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   ServerInfo         `json:"serverInfo"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities announces what the server does.
type ServerCapabilities struct {
	PositionEncoding   string           `json:"positionEncoding"`
	TextDocumentSync   TextDocumentSync `json:"textDocumentSync"`
	CodeActionProvider any              `json:"codeActionProvider"`
}

// Text document synchronisation kinds.
const (
	syncFull = 1
)

// TextDocumentSync is TextDocumentSyncOptions.
type TextDocumentSync struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      SaveOptions `json:"save"`
}

// SaveOptions asks for didSave without the text (the file on disk is read).
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

// CodeActionOptions lists the kinds of code action the server offers.
type CodeActionOptions struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

// TextDocumentItem is an opened document.
type TextDocumentItem struct {
	URI        DocumentURI `json:"uri"`
	LanguageID string      `json:"languageId"`
	Version    int32       `json:"version"`
	Text       string      `json:"text"`
}

// TextDocumentIdentifier names a document.
type TextDocumentIdentifier struct {
	URI DocumentURI `json:"uri"`
}

// VersionedTextDocumentIdentifier names a version of a document.
type VersionedTextDocumentIdentifier struct {
	URI     DocumentURI `json:"uri"`
	Version int32       `json:"version"`
}

// DidOpenTextDocumentParams is textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// TextDocumentContentChangeEvent is a full-text change (the server asks for
// full synchronisation); a change with a Range is an incremental change the
// server did not ask for and applies all the same.
type TextDocumentContentChangeEvent struct {
	Range *Range `json:"range,omitempty"`
	Text  string `json:"text"`
}

// DidChangeTextDocumentParams is textDocument/didChange.
type DidChangeTextDocumentParams struct {
	TextDocument   VersionedTextDocumentIdentifier  `json:"textDocument"`
	ContentChanges []TextDocumentContentChangeEvent `json:"contentChanges"`
}

// DidSaveTextDocumentParams is textDocument/didSave.
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

// DidCloseTextDocumentParams is textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// Diagnostic severities.
const (
	SeverityError   = 1
	SeverityWarning = 2
)

// CodeDescription links a diagnostic code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// Diagnostic is one finding.
type Diagnostic struct {
	Range           Range            `json:"range"`
	Severity        int              `json:"severity,omitempty"`
	Code            string           `json:"code,omitempty"`
	CodeDescription *CodeDescription `json:"codeDescription,omitempty"`
	Source          string           `json:"source,omitempty"`
	Message         string           `json:"message"`
}

// PublishDiagnosticsParams is textDocument/publishDiagnostics.
type PublishDiagnosticsParams struct {
	URI         DocumentURI  `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// CodeActionParams is textDocument/codeAction.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

// CodeActionContext carries the diagnostics the client shows at the range.
type CodeActionContext struct {
	Diagnostics []Diagnostic `json:"diagnostics"`
	Only        []string     `json:"only,omitempty"`
}

// The code action kind the server offers.
const kindQuickFix = "quickfix"

// CodeAction is a code action literal with an edit.
type CodeAction struct {
	Title       string         `json:"title"`
	Kind        string         `json:"kind"`
	Diagnostics []Diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit `json:"edit,omitempty"`
}

// TextEdit replaces Range with NewText.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// WorkspaceEdit holds edits per document.
type WorkspaceEdit struct {
	Changes map[DocumentURI][]TextEdit `json:"changes"`
}

// CancelParams is $/cancelRequest.
type CancelParams struct {
	ID json.RawMessage `json:"id"`
}

// Message types of window/logMessage.
const (
	messageError   = 1
	messageWarning = 2
	messageInfo    = 3
	messageLog     = 4
)

// LogMessageParams is window/logMessage.
type LogMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}
