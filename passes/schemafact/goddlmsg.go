package schemafact

import "go/ast"

// Strings handed to an error constructor, a printer or a logger are
// messages, not statements: "create table failed: %w", "Create table done",
// `log.Printf("Create table: %v", path)`. The scan matches DDL by a
// regular expression, so without this it read such messages as CREATE TABLE
// statements that do not parse, and every unknown table then blamed a
// schema parse error that was never there. A DDL string shown in a message
// is not sent to YDB by that call either; if the same constant is also
// executed, that use is recorded on its own.

// messagePackages are the import paths whose package-level functions take
// messages (every function of them does: nothing there runs a statement).
var messagePackages = map[string]bool{
	"errors":                     true,
	"log":                        true,
	"log/slog":                   true,
	"github.com/pkg/errors":      true,
	"golang.org/x/xerrors":       true,
	"github.com/rs/zerolog/log":  true,
	"github.com/sirupsen/logrus": true,
	"github.com/ydb-platform/ydb-go-sdk/v3/internal/xerrors": true,
}

// messageFuncs are the message-taking functions of packages that also hold
// functions that build strings (fmt.Sprintf builds DDL).
var messageFuncs = map[string]map[string]bool{
	"fmt": {
		"Errorf": true, "Print": true, "Printf": true, "Println": true,
		"Fprint": true, "Fprintf": true, "Fprintln": true,
	},
}

// messageMethods are method names that loggers and test reporters use for
// messages (zap, logrus, zerolog, log.Logger, slog, testing.T). A method of
// this name on any receiver is taken as one: without types the receiver is
// unknown, and no database API names its execute method like this.
var messageMethods = map[string]bool{
	"Debug": true, "Debugf": true, "Debugw": true, "Debugln": true,
	"Info": true, "Infof": true, "Infow": true, "Infoln": true,
	"Warn": true, "Warnf": true, "Warnw": true, "Warnln": true, "Warning": true, "Warningf": true,
	"Error": true, "Errorf": true, "Errorw": true, "Errorln": true,
	"Fatal": true, "Fatalf": true, "Fatalw": true, "Fatalln": true,
	"Panic": true, "Panicf": true, "Panicw": true, "Panicln": true,
	"Print": true, "Printf": true, "Println": true,
	"Log": true, "Logf": true, "Msg": true, "Msgf": true,
	"Skip": true, "Skipf": true,
}

// isMessageCall reports whether call passes its arguments as a message: a
// function of messagePackages or messageFuncs through an import of f, or a
// method in messageMethods.
func isMessageCall(f *ast.File, call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	if id, ok := sel.X.(*ast.Ident); ok && f != nil {
		if p := importOf(f, id.Name); p != "" {
			return messagePackages[p] || messageFuncs[p][sel.Sel.Name]
		}
	}
	return messageMethods[sel.Sel.Name]
}
