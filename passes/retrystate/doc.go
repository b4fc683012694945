// Package retrystate defines ydblint's retrystate analyzer.
//
// # Analyzer retrystate
//
// retrystate: report captured state that a retried closure changes again on every attempt
//
// The SDK's retriers — query.Client.Do and DoTx, table.Client.Do and DoTx,
// retry.Retry, retry.Do, retry.DoTx and their …WithResult forms — call
// their closure again when it fails with a retryable error:
// internal/xerrors/operation.go (operationError.Type) makes ABORTED,
// UNAVAILABLE, OVERLOADED, BAD_SESSION and SESSION_BUSY retryable always,
// UNDETERMINED, SESSION_EXPIRED and TIMEOUT with WithIdempotent. The
// DoTx forms commit inside the retried attempt (internal/table/client.go:
// Client.DoTx calls tx.CommitTx after the closure; internal/query/client.go
// doTx; retry/sql.go DoTx calls tx.Commit), so a lock conflict at commit
// reruns the closure too.
//
// A closure that changes a variable it captured from outside — appending
// rows to a slice, adding to a counter — keeps the first attempt's changes
// when the second attempt starts: the result has every row twice, or
// counts them twice.
//
//	var items []Item
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		res, err := s.Query(ctx, "SELECT id, body FROM feed")
//		…
//		for row, err := rs.NextRow(ctx); err == nil; row, err = rs.NextRow(ctx) {
//			…
//			items = append(items, it) // bad: NextRow can fail after it
//		}
//	})
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		items = items[:0] // good: every attempt starts empty
//		…
//	})
//
//	err := db.Query().Do(ctx, func(ctx context.Context, s query.Session) error {
//		var page []Item // good: collect locally …
//		…
//		items = page // … and publish at the end
//		return nil
//	})
//
// A change is reported when an SDK or database/sql call that can fail
// with a retryable error is reachable after it in the same attempt (a
// query, a stream's next part, a commit), or, in a DoTx closure, anywhere
// (the commit follows the closure). Calls on data already received do not
// count: every method of a table-service unary result
// (internal/table/scanner.unaryResult holds the whole response) and a
// query-service row's scans.
//
// # Category append-captured
//
// v = append(v, …) on a captured slice, with no v = v[:0], v = nil or other
// plain assignment to v before it in the closure (dominating it).
//
// # Category map-captured
//
// A read-modify-write of an entry of a captured map: m[k] = append(m[k], …),
// m[k] += x, m[k]++, with no clear(m) or m = … before it. A plain
// m[k] = v writes the same entry again on the next attempt and is not
// reported.
//
// # Category counter-captured
//
// n += x, n -= x, n++ on a captured variable (numbers and strings), with no
// plain assignment to n before it. An increment by one outside any loop of
// the closure counts attempts, which is a common and correct thing to do,
// and is not reported.
//
// # The fix, when the retrier is called in a loop
//
// A variable declared outside a loop that calls the retrier gathers over
// the loop's calls (rows moved over batches, one retried transaction per
// batch). It must not be reset in the closure nor overwritten from a
// closure-local at its end: either would drop what the earlier calls
// gathered. The advice is then to gather in a variable declared inside
// the closure and add it to the outer one after the call returns without
// error. A variable declared inside the loop's body is a new one on every
// call and gets the advice of a single call.
//
//	for _, ids := range batches {
//		var batch int
//		err = db.Query().DoTx(ctx, func(ctx context.Context, tx query.TxActor) error {
//			n := 0
//			… n++ …
//			batch = n
//			return nil
//		})
//		if err != nil {
//			return moved, err
//		}
//		moved += batch // good: once per successful call
//	}
//
// This counts each call once: the retriers run on retry.RetryWithResult,
// whose loop returns as soon as an attempt returns nil and returns an
// error otherwise (ydb-go-sdk v3.156.1 retry/retry.go:338-359; retry.Retry
// wraps it, retry.go:261; table.Client.Do and DoTx (internal/table/retry.go
// do) and query.Client.Do and DoTx (internal/query/client.go do) call it
// through the session pool's With, internal/pool/pool.go:494), so after a
// nil error the per-call count is the successful attempt's alone.
//
// A counter the closure only adds to or subtracts from (n++, n--, n += x,
// n -= x; a number or string type) gets a suggested fix when the call's
// error is assigned to a variable: the count goes to a variable declared
// just before the call and zeroed at the start of every attempt, and is
// added to the counter after the if err != nil that follows the call and
// leaves (return, break, continue, panic, or a call that never returns:
// log.Fatalf, t.Fatalf, os.Exit), or under if err == nil. A counter the closure also reads (a limit check)
// gets the advice alone: counting elsewhere would change what it reads.
//
// # Not reported
//
// Closures that are not literals at the retrier's call, assignments of a
// local result to the captured variable (the correct form), fields of
// captured structs and package variables, changes inside nested function
// literals (range-over-func bodies included) and in helpers the closure
// calls.
package retrystate
