package sdk

import "testing"

func TestVersionFromFile(t *testing.T) {
	for _, tc := range []struct {
		file, want string
		ok         bool
	}{
		{"/root/go/pkg/mod/github.com/ydb-platform/ydb-go-sdk/v3@v3.42.7/table/result/result.go", "v3.42.7", true},
		{"github.com/ydb-platform/ydb-go-sdk/v3@v3.156.1/table/result/result.go", "v3.156.1", true},
		{`C:\gopath\pkg\mod\github.com\ydb-platform\ydb-go-sdk\v3@v3.53.0\table\result\result.go`, "", false},
		{"/src/vendor/github.com/ydb-platform/ydb-go-sdk/v3/table/result/result.go", "", false},
		{"/x/ydb-go-sdk/v3@latest/a.go", "", false},
		{"", "", false},
	} {
		got, ok := VersionFromFile(tc.file)
		if got != tc.want || ok != tc.ok {
			t.Errorf("VersionFromFile(%q) = %q, %v; want %q, %v", tc.file, got, ok, tc.want, tc.ok)
		}
	}
}

func TestVersionBefore(t *testing.T) {
	for _, tc := range []struct {
		v, since string
		want     bool
	}{
		{"v3.42.7", StreamFirstSetSince, true},
		{"v3.52.99", "v3.53.0", true},
		{"v3.53.0", "v3.53.0", false},
		{"v3.156.1", "v3.53.0", false},
		{"v3.126.0", TxControlWithoutCommitSince, true},
		{"v3.126.1-0.20260101000000-abcdef123456", TxControlWithoutCommitSince, false},
		{"v3.9.0", "v3.10.0", true},
		{"garbage", "v3.53.0", false},
		{"v3.53", "v3.53.0", false},
	} {
		if got := VersionBefore(tc.v, tc.since); got != tc.want {
			t.Errorf("VersionBefore(%q, %q) = %v, want %v", tc.v, tc.since, got, tc.want)
		}
	}
}

func FuzzVersion(f *testing.F) {
	f.Add("/m/ydb-go-sdk/v3@v3.42.7/x.go", "v3.53.0")
	f.Add("ydb-go-sdk/v3@v1.2.3-pre+meta", "v")
	f.Fuzz(func(t *testing.T, file, since string) {
		if v, ok := VersionFromFile(file); ok {
			if _, ok := parseVersion(v); !ok {
				t.Fatalf("VersionFromFile(%q) = %q, which does not parse", file, v)
			}
			if VersionBefore(v, v) {
				t.Fatalf("%q before itself", v)
			}
		}
		_ = VersionBefore(file, since)
	})
}
