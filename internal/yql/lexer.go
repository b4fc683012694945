package yql

import (
	"strings"
	"unicode/utf8"
)

// TokenKind classifies a token.
type TokenKind uint8

const (
	TokEOF         TokenKind = iota
	TokIdent                 // plain identifier or keyword (see Token.Keyword)
	TokQuotedIdent           // `…` (or "…" under --!ansi_lexer); Value is unescaped
	TokString                // '…', "…", @@…@@, X'…'; Value is unescaped, Suffix lower-cased
	TokInt                   // integer literal; Value is the digits with prefix, Suffix lower-cased
	TokFloat                 // real literal; Value is the digits, Suffix lower-cased
	TokParam                 // $name; Value is the name without '$'
	TokOp                    // punctuation or operator; Text is the operator
	TokIllegal               // a character or construct the lexer rejects; Value is the message
)

var tokenKindNames = [...]string{
	TokEOF: "EOF", TokIdent: "Ident", TokQuotedIdent: "QuotedIdent", TokString: "String",
	TokInt: "Int", TokFloat: "Float", TokParam: "Param", TokOp: "Op", TokIllegal: "Illegal",
}

func (k TokenKind) String() string {
	if int(k) < len(tokenKindNames) {
		return tokenKindNames[k]
	}
	return "?"
}

// Token is one lexical token. Offset and End are byte offsets into the lexed
// text, half-open: Text == src[Offset:End].
type Token struct {
	Kind        TokenKind
	Offset, End int
	Text        string // the token exactly as written
	// Value is the meaning of the token: the identifier (as written, keywords
	// keep their case), the unescaped string or quoted identifier, the number
	// without its suffix, the parameter name without '$'.
	Value  string
	Suffix string // lower-cased literal suffix (`u`, `ul`, `s`, `f`, `pt`, …); empty when none
}

// Lex splits src into tokens, skipping whitespace and comments (including
// `--+` / `/*+` hints). The last token is always TokEOF. On a lexical error
// (unterminated string, comment or quoted identifier, a stray character) the
// offending text becomes a TokIllegal token, lexing continues after it, and
// the first error is returned along with all tokens.
//
// A text whose leading comment lines include `--!ansi_lexer` is lexed in ANSI
// mode: block comments nest, `"…"` is a quoted identifier with `""` as the
// escape, and `'…'` uses `”` instead of backslash escapes.
func Lex(src string) ([]Token, error) {
	if len(src) > MaxInput {
		return []Token{{Kind: TokEOF, Offset: len(src), End: len(src)}}, &Error{Offset: 0, Msg: "input too large"}
	}
	// SQL text averages about one token per five bytes; a little headroom
	// avoids a doubling on typical input.
	r := lexInto(make([]tok, 0, min(len(src)/4+16, MaxTokens+1)), src, false)
	out := make([]Token, len(r.toks))
	for i := range r.toks {
		t := &r.toks[i]
		out[i] = Token{Kind: t.Kind, Offset: t.Offset, End: t.End, Text: src[t.Offset:t.End],
			Value: tokValue(src, r.vals, t), Suffix: tokSuffix(src, t)}
	}
	if r.err != nil {
		return out, r.err
	}
	return out, nil
}

// tok is the lexer's internal token: the same facts as Token, but without
// pointers (strings are byte ranges into the text), so that the token
// buffer costs the garbage collector nothing. Kind, Offset and End mean what
// they mean in Token.
type tok struct {
	Kind        TokenKind
	Offset, End int
	vOff, vEnd  int32 // the value is src[vOff:vEnd]; when vOff < 0, vals[vEnd]
	sOff, sEnd  int32 // the suffix is src[sOff:sEnd], as written
}

// Span returns the token's byte range.
func (t *tok) Span() Span { return Span{t.Offset, t.End} }

func tokValue(src string, vals []string, t *tok) string {
	if t.vOff < 0 {
		return vals[t.vEnd]
	}
	return src[t.vOff:t.vEnd]
}

