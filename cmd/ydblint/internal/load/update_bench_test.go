package load

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ydblint/ydblint/analyzer"
)

// BenchmarkUpdate times one edit of YDBLINT_LOAD_FILE: Snapshot.Update
// (stat, re-parse, re-check) and the analysis of the file's package on
// the updated snapshot, separately.
func BenchmarkUpdate(b *testing.B) {
	file := os.Getenv("YDBLINT_LOAD_FILE")
	if file == "" {
		b.Skip("set YDBLINT_LOAD_FILE")
	}
	ctx := context.Background()
	s, err := Load(ctx, Config{Dir: filepath.Dir(file), Policy: YDB(nil)}, ".")
	if err != nil {
		b.Fatal(err)
	}
	orig, _ := os.ReadFile(file)
	defer os.WriteFile(file, orig, 0o644)
	var upd, ana time.Duration
	for i := 0; i < b.N; i++ {
		os.WriteFile(file, append(append([]byte{}, orig...), []byte("\n// edit "+time.Now().String()+"\n")...), 0o644)
		t0 := time.Now()
		n, ok, err := s.Update(ctx)
		if err != nil || !ok {
			b.Fatalf("update: %v %v", ok, err)
		}
		t1 := time.Now()
		if _, err := checker.Analyze(analyzer.Suite, n.View([]*packages.Package{n.Roots[0]}), &checker.Options{Sequential: true}); err != nil {
			b.Fatal(err)
		}
		upd += t1.Sub(t0)
		ana += time.Since(t1)
		s = n
	}
	b.ReportMetric(upd.Seconds()/float64(b.N), "update-s")
	b.ReportMetric(ana.Seconds()/float64(b.N), "analysis-s")
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc>>20), "live-MiB")
	b.Logf("stamps %d, %s", len(s.stamps), s)
}
