package report

// SplitMessage cuts a finding's message at each "; " outside parentheses,
// brackets, quotes and backticks: the first part is the headline drivers
// show first (the standalone command on the finding's line, go vet with
// the rule's name after it), each further part a line of detail. The parts
// joined with "; " give the message back.
func SplitMessage(msg string) []string {
	var parts []string
	depth := 0
	var quote byte
	start := 0
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '`' || c == '"':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
		case c == ';' && depth == 0 && i+1 < len(msg) && msg[i+1] == ' ':
			parts = append(parts, msg[start:i])
			start = i + 2
			i++
		}
	}
	return append(parts, msg[start:])
}
