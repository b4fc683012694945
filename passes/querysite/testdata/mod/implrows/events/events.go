// Package events holds the audit event kinds; each knows the fields of its
// row in the audit tables.
package events

import (
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Event is one audit record.
type Event interface {
	Fields() []types.StructValueOption
}

type login struct {
	user string
	at   time.Time
}

// Login records a user's login.
func Login(user string) Event { return login{user: user, at: time.Now()} }

func (l login) Fields() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("user", types.TextValue(l.user)),
		types.StructFieldValue("at", types.TimestampValueFromTime(l.at)),
	}
}

type logout struct{ user string }

// Logout records a user's logout.
func Logout(user string) Event { return &logout{user: user} }

func (l *logout) Fields() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("user", types.TextValue(l.user)),
		types.StructFieldValue("reason", types.NullValue(types.TypeText)),
	}
}

// draft implements Event but is never made one: it cannot reach a writer.
type draft struct{}

func (draft) Fields() []types.StructValueOption {
	return []types.StructValueOption{types.StructFieldValue("note", types.TextValue(""))}
}

// cached implements Event but is only ever kept as any (a cache entry):
// it is not converted to Event, so it is not a row of a writer.
type cached struct{ key string }

func (c cached) Fields() []types.StructValueOption {
	return []types.StructValueOption{types.StructFieldValue("key", types.TextValue(c.key))}
}

// Entry boxes a cache entry.
func Entry(key string) any { return cached{key: key} }

// Labeled is a record with free-form labels.
type Labeled interface {
	Columns() []types.StructValueOption
}

type labels map[string]string

// Labels records free-form labels.
func Labels(m map[string]string) Labeled { return labels(m) }

// Columns builds one field per label: the field names are data.
func (l labels) Columns() []types.StructValueOption {
	var out []types.StructValueOption
	for k, v := range l {
		out = append(out, types.StructFieldValue(k, types.TextValue(v)))
	}
	return out
}

type user struct{ id string }

// User records a user.
func User(id string) Labeled { return user{id: id} }

func (u user) Columns() []types.StructValueOption {
	return []types.StructValueOption{types.StructFieldValue("id", types.TextValue(u.id))}
}
