package keyplan

import "github.com/ydblint/ydblint/internal/schema"

// bucketCheck is hashCheck for bucket evidence (schema.HashPrefix.Bucket):
// the leading key column holds a hash of values outside the key, so no
// source column says what to hash. A read is Missing when it constrains a
// later key column (a point, a range, IN (SELECT …)) but neither binds nor
// mentions the hash column, nothing opaque may constrain it, and its
// verdict is FULL (not BATCH): it reads every partition for want of the
// hash. SourceBinding is that later
// column's binding (the first one in key order), for messages. There is no
// suggestion (the value to hash is not in the statement), no column-argument
// rewrite and no mismatch: nothing says which value the hash is of.
func bucketCheck(a *Access, h *schema.HashPrefix, branches [][]*atom) *HashCheck {
	hc := &HashCheck{Hash: h, HashBinding: a.Binding(h.Column)}
	// Only a read that certainly passes over every partition, and not by
	// design (BATCH): a read whose plan depends on the server (an index
	// KQP may pick) is fullscan's -strict business, as for any table.
	if a.Verdict != Full || a.Batch || hc.HashBinding.Kind != BindNone || hasOpaque(branches) || mentions(branches, h.Column) {
		return hc
	}
	for _, b := range a.Bindings {
		if b.Column != h.Column && b.Kind >= BindDepends {
			hc.SourceBinding, hc.Missing = b, true
			break
		}
	}
	return hc
}
