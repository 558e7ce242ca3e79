// Package replays holds the replay format (versioned JSON, optionally gzip-compressed),
// writes replays atomically, reads them back with validation that names the file, the field
// and the reason, and verifies a replay by re-simulating the game from the recorded player
// outputs.
package replays

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"

	"github.com/arena-games/arena/referee"
)

// Format is the value of the "format" field of every replay this version writes.
const Format = "arena-replay/2"

// FormatV1 is the format before shape tables grew turn by turn (docs/replay-format.md):
// its files are read all the same.
const FormatV1 = "arena-replay/1"

// Replay is one recorded game.
type Replay struct {
	Format         string            `json:"format"`
	Arena          string            `json:"arena"` // version of arena that wrote it
	Game           string            `json:"game"`
	RefereeVersion string            `json:"referee_version"`
	Seed           int64             `json:"seed"`
	Options        map[string]string `json:"options"`
	// Files holds the content of file options (maps), so the replay verifies on its own.
	Files    map[string]string `json:"files,omitempty"`
	Players  []Player          `json:"players"`
	Settings Settings          `json:"settings"`
	// ShapeTable holds every distinct shape of the frames once; each turn lists its frame's
	// shapes by index (Turn.ShapeIDs). A file of this format brings the entries turn by
	// turn (Turn.NewShapes) and has no table ahead of the turns (those of arena-replay/1 had
	// one in big replays). Read rebuilds the frames, so in memory table and ids are empty;
	// ReadCompact leaves the whole table here and the ids in the turns.
	ShapeTable []referee.Shape `json:"shape_table,omitempty"`
	Turns      []Turn          `json:"turns"`
	Result     Result          `json:"result"`
}

// Player is one seat.
type Player struct {
	Name    string `json:"name"`
	Command string `json:"command"`
}

// Settings records how the runner ran the game (limits, clock), for reruns and for reading
// response times in context.
type Settings struct {
	Style      referee.Style `json:"style"`
	TimeScale  float64       `json:"time_scale"`
	NoTimeout  bool          `json:"no_timeout,omitempty"`
	Concurrent bool          `json:"concurrent,omitempty"`
	Clock      string        `json:"clock,omitempty"`  // "wall" or "cpu"
	Timing     string        `json:"timing,omitempty"` // "strict", "strikes", "bank:MS"
	Meter      string        `json:"meter,omitempty"`  // how CPU time was measured: task-clock, process-cpu or none
	Handshake  bool          `json:"handshake,omitempty"`
	// TurnTimeoutMS is each seat's budget per turn in a session game when the runner
	// overrode the game's turn duration (--turn-timeout).
	TurnTimeoutMS float64 `json:"turn_timeout_ms,omitempty"`
	Transport     string  `json:"transport,omitempty"` // "pipes" (default) or "tcp"
}

// Turn is one turn: what each player was sent and answered, and the frame after it.
type Turn struct {
	Turn  int           `json:"turn"`
	Moves []Move        `json:"moves"`
	Frame referee.Frame `json:"frame"`
	// NewShapes (in a file) are the entries of the shape table this turn draws first: they
	// follow those of the turns before.
	NewShapes []referee.Shape `json:"new_shapes,omitempty"`
	// ShapeIDs lists the frame's shapes by their index in the shape table (in a file, and
	// in a replay read by ReadCompact).
	ShapeIDs []int `json:"shape_ids,omitempty"`
	// Check is a digest of the moves' outputs and failures as recorded, so that verify
	// notices an edited output even when the edit would not change the game.
	Check string `json:"check,omitempty"`
}

// Move is one exchange with one player. For turn-based games there is one move per player
// asked; for session games one per player per turn (or several, in arrival order, when the
// order of lines across players matters).
type Move struct {
	Player int `json:"player"`
	// Input is exactly what the player received, Output exactly what it sent (lines
	// separated and ended by "\n"). Output is what re-simulation feeds the referee.
	Input  string  `json:"input"`
	Output string  `json:"output"`
	Stderr string  `json:"stderr,omitempty"`
	TimeMS float64 `json:"time_ms"`
	// CPUMS is the bot's CPU time for the exchange when the runner measured it.
	CPUMS *float64 `json:"cpu_ms,omitempty"`
	// Status and Message are set when the player failed during this exchange.
	Status  referee.Status `json:"status,omitempty"`
	Message string         `json:"message,omitempty"`
	// Compute is the runner's verdict on a per-turn compute limit, with the usage.
	Compute      referee.Verdict `json:"compute,omitempty"`
	ComputeUsage string          `json:"compute_usage,omitempty"`
	// Delayed marks an exchange whose wall time far exceeded the bot's CPU time: the
	// machine, not the bot, was slow.
	Delayed bool `json:"delayed,omitempty"`
}

