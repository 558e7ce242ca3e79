package replays

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/arena-games/arena/protocol"
	"github.com/arena-games/arena/referee"
)

// NewResult builds a game's Result from the referee's outcomes.
func NewResult(game string, seed int64, turns int, players []Player, outcomes []referee.Outcome) Result {
	res := Result{Game: game, Seed: seed, Turns: turns, Winner: referee.Winner(outcomes)}
	for i, o := range outcomes {
		pr := PlayerResult{Index: i, Score: o.Score, Rank: o.Rank, Status: o.Status, Message: o.Message}
		if i < len(players) {
			pr.Name, pr.Command = players[i].Name, players[i].Command
		}
		res.Players = append(res.Players, pr)
	}
	return res
}

// Mismatch is the first difference re-simulation found.
type Mismatch struct {
	Turn int // −1 for the result
	What string
}

func (m *Mismatch) Error() string {
	if m.Turn < 0 {
		return "result: " + m.What
	}
	return fmt.Sprintf("turn %d: %s", m.Turn, m.What)
}

// Config rebuilds the referee configuration a replay was played with.
func (r *Replay) Config() referee.Config {
	cfg := referee.Config{Seed: r.Seed, Players: len(r.Players), Options: map[string]string{}}
	for k, v := range r.Options {
		if k == HandshakeOption {
			continue
		}
		cfg.Options[k] = v
	}
	if len(r.Files) > 0 {
		cfg.Files = map[string][]byte{}
		for k, v := range r.Files {
			cfg.Files[k] = []byte(v)
		}
	}
	return cfg
}

// HandshakeOption is the runner's own option for session games (LOGIN/PASS over pipes); it
// is recorded with the game options but never passed to a referee.
const HandshakeOption = "handshake"

// Verify re-simulates the game from the recorded player outputs (a replay read by Read or
// ReadCompact) and checks that every turn's input, every frame and the result match the
// recording. A session game's input is rebuilt as the runners compose it
// (replaySessionTurn), but for what is measured: the seconds of WAITING and, over TCP,
// which connections were still there to get the OK that starts a turn. It returns a
// *Mismatch for the first difference, or another error when the replay cannot be replayed
// (unknown game, a referee version this arena does not play). A replay of one of the
// referee's OlderVersions is re-simulated by the referee playing as that version.
func Verify(r *Replay) error {
	g, err := referee.Lookup(r.Game)
	if err != nil {
		return fmt.Errorf("field game: %w", err)
	}
	if r.RefereeVersion == "" {
		return fmt.Errorf("field referee_version: missing (this arena's %s referee is version %q)", r.Game, g.Info().Version)
	}
	if info := g.Info(); !info.Plays(r.RefereeVersion) {
		return fmt.Errorf("field referee_version: %q: recorded with another %s referee version than this arena's, %q", r.RefereeVersion, r.Game, info.Version)
	}
	ref, err := simulate(g, r, true)
	if err != nil {
		return err
	}
	if r.Result.Unfinished {
		verify := fmt.Sprintf("its %d turns verify", len(r.Turns))
		if len(r.Turns) == 1 {
			verify = "its 1 turn verifies"
		}
		return fmt.Errorf("an unfinished game: %s, but it was stopped before its end and has no result to check", verify)
	}
	if !ref.Over() {
		return &Mismatch{Turn: -1, What: fmt.Sprintf("the game is not over after the %d recorded turns", len(r.Turns))}
	}
	res := NewResult(r.Game, r.Seed, len(r.Turns), r.Players, ref.Result())
	recorded := r.Result
	// Timing is measured, not simulated: it is left out of the comparison, on a copy of the
	// players so that the replay itself is left as it is.
	recorded.Players = slices.Clone(recorded.Players)
	for i := range recorded.Players {
		recorded.Players[i].Timing = nil
	}
	if r.Settings.Transport == "tcp" {
		// arena serve notes a team's connections where the game has nothing to say: the
		// server's words, not the game's, to check.
		for i := range res.Players {
			if p := &res.Players[i]; i < len(recorded.Players) && p.Status == referee.StatusOK && p.Message == "" && IsServeNote(recorded.Players[i].Message) {
				p.Message = recorded.Players[i].Message
			}
		}
	}
	if r.Settings.Style == referee.StyleSession {
		checkSilenceNotes(&res, recorded, r.Turns)
	}
	if err := sameJSON(res, recorded); err != nil {
		return &Mismatch{Turn: -1, What: "differs: " + err.Error()}
	}
	return nil
}

