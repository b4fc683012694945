package skipped

func q(string) {}

func f() {
	//ydblint:ignore fullscan
	q("out of scope")
}
