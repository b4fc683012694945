package querysite

import "strings"

// unknownPathPrefix reports whether a text sets PRAGMA TablePathPrefix
// from a value with no identity (a hole with no key), after which its
// tables could only be matched by suffix: the evaluator's text of a
// method a wrapper's caller passes the receiver of is then not used
// (methodText). A parameter piece there is marked (piece.identity):
// the caller's argument decides, at instantiation (needsIdentity). The
// SDK's examples render text/template queries with the program's package
// var `prefix` and pass the same var to the function that creates the
// tables, so the DDL and the queries name their tables through the same
// keyed hole and match exactly.
func unknownPathPrefix(t texts) bool {
	for _, v := range t.vs {
		if _, ok := unknownPrefixHole(v); ok {
			return true
		}
	}
	return false
}

// knownPathPrefixes is t without its variants that set PRAGMA
// TablePathPrefix from a value with no identity, cut short (truncated)
// when it dropped one: a store's own folder and, on another path, a
// bucket's folder joined from a request's directory (seaweedfs's
// getPrefix) keep the variant of the folder the DDL names. ok is false
// when no variant is left (then a direct site's text is all of them,
// matched by suffix: siteText).
func knownPathPrefixes(t texts) (texts, bool) {
	out := texts{truncated: t.truncated}
	for _, v := range t.vs {
		if _, ok := unknownPrefixHole(v); ok {
			out.truncated = true
			continue
		}
		out.vs = append(out.vs, v)
	}
	return out, len(out.vs) > 0
}

// unknownPrefixHole returns the hole without a key that a PRAGMA
// TablePathPrefix of v is set from, marking v's parameter pieces there
// (piece.identity).
func unknownPrefixHole(v variant) (piece, bool) {
	for i, p := range v {
		if p.hole || p.param >= 0 || !strings.Contains(p.text, "TablePathPrefix(") {
			continue
		}
		for j := i + 1; j < len(v); j++ {
			q := v[j]
			if q.hole && q.key == "" {
				return q, true // no identity: only a suffix could match
			}
			if q.param >= 0 {
				v[j].identity = true
			}
			if strings.Contains(q.text, ")") {
				break
			}
		}
	}
	return piece{}, false
}
