package lsp

// File watching (workspace/didChangeWatchedFiles), registered dynamically
// after initialized when the client can.

// RegistrationParams is client/registerCapability's request.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

// Registration registers one capability.
type Registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions,omitempty"`
}

// DidChangeWatchedFilesRegistrationOptions lists the watchers.
type DidChangeWatchedFilesRegistrationOptions struct {
	Watchers []FileSystemWatcher `json:"watchers"`
}

// FileSystemWatcher watches a glob (every kind of change).
type FileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

// DidChangeWatchedFilesParams is workspace/didChangeWatchedFiles.
type DidChangeWatchedFilesParams struct {
	Changes []FileEvent `json:"changes"`
}

// FileEvent is one changed file.
type FileEvent struct {
	URI  DocumentURI `json:"uri"`
	Type int         `json:"type"` // 1 created, 2 changed, 3 deleted
}

// watchedGlobs are the files whose changes the server must see besides the
// open documents: Go files edited outside the editor, the module files,
// migrations and other schema files, and the configuration.
var watchedGlobs = []string{
	"**/*.go", "**/go.mod", "**/go.sum", "**/go.work",
	"**/*.sql", "**/*.yql", "**/.ydblint.yml", "**/.ydblint.yaml",
}
