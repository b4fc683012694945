package sdk

import "slices"

// This file is the knowledge of the SDK's idempotency flag that the
// idempotency rule needs. Verified against v3.156.1 unless a row says
// otherwise.
//
// The retry loop (retry/retry.go, RetryWithResult) reruns the operation
// when retry.Check(err).MustRetry(options.idempotent) (retry/mode.go):
// errors of type TypeRetryable always, TypeConditionallyRetryable only
// when the operation is idempotent. internal/xerrors/operation.go
// (operationError.Type) types UNAVAILABLE, OVERLOADED, BAD_SESSION,
// SESSION_BUSY and ABORTED retryable, UNDETERMINED, SESSION_EXPIRED and
// TIMEOUT conditionally retryable; internal/xerrors/transport.go
// (transportError.Type) types the gRPC codes Aborted and
// ResourceExhausted retryable, Internal, Canceled, DeadlineExceeded and
// Unavailable conditionally retryable.

// IdempotencyOption is one option constructor that sets the flag. Its
// value is read from the signature the package at hand declares:
// `WithIdempotent()` is always true (table and query before v3.141.2),
// `WithIdempotent(bb ...bool)` true without an argument, and retry's
// `WithIdempotent(idempotent bool)` its argument.
type IdempotencyOption struct {
	Pkg, Name string
	// Spelling is how a fix writes the option with the package's usual
	// import name.
	Spelling string
}

// IdempotencyOptions lists them. query.WithIdempotent and
// table.WithIdempotent return []retry.Option that the client appends to
// its retry options (internal/query/options/retry.go RetryOptionsOption,
// table/table.go retryOptionsOption); retry.WithIdempotent is the
// retrier's own option, also accepted by retry.Do and retry.DoTx since
// v3.4x (idempotentOption.ApplyDoOption).
var IdempotencyOptions = []IdempotencyOption{
	{Pkg: PkgQuery, Name: "WithIdempotent", Spelling: "query.WithIdempotent()"},
	{Pkg: PkgInternalQueryOp, Name: "WithIdempotent", Spelling: "query.WithIdempotent()"},
	{Pkg: PkgTable, Name: "WithIdempotent", Spelling: "table.WithIdempotent()"},
	{Pkg: PkgRetry, Name: "WithIdempotent", Spelling: "retry.WithIdempotent(true)"},
}

// LookupIdempotencyOption returns the option with identity id, or nil.
func LookupIdempotencyOption(id Identity) *IdempotencyOption {
	if id.Recv != "" {
		return nil
	}
	for i := range IdempotencyOptions {
		if o := &IdempotencyOptions[i]; o.Pkg == id.Pkg && o.Name == id.Name {
			return o
		}
	}
	return nil
}

// RetryOptionContainers wrap retry options in an option of another kind:
// what they carry may set the flag (table.WithRetryOptions,
// retry.WithDoRetryOptions, retry.WithDoTxRetryOptions).
var RetryOptionContainers = []Identity{
	{Pkg: PkgTable, Name: "WithRetryOptions"},
	{Pkg: PkgRetry, Name: "WithDoRetryOptions"},
	{Pkg: PkgRetry, Name: "WithDoTxRetryOptions"},
}

// DefaultIdempotentOption is ydb.WithDefaultIdempotent(bool), the driver
// option that makes every table, query and database/sql retry idempotent
// unless an operation says otherwise (options.go, internal/query/client.go
// withDefaultRetryOptions, internal/table/client.go Do, retry/sql.go
// appendDefaultIdempotentOption). CHANGELOG: added in v3.146.0.
var DefaultIdempotentOption = Identity{Pkg: PkgYDB, Name: "WithDefaultIdempotent"}

// DefaultIdempotentDSNParam is the DSN parameter that sets the same default
// for database/sql connectors (dsn.go, go_default_idempotent).
const DefaultIdempotentDSNParam = "go_default_idempotent"

// QueryIdempotentOptionSince is the first version whose query client calls
// Exec, Query, QueryResultSet and QueryRow take query.WithIdempotent()
// (CHANGELOG v3.77.0: "Option query.WithIdempotent() allowed for
// query.Client.{Exec,Query,QueryResultSet,QueryRow} methods now"); the
// rule judges no query-service call of an older SDK.
const QueryIdempotentOptionSince = "v3.77.0"

// HandleReadMethods are methods of a retried closure's session or
// transaction (RetrierHandles) that do not change data: reading its
// identity, describing a table, beginning, committing or rolling back a
// transaction whose statements the rule judges one by one.
var HandleReadMethods = []string{"ID", "NodeID", "Status", "DescribeTable", "Begin", "BeginTransaction", "CommitTx", "Commit", "Rollback"}

