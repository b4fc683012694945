package noreturn

import "go/types"

// known lists the functions whose answer does not come from their body:
// ctrlflow's intrinsics (true: never returns; false: returns, though its
// body ends in a panic), and what ctrlflow derives from the bodies of the
// standard library's os, log and testing (TestKnownMatchesCtrlflow keeps
// the two in step). Keys are "path.Func" and "path.Type.Method".
var known = map[string]bool{
	// ctrlflow's knownIntrinsic
	"syscall.Exit": true, "syscall.ExitProcess": true, "syscall.ExitThread": true,
	"runtime.Goexit": true, "runtime.fatalthrow": true, "runtime.fatalpanic": true, "runtime.exit": true,
	"go.uber.org/zap.Logger.Fatal": true, "go.uber.org/zap.Logger.Panic": true,
	"go.uber.org/zap.SugaredLogger.Fatal": true, "go.uber.org/zap.SugaredLogger.Fatalw": true,
	"go.uber.org/zap.SugaredLogger.Fatalf": true, "go.uber.org/zap.SugaredLogger.Panic": true,
	"go.uber.org/zap.SugaredLogger.Panicw": true, "go.uber.org/zap.SugaredLogger.Panicf": true,
	"github.com/sirupsen/logrus.Logger.Exit": true, "github.com/sirupsen/logrus.Logger.Panic": true,
	"github.com/sirupsen/logrus.Logger.Panicf": true, "github.com/sirupsen/logrus.Logger.Panicln": true,
	"github.com/sirupsen/logrus.Entry.Panicf": true, "github.com/sirupsen/logrus.Entry.Panicln": true,
	"k8s.io/klog.Exit": true, "k8s.io/klog.ExitDepth": true, "k8s.io/klog.Exitf": true, "k8s.io/klog.Exitln": true,
	"k8s.io/klog.Fatal": true, "k8s.io/klog.FatalDepth": true, "k8s.io/klog.Fatalf": true, "k8s.io/klog.Fatalln": true,
	"k8s.io/klog/v2.Exit": true, "k8s.io/klog/v2.ExitDepth": true, "k8s.io/klog/v2.Exitf": true, "k8s.io/klog/v2.Exitln": true,
	"k8s.io/klog/v2.Fatal": true, "k8s.io/klog/v2.FatalDepth": true, "k8s.io/klog/v2.Fatalf": true, "k8s.io/klog/v2.Fatalln": true,
	"internal/abi.EscapeNonString": false, "hash/maphash.Comparable": false,

	// derived by ctrlflow from the bodies of os, log and testing
	"os.Exit":             true,
	"os.errSymlink.Error": true, "os.noReadFrom.ReadFrom": true, "os.noWriteTo.WriteTo": true,
	"log.Fatal": true, "log.Fatalf": true, "log.Fatalln": true,
	"log.Panic": true, "log.Panicf": true, "log.Panicln": true,
	"log.Logger.Fatal": true, "log.Logger.Fatalf": true, "log.Logger.Fatalln": true,
	"log.Logger.Panic": true, "log.Logger.Panicf": true, "log.Logger.Panicln": true,
	"testing.Main":           true,
	"testing.common.FailNow": true, "testing.common.Fatal": true, "testing.common.Fatalf": true,
	"testing.common.SkipNow": true, "testing.common.Skip": true, "testing.common.Skipf": true,
}

// derivedStd are the standard packages whose no-return functions known
// lists as ctrlflow derives them.
var derivedStd = []string{"os", "log", "testing"}

// key returns fn's key in known: "path.Func" or "path.Type.Method".
func key(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return ""
	}
	if recv := sig.Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		n, ok := t.(*types.Named)
		if !ok {
			return ""
		}
		return fn.Pkg().Path() + "." + n.Obj().Name() + "." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// lookupKnown returns the table's answer for fn, if it has one.
func lookupKnown(fn *types.Func) (noReturn, ok bool) {
	noReturn, ok = known[key(fn)]
	return
}
