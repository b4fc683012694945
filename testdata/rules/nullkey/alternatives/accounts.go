// Package alternatives writes the accounts table (account_id Uint64 NOT
// NULL, the key) and the sessions table (PRIMARY KEY (user_id,
// session_id)) with a text chosen at run time between two literals. A key
// fault that only one text has is named by the Go literal that sets that
// text apart; every faulty method has a twin whose texts are both right,
// which stays silent.
package alternatives

import (
	"context"

	ydb "github.com/ydb-platform/ydb-go-sdk/v3"
	"github.com/ydb-platform/ydb-go-sdk/v3/query"
)

// Accounts is the account service's repository.
type Accounts struct {
	db *ydb.Driver
}

// NewAccounts is called from main.
func NewAccounts(db *ydb.Driver) *Accounts { return &Accounts{db: db} }

// Save writes an account; an imported account is written with the id
// left for a later pass, which YDB rejects: the key is NOT NULL.
func (a *Accounts) Save(ctx context.Context, id uint64, email string, imported bool) error {
	q := "UPSERT INTO accounts (account_id, email) VALUES ($id, $email)"
	if imported {
		q = "UPSERT INTO accounts (account_id, email) VALUES (NULL, $email)" // want `NULL is written to NOT NULL key column account_id of accounts: YDB rejects the statement; YDB's error: Can't set NULL or optional value to not null column; table accounts.* \(in 1 of the 2 ways the query text is built: the text at accounts.go:29\)$`
	}
	return a.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$email").Text(email).Build(),
	))
}

// SaveKeyed writes the id in both texts: silent.
func (a *Accounts) SaveKeyed(ctx context.Context, id uint64, email string, imported bool) error {
	q := "UPSERT INTO accounts (account_id, email) VALUES ($id, $email)"
	if imported {
		q = "UPSERT INTO accounts (account_id, email) VALUES ($id, 'imported')"
	}
	return a.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$id").Uint64(id).Param("$email").Text(email).Build(),
	))
}

// Touch refreshes a session's data; the short form forgets the session id,
// which YDB rejects (Missing key column in input).
func (a *Accounts) Touch(ctx context.Context, user uint64, session, data string, short bool) error {
	q := "UPSERT INTO sessions (user_id, session_id, data) VALUES ($user, $session, $data)"
	if short {
		q = "UPSERT INTO sessions (user_id, data) VALUES ($user, $data)" // want `UPSERT does not write key column session_id of sessions: YDB rejects it; YDB.s error: Missing key column in input; table sessions.*; add the column \(in 1 of the 2 ways the query text is built: the text at accounts.go:52\)$`
	}
	return a.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$user").Uint64(user).Param("$session").Text(session).Param("$data").Text(data).Build(),
	))
}

// TouchKeyed writes the whole key in both texts: silent.
func (a *Accounts) TouchKeyed(ctx context.Context, user uint64, session, data string, short bool) error {
	q := "UPSERT INTO sessions (user_id, session_id, data) VALUES ($user, $session, $data)"
	if short {
		q = "UPSERT INTO sessions (user_id, session_id) VALUES ($user, $session)"
	}
	return a.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$user").Uint64(user).Param("$session").Text(session).Param("$data").Text(data).Build(),
	))
}

// Rename writes NULL into the key in every text: the finding says nothing
// of the texts, as a text built one way does.
func (a *Accounts) Rename(ctx context.Context, email string, upper bool) error {
	q := "UPSERT INTO accounts (account_id, email) VALUES (NULL, $email)" // want `NULL is written to NOT NULL key column account_id of accounts: YDB rejects the statement; YDB's error: Can't set NULL or optional value to not null column; table accounts, primary key \(account_id\) \(schema: migrations/00003_nullkey.sql:5\)$`
	if upper {
		q = "UPSERT INTO accounts (account_id, email) VALUES (NULL, Unicode::ToUpper($email))" // want `NULL is written to NOT NULL key column account_id of accounts: YDB rejects the statement; YDB's error: Can't set NULL or optional value to not null column; table accounts, primary key \(account_id\) \(schema: migrations/00003_nullkey.sql:5\)$`
	}
	return a.db.Query().Exec(ctx, q, query.WithParameters(
		ydb.ParamsBuilder().Param("$email").Text(email).Build(),
	))
}
