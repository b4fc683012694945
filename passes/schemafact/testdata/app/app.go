package app // want package:`schema\(/local/lines\(line_id\)@createtbl/createtbl.go:28; audit\(id,at\)@repo/testdata/audit.sql:1; carts.*; users\(email\)@bootstrap/bootstrap.go:20!conflict@db/migrations/0002_users.sql:2\)`

import "example.com/shop/repo"

var R *repo.Repo
