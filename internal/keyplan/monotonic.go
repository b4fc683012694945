package keyplan

import "github.com/ydblint/ydblint/internal/schema"

// MonotonicKind says why a leading key column grows monotonically (§4, check d).
type MonotonicKind int

const (
	MonotonicNone   MonotonicKind = iota
	MonotonicSerial               // SmallSerial, Serial2, Serial, Serial4, Serial8, BigSerial
	MonotonicTime                 // Date, Datetime, Timestamp, Date32, Datetime64, Timestamp64
)

var serialTypes = map[string]bool{
	"SmallSerial": true, "Serial2": true, "Serial": true, "Serial4": true, "Serial8": true, "BigSerial": true,
}

var timeTypes = map[string]bool{
	"Date": true, "Datetime": true, "Timestamp": true, "Date32": true, "Datetime64": true, "Timestamp64": true,
}

// LeadingKeyMonotonic reports whether the table's leading primary-key
// column is monotonic by its schema type alone. Column tables, conflicting
// or incomplete definitions and unknown types give MonotonicNone.
func LeadingKeyMonotonic(t *schema.Table) (column string, kind MonotonicKind) {
	if code, _ := unusable(t); code != ReasonNone {
		return "", MonotonicNone
	}
	c := t.Column(t.PrimaryKey[0])
	if kind := ColumnMonotonic(c); kind != MonotonicNone {
		return c.Name, kind
	}
	return "", MonotonicNone
}

// ColumnMonotonic says whether column c grows monotonically by its schema
// type alone (MonotonicNone for nil or an unknown type).
func ColumnMonotonic(c *schema.Column) MonotonicKind {
	switch {
	case c == nil:
		return MonotonicNone
	case serialTypes[c.Type]:
		return MonotonicSerial
	case timeTypes[c.Type]:
		return MonotonicTime
	}
	return MonotonicNone
}

// RangePartitioned reports whether the table is a row table whose key the
// catalogue knows for certain: one partitioned by ranges of that key.
func RangePartitioned(t *schema.Table) bool {
	code, _ := unusable(t)
	return code == ReasonNone
}

// MonotonicFill returns the first value a write puts into the table's
// leading key column that grows with time: CurrentUtc*() (possibly under
// CAST or DateTime::To*), Uuid::newV8ColumnKey(), or a parameter whose
// ParamInfo is Monotonic. Uuid::newV7, newV4, newV8RowKey and RandomUuid do
// not count. ok is false for column tables, unknown tables and UPDATE/DELETE.
func MonotonicFill(w *Write) (v WrittenValue, ok bool) {
	if w == nil || w.Kind > WriteReplace || len(w.Keys) == 0 {
		return WrittenValue{}, false
	}
	if code, _ := unusable(w.Table); code != ReasonNone {
		return WrittenValue{}, false
	}
	for _, val := range w.Keys[0].Values {
		if val.Monotonic {
			return val, true
		}
	}
	return WrittenValue{}, false
}