// tokSuffix returns the lower-cased literal suffix.
func tokSuffix(src string, t *tok) string {
	if t.sOff == t.sEnd {
		return ""
	}
	return strings.ToLower(src[t.sOff:t.sEnd])
}

// lexResult is what lexInto found.
type lexResult struct {
	toks     []tok
	vals     []string
	comments []Comment
	err      *Error
	tooMany  bool // lexing stopped at MaxTokens
}

// lexInto lexes src (no larger than MaxInput) appending to buf[:0]. With
// keepComments, the comments are returned too.
func lexInto(buf []tok, src string, keepComments bool) lexResult {
	lx := lexer{src: src, ansi: hasAnsiLexerDirective(src), toks: buf[:0], keepComments: keepComments}
	lx.run()
	return lexResult{toks: lx.toks, vals: lx.vals, comments: lx.comments, err: lx.err, tooMany: lx.tooMany}
}

// LexComments returns the comments of src (`--` and `/* */`, hints
// included) in order, as Lex would skip them. Comments count towards
// MaxTokens.
func LexComments(src string) []Comment {
	if len(src) > MaxInput {
		return nil
	}
	return lexInto(nil, src, true).comments
}

// MaxTokens bounds the tokens of one text (about 40 MB of internal tokens). A text
// with more stops lexing there: Lex returns an error, Parse a Script with one
// Error and no statements. Real queries and migrations are far below it; a
// pathological input (8 MiB of `(`) would otherwise cost ~600 MB.
const MaxTokens = 1 << 20

// hasAnsiLexerDirective reports whether the leading comment lines of src
// contain `--!ansi_lexer`.
func hasAnsiLexerDirective(src string) bool {
	i := 0
	for {
		for i < len(src) && isSpace(src[i]) {
			i++
		}
		if !strings.HasPrefix(src[i:], "--") {
			return false
		}
		end := strings.IndexByte(src[i:], '\n')
		line := src[i:]
		if end >= 0 {
			line = src[i : i+end]
		}
		if strings.HasPrefix(line, "--!ansi_lexer") {
			return true
		}
		if end < 0 {
			return false
		}
		i += end + 1
	}
}

type lexer struct {
	src          string
	pos          int
	ansi         bool
	toks         []tok
	vals         []string // values of emitValue tokens
	err          *Error
	tooMany      bool
	keepComments bool
	comments     []Comment
}

// comment records a comment when comments are kept. Past MaxTokens it stops
// lexing: the rest of the input is skipped.
func (lx *lexer) comment(start, end int, block bool) {
	if !lx.keepComments {
		return
	}
	if len(lx.toks)+len(lx.comments) >= MaxTokens {
		lx.tooMany = true
		lx.err = &Error{Offset: start, Msg: "too many tokens"}
		lx.pos = len(lx.src)
		return
	}
	lx.comments = append(lx.comments, Comment{Span: Span{start, end}, Text: lx.src[start:end], Block: block})
}

func (lx *lexer) fail(off int, msg string) {
	if lx.err == nil {
		lx.err = &Error{Offset: off, Msg: msg}
	}
}

// illegal records a lexical error and emits a TokIllegal token from start to
// lx.pos whose Value is the message.
func (lx *lexer) illegal(start int, msg string) {
	lx.fail(start, msg)
	lx.emitValue(TokIllegal, start, msg, 0, 0)
}

// emit appends a token from start to lx.pos whose value is src[vOff:vEnd]
// and suffix src[sOff:sEnd].
func (lx *lexer) emit(kind TokenKind, start, vOff, vEnd, sOff, sEnd int) {
	lx.toks = append(lx.toks, tok{Kind: kind, Offset: start, End: lx.pos,
		vOff: int32(vOff), vEnd: int32(vEnd), sOff: int32(sOff), sEnd: int32(sEnd)})
}

