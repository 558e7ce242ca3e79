package referee

import "strconv"

// Count says n things in words, for events, notes and tooltips: "1 turn", "2 turns",
// "0 turns". The plural is given, not made, since not every noun takes an s.
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}
