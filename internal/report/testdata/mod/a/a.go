package a // want `internal error: rule fullscan reported 1 diagnostic\(s\) outside this package's Go files, dropped; the first: outside.sql:1:1: found outside`

func q(string)       {}
func yq(string)      {}
func twice(string)   {}
func outside(string) {}
func badEnd(string)  {}
func sub(string)     {}

const shared = "-- ydblint:ignore fullscan shared text\nSELECT FULLSCAN"

func f() {
	q("plain") // want `found plain`

	q("trailing") //ydblint:ignore fullscan covered by the trailing directive

	//ydblint:ignore fullscan covered by the statement directive
	q("above")

	//ydblint:ignore nullkey another rule's directive
	q("other rule") // want `found other rule`

	//ydblint:ignore nullkey,fullscan both rules
	q("multi")

	//ydblint:ignore all every rule
	q("all")

	/* want "ydblint:ignore needs a reason" */ //ydblint:ignore fullscan
	q("no reason")                             // want `found no reason`

	/* want `ydblint:ignore names unknown rule "fulscan"` */ //ydblint:ignore fulscan typo
	q("unknown rule")                                        // want `found unknown rule`

	/* want "ydblint:ignore directive for fullscan suppresses nothing" */ //ydblint:ignore fullscan nothing follows
	_ = 1

	//ydblint:ignore nullkey unused, but not fullscan's to report
	_ = 2

	twice("dup") // want `found dup`

	outside("outside")

	badEnd("bad end") // want `found bad end`

	sub("sub") // want `found sub`

	yq("-- ydblint:ignore fullscan export\nSELECT FULLSCAN;\nSELECT FULLSCAN") // want `found FULLSCAN at 58`

	yq("SELECT FULLSCAN -- ydblint:ignore fullscan inside the statement\n;SELECT FULLSCAN") // want `found FULLSCAN at 72`

	yq("-- ydblint:ignore fullscan\nSELECT FULLSCAN") // want "ydblint:ignore needs a reason" `found FULLSCAN at 34`

	yq("-- ydblint:ignore fullscan no finding here\nSELECT 1") // want "ydblint:ignore directive for fullscan suppresses nothing"

	yq(shared)
	yq(shared)
}