// emitValue appends a token whose value is not a substring of src (an
// unescaped string, a message).
func (lx *lexer) emitValue(kind TokenKind, start int, value string, sOff, sEnd int) {
	lx.vals = append(lx.vals, value)
	lx.toks = append(lx.toks, tok{Kind: kind, Offset: start, End: lx.pos,
		vOff: -1, vEnd: int32(len(lx.vals) - 1), sOff: int32(sOff), sEnd: int32(sEnd)})
}

// Character classes, indexed by byte.
const (
	clsSpace = 1 << iota
	clsIdentStart
	clsDigit
)

var charClass = func() (t [256]uint8) {
	for _, c := range " \t\n\r\f" {
		t[c] = clsSpace
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] = clsIdentStart
		t[c-'a'+'A'] = clsIdentStart
	}
	t['_'] = clsIdentStart
	for c := '0'; c <= '9'; c++ {
		t[c] = clsDigit
	}
	return t
}()

func isSpace(c byte) bool      { return charClass[c]&clsSpace != 0 }
func isIdentStart(c byte) bool { return charClass[c]&clsIdentStart != 0 }
func isIdentChar(c byte) bool  { return charClass[c]&(clsIdentStart|clsDigit) != 0 }
func isDigit(c byte) bool      { return charClass[c]&clsDigit != 0 }
func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + ('a' - 'A')
	}
	return c
}

func (lx *lexer) run() {
	src := lx.src
	for {
		// Skip whitespace and comments.
		for lx.pos < len(src) {
			c := src[lx.pos]
			if isSpace(c) {
				lx.pos++
				continue
			}
			if c == '-' && lx.pos+1 < len(src) && src[lx.pos+1] == '-' {
				start := lx.pos
				nl := strings.IndexAny(src[lx.pos:], "\r\n")
				end := len(src)
				if nl >= 0 {
					end = lx.pos + nl
				}
				lx.pos = min(end+1, len(src))
				lx.comment(start, end, false)
				continue
			}
			if c == '/' && lx.pos+1 < len(src) && src[lx.pos+1] == '*' {
				start := lx.pos
				if !lx.skipBlockComment() {
					return
				}
				lx.comment(start, lx.pos, true)
				continue
			}
			break
		}
		if lx.pos >= len(src) {
			lx.toks = append(lx.toks, tok{Kind: TokEOF, Offset: len(src), End: len(src)})
			return
		}
		if len(lx.toks)+len(lx.comments) >= MaxTokens {
			lx.tooMany = true
			lx.err = &Error{Offset: lx.pos, Msg: "too many tokens"}
			lx.toks = append(lx.toks, tok{Kind: TokEOF, Offset: lx.pos, End: lx.pos})
			return
		}
		lx.next()
	}
}

// skipBlockComment skips a comment starting at lx.pos. In the default mode it
// ends at the nearest `*/`; in ANSI mode comments nest. It reports false (after
// emitting an illegal token and EOF) when the comment is unterminated.
func (lx *lexer) skipBlockComment() bool {
	start := lx.pos
	src := lx.src
	if !lx.ansi {
		end := strings.Index(src[start+2:], "*/")
		if end < 0 {
			lx.pos = len(src)
			lx.illegal(start, "unterminated block comment")
			lx.toks = append(lx.toks, tok{Kind: TokEOF, Offset: len(src), End: len(src)})
			return false
		}
		lx.pos = start + 2 + end + 2
		return true
	}
	depth := 0
	i := start
	for i < len(src) {
		if src[i] == '/' && i+1 < len(src) && src[i+1] == '*' {
			depth++
			i += 2
			continue
		}
		if src[i] == '*' && i+1 < len(src) && src[i+1] == '/' {
			depth--
			i += 2
			if depth == 0 {
				lx.pos = i
				return true
			}
			continue
		}
		i++
	}
	lx.pos = len(src)
	lx.illegal(start, "unterminated block comment")
	lx.toks = append(lx.toks, tok{Kind: TokEOF, Offset: len(src), End: len(src)})
	return false
}

