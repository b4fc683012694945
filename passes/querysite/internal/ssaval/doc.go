// Package ssaval holds the small decoders of SSA values that querysite and
// its subpackages share: the SDK function, helper or types constructor a
// call invokes (CalleeIdentity, MethodCall, HelperOf, CtorCall), the
// arguments of a call without its receiver (SplitRecv), a value without
// its conversions (Peel, PeelConv), the only value stored into a local
// cell (SingleStore), the elements of slice and struct literals
// (SliceElems, StructLitFields), constant strings (ConstString), the
// stores through a field's address (FieldAddrUses), the SDK's
// *params.Params type (IsParamsPtr), the value a closure's free variable
// is bound to (FreeVarBinding), the declared function of an SSA function
// (FuncObj), calls into the SDK (IsSDKCall), and the recursion bound of
// every value tracer (MaxDepth).
//
// They are apart from querysite so that a subpackage decoding one concern
// (rowshape: rows and their shapes; gohash: Go hashes; evalenv: the
// evaluator's environment; cfgsink: configured sinks; bindings: query
// parameters; tableopts: table options; localcell: values read through
// pointers; dbhandle: database/sql handles) reads values as querysite
// does without importing it. None of them reads analysis state:
// each is a function of the SSA value (or type) alone.
package ssaval
