package scantype_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/testenv"
)

// TestMain downloads the test-data modules' dependencies first: the tests
// load those modules with GOPROXY=off (see package testenv).
func TestMain(m *testing.M) { testenv.Main(m) }