// opLength returns the length of the operator at the start of s (longest
// match: |<< ; == != <> <= >= << || <| |> :: -> ; then single characters), or
// 0 when s does not start with one. `>>`, `>>|` and `??` are left as separate
// tokens, as in the SQLv1 grammar, because `>` closes nested types.
func opLength(s string) int {
	c := s[0]
	var next byte
	if len(s) > 1 {
		next = s[1]
	}
	switch c {
	case '=':
		if next == '=' {
			return 2
		}
	case '!':
		if next == '=' {
			return 2
		}
		return 0 // a lone '!' is not a YQL operator
	case '<':
		if next == '>' || next == '=' || next == '<' || next == '|' {
			return 2
		}
	case '>':
		if next == '=' {
			return 2
		}
	case '|':
		if next == '<' && len(s) > 2 && s[2] == '<' {
			return 3
		}
		if next == '|' || next == '>' {
			return 2
		}
	case ':':
		if next == ':' {
			return 2
		}
	case '-':
		if next == '>' {
			return 2
		}
	case '+', '~', '*', '/', '%', ';', '.', ',', '(', ')', '[', ']', '{', '}', '?', '@', '&', '^':
	default:
		return 0
	}
	return 1
}

func (lx *lexer) next() {
	src := lx.src
	start := lx.pos
	c := src[start]
	switch {
	case isIdentStart(c):
		// X'…' is a BLOB literal.
		if (c == 'x' || c == 'X') && start+1 < len(src) && src[start+1] == '\'' {
			j := start + 2
			for j < len(src) && isHexDigit(src[j]) {
				j++
			}
			if j > start+2 && j < len(src) && src[j] == '\'' {
				lx.pos = j + 1
				lx.emit(TokString, start, start+2, j, start, start+1) // suffix "x"
				return
			}
		}
		j := start + 1
		for j < len(src) && isIdentChar(src[j]) {
			j++
		}
		lx.pos = j
		lx.emit(TokIdent, start, start, j, 0, 0)
	case isDigit(c):
		lx.number()
	case c == '\'':
		lx.quoted('\'', TokString)
	case c == '"':
		if lx.ansi {
			lx.quoted('"', TokQuotedIdent)
		} else {
			lx.quoted('"', TokString)
		}
	case c == '`':
		lx.backtick()
	case c == '@' && start+1 < len(src) && src[start+1] == '@':
		lx.multiline()
	case c == '$':
		j := start + 1
		for j < len(src) && isIdentChar(src[j]) {
			j++
		}
		lx.pos = j
		if j == start+1 {
			// A lone '$' (e.g. `$ name` or `$"x"`) is kept as an operator
			// token; the parser does not accept it.
			lx.emit(TokOp, start, start, start+1, 0, 0)
			return
		}
		lx.emit(TokParam, start, start+1, j, 0, 0)
	default:
		if n := opLength(src[start:]); n > 0 {
			lx.pos = start + n
			lx.emit(TokOp, start, start, lx.pos, 0, 0)
			return
		}
		// Any other byte (or a whole UTF-8 character) is illegal.
		_, size := utf8.DecodeRuneInString(src[start:])
		lx.pos = start + size
		lx.illegal(start, "unexpected character")
	}
}

