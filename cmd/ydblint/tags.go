package main

import (
	"fmt"
	"strings"
)

// liftTags makes -tags work in the standalone command as it does for go
// vet and go build. The go/analysis driver registers -tags as a no-op
// legacy flag and loads packages with go list, which reads GOFLAGS: so the
// flag is taken out of the arguments and appended to GOFLAGS as
// -tags=a,b (last, so that it wins over a -tags already there). Under
// go vet -vettool the go command handles -tags itself and never passes it
// to the tool. Both the comma-separated and the legacy space-separated
// list are accepted; "--" ends the scan. An -tags without a value is an
// error, like any other value flag.
func liftTags(args []string, goflags string) (rest []string, newGoflags string, err error) {
	var tags []string
	seen := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if !strings.HasPrefix(a, "-") || name != "tags" {
			rest = append(rest, a)
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, goflags, fmt.Errorf("flag needs an argument: -tags")
			}
			i++
			value = args[i]
		}
		seen = true
		tags = nil // a later -tags replaces an earlier one, as for go build
		for _, t := range strings.FieldsFunc(value, func(r rune) bool { return r == ',' || r == ' ' }) {
			tags = append(tags, t)
		}
	}
	if !seen {
		return args, goflags, nil
	}
	flag := "-tags=" + strings.Join(tags, ",")
	if strings.TrimSpace(goflags) == "" {
		return rest, flag, nil
	}
	return rest, goflags + " " + flag, nil
}
