package lsp

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/ydblint/ydblint/analyzer"
	"github.com/ydblint/ydblint/passes/config"
)

// DefaultDebounce is the wait after didOpen or didSave before analysing:
// long enough for a "save all" to cost one analysis, short next to the
// re-check of an edited package (tens of milliseconds).
const DefaultDebounce = 50 * time.Millisecond

// Main runs `ydblint lsp [flags]`: it parses the flags (the configuration
// flags of passes/config, lifted as on the command line, and -debounce),
// then serves one LSP session on stdin and stdout, logging to stderr. It
// returns the process exit code.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, version string) int {
	fs := flag.NewFlagSet("ydblint lsp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	config.Analyzer.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, f.Name, f.Usage) })
	debounce := fs.Duration("debounce", DefaultDebounce, "wait this long after didOpen/didSave before analysing")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: ydblint lsp [flags]\n\nServes the Language Server Protocol on stdin/stdout: ydblint's diagnostics,\nquick fixes and suppress actions for Go files. Editor setups:\nhttps://pkg.go.dev/github.com/ydblint/ydblint/cmd/ydblint (EDITORS.md).\n\nFlags:\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "ydblint lsp: unexpected arguments %q (the editor names the files)\n", fs.Args())
		return 2
	}
	return Serve(context.Background(), stdio{stdin, stdout}, Options{
		Analyzers: analyzer.Suite,
		Debounce:  *debounce,
		Log:       stderr,
		Version:   version,
		Evidence:  evidenceCommand(fs, stderr),
	})
}

// evidenceCommand is this executable running EvidenceCommand with the
// configuration flags the server was given (not -debounce); nil, with a
// note, when the executable cannot be found.
func evidenceCommand(fs *flag.FlagSet, log io.Writer) []string {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(log, "ydblint lsp: no module evidence (hash evidence from packages a package does not import): %v\n", err)
		return nil
	}
	cmd := []string{exe, EvidenceCommand}
	fs.Visit(func(f *flag.Flag) {
		if config.Analyzer.Flags.Lookup(f.Name) != nil {
			cmd = append(cmd, "-"+f.Name+"="+f.Value.String())
		}
	})
	return cmd
}

// stdio joins the process's standard input and output into one stream.
type stdio struct {
	in  io.Reader
	out io.Writer
}

func (s stdio) Read(p []byte) (int, error)  { return s.in.Read(p) }
func (s stdio) Write(p []byte) (int, error) { return s.out.Write(p) }
func (s stdio) Close() error {
	var err error
	if c, ok := s.in.(io.Closer); ok {
		err = c.Close()
	}
	if c, ok := s.out.(io.Closer); ok {
		if e := c.Close(); err == nil {
			err = e
		}
	}
	return err
}