// Resimulate builds game g's referee from the replay's seed, options and files and feeds
// it the recorded outputs (and failures) of every turn, without comparing the frames: the
// referee returned stands where the recorded turns leave the game. An unfinished replay's
// result is this position.
func Resimulate(g referee.Game, r *Replay) (referee.Referee, error) {
	return simulate(g, r, false)
}

// simulate plays the recorded turns through a new referee, checking each turn's number and
// check digest, and with frames (verifying) its frame and what its session moves were sent.
// It returns a *Mismatch for the first difference.
func simulate(g referee.Game, r *Replay, frames bool) (referee.Referee, error) {
	cfg := r.Config()
	if r.RefereeVersion != "" && r.RefereeVersion != g.Info().Version {
		cfg.Version = r.RefereeVersion // an older version's replay is played by that version
	}
	ref, err := g.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("rebuilding the game: %w", err)
	}
	var inputs *sessionInputs // checked when verifying
	if frames {
		inputs = newSessionInputs(r)
	}
	var shapes []referee.Shape // a compact replay's frame being checked
	for i, t := range r.Turns {
		if ref.Over() {
			return nil, &Mismatch{Turn: t.Turn, What: fmt.Sprintf("the game ended after %s, the replay goes on", referee.Count(i, "turn", "turns"))}
		}
		switch {
		case t.Check == "" && frames:
			// Every turn arena records has its digest: without it an edited output that
			// does not change the game would pass.
			return nil, fmt.Errorf("field turns[%d].check: missing (every turn arena records has one)", i)
		case t.Check != "" && t.Check != t.digest():
			return nil, &Mismatch{Turn: t.Turn, What: "its moves were changed after the game: their outputs, statuses or messages no longer match the turn's check digest"}
		}
		if got := ref.Turn(); got < t.Turn {
			return nil, &Mismatch{Turn: got, What: fmt.Sprintf("missing from the replay, which goes on with turn %d", t.Turn)}
		} else if got != t.Turn {
			return nil, &Mismatch{Turn: t.Turn, What: fmt.Sprintf("referee is at turn %d", got)}
		}
		switch rr := ref.(type) {
		case referee.TurnBased:
			if err := replayTurn(rr, t); err != nil {
				return nil, err
			}
		case referee.Session:
			if err := replaySessionTurn(rr, t, len(r.Players), inputs); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("referee %T implements neither TurnBased nor Session", ref)
		}
		if !frames {
			continue
		}
		recorded := t.Frame
		if t.ShapeIDs != nil {
			// Read by ReadCompact: this turn's shapes are rebuilt from the table alone, as
			// Read rebuilds them (its own first), into one buffer for every turn.
			shapes = append(shapes[:0], t.Frame.Shapes...)
			for _, id := range t.ShapeIDs {
				shapes = append(shapes, r.ShapeTable[id])
			}
			recorded.Shapes = shapes
		}
		if reflect.ValueOf(recorded).IsZero() {
			return nil, fmt.Errorf("field turns[%d].frame: missing", i)
		}
		got := ref.Frame()
		if err := sameFrame(got, recorded); err != nil {
			if recorded.View == nil && recorded.State == nil && recorded.Events == nil && (got.View != nil || got.State != nil || got.Events != nil) {
				// A turn whose "frame" was left out still draws the shapes it lists by
				// shape_ids: the frame is missing, not different at the first byte where
				// the view, state or events should be.
				return nil, fmt.Errorf("field turns[%d].frame: missing (the turn has its shapes only, no view, state or events)", i)
			}
			return nil, &Mismatch{Turn: t.Turn, What: "frame differs: " + err.Error()}
		}
	}
	return ref, nil
}

