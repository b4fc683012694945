package noreturn_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/testenv"
)

// TestMain downloads the test-data module's dependencies first (package
// testenv).
func TestMain(m *testing.M) { testenv.Main(m) }
