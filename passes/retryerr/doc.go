// Package retryerr defines ydblint's retryerr analyzer.
//
// # Analyzer retryerr
//
// retryerr: report retried closures that return an error hiding the SDK's
//
// The SDK's retriers — query.Client.Do and DoTx, table.Client.Do and DoTx,
// retry.Retry, retry.Do, retry.DoTx and their …WithResult forms — decide
// from the closure's error whether to run it again. retry.RetryWithResult
// (retry/retry.go) calls retry.Check on it, which calls
// internal/xerrors.Check: errors.As(err, &xerrors.Error), so through
// every Unwrap() error and Unwrap() []error. An error in which errors.As
// finds no YDB operation or transport error is "unknown" there,
// TypeNonRetryable, and retryMode.MustRetry (retry/mode.go) stops at
// once: "non-retryable error occurred on attempt No.1". ABORTED (lock
// conflicts, "transaction locks invalidated"), UNAVAILABLE, OVERLOADED,
// BAD_SESSION and SESSION_BUSY are retryable whatever the options
// (operationError.Type, internal/xerrors/operation.go), transport
// Aborted and ResourceExhausted too (transportError.Type,
// internal/xerrors/transport.go). The session pool decides the same way
// whether to close the session the closure used
// (Pool.checkItemAndError, internal/pool/pool.go:
// xerrors.MustDeleteTableOrQuerySession), and retry.Do whether to close
// the database/sql connection (mustDeleteConn, retry/sql.go). Verified
// in v3.156.1; older releases classify the same way (v3.42.7:
// internal/xerrors.Check; v3.26.10: internal/retry.Check, "finished, not
// need any retry attempts"), all through errors.As.
//
// So a closure that turns the SDK's error into a value of its own loses
// every retry the SDK would make, and the caller sees "my error" instead
// of the lock conflict that caused it.
//
//	err := db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
//		if err := tx.Exec(ctx, insertUser, opts); err != nil {
//			return fmt.Errorf("insert user: %v", err) // bad: %v keeps the text only
//		}
//		return nil
//	})
//
//	err := db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
//		if err := tx.Exec(ctx, insertUser, opts); err != nil {
//			return fmt.Errorf("insert user: %w", err) // good: errors.As finds it
//		}
//		return nil
//	})
//
// Only errors that provably came from an SDK call in the closure are
// judged: the error result of an SDK or database/sql call that reaches
// the server (not a scan, not a conversion of the types packages), or of
// a function of the program that returns one (a fact, carriesSDKError,
// follows helpers across packages). A closure that returns it unchanged,
// wrapped with %w, through errors.Join, an SDK wrapper
// (retry.RetryableError, xerrors.WithStackTrace) or in a type with an
// Unwrap, As or Is method is correct. Each finding names the SDK call the
// error came from.
//
// The first three categories below are constructions that hide the SDK
// error. A helper of the program that never returns its error parameter
// so that errors.As finds it, and on some path hides it in one of those
// ways (a fact, losesError), is reported where the closure hands it the
// SDK error, under the helper's category.
//
// # Category fmt-no-wrap
//
// fmt.Errorf formats the SDK error, or its text, with a verb other than
// %w. Format it with %w.
//
// # Category error-text
//
// A new error made from the SDK error's text: errors.New(err.Error()),
// a call handed err.Error() and not err, a composite literal that keeps
// the text in a field. Return the error itself, or wrap it with %w.
//
//	return errors.New("insert user: " + err.Error()) // bad
//	return fmt.Errorf("insert user: %w", err)        // good
//
// # Category no-unwrap
//
// A value of the program's own error type that holds the SDK error in a
// field, or was built by a constructor given it, when the type has no
// Unwrap, As or Is method: errors.As cannot look inside it. Add an
// Unwrap method.
//
//	type TxError struct{ Op string; Err error }
//	func (e *TxError) Error() string { return e.Op + ": " + e.Err.Error() }
//	func (e *TxError) Unwrap() error { return e.Err } // the fix
//
// # Category replaced
//
// In the branch where the SDK error is not nil, the closure returns an
// error made from nothing it was given: a composite literal of its own
// type (return &TxError{Op: "insert"}), errors.New or fmt.Errorf of
// other values, a package-level sentinel (return ErrConflict). The test
// must be err != nil (or err == nil, else) with no other test of that
// error on the way (errors.Is, a comparison, a type switch: those choose
// on purpose which errors to replace).
//
// # Not reported
//
// Errors the closure makes without an SDK error in hand (validation,
// "not found" after an empty read), errors returned by calls the rule
// cannot see into (a function value, an interface method of the
// program's own), values built by a constructor the closure calls without
// the SDK error, errors of scans and conversions (they are not retryable
// anyway), closures that are not literals at the retrier's call, helpers
// in packages that do not import the SDK, returns in nested function
// literals, and the SDK's own packages.
package retryerr
