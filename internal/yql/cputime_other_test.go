//go:build !unix

package yql

import "time"

// processCPUTime is not available here; the cpu-MB/s metric is then omitted.
func processCPUTime() time.Duration { return 0 }
