package keyplan

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ydblint/ydblint/internal/yql"
)

// TestPointKeys: the unique keys every OR branch pins to a finite set of
// values, each branch's sets written count or $list ("PRIMARY KEY:
// [1 $ids] + [2]"); a key any branch leaves open, or pins by IS NULL for
// a unique index, is absent.
func TestPointKeys(t *testing.T) {
	cases := []struct {
		q, table string
		want     string
	}{
		{"SELECT * FROM users WHERE id = $id", "users", "PRIMARY KEY: [1]"},
		{"SELECT * FROM users WHERE id IN $ids", "users", "PRIMARY KEY: [$ids]"},
		{"DECLARE $ids AS List<Uint64>; SELECT * FROM users WHERE id IN ($ids)", "users", "PRIMARY KEY: [$ids]"},
		{"SELECT * FROM users WHERE id IN (1, 2, 3)", "users", "PRIMARY KEY: [3]"},
		{"SELECT * FROM users WHERE id IN $ids AND id = 7", "users", "PRIMARY KEY: [1]"},
		{"SELECT * FROM users WHERE id = 1 OR id IN $ids", "users", "PRIMARY KEY: [1] + [$ids]"},
		{"SELECT * FROM users WHERE email IN $emails", "users", "users_email_uidx: [$emails]"},
		{"SELECT * FROM users VIEW users_email_uidx WHERE email IN $emails", "users", "users_email_uidx: [$emails]"},
		{"SELECT * FROM users WHERE org = $org AND login IN $logins", "users", "users_org_login_uidx: [1 $logins]"},
		// Equality on every column of a GLOBAL UNIQUE index is at most one
		// row, read through the index or not; several values are as many
		// rows; a prefix of the index, a range or a cast column pins none.
		{"SELECT * FROM users WHERE email = $email", "users", "users_email_uidx: [1]"},
		{"SELECT * FROM users VIEW users_email_uidx WHERE email = $email", "users", "users_email_uidx: [1]"},
		{"SELECT * FROM users WHERE email = $email AND name = 'x'", "users", "users_email_uidx: [1]"},
		{"SELECT * FROM users WHERE org = $org AND login = $login", "users", "users_org_login_uidx: [1 1]"},
		{"SELECT * FROM users VIEW users_org_login_uidx WHERE login = $login AND org = 1", "users", "users_org_login_uidx: [1 1]"},
		{"SELECT * FROM users WHERE email IN ($a, $b)", "users", "users_email_uidx: [2]"},
		{"SELECT * FROM users WHERE email = $a OR email = $b", "users", "users_email_uidx: [1] + [1]"},
		{"SELECT * FROM users WHERE org = $org AND (login = $a OR login = $b)", "users", "users_org_login_uidx: [1 1] + [1 1]"},
		{"SELECT * FROM users WHERE org = $org", "users", ""},                 // a prefix of the index
		{"SELECT * FROM users WHERE email > $a", "users", ""},                 // a range
		{"SELECT * FROM users WHERE phone = $phone", "users", ""},             // only some definitions have it
		{"SELECT * FROM users WHERE CAST(email AS String) = $e", "users", ""}, // not a bare column
		{"SELECT * FROM users WHERE id IS NULL", "users", "PRIMARY KEY: [1]"},
		{"SELECT * FROM users WHERE email IS NULL", "users", ""},            // NULLs are not unique
		{"SELECT * FROM users WHERE phone IN $phones", "users", ""},         // only some definitions have it
		{"SELECT * FROM users WHERE name IN $names", "users", ""},           // not unique
		{"SELECT * FROM users WHERE org IN $orgs", "users", ""},             // a prefix of the index
		{"SELECT * FROM users WHERE id IN $ids OR name = 'x'", "users", ""}, // a branch leaves the key open
		{"SELECT * FROM plain WHERE k1 = 1 AND k2 IN $b AND k3 IN ('x', 'y')", "plain", "PRIMARY KEY: [1 $b 2]"},
		{"SELECT * FROM plain WHERE (k1, k2, k3) IN $tuples", "plain", "PRIMARY KEY: [$tuples]"},
		{"SELECT * FROM plain WHERE k1 = 1 AND k2 IN $b", "plain", ""}, // k3 open
		{"SELECT * FROM plain WHERE k1 IN (SELECT k FROM names)", "plain", ""},
	}
	for _, c := range cases {
		a := readOf(t, planLast(t, c.q, nil), c.table)
		var keys []string
		for _, pk := range a.PointKeys {
			var brs []string
			for _, br := range pk.Branches {
				var sets []string
				for _, s := range br {
					if p, ok := s.List.(*yql.ParamRef); ok && s.Count < 0 {
						sets = append(sets, "$"+p.Name)
					} else {
						sets = append(sets, fmt.Sprint(s.Count))
					}
				}
				brs = append(brs, "["+strings.Join(sets, " ")+"]")
			}
			keys = append(keys, pk.Name+": "+strings.Join(brs, " + "))
		}
		if got := strings.Join(keys, "; "); got != c.want {
			t.Errorf("%s: point keys %q, want %q", c.q, got, c.want)
		}
	}
}
