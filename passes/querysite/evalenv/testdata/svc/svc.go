// Package svc builds its texts with qb and with writers a constructor
// configures per table. sink stands for the SDK call whose text querysite
// asks the evaluator for.
package svc

import "example.com/evalenv/qb"

func sink(q string) {}

// Order reads an order through the imported builder.
func Order() {
	sink(qb.NewSelect("orders").Where("id = $id").Where("state = $state").String()) // want `SELECT \* FROM orders WHERE id = \$id AND state = \$state`
}

// Account reads the builder's package variable its initialiser built.
func Account() {
	sink(qb.ByID) // want `SELECT \* FROM accounts WHERE id = \$id`
}

// Latest reads a package variable another function reassigns: unknown.
func Latest() {
	sink(qb.Current) // want `^<[^>]*>$`
}

// writer upserts rows into the table it was made for.
type writer struct {
	table string
}

func newWriter(table string) *writer { return &writer{table: table} }

func (w *writer) save() {
	sink("UPSERT INTO " + w.table + " SELECT * FROM AS_TABLE($rows)") // want `^UPSERT INTO \(events\|audit\|\) SELECT \* FROM AS_TABLE\(\$rows\)$`
}

// Wire makes the service's two writers.
func Wire() {
	newWriter("events").save()
	newWriter("audit").save()
}
