package schemafact

// ForgetScans drops the module walks and configured-path reads cached for
// the life of the process (scanCache, configuredCache), so that the next
// analysis reads migrations, schema files and Go DDL again. A long-lived
// driver calls it when such files change: `ydblint lsp` does on
// workspace/didChangeWatchedFiles for schema files and on saving a Go file
// that mentions a table. Analyses running meanwhile keep what they read.
func ForgetScans() {
	scanCache.Clear()
	configuredCache.Clear()
}
