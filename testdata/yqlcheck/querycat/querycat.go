// Package querycat keeps the service's queries in a map picked by name, the
// way some services centralise their YQL.
package querycat

import (
	"fmt"
	"path"
)

type Name int

const (
	ListOrders Name = iota
	DeleteOrder
)

var (
	listOrders  = "SELECT id, amount FROM `%s`"
	deleteOrder = "DECLARE $id AS Uint64; DELETE FROM `%s` WHERE id = $id"

	queries = map[Name]query{
		ListOrders:  {"orders", listOrders},
		DeleteOrder: {"orders", deleteOrder},
	}
)

type query struct {
	table string
	text  string
}

// DB names the database the tables live in.
type DB string

func (d DB) Table(name string) string { return path.Join(string(d), name) }

// Build returns the query text for a table of db.
func Build(db DB, name Name) string {
	if q, ok := queries[name]; ok {
		return fmt.Sprintf(q.text, db.Table(q.table))
	}
	panic("unknown query")
}
