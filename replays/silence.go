package replays

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// A Deadline24 seat that stops sending commands just idles, by the rules, and its status ok
// and its score say nothing of it. arena says it in the seat's result, where the game has
// nothing else to say: the usual causes are a bot whose output never leaves it (buffered and
// not flushed, or a command without its newline) or, from some turn on, a bot stuck (reading
// a line that never comes, or computing).

// SilentNote is the note of a seat that sent no line in the whole game.
const SilentNote = silentAllGame + " (is its output flushed, and each command ended by a newline?)"

const (
	silentAllGame = "sent no command in the whole game"
	silentFrom    = "sent no command from turn "
	// silentHint ends the note of a seat that went silent during the game.
	silentHint = " (is it stuck, or is its output no longer flushed?)"
	unendedPre = ", only "
	unendedEnd = " without a newline"
)

// SilentTurns is the fewest turns at the end of a game without a line from a seat that
// played before, for the seat to be noted as silent; the stretch must also be a tenth of
// the game. A real-time client of arena serve that is late on a busy machine may miss the
// very last turns: that is not silence.
const SilentTurns = 3

// NoteSilentSeats notes each seat of a finished session game that has nothing else to say
// (status ok, no message) and sent no line in the whole game, or in its last turns (see
// SilentTurns). unended holds, by seat, the text a seat's output ended with that never got
// its newline (it is quoted in the note; none for a seat absent from it). The runners call
// it once the game is over, and verification checks the notes against the recorded lines.
func NoteSilentSeats(res *Result, turns []Turn, unended map[int]string) {
	for i := range res.Players {
		p := &res.Players[i]
		if p.Status != referee.StatusOK || p.Message != "" {
			continue
		}
		if head, ok := silence(turns, p.Index); ok {
			p.Message = head + silenceEnd(head, unended[p.Index])
		}
	}
}

// silence is the start of the note of a seat that went silent (it sent no line in the
// whole game, or none in enough of its last turns), and whether it did.
func silence(turns []Turn, player int) (string, bool) {
	last := -1 // the index of the last turn in which it sent a line
	for i, t := range turns {
		for _, m := range t.Moves {
			if m.Player == player && m.Output != "" {
				last = i
			}
		}
	}
	if last < 0 {
		return silentAllGame, true
	}
	quiet := len(turns) - 1 - last
	if quiet < SilentTurns || 10*quiet < len(turns) {
		return "", false
	}
	return fmt.Sprintf("%s%d on, the last %d turns of the game", silentFrom, turns[last+1].Turn, quiet), true
}

// silenceEnd ends a silence note: what the seat's output ended with, quoted as the other
// games quote a line cut short by a timeout, or a hint at the likely causes.
func silenceEnd(head, unended string) string {
	switch {
	case unended != "":
		return unendedPre + protocol.Quote(unended, 60) + unendedEnd
	case head == silentAllGame:
		return strings.TrimPrefix(SilentNote, silentAllGame)
	default:
		return silentHint
	}
}

// checkSilenceNotes gives res, the re-simulated result, the silence notes that the recorded
// one has, checked against the recorded lines. The text a seat's output ended with is not
// in the turns (it never made a line): the recorded quote is taken as it is, once its form
// is checked. Replays written before the notes have none: the notes of a game over the
// whole game, and those from a turn on, which came later, are each checked where the
// recorded result has one of them.
func checkSilenceNotes(res *Result, recorded Result, turns []Turn) {
	var whole, from bool
	for _, p := range recorded.Players {
		whole = whole || strings.HasPrefix(p.Message, silentAllGame)
		from = from || strings.HasPrefix(p.Message, silentFrom)
	}
	for i := range res.Players {
		p := &res.Players[i]
		if p.Status != referee.StatusOK || p.Message != "" {
			continue
		}
		head, ok := silence(turns, p.Index)
		if !ok || (head == silentAllGame && !whole) || (head != silentAllGame && !from) {
			continue
		}
		p.Message = head + silenceEnd(head, "")
		if i < len(recorded.Players) {
			if msg := recorded.Players[i].Message; strings.HasPrefix(msg, head) && isUnendedQuote(msg[len(head):]) {
				p.Message = msg
			}
		}
	}
}

// isUnendedQuote reports whether s is the end of a silence note that quotes an unended line.
func isUnendedQuote(s string) bool {
	s, ok := strings.CutPrefix(s, unendedPre)
	if !ok {
		return false
	}
	s, ok = strings.CutSuffix(s, unendedEnd)
	if !ok {
		return false
	}
	q, err := strconv.QuotedPrefix(s)
	if err != nil || q == `""` {
		return false
	}
	if rest := s[len(q):]; rest != "" {
		var n int
		// Replays written before a single byte was "1 more byte" say "1 more bytes".
		if _, err := fmt.Sscanf(rest, "… (%d more", &n); err != nil || rest != protocol.MoreBytes(n) && rest != fmt.Sprintf("… (%d more bytes)", n) {
			return false
		}
	}
	return true
}