// number lexes DIGITS with an optional 0x/0o/0b prefix and integer suffix, or
// a REAL with an optional float suffix (SQLv1 INTEGER_VALUE / REAL).
func (lx *lexer) number() {
	src := lx.src
	start := lx.pos
	j := start
	if src[j] == '0' && j+2 < len(src) {
		p := lower(src[j+1])
		var ok func(byte) bool
		switch p {
		case 'x':
			ok = isHexDigit
		case 'o':
			ok = func(c byte) bool { return c >= '0' && c <= '8' } // SQLv1 OCTDIGITS allows 0..8
		case 'b':
			ok = func(c byte) bool { return c == '0' || c == '1' }
		}
		if ok != nil && ok(src[j+2]) {
			j += 2
			for j < len(src) && ok(src[j]) {
				j++
			}
			digitsEnd := j
			j = lx.intSuffix(j)
			lx.pos = j
			lx.emit(TokInt, start, start, digitsEnd, digitsEnd, j)
			return
		}
	}
	for j < len(src) && isDigit(src[j]) {
		j++
	}
	isReal := false
	if j < len(src) && src[j] == '.' && !(j+1 < len(src) && src[j+1] == '.') {
		isReal = true
		j++
		for j < len(src) && isDigit(src[j]) {
			j++
		}
	}
	if e := lx.exponent(j); e > j {
		isReal = true
		j = e
	}
	digitsEnd := j
	if isReal {
		j = lx.realSuffix(j)
		lx.pos = j
		lx.emit(TokFloat, start, start, digitsEnd, digitsEnd, j)
		return
	}
	j = lx.intSuffix(j)
	lx.pos = j
	lx.emit(TokInt, start, start, digitsEnd, digitsEnd, j)
}

func (lx *lexer) exponent(j int) int {
	src := lx.src
	if j < len(src) && lower(src[j]) == 'e' {
		k := j + 1
		if k < len(src) && (src[k] == '+' || src[k] == '-') {
			k++
		}
		if k < len(src) && isDigit(src[k]) {
			for k < len(src) && isDigit(src[k]) {
				k++
			}
			return k
		}
	}
	return j
}

// intSuffix consumes (p|u)? (l|s|t|i|b|n)? as in SQLv1 INTEGER_VALUE.
func (lx *lexer) intSuffix(j int) int {
	src := lx.src
	if j < len(src) && (lower(src[j]) == 'p' || lower(src[j]) == 'u') {
		j++
	}
	if j < len(src) && strings.IndexByte("lstibn", lower(src[j])) >= 0 {
		j++
	}
	return j
}

// realSuffix consumes F | P (F4 | F8 | N)? as in SQLv1 REAL.
func (lx *lexer) realSuffix(j int) int {
	src := lx.src
	if j >= len(src) {
		return j
	}
	switch lower(src[j]) {
	case 'f':
		return j + 1
	case 'p':
		j++
		if j+1 < len(src) && lower(src[j]) == 'f' && (src[j+1] == '4' || src[j+1] == '8') {
			return j + 2
		}
		if j < len(src) && lower(src[j]) == 'n' {
			return j + 1
		}
		return j
	}
	return j
}

// stringSuffix consumes the STRING_VALUE suffix s|u|y|j|p|pt|pb|pv.
func (lx *lexer) stringSuffix(j int) int {
	src := lx.src
	if j >= len(src) {
		return j
	}
	switch lower(src[j]) {
	case 's', 'u', 'y', 'j':
		return j + 1
	case 'p':
		if j+1 < len(src) && strings.IndexByte("tbv", lower(src[j+1])) >= 0 {
			return j + 2
		}
		return j + 1
	}
	return j
}

// quoted lexes a '…' or "…" string (or an ANSI "…" identifier).
func (lx *lexer) quoted(q byte, kind TokenKind) {
	src := lx.src
	start := lx.pos
	j := start + 1
	hasEscape := false
	for {
		if j >= len(src) {
			lx.pos = len(src)
			lx.illegal(start, "unterminated string")
			return
		}
		c := src[j]
		if c == q {
			if lx.ansi && j+1 < len(src) && src[j+1] == q {
				hasEscape = true
				j += 2
				continue
			}
			break
		}
		if c == '\\' && !lx.ansi {
			hasEscape = true
			j += 2
			continue
		}
		j++
	}
	bodyEnd := j
	j++
	sOff, sEnd := j, j
	if kind == TokString {
		sEnd = lx.stringSuffix(j)
		j = sEnd
	}
	lx.pos = j
	if !hasEscape {
		lx.emit(kind, start, start+1, bodyEnd, sOff, sEnd)
		return
	}
	body := src[start+1 : bodyEnd]
	var value string
	if lx.ansi {
		value = strings.ReplaceAll(body, string([]byte{q, q}), string(q))
	} else {
		// An invalid escape is kept literally: the string's value never
		// decides a verdict, so it is not worth an error.
		value, _ = unescapeC(body)
	}
	lx.emitValue(kind, start, value, sOff, sEnd)
}

