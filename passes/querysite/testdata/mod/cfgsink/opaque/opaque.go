// Package opaque imports neither the SDK nor database/sql: its sinks reach
// the database in ways ydblint cannot see, so they are configured.
package opaque

import "context"

var send func(string, []any) error

// Exec is a configured sink with database/sql-style arguments.
func Exec(ctx context.Context, q string, args ...any) error { return send(q, args) }

type Conn struct{}

// Script is a configured sink without parameters.
func (Conn) Script(q string) error { return send(q, nil) }
