// Package tableopt decodes the options of a CreateTable or AlterTable call
// (ydb-go-sdk table/options: WithColumn, WithPrimaryKeyColumn, WithIndex,
// WithDropColumn, …) into a site.TableOptions.
//
// Go code is read in two ways: over SSA with types (passes/querysite, for
// the calls of the analysed package) and as syntax alone (passes/schemafact,
// for the calls of the module's other packages). Each reader implements Arg
// for its own form of an argument — a constant string, a types.Type
// expression, a nested option call, a struct literal — and hands every
// element of an option list to one Decoder, so both read an option the
// same way. The package knows nothing of SSA or go/analysis; which SDK
// function an option is comes from the sdk.Funcs table.
package tableopt
