// Package cfgsink indexes the query sinks a configuration declares (the
// sinks: section of .ydblint.yml, config.Sink) by identity, and builds
// each one's sdk.Entry on first use from the callee's signature, so that
// querysite treats a call to one exactly as a call to an SDK entry point:
// its text argument traced, its parameters argument decoded by its type
// (Sinks), a function forwarding its own parameters to one summarised as
// a wrapper.
//
// It is apart from querysite because the index holds no analysis state:
// Sinks depends on the configuration alone (New), and querysite asks it
// whether a package declares a sink (HasPkg, for reachesYDB and the SSA
// seeds), which entry a callee is (Lookup) and whether an entry came from
// the configuration (IsEntry). The package has no analyzer of its own.
package cfgsink
