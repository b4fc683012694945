package querysite

import (
	"strconv"
	"strings"

	"github.com/ydblint/ydblint/internal/sdk"
	"github.com/ydblint/ydblint/internal/site"
)

// Facts are compact and deterministic (slices only, no maps, no
// go/types or SSA values): analysistest gob-encodes every fact twice and
// compares the bytes.

// factPiece is one piece of a text template: literal text, a reference to
// parameter Param of the function the fact is about, or an unknown hole.
type factPiece struct {
	Text  string
	Param int // ≥ 0: the function's parameter (receiver excluded); -1 otherwise
	// Deref: the piece is the string Param points to (a *string
	// parameter that the function only reads through).
	Deref bool
	// Identity: the argument must have a stable identity (piece.identity).
	Identity bool
	Hole     bool
	Key      string
	Desc     string
	// KeyEq: with Param, a condition, not text (piece.keyEq).
	KeyEq string
	// Method, MethodArgs: with Param, the text that method of the
	// argument returns (piece.method).
	Method     string
	MethodArgs int
}

type factVariant struct {
	Pieces []factPiece
}

func (v factVariant) String() string {
	var b strings.Builder
	for _, p := range v.Pieces {
		switch {
		case p.Param >= 0 && p.KeyEq != "":
			b.WriteString("{" + strconv.Itoa(p.Param) + "==" + p.KeyEq + "}")
		case p.Param >= 0 && p.Method != "":
			b.WriteString("{" + strconv.Itoa(p.Param) + "." + p.Method + "()}")
		case p.Param >= 0 && p.Deref:
			b.WriteString("{*" + strconv.Itoa(p.Param) + "}")
		case p.Param >= 0:
			b.WriteString("{" + strconv.Itoa(p.Param) + "}")
		case p.Hole:
			b.WriteString("{?}")
		default:
			b.WriteString(p.Text)
		}
	}
	return b.String()
}

// factFrame is one wrapper on the way to the SDK, as recorded in a sinkFact.
type factFrame struct {
	Func      string
	PosString string
}

// sinkFact says that a function forwards its arguments to an SDK entry
// point: calls to it are query sites like direct SDK calls.
type sinkFact struct {
	API  string
	Kind sdk.Kind
	// Texts are the templates of the text the function hands to the SDK,
	// built from its parameters. Query is the parameter index when the text
	// is exactly one parameter, -1 otherwise.
	Texts     []factVariant
	Truncated bool
	Query     int
	// Params is the parameter forwarded whole as the SDK's parameters
	// (*params.Params, the query options slice or the database/sql args
	// slice); ParamsRole says which (sdk.Role). -1 when none.
	Params     int
	ParamsRole int
	// Table and Rows are the parameters forwarded as the table path and the
	// rows / keys argument; -1 when none.
	Table int
	Rows  int
	// TableTexts are the templates of a table path built from the
	// function's parameters when Table is -1 (helperpath.go); RowsList
	// says Rows is a []types.Value the function wraps in types.ListValue.
	TableTexts []factVariant
	RowsList   bool
	// Fixed bindings known inside the wrapper when its parameters are not
	// forwarded (e.g. the wrapper builds its own ParamsBuilder).
	Chain   []factFrame
	NotYQL  bool
	Explain bool
	Scan    bool // the wrapper runs the text as a scan query (Query.ScanQuery)
	// Mode, AutoDeclare and Prefix describe the database/sql binding seen
	// inside the wrapper (BindUnknown when the wrapper's *sql.DB comes from
	// a field or parameter).
	Mode        site.BindMode
	AutoDeclare bool
	Prefix      string
	Driver      string
}

func (*sinkFact) AFact() {}

func (f *sinkFact) String() string {
	var parts []string
	if f.Query >= 0 {
		parts = append(parts, "query="+strconv.Itoa(f.Query))
	} else if len(f.Texts) > 0 {
		var vs []string
		for _, v := range f.Texts {
			vs = append(vs, v.String())
		}
		parts = append(parts, "text="+strings.Join(vs, "|"))
	}
	if f.Params >= 0 {
		parts = append(parts, "params="+strconv.Itoa(f.Params))
	}
	if f.Table >= 0 {
		parts = append(parts, "table="+strconv.Itoa(f.Table))
	} else if len(f.TableTexts) > 0 {
		var vs []string
		for _, v := range f.TableTexts {
			vs = append(vs, v.String())
		}
		parts = append(parts, "table="+strings.Join(vs, "|"))
	}
	if f.Rows >= 0 && f.RowsList {
		parts = append(parts, "rows=list:"+strconv.Itoa(f.Rows))
	} else if f.Rows >= 0 {
		parts = append(parts, "rows="+strconv.Itoa(f.Rows))
	}
	return "ydbSink(" + strings.Join(parts, ",") + ")"
}
