//go:build unix

package yql

import (
	"syscall"
	"time"
)

// processCPUTime returns the user+system CPU time consumed by the process.
// Benchmarks report throughput per CPU second besides the wall-clock MB/s,
// because on a shared, overloaded machine wall time mostly measures waiting.
func processCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
