package keyplan

import "github.com/ydblint/ydblint/internal/schema"

// A GLOBAL secondary index is a table of its own, partitioned by ranges of
// its key like any row table: an index whose leading column grows with
// time (a timestamp, a Serial, an epoch integer filled from the clock)
// sends every insert to the index's last partition, exactly as a primary
// key would, however well the table itself is keyed.

// IndexMonotonic is a secondary index whose leading column grows
// monotonically by its schema type.
type IndexMonotonic struct {
	Index  *schema.Index
	Column string
	Kind   MonotonicKind
}

// partitionedIndex reports whether ix is a GLOBAL index with a key of its
// own (sync, async or unique); vector and full-text indexes are not
// partitioned by their first column's order, and an index only some of the
// table's merged definitions have (schema.Index.Partial) may not exist.
func partitionedIndex(ix *schema.Index) bool {
	return ix != nil && ix.Kind == "" && len(ix.Columns) > 0 && !ix.Partial
}

// LeadingIndexMonotonic returns the table's secondary indexes whose leading
// column has a Serial or time type, in index order. An index leading with
// the table's own leading key column is left out when that column is
// monotonic: the table's key is the report then. Column tables,
// conflicting or incomplete tables give none.
func LeadingIndexMonotonic(t *schema.Table) []IndexMonotonic {
	if code, _ := unusable(t); code != ReasonNone {
		return nil
	}
	lead, leadKind := LeadingKeyMonotonic(t)
	var out []IndexMonotonic
	for _, ix := range t.Indexes {
		if !partitionedIndex(ix) {
			continue
		}
		c := t.Column(ix.Columns[0])
		if c == nil {
			continue
		}
		kind := MonotonicNone
		switch {
		case serialTypes[c.Type]:
			kind = MonotonicSerial
		case timeTypes[c.Type]:
			kind = MonotonicTime
		}
		if kind == MonotonicNone || leadKind != MonotonicNone && c.Name == lead {
			continue
		}
		out = append(out, IndexMonotonic{Index: ix, Column: c.Name, Kind: kind})
	}
	return out
}

// IndexFill is a write that fills an index's leading column with a value
// that grows with time.
type IndexFill struct {
	Index *schema.Index
	Value WrittenValue
}

// IndexMonotonicFills returns, for INSERT/UPSERT/REPLACE, the secondary
// indexes whose leading column the write fills from a clock or a counter
// (CurrentUtc*(), Uuid::newV8ColumnKey(), a parameter bound to
// time.Now().Unix() …), leaving out indexes already monotonic by type
// (LeadingIndexMonotonic reports those) and indexes leading with the
// table's leading key column (MonotonicFill covers it).
func IndexMonotonicFills(w *Write) []IndexFill {
	if w == nil || w.Kind > WriteReplace || w.Table == nil || len(w.IndexLeads) == 0 {
		return nil
	}
	t := w.Table
	if code, _ := unusable(t); code != ReasonNone {
		return nil
	}
	byType := map[*schema.Index]bool{}
	for _, m := range LeadingIndexMonotonic(t) {
		byType[m.Index] = true
	}
	var out []IndexFill
	for i, ix := range t.Indexes {
		if i >= len(w.IndexLeads) || !partitionedIndex(ix) || byType[ix] || ix.Columns[0] == t.PrimaryKey[0] {
			continue
		}
		for _, v := range w.IndexLeads[i].Values {
			if v.Monotonic {
				out = append(out, IndexFill{Index: ix, Value: v})
				break
			}
		}
	}
	return out
}

// indexLeads collects what an input writes into each index's leading
// column (an entry per index, empty Values when absent or unknown).
func indexLeads(t *schema.Table, in input) []KeyWrite {
	if len(t.Indexes) == 0 {
		return nil
	}
	out := make([]KeyWrite, len(t.Indexes))
	for i, ix := range t.Indexes {
		if len(ix.Columns) == 0 {
			continue
		}
		kw := KeyWrite{Column: ix.Columns[0]}
		j := indexOf(in.names, kw.Column)
		switch {
		case j >= 0:
			kw.Present = TriYes
			for _, row := range in.rows {
				if j < len(row) {
					kw.Values = append(kw.Values, row[j])
				}
			}
		case in.known:
			kw.Present = TriNo
		}
		out[i] = kw
	}
	return out
}
