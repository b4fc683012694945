package c // want `ydblint configuration: .*\.ydblint\.yml:1: strikt: unknown key`

func q(string) {}

func f() {
	q("found in a package with a bad config") // want `found found in a package with a bad config`
}
