package queryplan

import "github.com/ydblint/ydblint/internal/report"

// Claim returns true to its first caller for key and false to every later
// one. The rules of a package share this Result; report uses it so that a
// package-wide message every rule would make (a directive naming an unknown
// rule) is reported once. It implements report.Claims.
func (r *Result) Claim(key string) bool {
	if r == nil {
		return true
	}
	_, loaded := r.claims.LoadOrStore(key, true)
	return !loaded
}

// OmitRelatedInformation makes the rules report no Related information in
// this process (report.OmitRelated): golangci-lint's plugin calls it, as
// golangci-lint shows each related location as an issue of its own. It also
// keeps every finding in Go files (report.GoPositionsOnly): golangci-lint
// drops issues positioned in a migration file.
func OmitRelatedInformation() {
	report.OmitRelated()
	report.GoPositionsOnly()
}
