// Package noreturn finds the functions that never return (os.Exit,
// log.Fatal, t.Fatal, a helper that ends in one of them or in panic), for
// the SSA program the passes share (internal/ssaprog): a call to such a
// function ends its block, so no path continues after it.
//
// It replaces golang.org/x/tools/go/analysis/passes/ctrlflow, whose
// no-return facts buildssa reads, and gives the same answers at a fraction
// of the cost. ctrlflow requires the inspect pass and builds a control-flow
// graph for every function of every package a run loads: on seaweedfs
// `./weed/...` the two took 0.8 of ~13 CPU seconds (6%), and the
// inspector's event lists stayed in memory for the whole run. This pass
// walks each body once and builds a graph (golang.org/x/tools/go/cfg, as
// ctrlflow does) only for the functions that contain a call that may not
// return; everything else returns.
//
// The standard library is not analysed: the functions ctrlflow derives
// there (os.Exit, log's Fatal and Panic families, testing's FailNow, Fatal
// and Skip families) and the ones it knows by name (syscall.Exit,
// runtime.Goexit, the Fatal and Panic methods of zap, logrus and klog) are
// a knowledge table, known.go. TestKnownMatchesCtrlflow runs ctrlflow on
// os, log and testing and fails when the Go release derives another set.
// So the loader no longer needs os, log and testing from source.
package noreturn
