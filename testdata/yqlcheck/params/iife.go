package params

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// noteParam binds $note to NULL when the caller has none: the pattern
// repositories use to pick a parameter's value per case.
func noteParam(note *string) table.ParameterOption {
	if note == nil {
		return table.ValueParam("$note", types.NullValue(types.TypeText))
	}
	return table.ValueParam("$note", types.OptionalValue(types.TextValue(*note)))
}

// SetNote binds $note through an immediately invoked function literal;
// both of its returns bind an Optional<Utf8>, which a non-Optional
// declaration rejects.
func (r *Repo) SetNote(ctx context.Context, s table.Session, id uint64, note *string) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8; UPDATE orders SET note = $note WHERE id = $id;", // want `\$note is declared Utf8 but bound to Utf8\? \(types.NullValue\(types.TypeText\)\); YDB rejects the query \(Parameter \$note type mismatch, expected: Utf8, actual: Utf8\?\)`
		table.NewQueryParameters(
			table.ValueParam("$id", types.Uint64Value(id)),
			func() table.ParameterOption {
				if note == nil {
					return table.ValueParam("$note", types.NullValue(types.TypeText))
				}
				return table.ValueParam("$note", types.OptionalValue(types.TextValue(*note)))
			}(),
		))
	return err
}

// SetNoteOptional is SetNote's twin with the Optional declaration: silent.
func (r *Repo) SetNoteOptional(ctx context.Context, s table.Session, id uint64, note *string) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8?; UPDATE orders SET note = $note WHERE id = $id;",
		table.NewQueryParameters(
			table.ValueParam("$id", types.Uint64Value(id)),
			func() table.ParameterOption {
				if note == nil {
					return table.ValueParam("$note", types.NullValue(types.TypeText))
				}
				return table.ValueParam("$note", types.OptionalValue(types.TextValue(*note)))
			}(),
		))
	return err
}

// MoveNote binds $id with the wrong type next to an immediately invoked
// $note binding: the literal no longer hides the call's other bindings.
func (r *Repo) MoveNote(ctx context.Context, s table.Session, id int64, note *string) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8?; UPDATE orders SET note = $note WHERE id = $id;", // want `\$id is declared Uint64 but bound to Int64 \(types.Int64Value\(id\)\)`
		table.NewQueryParameters(
			table.ValueParam("$id", types.Int64Value(id)),
			func() table.ParameterOption {
				if note == nil {
					return table.ValueParam("$note", types.NullValue(types.TypeText))
				}
				return table.ValueParam("$note", types.OptionalValue(types.TextValue(*note)))
			}(),
		))
	return err
}

// MoveNoteTyped is MoveNote's twin binding $id as declared: silent.
func (r *Repo) MoveNoteTyped(ctx context.Context, s table.Session, id uint64, note *string) error {
	_, _, err := s.Execute(ctx, table.DefaultTxControl(),
		"DECLARE $id AS Uint64; DECLARE $note AS Utf8?; UPDATE orders SET note = $note WHERE id = $id;",
		table.NewQueryParameters(table.ValueParam("$id", types.Uint64Value(id)), noteParam(note)))
	return err
}
