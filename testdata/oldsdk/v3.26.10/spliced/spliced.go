// Package spliced reads notes through the table service of SDK v3.26.10,
// whose table/types has UTF8Value and StringValue (no TextValue or
// BytesValue): yqlinject's advice names the constructors this release has.
package spliced

import (
	"context"
	"fmt"

	"github.com/ydb-platform/ydb-go-sdk/v3/table"
	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Notes reads notes by author.
type Notes struct{ c table.Client }

func New(c table.Client) *Notes { return &Notes{c: c} }

var ro = table.TxControl(table.BeginTx(table.WithOnlineReadOnly()), table.CommitTx())

// Query is what the API receives.
type Query struct {
	Author string
	Body   []byte
}

// ByAuthor splices the author into a quoted literal.
func (n *Notes) ByAuthor(ctx context.Context, q Query) error {
	return n.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, ro, "SELECT id FROM notes WHERE author = '"+q.Author+"';", nil) // want `q.Author is spliced into the YQL text as a string literal: YQL injection; the value is from parameter q of exported \(\*Notes\).ByAuthor.* bind it with table.NewQueryParameters\(table.ValueParam\("\$author", types.UTF8Value\(q.Author\)\)\)`
		return err
	})
}

// ByBody splices bytes.
func (n *Notes) ByBody(ctx context.Context, q Query) error {
	return n.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, ro, fmt.Sprintf("SELECT id FROM notes WHERE body = '%s';", q.Body), nil) // want `q.Body is spliced into the YQL text as a string literal: YQL injection; the value is from parameter q of exported \(\*Notes\).ByBody.*\(DECLARE \$body AS String;\).* types.StringValue\(q.Body\)`
		return err
	})
}

// ByAuthorParam is ByAuthor's correct twin.
func (n *Notes) ByAuthorParam(ctx context.Context, q Query) error {
	return n.c.Do(ctx, func(ctx context.Context, s table.Session) error {
		_, _, err := s.Execute(ctx, ro, "DECLARE $author AS Utf8; SELECT id FROM notes WHERE author = $author;",
			table.NewQueryParameters(table.ValueParam("$author", types.UTF8Value(q.Author))))
		return err
	})
}