func replayTurn(ref referee.TurnBased, t Turn) error {
	reqs := ref.Requests()
	if len(reqs) != len(t.Moves) {
		return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("the referee asks %s, the replay has %s", referee.Count(len(reqs), "player", "players"), referee.Count(len(t.Moves), "move", "moves"))}
	}
	answers := make([]referee.Answer, len(reqs))
	for i, req := range reqs {
		m := t.Moves[i]
		if m.Player != req.Player {
			return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("move %d: the referee asks player %d, the replay has player %d", i, req.Player, m.Player)}
		}
		if m.Input != req.Input {
			return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("input of player %d differs: %s", m.Player, firstDifference([]byte(req.Input), []byte(m.Input)))}
		}
		status := m.Status
		if status == "" {
			status = referee.StatusOK
		}
		answers[i] = referee.Answer{
			Player: m.Player, Lines: SplitLines(m.Output), Status: status, Message: m.Message,
			Compute: m.Compute, ComputeUsage: m.ComputeUsage,
		}
	}
	ref.Play(answers)
	return nil
}

// SessionLine is how a session game's command line is recorded: its text, with "…" after
// it when the line was too long. A line is too long when its text is over
// protocol.MaxSessionLine bytes, and then its text is cut to no less than the limit less 2
// (protocol.LineText): the record is over the limit exactly when the line was too long, so
// that re-simulation answers it as the live game did.
func SessionLine(text string, tooLong bool) string {
	if tooLong {
		return text + "…"
	}
	return text
}

// sessionTooLong tells a recorded line that was cut (SessionLine).
func sessionTooLong(line string) bool { return len(line) > protocol.MaxSessionLine }

// sessionInputs follows what a session game's runner sends its seats besides the answers to
// their lines: the OK that starts a turn for each seat (over TCP, each connection) that
// waited at the end of the turn before.
type sessionInputs struct {
	tcp bool
	// owed is, per seat, how many OKs start this turn: exactly (0 or 1) over pipes; over
	// TCP at most, one per line that waited in the turn before, since a connection that
	// closed meanwhile gets none, and the replay does not say when connections closed. In
	// the first turn over TCP (−1) any number: arena serve --games sends the OK owed to a
	// connection that waited at the end of the previous game at the start of the next.
	owed []int
}

func newSessionInputs(r *Replay) *sessionInputs {
	in := &sessionInputs{tcp: r.Settings.Transport == "tcp", owed: make([]int, len(r.Players))}
	if in.tcp {
		for p := range in.owed {
			in.owed[p] = -1
		}
	}
	return in
}

// replaySessionTurn feeds the recorded command lines through the same session grammar as
// the live game, then leaves seats that failed and ends the turn. With in, it also rebuilds
// what each move's seat was sent, as the runners compose it, and compares it with the
// recorded input, the seconds of WAITING aside.
func replaySessionTurn(ref referee.Session, t Turn, n int, in *sessionInputs) error {
	teams := make([]protocol.Team, n)
	for p := range teams {
		teams[p] = referee.SessionTeam(ref, p)
	}
	moved := make([]bool, n)
	lastWaits := make([]bool, n) // the seat's last line of the turn waited
	waits := make([]int, n)
	left := make([]bool, n)
	lines := false // a line has been handled in this turn
	noClock := func() float64 { return 0 }
	for i, m := range t.Moves {
		p := m.Player
		if p < 0 || p >= n {
			return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("move %d: %d is not a player", i, p)}
		}
		var want []string
		for _, line := range SplitLines(m.Output) {
			kind, resp := teams[p].Respond(line, sessionTooLong(line), func(tokens []string) []string { return ref.Command(p, tokens) }, noClock)
			want = append(want, resp...)
			lastWaits[p] = kind == protocol.LineWaits
			if lastWaits[p] {
				waits[p]++
			}
		}
		if m.Status != "" && m.Status != referee.StatusOK {
			ref.Leave(p, m.Status, m.Message)
			left[p] = true
		}
		if in != nil {
			// The OKs that start the turn come before any line: over pipes on the seat's
			// first move, over TCP on the moves before the first line.
			oks := 0
			switch {
			case !in.tcp && !moved[p]:
				oks = in.owed[p]
			case in.tcp && !lines:
				oks = leadingOKs(m.Input, len(want))
				if in.owed[p] >= 0 {
					oks = min(oks, in.owed[p])
					in.owed[p] -= oks
				}
			}
			want = append(slices.Repeat([]string{protocol.OK}, oks), want...)
			if diff := inputDifference(want, m.Input); diff != "" {
				return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("input of player %d (move %d of the turn) differs: %s", p, i, diff)}
			}
		}
		moved[p] = true
		lines = lines || m.Output != ""
	}
	if in != nil {
		for p, owed := range in.owed {
			if !in.tcp && owed > 0 && !moved[p] {
				return &Mismatch{Turn: t.Turn, What: fmt.Sprintf("player %d has no move, though it waited in the turn before and is sent the OK that starts this one", p)}
			}
			if in.tcp {
				in.owed[p] = waits[p]
			} else if lastWaits[p] && !left[p] {
				in.owed[p] = 1
			} else {
				in.owed[p] = 0
			}
		}
	}
	ref.EndTurn()
	return nil
}

