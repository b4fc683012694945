package truncation_test

import (
	"testing"

	"github.com/ydblint/ydblint/internal/testenv"
)

func TestMain(m *testing.M) { testenv.Main(m) }
