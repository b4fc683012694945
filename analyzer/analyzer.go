package analyzer

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/ydblint/ydblint/internal/pkgstate"
	"github.com/ydblint/ydblint/internal/report"
	"github.com/ydblint/ydblint/internal/suppress"
	"github.com/ydblint/ydblint/passes/config"
	"github.com/ydblint/ydblint/passes/fullscan"
	"github.com/ydblint/ydblint/passes/hashprefix"
	"github.com/ydblint/ydblint/passes/idempotency"
	"github.com/ydblint/ydblint/passes/monotonickey"
	"github.com/ydblint/ydblint/passes/nestedretry"
	"github.com/ydblint/ydblint/passes/nullkey"
	"github.com/ydblint/ydblint/passes/resultloop"
	"github.com/ydblint/ydblint/passes/retryerr"
	"github.com/ydblint/ydblint/passes/retrystate"
	"github.com/ydblint/ydblint/passes/scantype"
	"github.com/ydblint/ydblint/passes/sessionescape"
	"github.com/ydblint/ydblint/passes/truncation"
	"github.com/ydblint/ydblint/passes/txretry"
	"github.com/ydblint/ydblint/passes/uncommitted"
	"github.com/ydblint/ydblint/passes/yqlcheck"
	"github.com/ydblint/ydblint/passes/yqlinject"
	"golang.org/x/tools/go/analysis"
)

// Suite is every ydblint rule, in documentation order. Adding a rule is its
// Analyzer here and its name in suppress.Rules, the names ydblint:ignore
// directives accept (TestSuiteIsRules keeps the two lists equal).
var Suite = []*analysis.Analyzer{
	hashprefix.Analyzer,
	nullkey.Analyzer,
	fullscan.Analyzer,
	monotonickey.Analyzer,
	yqlcheck.Analyzer,
	yqlinject.Analyzer,
	resultloop.Analyzer,
	retrystate.Analyzer,
	uncommitted.Analyzer,
	nestedretry.Analyzer,
	retryerr.Analyzer,
	txretry.Analyzer,
	idempotency.Analyzer,
	scantype.Analyzer,
	sessionescape.Analyzer,
	truncation.Analyzer,
}

// Check reports every way in which analyzers break the suite's conventions:
// analysis.Validate, unique names, a name that ydblint:ignore directives
// accept (suppress.Rules), direct Requires of config.Analyzer (rules read
// its result) and of pkgstate.Analyzer (report.WrapRun reads the package's
// configuration, failures and claims there), the rule's documentation URL,
// a Doc title in go/analysis style, and a "# Not reported" section in the
// Doc (every rule's page says what it stays silent on, under one heading).
func Check(analyzers []*analysis.Analyzer) error {
	var errs []error
	if err := analysis.Validate(analyzers); err != nil {
		errs = append(errs, err)
	}
	seen := map[string]bool{}
	for _, a := range analyzers {
		if a == nil {
			errs = append(errs, errors.New("nil analyzer in the suite"))
			continue
		}
		if seen[a.Name] {
			errs = append(errs, fmt.Errorf("%s: name used twice", a.Name))
		}
		seen[a.Name] = true
		if !slices.Contains(suppress.Rules, a.Name) {
			errs = append(errs, fmt.Errorf("%s: not a rule name ydblint:ignore accepts (%s)", a.Name, strings.Join(suppress.Rules, ", ")))
		}
		if !slices.Contains(a.Requires, config.Analyzer) {
			errs = append(errs, fmt.Errorf("%s: does not require config.Analyzer", a.Name))
		}
		if !slices.Contains(a.Requires, pkgstate.Analyzer) {
			errs = append(errs, fmt.Errorf("%s: does not require pkgstate.Analyzer", a.Name))
		}
		if want := report.URLBase + a.Name; a.URL != want {
			errs = append(errs, fmt.Errorf("%s: URL %q, want %q", a.Name, a.URL, want))
		}
		if err := checkTitle(Title(a)); err != nil {
			errs = append(errs, fmt.Errorf("%s: Doc title %v", a.Name, err))
		}
		if !strings.Contains(a.Doc, "\n"+notReportedHeading+"\n") {
			errs = append(errs, fmt.Errorf("%s: Doc has no %q section", a.Name, notReportedHeading))
		}
	}
	return errors.Join(errs...)
}

// notReportedHeading is the heading under which every rule's doc.go says
// what the rule does not report (its limits and deliberate silences).
const notReportedHeading = "# Not reported"

// Title returns the first paragraph of an analyzer's Doc (go/analysis: "the
// part before the first \n\n is the title").
func Title(a *analysis.Analyzer) string {
	title, _, _ := strings.Cut(a.Doc, "\n\n")
	return strings.Join(strings.Fields(title), " ")
}

func checkTitle(t string) error {
	switch {
	case t == "":
		return errors.New("is empty")
	case unicode.IsUpper([]rune(t)[0]):
		return fmt.Errorf("%q starts with a capital", t)
	case strings.HasSuffix(t, "."):
		return fmt.Errorf("%q ends with a period", t)
	case len(t) > 80:
		return fmt.Errorf("%q is longer than 80 bytes", t)
	}
	return nil
}
