// Package apperr holds the service's error types. It does not import the
// SDK.
package apperr

import (
	"errors"
	"strings"
)

// ErrConflict is what the API answers when a write loses a race.
var ErrConflict = errors.New("conflict")

// ErrNotFound is what the API answers for a missing row.
var ErrNotFound = errors.New("not found")

// TxError names the operation a transaction failed in. It has no Unwrap:
// errors.As cannot see the cause.
type TxError struct {
	Op  string
	Err error
}

func (e *TxError) Error() string { return e.Op + ": " + e.Err.Error() }

// NewTxError builds a TxError.
func NewTxError(op string, err error) *TxError { return &TxError{Op: op, Err: err} }

// OpError is TxError's correct twin: Unwrap returns the cause.
type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }

func (e *OpError) Unwrap() error { return e.Err }

// NewOpError builds an OpError.
func NewOpError(op string, err error) *OpError { return &OpError{Op: op, Err: err} }

// BatchError collects the errors of a batch; Unwrap() []error lets
// errors.As see each.
type BatchError struct{ Errs []error }

func (e BatchError) Error() string {
	var b strings.Builder
	for i, err := range e.Errs {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(err.Error())
	}
	return b.String()
}

func (e BatchError) Unwrap() []error { return e.Errs }

// Message keeps only a message.
type Message struct{ Text string }

func (m Message) Error() string { return m.Text }
