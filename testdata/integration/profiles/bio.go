package profiles

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// SetBio binds $bio through an immediately invoked function literal that
// picks NULL when the caller has no bio: both returns bind Utf8?, which
// the non-Optional declaration rejects.
func (s *Store) SetBio(ctx context.Context, c table.Client, id uint64, bio *string) error {
	return c.Do(ctx, func(ctx context.Context, ts table.Session) error {
		_, _, err := ts.Execute(ctx, table.DefaultTxControl(), "DECLARE $id AS Uint64; DECLARE $bio AS Utf8; UPDATE profiles SET bio = $bio WHERE profile_id = $id;", // want `\$bio is declared Utf8 but bound to Utf8\? \(types.NullValue\(types.TypeText\)\); YDB rejects the query \(Parameter \$bio type mismatch, expected: Utf8, actual: Utf8\?\)`
			table.NewQueryParameters(
				table.ValueParam("$id", types.Uint64Value(id)),
				func() table.ParameterOption {
					if bio == nil {
						return table.ValueParam("$bio", types.NullValue(types.TypeText))
					}
					return table.ValueParam("$bio", types.OptionalValue(types.TextValue(*bio)))
				}(),
			))
		return err
	}, table.WithIdempotent())
}

// ClearBio is SetBio's twin with the Optional declaration: silent.
func (s *Store) ClearBio(ctx context.Context, c table.Client, id uint64, bio *string) error {
	return c.Do(ctx, func(ctx context.Context, ts table.Session) error {
		_, _, err := ts.Execute(ctx, table.DefaultTxControl(), "DECLARE $id AS Uint64; DECLARE $bio AS Utf8?; UPDATE profiles SET bio = $bio WHERE profile_id = $id;",
			table.NewQueryParameters(
				table.ValueParam("$id", types.Uint64Value(id)),
				func() table.ParameterOption {
					if bio == nil {
						return table.ValueParam("$bio", types.NullValue(types.TypeText))
					}
					return table.ValueParam("$bio", types.OptionalValue(types.TextValue(*bio)))
				}(),
			))
		return err
	}, table.WithIdempotent())
}
