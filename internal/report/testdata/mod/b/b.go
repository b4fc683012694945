package b // want `internal error: rule fullscan failed on package example.com/mod/b: panic: boom \(at report/report_test.go:\d+\)`

func q(string) {}
func boom()    {}

func f() {
	q("before the panic") // want `found before the panic`
	boom()
	q("after the panic")
}
