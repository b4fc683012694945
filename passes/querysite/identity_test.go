package querysite_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestProgramIdentity: a program whose helpers all receive its folder
// package var (paramkey.go), a CreateTable helper that writes its own
// options (wrapopts.go), a template rendered under a parameter.
func TestProgramIdentity(t *testing.T) {
	analysistest.Run(t, analysistest.TestData()+"/mod", reporter, "./tmplprog")
}
