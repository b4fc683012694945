module example.com/hpold32610

go 1.21

require github.com/ydb-platform/ydb-go-sdk/v3 v3.26.10

require (
	github.com/golang/protobuf v1.5.0 // indirect
	github.com/jonboulle/clockwork v0.2.2 // indirect
	github.com/ydb-platform/ydb-go-genproto v0.0.0-20220531094121-36ca6bddb9f7 // indirect
	google.golang.org/genproto v0.0.0-20200526211855-cb27e3aa2013 // indirect
	google.golang.org/grpc v1.43.0 // indirect
	google.golang.org/protobuf v1.27.1 // indirect
)
