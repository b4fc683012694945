package sdkssa_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/sdkssa"
)

// TestSQLHandles asks, for the receiver of the one BeginTx call in each
// function of testdata/handles, whether it is certainly YDB's.
func TestSQLHandles(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, sdkssa.Analyzer, "example.com/sdkssa/handles")
	if len(results) != 1 || results[0].Result == nil {
		t.Fatalf("want one analysed package, got %d", len(results))
	}
	res, _ := results[0].Result.(*buildssa.SSA)
	if res == nil {
		t.Fatal("no SSA for the package")
	}
	tests := []struct {
		fn   string
		want bool
	}{
		{"LocalConnector", true},       // sql.OpenDB of ydb.Connector's connector, through a local
		{"OpenByName", true},           // sql.Open("ydb/v3", dsn)
		{"OpenPostgres", false},        // another driver
		{"OpenByVariableName", false},  // a driver name not constant
		{"ConnOfYDB", true},            // (*sql.DB).Conn of a YDB handle
		{"EitherYDB", true},            // a phi of two YDB handles
		{"YDBOrPostgres", false},       // a phi with a Postgres edge
		{"Captured$1", true},           // a captured local stored once
		{"CapturedAndReplaced", false}, // the closure stores a Postgres handle
		{"UnexportedGlobal", true},     // every store in the package is YDB's
		{"ExportedGlobal", false},      // other packages may store into it
		{"MixedGlobal", false},         // one store is Postgres's
		{"(*repo).Field", true},        // an unexported field, every store YDB's
		{"(*repo).Mixed", false},       // one store is Postgres's
		{"(*repo).Taken", false},       // its address is passed on
		{"(*repo).Exported", false},    // an exported field
		{"ydbParam", true},             // every call passes a YDB handle
		{"mixedParam", false},          // one call passes Postgres
		{"valueParam", false},          // the function is also used as a value
		{"ExportedParam", false},       // callers outside the package
		{"uncalled", false},            // no caller at all
	}
	byName := map[string]*ssa.Function{}
	for _, fn := range res.SrcFuncs {
		byName[fn.RelString(res.Pkg.Pkg)] = fn
	}
	for _, tt := range tests {
		t.Run(tt.fn, func(t *testing.T) {
			fn := byName[tt.fn]
			if fn == nil {
				t.Fatalf("no function %s", tt.fn)
			}
			recv := beginReceiver(fn)
			if recv == nil {
				t.Fatalf("%s begins no transaction", tt.fn)
			}
			h := sdkssa.NewHandles(res.Pkg, res.SrcFuncs)
			if got := h.IsYDB(recv); got != tt.want {
				t.Errorf("IsYDB(receiver in %s) = %v, want %v", tt.fn, got, tt.want)
			}
		})
	}
}

// TestCreatedSessions asks, for the session of the one BeginTransaction
// call in each function of testdata/handles/sessions.go, whether it
// certainly came from table.Client.CreateSession.
func TestCreatedSessions(t *testing.T) {
	dir, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	results := analysistest.Run(t, dir, sdkssa.Analyzer, "example.com/sdkssa/handles")
	res, _ := results[0].Result.(*buildssa.SSA)
	if res == nil {
		t.Fatal("no SSA for the package")
	}
	tests := []struct {
		fn   string
		want bool
	}{
		{"LocalSession", true},           // CreateSession's result, through a local
		{"(*store).HeldSession", true},   // an unexported field only the constructor fills
		{"(*store).MixedSession", false}, // a retrier's session is stored there too
		{"RetrierSession$1", false},      // the session table.Client.Do hands out
		{"sessionParam", true},           // every call passes a CreateSession session
	}
	byName := map[string]*ssa.Function{}
	for _, fn := range res.SrcFuncs {
		byName[fn.RelString(res.Pkg.Pkg)] = fn
	}
	h := sdkssa.NewHandles(res.Pkg, res.SrcFuncs)
	for _, tt := range tests {
		fn := byName[tt.fn]
		if fn == nil {
			t.Errorf("no function %s", tt.fn)
			continue
		}
		recv := sessionBeginReceiver(fn)
		if recv == nil {
			t.Errorf("%s begins no table transaction", tt.fn)
			continue
		}
		if got := h.IsCreatedSession(recv); got != tt.want {
			t.Errorf("IsCreatedSession(session in %s) = %v, want %v", tt.fn, got, tt.want)
		}
	}
}

// sessionBeginReceiver is the session of fn's first BeginTransaction.
func sessionBeginReceiver(fn *ssa.Function) ssa.Value {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !call.Common().IsInvoke() {
				continue
			}
			id, _, ok := sdkssa.Callee(call.Common())
			if f := sdk.LookupFunc(id); ok && f != nil && f.Helper == sdk.HelperSessionBegin {
				return call.Common().Value
			}
		}
	}
	return nil
}

// beginReceiver is the receiver of fn's first BeginTx/Begin call.
func beginReceiver(fn *ssa.Function) ssa.Value {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			id, _, ok := sdkssa.Callee(call.Common())
			if f := sdk.LookupFunc(id); ok && f != nil && f.Helper == sdk.HelperDBBegin && len(call.Common().Args) > 0 {
				return call.Common().Args[0]
			}
		}
	}
	return nil
}
