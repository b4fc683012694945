// Package bindings decodes the parameters of query sites and classifies
// the values they bind: ParamsBuilder chains, table.NewQueryParameters
// with ValueParam (literal, appended on several paths, forwarded through
// wrappers, or picked by an immediately invoked function literal),
// ydb.ParamsFromMap, query.WithParameters and the syntax and exec-mode
// options beside it, and database/sql arguments (sql.Named, ValueParam,
// positional). Each bound value is a site.Value: its YDB type (the SDK's
// Primitive table is read from the imported packages), Optional, NULL
// class, constant, Go hash, monotonic source and origin. InferBind tells
// the database/sql binding mode from a query's text when the handle
// cannot be traced to its connector.
//
// It is apart from querysite because parameters are one concern of the
// pass with a narrow need of the rest: Host (the depth of the pass's
// tracing context, call syntax, the elements of a slice, the origin and
// Go hash of a value, the helpers the pass inlines) is all it asks of
// querysite, which implements it in bindhost.go and keeps what binds a
// database/sql handle (dbinfo.go, dbtrace.go) and the identity of a
// parameter's callers (paramkey.go). The package has no analyzer and no
// facts of its own. Its tests run the decoder with a minimal Host;
// querysite's site tests run it as the pass does.
package bindings
