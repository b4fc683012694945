package keyplan

import "strings"

// optionalParamFilter turns a FULL verdict caused by OR into DEPENDS when the
// only branches that leave the leading key column free are gated by
// `$p IS NULL`: the optional-filter idiom
//
//	WHERE (series_id = $series OR $series IS NULL) AND …
//
// reads every partition only in the executions that pass NULL, which is the
// caller's choice at run time (an intended listing, as often as not), and
// is keyed in the others. That is the same judgement as an optional
// conjunct appended in Go (ClassifyVariants), so it gets the same standing:
// a DEPENDS verdict, which the rules report only with -strict.
//
// gates[i] is the parameter of a `$p IS NULL` leaf of branches[i], or "".
// A branch without a gate that leaves key[0] free keeps the verdict FULL.
func optionalParamFilter(a *Access, key []string, branches [][]*atom, gates []string) {
	if len(key) == 0 || len(gates) != len(branches) {
		return
	}
	var params []string
	for i, br := range branches {
		if evalKey(key, [][]*atom{br}, true).verdict != Full {
			continue // this branch constrains the key
		}
		if gates[i] == "" {
			return // a branch that scans whatever the parameters are
		}
		if !contains(params, gates[i]) {
			params = append(params, gates[i])
		}
	}
	if len(params) == 0 {
		return
	}
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = "$" + p
	}
	brk := Reason{Code: ReasonOptionalParam, Column: key[0], Span: a.Break.Span,
		Text: "the filter on " + key[0] + " is optional; when " + strings.Join(names, " or ") +
			" is NULL, a branch of OR leaves " + key[0] + " free and the read covers every partition"}
	a.Verdict = Depends
	a.Break = brk
	a.Depends = append(a.Depends, brk)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
