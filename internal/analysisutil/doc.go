// Package analysisutil holds small helpers shared by ydblint's analyzers that
// have no better home: extracting an analyzer's Doc from its doc.go, so that
// one text serves as the package documentation on pkg.go.dev and as the
// `ydblint help` output (the convention of golang.org/x/tools/go/analysis/passes).
package analysisutil
