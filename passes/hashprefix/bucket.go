package hashprefix

import (
	"fmt"

	"github.com/ydblint/ydblint/internal/schema"
	"github.com/ydblint/ydblint/internal/site"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/queryplan"
)

// Wording for bucket evidence (schema.HashPrefix.Bucket): the hash-prefix
// column holds a Go hash of values outside the key (jaeger-ydb-store's
// idx_hash = farm.Hash64 of a service name and a bucket number), so no
// source column says what to hash; the advice points at the read or write
// that binds the column to the hash, and names its function.

// bucketDesc says what the column holds and where that is known from.
func bucketDesc(h *schema.HashPrefix) string {
	fn := ""
	if h.GoFunc != "" {
		fn = " (" + h.GoFunc + ")"
	}
	return fmt.Sprintf("%s holds a hash%s of values outside the key (%s evidence at %s)", h.Column, fn, h.Evidence, h.Src)
}

// bucketAdvice is the remedy of a read that omits the column.
func bucketAdvice(h *schema.HashPrefix) string {
	return fmt.Sprintf("bind %s to %s", h.Column, bucketValue(h))
}

// bucketValue is what to bind or write: the same hash as the evidence.
func bucketValue(h *schema.HashPrefix) string {
	v := "the same hash"
	if !h.Src.IsZero() {
		v += fmt.Sprintf(" as the %s at %s", h.Evidence, h.Src)
	}
	if h.GoFunc != "" {
		v += " (" + h.GoFunc + ")"
	}
	return v
}

// readsThat completes "keyed reads that … miss it".
func readsThat(h *schema.HashPrefix) string {
	if h.Bucket() {
		return "bind the hash"
	}
	return "hash " + h.SourceColumn
}

// rowKeyColumn is the key column a row has that makes the missing hash
// column a fault: the source column, or for bucket evidence any later key
// column (the row is keyed, just not by the hash). "" when none.
func rowKeyColumn(row *site.Row, key []string, h *schema.HashPrefix) string {
	if !h.Bucket() {
		if hasField(row, h.SourceColumn) {
			return h.SourceColumn
		}
		return ""
	}
	for _, col := range key {
		if col != h.Column && hasField(row, col) {
			return col
		}
	}
	return ""
}

// bucketScanQuery: a scan query reads many rows on purpose, and fullscan
// reports one only with -strict; with bucket evidence nothing but the
// missing column says the read is wrong, so the same holds here.
func bucketScanQuery(cfg *config.Config, st *queryplan.Statement, h *schema.HashPrefix) bool {
	return h.Bucket() && st.Site.Query.ScanQuery && !cfg.Strict
}
