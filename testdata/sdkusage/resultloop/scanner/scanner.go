// Package scanner holds row-scanning helpers shared by repositories.
package scanner

import (
	"context"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/result"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/result/named"
)

// Titles reads the title column of every row of every set. The result
// comes from the caller: the rule does not know where it was created.
func Titles(ctx context.Context, res result.Result) ([]string, error) {
	var out []string
	for res.NextResultSet(ctx) {
		for res.NextRow() {
			var t string
			if err := res.ScanNamed(named.OptionalWithDefault("title", &t)); err != nil {
				return nil, err
			}
			out = append(out, t)
		}
	}
	return out, res.Err()
}

// First reads the first row of a result whose set the caller selected.
func First(res result.Result, dst ...named.Value) (bool, error) {
	if !res.NextRow() {
		return false, res.Err()
	}
	return true, res.ScanNamed(dst...)
}
