package yqlcheck_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/yqlcheck"
)

// schemaFileT passes analysistest's complaints on to t, except those about
// diagnostics in migration files, which analysistest cannot expect (a want
// comment lives in Go or in files go list names): it collects them instead.
type schemaFileT struct {
	*testing.T
	inSQL []string // "file.sql:line: message"
}

var unexpectedSQL = regexp.MustCompile(`^(\S+\.sql):(\d+):\d+: unexpected diagnostic: (.*)$`)

func (t *schemaFileT) Errorf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	if m := unexpectedSQL.FindStringSubmatch(msg); m != nil {
		t.inSQL = append(t.inSQL, filepath.Base(m[1])+":"+m[2]+": "+m[3])
		return
	}
	t.T.Errorf("%s", msg)
}

// TestYqlcheckDDL: DDL YDB rejects, in the package's Go DDL and CreateTable
// calls (want comments) and in the migrations it embeds (checked here).
func TestYqlcheckDDL(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/yqlcheck")
	if err != nil {
		t.Fatal(err)
	}
	st := &schemaFileT{T: t}
	analysistest.Run(st, dir, yqlcheck.Analyzer, "example.com/yqlcheck/metricsdb", "example.com/yqlcheck/audit",
		"example.com/yqlcheck/members")
	want := []string{
		// 00004: from audit, the owner of migrations/, only (members, which
		// writes the table, leaves it to the owner: go vet reports it once).
		`00004_members.sql:6: the word s before column last_name (Utf8) is not YQL; it reads as a column s of type last_name followed by the word Utf8, so YDB refuses the whole CREATE TABLE ("mismatched input 'Utf8' expecting …"); remove the stray word s`,
		`00004_members.sql:14: column code of table invites has type Strng, which is not a YQL type; YDB refuses the whole statement ("Unknown simple type 'Strng'"); did you mean String?`,
		`00003_audit.sql:6: the word details after the definition of column action (Utf8) is not YQL; a column definition ends after its type, FAMILY, NOT NULL and DEFAULT, so YDB refuses the whole CREATE TABLE ("mismatched input 'details' expecting …"); a comma is missing, or the word belongs to another database's SQL`,
		`0001_hosts.sql:5: the word region after the definition of column name (Utf8) is not YQL; a column definition ends after its type, FAMILY, NOT NULL and DEFAULT, so YDB refuses the whole CREATE TABLE ("mismatched input 'region' expecting …"); a comma is missing, or the word belongs to another database's SQL`,
		`0002_readings.sql:6: primary key column value of table readings is Double, a type YDB does not allow in a key; YDB refuses it: "Column value has wrong key type Double"; key the table by an integer, string, date or Uuid column`,
		`0002_readings.sql:15: TTL of table readings_by_host: column ts is Uint64, an integer, given no unit; YDB needs the unit it counts since the Unix epoch (ON ts AS SECONDS, …): "To enable TTL on integral type column 'ValueSinceUnixEpochModeSettings' should be specified"`,
	}
	sort.Strings(st.inSQL)
	sort.Strings(want)
	if got := strings.Join(st.inSQL, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("diagnostics in migrations:\n%s\nwant:\n%s", got, strings.Join(want, "\n"))
	}
}

// collectT collects every complaint of analysistest instead of failing.
type collectT struct {
	*testing.T
	msgs []string
}

func (t *collectT) Errorf(format string, args ...any) {
	t.msgs = append(t.msgs, fmt.Sprintf(format, args...))
}

// TestYqlcheckDDLGoPositionsOnly: under golangci-lint, which drops issues
// outside Go files, a migration's fault moves to the first query naming
// the table and names the migration line. OmitRelated holds for the whole
// process (its session), so the test runs itself in a child process.
func TestYqlcheckDDLGoPositionsOnly(t *testing.T) {
	if os.Getenv("YQLCHECK_GO_POSITIONS_ONLY") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestYqlcheckDDLGoPositionsOnly$", "-test.v")
		cmd.Env = append(os.Environ(), "YQLCHECK_GO_POSITIONS_ONLY=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("child: %v\n%s", err, out)
		}
		return
	}
	config.ProcessSession().OmitRelated()
	dir, err := filepath.Abs("../../testdata/yqlcheck")
	if err != nil {
		t.Fatal(err)
	}
	ct := &collectT{T: t}
	analysistest.Run(ct, dir, yqlcheck.Analyzer, "example.com/yqlcheck/audit")
	// 00003 at the query naming audit_log; 00004's faults, which audit owns
	// by the file tree but does not query, at its package clause.
	want := []string{
		`audit.go:18:45: unexpected diagnostic: the word details after the definition of column action (Utf8) is not YQL; the statement is in migration migrations/00003_audit.sql:6; a column definition`,
		`audit.go:4:9: unexpected diagnostic: the word s before column last_name (Utf8) is not YQL; the statement is in migration migrations/00004_members.sql:6; it reads`,
		`audit.go:4:9: unexpected diagnostic: column code of table invites has type Strng, which is not a YQL type; the statement is in migration migrations/00004_members.sql:14; YDB refuses`,
	}
	if len(ct.msgs) != len(want) {
		t.Fatalf("diagnostics = %q, want %d", ct.msgs, len(want))
	}
	for i, w := range want {
		if !strings.Contains(ct.msgs[i], w) {
			t.Errorf("diagnostic %d = %q, want it to contain %q", i, ct.msgs[i], w)
		}
	}
}
