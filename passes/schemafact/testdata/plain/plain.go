// Package plain reaches neither ydb-go-sdk nor database/sql: no fact, no scan.
package plain

import "strings"

var S = strings.ToUpper("CREATE TABLE ghost (id Uint64, PRIMARY KEY (id))")
