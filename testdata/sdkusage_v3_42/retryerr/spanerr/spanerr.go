// Package spanerr holds the span store's error types. It does not import
// the SDK.
package spanerr

// WriteError has no Unwrap: errors.As cannot see the cause.
type WriteError struct {
	Table string
	Cause error
}

func (e WriteError) Error() string { return "write " + e.Table + ": " + e.Cause.Error() }

// StoreError is WriteError's correct twin.
type StoreError struct {
	Table string
	Cause error
}

func (e StoreError) Error() string { return "write " + e.Table + ": " + e.Cause.Error() }

func (e StoreError) Unwrap() error { return e.Cause }
