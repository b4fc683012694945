// Package eventidx holds the audit event kinds; each knows its row.
package eventidx

import (
	"time"

	"github.com/ydb-platform/ydb-go-sdk/v3/table/types"
)

// Event is one audit event.
type Event interface {
	Row() []types.StructValueOption
}

type login struct{ user string }

// Login records a login.
func Login(user string) Event { return login{user: user} }

func (l login) Row() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("ts", types.Int64Value(time.Now().UnixNano())),
		types.StructFieldValue("user", types.TextValue(l.user)),
		types.StructFieldValue("shard", types.Uint64Value(uint64(len(l.user)%4))),
	}
}

type logout struct{ user string }

// Logout records a logout.
func Logout(user string) Event { return logout{user: user} }

func (l logout) Row() []types.StructValueOption {
	return []types.StructValueOption{
		types.StructFieldValue("ts", types.Int64Value(time.Now().UnixNano())),
		types.StructFieldValue("user", types.TextValue(l.user)),
		types.StructFieldValue("shard", types.Uint64Value(uint64(len(l.user)%4))),
	}
}
