// Package sqlmode reads the query mode of a database/sql call from its
// context. The driver takes the mode from the call's context:
// ydb.WithQueryMode(ctx, ydb.ScanQueryMode) runs the text as a scan query,
// ExplainQueryMode only explains it. The context is traced back through
// local assignments, closures and the context-deriving functions of the
// standard library and the SDK (context.WithTimeout, ydb.WithTxControl, …);
// at a φ a mode holds only when every incoming context has it. Anything
// else (a parameter, a field, a user function) ends the trace with no
// mode: the site is then judged as a data query.
//
// It is apart from querysite because the trace needs nothing of the pass
// but the packages the analysed package imports (Host.FindPackage, where
// the SDK's QueryMode constants are declared) and the caller's set of φs
// it is inside; querysite implements Host (modeHost, resolve.go) and sets
// a site's ScanQuery and ExplainOnly from Of.
package sqlmode