// backtick lexes a `…` identifier: C escapes, and “ for a backtick.
func (lx *lexer) backtick() {
	src := lx.src
	start := lx.pos
	j := start + 1
	hasEscape := false
	for {
		if j >= len(src) {
			lx.pos = len(src)
			lx.illegal(start, "unterminated quoted identifier")
			return
		}
		c := src[j]
		if c == '`' {
			if j+1 < len(src) && src[j+1] == '`' {
				hasEscape = true
				j += 2
				continue
			}
			break
		}
		if c == '\\' {
			hasEscape = true
			j += 2
			continue
		}
		j++
	}
	lx.pos = j + 1
	if !hasEscape {
		lx.emit(TokQuotedIdent, start, start+1, j, 0, 0)
		return
	}
	value, _ := unescapeC(strings.ReplaceAll(src[start+1:j], "``", "\\`"))
	lx.emitValue(TokQuotedIdent, start, value, 0, 0)
}

// multiline lexes (@@ … @@)+ — a doubled @@@@ inside stands for @@ — with
// the usual string suffix.
func (lx *lexer) multiline() {
	src := lx.src
	start := lx.pos
	j := start + 2
	var parts []string
	for {
		end := strings.Index(src[j:], "@@")
		if end < 0 {
			lx.pos = len(src)
			lx.illegal(start, "unterminated @@ string")
			return
		}
		parts = append(parts, src[j:j+end])
		j += end + 2
		if strings.HasPrefix(src[j:], "@@") {
			// @@@@: an escaped @@, the string goes on.
			j += 2
			continue
		}
		break
	}
	end := lx.stringSuffix(j)
	lx.pos = end
	if len(parts) == 1 {
		lx.emit(TokString, start, start+2, start+2+len(parts[0]), j, end)
		return
	}
	lx.emitValue(TokString, start, strings.Join(parts, "@@"), j, end)
}

// unescapeC decodes C escapes (\n \t \r \a \b \f \v \0 \\ \' \" \` \? \xHH
// \uHHHH \UHHHHHHHH \ooo). It returns the offset (within s) of the first
// invalid escape, or -1. An invalid escape is kept literally.
func unescapeC(s string) (string, int) {
	bad := -1
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		e := s[i]
		switch e {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '`', '?':
			b.WriteByte(e)
		case 'x':
			n, k := hexValue(s, i+1, 2)
			if k == 0 {
				if bad < 0 {
					bad = i - 1
				}
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(n))
			i += k
		case 'u', 'U':
			width := 4
			if e == 'U' {
				width = 8
			}
			n, k := hexValue(s, i+1, width)
			if k != width || !utf8.ValidRune(rune(n)) {
				if bad < 0 {
					bad = i - 1
				}
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			b.WriteRune(rune(n))
			i += k
		default:
			if e >= '0' && e <= '7' {
				n, k := 0, 0
				for k < 3 && i+k < len(s) && s[i+k] >= '0' && s[i+k] <= '7' {
					n = n*8 + int(s[i+k]-'0')
					k++
				}
				b.WriteByte(byte(n))
				i += k - 1
				continue
			}
			if bad < 0 {
				bad = i - 1
			}
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), bad
}

func hexValue(s string, i, max int) (int, int) {
	n, k := 0, 0
	for k < max && i+k < len(s) && isHexDigit(s[i+k]) {
		c := lower(s[i+k])
		if c >= 'a' {
			n = n*16 + int(c-'a'+10)
		} else {
			n = n*16 + int(c-'0')
		}
		k++
	}
	return n, k
}
