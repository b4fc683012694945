// Package ydbtype decodes the YDB types of values at query sites: a
// types.Type value the SDK is handed (types.TypeUint64, Optional(t),
// List(t), …; Types.Of, against the SDK's Primitive constants as the
// analysed package's imports number them), the YDB type database/sql binds
// a Go type as (GoYQL, SQLNullType), and whether a pointer or a sql.NullX
// value is NULL (PtrNull, SQLNullValid).
//
// It is apart from querysite because a value's type is a question of the
// value and the SDK's packages alone: the only thing it asks of the pass is
// how to find an imported package by path (New's findPackage). querysite
// classifies values with it (values.go) and hands Types.Of to package
// tableopts for column types.
package ydbtype