// Result is the outcome of a game: what `arena run --json` prints and what the replay ends
// with.
type Result struct {
	Game    string         `json:"game"`
	Seed    int64          `json:"seed"`
	Turns   int            `json:"turns"`
	Winner  int            `json:"winner"` // player index, −1 for a draw
	Players []PlayerResult `json:"players"`
	// Unfinished: the game was stopped before its end (Ctrl-C): the turns are those played,
	// and the scores, ranks and statuses the position when it stopped, not a game's result.
	Unfinished bool `json:"unfinished,omitempty"`
	// Stopped is the turn the game was stopped in, as far as it went, when a bot had been
	// sent some of it (an unfinished game only).
	Stopped *StoppedTurn `json:"stopped_turn,omitempty"`
}

// StoppedTurn is the turn a game was stopped in (Ctrl-C), as far as it went: what each bot
// had been sent of it, had answered and had printed on stderr. It is not a turn of the
// game: the referee did not play it, so verify leaves it out. It is kept because the bot
// being debugged may be the one that was stopped (a bot that hangs, under --no-timeout),
// and its input is what reproduces it (arena replay stdin).
type StoppedTurn struct {
	Turn int `json:"turn"`
	// Player, input, output and stderr only: one move a bot (arena run), or, for the teams
	// of arena serve, one for each run of a team's lines in arrival order, as in its turns.
	Moves []Move `json:"moves"`
}

// Move is the stopped turn's (first) move of player p, or nil.
func (s *StoppedTurn) Move(p int) *Move {
	if s == nil {
		return nil
	}
	for i := range s.Moves {
		if s.Moves[i].Player == p {
			return &s.Moves[i]
		}
	}
	return nil
}

// PlayerResult is one player's line of a Result.
type PlayerResult struct {
	Index   int            `json:"index"`
	Name    string         `json:"name"`
	Command string         `json:"command"`
	Score   float64        `json:"score"`
	Rank    int            `json:"rank"`
	Status  referee.Status `json:"status"`
	Message string         `json:"message"`
	Timing  *Timing        `json:"timing,omitempty"`
}

// Timing is a player's response-time health over a game.
type Timing struct {
	FirstMS float64 `json:"first_ms"`
	P50MS   float64 `json:"p50_ms"`
	P99MS   float64 `json:"p99_ms"`
	MaxMS   float64 `json:"max_ms"`
	// LaterMaxMS is the largest of the times after the first, which has a limit of its own
	// (CodinGame's 1000 ms against 50 ms) and holds the bot's start: the slowest answer a
	// later turn's limit is judged against. Absent when the first time is the only one.
	LaterMaxMS  float64 `json:"later_max_ms,omitempty"`
	NearLimit   int     `json:"near_limit"` // turns over 80% of the limit
	DelayedTurn int     `json:"delayed_turns,omitempty"`
	// OverLimit: answers over their limit that did not lose (--timing strikes or bank);
	// SoftCompute: answers over the soft compute limit (towers), whose commands were
	// discarded.
	OverLimit   int `json:"over_limit,omitempty"`
	SoftCompute int `json:"soft_compute,omitempty"`
}

// AddTurn records one more turn; one without moves gets an empty list, which a file writes
// as [] (the format's), not null. The turns grow by doubling: append's own growth slows to
// a quarter past a few hundred elements, so that a long game (rockets' 1500 turns, the
// thousands of a benchmark's) would copy its turns some five times over.
func (r *Replay) AddTurn(t Turn) {
	if t.Moves == nil {
		t.Moves = []Move{} // a turn nobody spoke in: "moves": [], as the format has it, not null
	}
	if len(r.Turns) == cap(r.Turns) {
		grown := make([]Turn, len(r.Turns), max(16, 2*cap(r.Turns)))
		copy(grown, r.Turns)
		r.Turns = grown
	}
	r.Turns = append(r.Turns, t)
}

// Seal records the digest of the turn's outputs (see Check).
func (t *Turn) Seal() { t.Check = t.digest() }

func (t *Turn) digest() string {
	// The digest covers, per move, "player\0status\0message\0compute\0usage\0output\0".
	// It is built in one buffer and hashed at once: the runner seals every turn, and
	// formatting into a hash cost more than the rest of recording the turn.
	var scratch [512]byte
	b := scratch[:0]
	for _, m := range t.Moves {
		b = strconv.AppendInt(b, int64(m.Player), 10)
		b = append(b, 0)
		b = append(append(b, m.Status...), 0)
		b = append(append(b, m.Message...), 0)
		b = append(append(b, m.Compute...), 0)
		b = append(append(b, m.ComputeUsage...), 0)
		b = append(append(b, m.Output...), 0)
	}
	sum := sha256.Sum256(b)
	var out [16]byte
	hex.Encode(out[:], sum[:8])
	return string(out[:])
}

// canonicalJSON encodes v, decodes it into generic values and encodes it again, so that
// two values that mean the same JSON compare equal byte for byte (a referee's typed state
// and the map read back from a file, for instance).
func canonicalJSON(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var generic any
	if err := json.Unmarshal(b, &generic); err != nil {
		return nil, err
	}
	return json.Marshal(generic)
}
