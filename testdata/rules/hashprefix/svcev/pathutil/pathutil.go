// Package pathutil folds an MD5 digest of a directory into an int64, the
// way file stores shard their metadata tables.
package pathutil

import (
	"crypto/md5"
	"io"
)

// HashDir returns the first 8 bytes of md5(dir) as an int64.
func HashDir(dir string) (v int64) {
	h := md5.New()
	io.WriteString(h, dir)
	b := h.Sum(nil)
	for i := 0; i < 8; i++ {
		v <<= 8
		v += int64(b[i])
	}
	return
}

// HashDirUnrolled is HashDir written without a loop.
func HashDirUnrolled(dir string) (v int64) {
	h := md5.New()
	io.WriteString(h, dir)
	b := h.Sum(nil)
	v += int64(b[0])
	v <<= 8
	v += int64(b[1])
	v <<= 8
	v += int64(b[2])
	return
}
