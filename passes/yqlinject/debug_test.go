package yqlinject

import (
	"fmt"
	"os"
)

func init() {
	if os.Getenv("YQLINJECT_DEBUG") != "" {
		debugHole = func(s string) { fmt.Fprintln(os.Stderr, s) }
	}
}
