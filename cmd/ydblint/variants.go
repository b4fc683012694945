package main

import "strings"

// shadowedByTest returns the IDs of the packages whose findings a run
// leaves to their test variant: package p when "p [p.test]" was analysed
// too and loaded and ran cleanly. The variant holds every file of p plus
// the in-package tests, and sees more (its imports add the test imports',
// and their facts), so the two can disagree on one line: a read judged a
// full scan in p and a missing hash prefix in the variant, which sees the
// write that proves the hash. go vet analyses only the variant; so does
// this, and one finding is printed per line and rule. When the variant did
// not load, was skipped (a test import does not type-check) or an analyzer
// failed on it, p's own findings stay.
func shadowedByTest(run *runResult) map[string]bool {
	clean := map[string]bool{}
	for _, p := range run.Packages {
		if len(p.Errors) == 0 && len(p.Failures) == 0 && p.Skipped == "" {
			clean[p.ID] = true
		}
	}
	out := map[string]bool{}
	for _, p := range run.Packages {
		if strings.Contains(p.ID, " ") {
			continue // a variant itself
		}
		if clean[p.ID+" ["+p.PkgPath+".test]"] {
			out[p.ID] = true
		}
	}
	return out
}
