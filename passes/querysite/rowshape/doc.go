// Package rowshape decodes the rows of query sites: the BulkUpsert rows and
// ReadRows keys of a types.ListValue(types.StructValue(…)…) list, and the
// key ranges of StreamReadTable options, field by field.
//
// A row's fields may come from a function or method returning
// []types.StructValueOption, also through an interface method implemented
// by several types of the module. The package exports the facts that make
// this work across packages (implrows.go):
//   - ydbRowShape({f1,f2}|…) (ShapeFact, on the function): the fields of
//     each slice the function returns;
//   - ydbRowImpls (ImplsFact, package): the package's row-returning
//     methods and the interfaces its types are converted to.
//
// At an interface call each implementation converted to the interface
// gives one row alternative (site.Row.Impl); the rows are unknown when an
// implementation is not decoded, is a test double, is promoted from an
// embedded type, may reach the call through another interface, or there
// are more than eight.
//
// It is apart from querysite because rows are one concern of the pass with
// a narrow need of the rest: Host (positions, call ranges, the elements
// of a slice, the classification of a field's value) is all it asks of
// querysite, which implements it and lists ShapeFact and ImplsFact in its
// Analyzer's FactTypes; the package has no analyzer of its own. Its tests
// run it with a minimal Host; querysite's tests (TestImplementationRows
// and the site tests) run it as the pass does.
package rowshape
