package sdk

import (
	"go/constant"
	"go/types"
)

func constUint64(c *types.Const) (uint64, bool) {
	return constant.Uint64Val(constant.ToInt(c.Val()))
}