// IsHandleReadMethod reports whether name is one of HandleReadMethods.
func IsHandleReadMethod(name string) bool { return slices.Contains(HandleReadMethods, name) }

// ValuePkgs are the SDK packages whose functions and methods only build
// values, parameters, options or scan destinations: calling them touches
// no server. Package-level functions of query, table and retry that are
// not retriers (those are looked up first) build options and transaction
// controls.
var ValuePkgs = []string{
	PkgTypes, PkgTableTypes, PkgTableOptions, PkgInternalParams, PkgInternalValue, PkgInternalTypes,
	PkgInternalQueryOp, Module + "/table/result/named", Module + "/table/result/indexed",
}

// ValueFuncPkgs are packages that also hold server calls whose
// package-level functions only build values or options.
var ValueFuncPkgs = []string{PkgQuery, PkgTable, PkgRetry}

// ValueRootFuncs are the root package's value builders.
var ValueRootFuncs = []string{"ParamsBuilder", "ParamsFromMap"}

// IsValueFunc reports whether the SDK function id only builds values.
func IsValueFunc(id Identity) bool {
	if slices.Contains(ValuePkgs, id.Pkg) {
		return true
	}
	if id.Recv != "" {
		return false
	}
	if id.Pkg == PkgYDB {
		return slices.Contains(ValueRootFuncs, id.Name)
	}
	return slices.Contains(ValueFuncPkgs, id.Pkg)
}

// SQLReadMethods are database/sql methods that read what a query returned
// or build an argument: no server round trip that could write.
var SQLReadMethods = []Identity{
	{Pkg: PkgSQL, Name: "Named"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "Next"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "NextResultSet"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "Scan"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "Err"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "Close"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "Columns"},
	{Pkg: PkgSQL, Recv: "Rows", Name: "ColumnTypes"},
	{Pkg: PkgSQL, Recv: "Row", Name: "Scan"},
	{Pkg: PkgSQL, Recv: "Row", Name: "Err"},
}

// ConditionalError is one error the retrier reruns an operation for only
// when the operation is idempotent (TypeConditionallyRetryable).
type ConditionalError struct {
	Name      string // a status (UNDETERMINED) or a gRPC code (Unavailable)
	Transport bool   // a gRPC code of a transport error
	// Since is the first version that retries it for idempotent
	// operations (CHANGELOG), "" when v3.26.10 already does.
	Since string
}

// ConditionalErrors lists them (internal/xerrors/operation.go and
// transport.go, v3.156.1; older versions per the CHANGELOG: SESSION_EXPIRED
// v3.55.1, TIMEOUT v3.136.1, transport DeadlineExceeded v3.44.0).
var ConditionalErrors = []ConditionalError{
	{Name: "UNDETERMINED"},
	{Name: "SESSION_EXPIRED", Since: "v3.55.1"},
	{Name: "TIMEOUT", Since: "v3.136.1"},
	{Name: "Unavailable", Transport: true},
	{Name: "Canceled", Transport: true},
	{Name: "DeadlineExceeded", Transport: true, Since: "v3.44.0"},
	{Name: "Internal", Transport: true},
}

// ConditionalErrorsAt returns the statuses and transport codes retried
// only for idempotent operations by SDK version v ("" for the newest).
func ConditionalErrorsAt(v string) (statuses, transport []string) {
	for _, e := range ConditionalErrors {
		if e.Since != "" && v != "" && VersionBefore(v, e.Since) {
			continue
		}
		if e.Transport {
			transport = append(transport, e.Name)
		} else {
			statuses = append(statuses, e.Name)
		}
	}
	return statuses, transport
}

// GeneratedKeySources are Go functions whose every call returns a new
// value: a key bound from one inside a retried closure differs on every
// attempt, so a replayed INSERT or UPSERT writes a second row.
var GeneratedKeySources = []Identity{
	{Pkg: "github.com/google/uuid", Name: "New"},
	{Pkg: "github.com/google/uuid", Name: "NewString"},
	{Pkg: "github.com/google/uuid", Name: "NewRandom"},
	{Pkg: "github.com/google/uuid", Name: "NewV7"},
	{Pkg: "time", Name: "Now"},
	{Pkg: "math/rand", Name: "Int63"},
	{Pkg: "math/rand", Name: "Uint64"},
	{Pkg: "math/rand/v2", Name: "Uint64"},
	{Pkg: "math/rand/v2", Name: "Int64"},
}

// IsGeneratedKeySource reports whether id is one of GeneratedKeySources.
func IsGeneratedKeySource(id Identity) bool { return slices.Contains(GeneratedKeySources, id) }
