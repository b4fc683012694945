module github.com/ydblint/ydblint

go 1.26.0

require (
	github.com/golangci/plugin-module-register v0.1.2
	github.com/sourcegraph/jsonrpc2 v0.2.3
	github.com/ydb-platform/ydb-go-sdk/v3 v3.156.1
	golang.org/x/mod v0.42.0
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/golang-jwt/jwt/v4 v4.5.2 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jonboulle/clockwork v0.5.0 // indirect
	github.com/kr/pretty v0.3.1 // indirect
	github.com/ydb-platform/ydb-go-genproto v0.0.0-20260810122915-65bfd5c4b705 // indirect
	golang.org/x/net v0.61.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	google.golang.org/genproto v0.0.0-20251202230838-ff82c1b0f217 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20251202230838-ff82c1b0f217 // indirect
	google.golang.org/grpc v1.78.0 // indirect
	google.golang.org/protobuf v1.36.10 // indirect
)

// google.golang.org/genproto: golangci-lint custom (the golangci-lint module
// as main module, this one as a plugin) must resolve google.golang.org/genproto/
// googleapis/rpc/status, which grpc imports for the SDK that ydblint's tests
// load (go mod tidy there loads the tests of every package the plugin
// imports). golangci-lint's own graph holds the monolithic genproto of 2022
// (through spf13/viper v1.12.0), which still contains that package, while
// grpc requires the split module google.golang.org/genproto/googleapis/rpc:
// an ambiguous import, and golangci-lint custom fails at go mod tidy.
// Requiring a genproto from after the split (this one is the googleapis/rpc
// version above, same upstream commit, and selects no newer version of any
// module this one uses) makes minimal version selection pick it in every build that
// includes ydblint, and it no longer has the package. The tool line keeps
// the requirement through go mod tidy, which would otherwise drop it as no
// package of this module imports genproto; it is never built or run. (A
// build with the SDK downloads the genproto zip, 7 MB, once: the go command
// opens it to rule out a second copy of googleapis/rpc/status.)
tool google.golang.org/genproto/protobuf/field_mask