// leadingOKs counts the OK lines recorded before the answers to a move's lines (want of
// them): over TCP, the OKs that start the turn, which only the recording knows.
func leadingOKs(input string, want int) int {
	got := SplitLines(input)
	k := 0
	for k < len(got)-want && got[k] == protocol.OK {
		k++
	}
	return k
}

// inputDifference compares the input rebuilt by re-simulation (want, its lines) with the
// recorded one and describes the first difference, or returns "". The seconds of a
// WAITING line are the time left when it was sent, measured rather than simulated: where
// both have a WAITING line, the recorded one is taken as it is.
func inputDifference(want []string, recorded string) string {
	got := SplitLines(recorded)
	for i := range want {
		if i < len(got) && protocol.IsWaiting(want[i]) && protocol.IsWaiting(got[i]) {
			want[i] = got[i]
		}
	}
	rebuilt := JoinLines(want)
	if rebuilt == recorded {
		return ""
	}
	return firstDifference([]byte(rebuilt), []byte(recorded))
}

// SplitLines splits recorded text ("a\nb\n") into lines.
func SplitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// JoinLines is the inverse of SplitLines (protocol.JoinLines: how a bot's answer is
// recorded).
func JoinLines(lines []string) string { return protocol.JoinLines(lines) }

func sameJSON(got, want any) error {
	a, err := canonicalJSON(got)
	if err != nil {
		return err
	}
	b, err := canonicalJSON(want)
	if err != nil {
		return err
	}
	if bytes.Equal(a, b) {
		return nil
	}
	return fmt.Errorf("%s", firstDifference(a, b))
}

// firstDifference shows where two texts part: a little context, then both versions.
func firstDifference(got, want []byte) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	start := max(0, i-40)
	snip := func(b []byte) string {
		end := min(len(b), i+60)
		if start >= end {
			return `""`
		}
		return fmt.Sprintf("%q", b[start:end])
	}
	return fmt.Sprintf("at byte %d: re-simulated %s, recorded %s", i, snip(got), snip(want))
}

// What arena serve says in a team's result of its connections, where its status ok and its
// score would otherwise say nothing: a team absent all game, or one that left and did not
// log in again.
const ServeNeverConnected = "never connected during this game"

// ServeLeft is the note of a team whose last connection closed in turn and that did not log
// in again.
func ServeLeft(turn int) string {
	return fmt.Sprintf("disconnected in turn %d and did not log in again", turn)
}

// IsServeNote reports whether msg is one of arena serve's notes on a team's connections.
func IsServeNote(msg string) bool {
	var turn int
	if _, err := fmt.Sscanf(msg, "disconnected in turn %d", &turn); err == nil && msg == ServeLeft(turn) {
		return true
	}
	return msg == ServeNeverConnected
}
