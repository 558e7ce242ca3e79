package tournament

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/arena-games/arena/referee"
)

// RecordFormat is the value of the "format" field of every result line.
const RecordFormat = "arena-tournament/1"

// Record is one finished game: one line of a results file.
type Record struct {
	Format     string   `json:"format"`
	Game       string   `json:"game"`
	MasterSeed int64    `json:"master_seed"`
	Pairing    []string `json:"pairing"` // the group's bots, in command-line order
	Round      int      `json:"round"`
	Seed       int64    `json:"seed"`
	Order      []int    `json:"order"` // seat s was played by pairing[order[s]]
	Seats      []Seat   `json:"seats"`
	Winner     int      `json:"winner"` // seat index, −1 for a draw
	Turns      int      `json:"turns"`
	Setup      Setup    `json:"setup"`
	Shard      string   `json:"shard,omitempty"`
	DurationMS int64    `json:"duration_ms"`
	Replay     string   `json:"replay,omitempty"`
	Finished   string   `json:"finished"` // RFC 3339 time the game ended

	line int // the record's line in the file it was read from (0: not read from a file)
}

// Seat is one seat's result.
type Seat struct {
	Bot     string         `json:"bot"`
	Hash    string         `json:"hash"`
	Score   float64        `json:"score"`
	Rank    int            `json:"rank"`
	Status  referee.Status `json:"status"`
	Message string         `json:"message,omitempty"`
	// Timing is the seat's response-time health in the game (absent where its times are
	// not measured): what a bot tuned near its time limit is judged on besides its results.
	Timing *SeatTiming `json:"timing,omitempty"`
}

// SeatTiming is the part of a replay's players[].timing a tournament keeps.
type SeatTiming struct {
	MaxMS float64 `json:"max_ms"` // the slowest answer
	// FirstMS and LaterMaxMS split it: the first answer, which holds the bot's start and
	// has a limit of its own, and the slowest of the others (absent with none; both absent
	// in the records of an arena before them).
	FirstMS     float64 `json:"first_ms,omitempty"`
	LaterMaxMS  float64 `json:"later_max_ms,omitempty"`
	NearLimit   int     `json:"near_limit"`              // answers over 80% of their limit
	OverLimit   int     `json:"over_limit,omitempty"`    // over it without losing (strikes, bank)
	SoftCompute int     `json:"soft_compute,omitempty"`  // over the soft compute limit (towers)
	Delayed     int     `json:"delayed_turns,omitempty"` // slowed by the machine, not the bot
}

// Setup is everything besides the bots and the seed that changes a game: results played
// under another setup are not the same experiment.
type Setup struct {
	RefereeVersion string            `json:"referee_version"`
	Options        map[string]string `json:"options"`
	Files          map[string]string `json:"files,omitempty"` // file option → hash of its content
	TimeScale      float64           `json:"time_scale"`
	NoTimeout      bool              `json:"no_timeout,omitempty"`
	Concurrent     bool              `json:"concurrent,omitempty"`
	Clock          string            `json:"clock,omitempty"`
	Timing         string            `json:"timing,omitempty"`
	// The resource limits as match.Config has them (0: default, negative: none).
	MaxMemory     int64  `json:"max_memory,omitempty"`
	MaxProcesses  int    `json:"max_processes,omitempty"`
	MaxTurnOutput int    `json:"max_turn_output,omitempty"`
	GameTimeout   string `json:"game_timeout,omitempty"`
	// TurnTimeout is a session game's budget per turn when --turn-timeout overrides it.
	TurnTimeout string `json:"turn_timeout,omitempty"`
}

// Same reports whether two setups describe the same experiment.
func (s Setup) Same(o Setup) bool { return s.Describe() == o.Describe() }

// Describe says the setup in one line, options sorted.
func (s Setup) Describe() string {
	var parts []string
	for _, f := range s.fields() {
		parts = append(parts, f[0]+" "+f[1])
	}
	return strings.Join(parts, ", ")
}

// Diff says what differs from another setup: "clock: cpu then, wall now; …".
func (s Setup) Diff(now Setup) string {
	was, is := map[string]string{}, map[string]string{}
	var keys []string
	for _, f := range s.fields() {
		was[f[0]] = f[1]
		keys = append(keys, f[0])
	}
	for _, f := range now.fields() {
		is[f[0]] = f[1]
		if _, ok := was[f[0]]; !ok {
			keys = append(keys, f[0])
		}
	}
	var parts []string
	for _, k := range keys {
		if was[k] != is[k] {
			parts = append(parts, fmt.Sprintf("%s: %s then, %s now", k, orNone(was[k]), orNone(is[k])))
		}
	}
	return strings.Join(parts, "; ")
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// fields lists the setup as (name, value) pairs, options sorted, unset limits left out.
func (s Setup) fields() [][2]string {
	out := [][2]string{{"referee", s.RefereeVersion}}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.Options[k]
		if h, ok := s.Files[k]; ok {
			v += " (" + h + ")"
		}
		out = append(out, [2]string{"option " + k, v})
	}
	out = append(out, [2]string{"time scale", fmt.Sprint(s.TimeScale)})
	add := func(name, value string) {
		if value != "" && value != "0" && value != "0s" && value != "false" {
			out = append(out, [2]string{name, value})
		}
	}
	add("no timeout", fmt.Sprint(s.NoTimeout))
	add("concurrent", fmt.Sprint(s.Concurrent))
	add("clock", s.Clock)
	add("timing", s.Timing)
	add("memory limit", fmt.Sprint(s.MaxMemory))
	add("process limit", fmt.Sprint(s.MaxProcesses))
	add("output limit", fmt.Sprint(s.MaxTurnOutput))
	gameTimeout := s.GameTimeout
	if gameTimeout == "-1ns" {
		gameTimeout = "none" // how the runner records "no cap" (--game-timeout 0, or --no-timeout)
	}
	add("game timeout", gameTimeout)
	add("turn timeout", s.TurnTimeout)
	return out
}

// ID is the game's identity.
func (r *Record) ID() GameID {
	return GameID{Game: r.Game, Pairing: r.Pairing, Round: r.Round, Seed: r.Seed, Order: r.Order}
}

// Validate checks what the statistics rely on.
func (r *Record) Validate() error {
	if r.Format != RecordFormat {
		return fmt.Errorf("field format: %q is not a format this version reads (want %q)", r.Format, RecordFormat)
	}
	if r.Game == "" {
		return fmt.Errorf("field game: missing")
	}
	if len(r.Pairing) < 2 {
		return fmt.Errorf("field pairing: want at least 2 bots, got %d", len(r.Pairing))
	}
	if len(r.Order) != len(r.Pairing) || len(r.Seats) != len(r.Pairing) {
		return fmt.Errorf("fields order and seats: want %d entries like pairing, got %d and %d", len(r.Pairing), len(r.Order), len(r.Seats))
	}
	used := make([]bool, len(r.Pairing))
	for s, i := range r.Order {
		if i < 0 || i >= len(r.Pairing) || used[i] {
			return fmt.Errorf("field order: %v is not a seat order of %d bots", r.Order, len(r.Pairing))
		}
		used[i] = true
		if r.Seats[s].Bot != r.Pairing[i] {
			return fmt.Errorf("field seats[%d].bot: %q, but the order puts %q there", s, r.Seats[s].Bot, r.Pairing[i])
		}
		if t := r.Seats[s].Timing; t != nil {
			if t.MaxMS < 0 || t.FirstMS < 0 || t.LaterMaxMS < 0 || t.NearLimit < 0 || t.OverLimit < 0 || t.SoftCompute < 0 || t.Delayed < 0 {
				return fmt.Errorf("field seats[%d].timing: a negative count or time (%+v)", s, *t)
			}
			if t.FirstMS > t.MaxMS || t.LaterMaxMS > t.MaxMS {
				return fmt.Errorf("field seats[%d].timing: the first answer (%v ms) or the slowest later one (%v ms) slower than the slowest of all (%v ms)", s, t.FirstMS, t.LaterMaxMS, t.MaxMS)
			}
		}
		if r.Seats[s].Rank < 1 {
			return fmt.Errorf("field seats[%d].rank: %d (want 1 or more)", s, r.Seats[s].Rank)
		}
		// The errors of the statistics are listed by status: a word that is none would be
		// listed as one.
		switch st := r.Seats[s].Status; st {
		case referee.StatusOK, referee.StatusTimeout, referee.StatusInvalid, referee.StatusCrash, referee.StatusLimit:
		default:
			return fmt.Errorf("field seats[%d].status: %q is not a status (want ok, timeout, invalid, crash or limit)", s, st)
		}
	}
	if r.Round < 0 {
		return fmt.Errorf("field round: %d (want 0 or more)", r.Round)
	}
	if r.Winner < -1 || r.Winner >= len(r.Seats) {
		return fmt.Errorf("field winner: %d is not a seat or -1", r.Winner)
	}
	// arena records as the winner the seat ranked first alone (-1 when first place is
	// shared): a winner that says otherwise was edited, and the ranks, which the statistics
	// count, and it no longer tell the same game.
	outcomes := make([]referee.Outcome, len(r.Seats))
	for s, seat := range r.Seats {
		outcomes[s].Rank = seat.Rank
	}
	if w := referee.Winner(outcomes); r.Winner != w {
		return fmt.Errorf("field winner: %d, but the ranks make %s", r.Winner, winnerText(w))
	}
	return nil
}

func winnerText(w int) string {
	if w < 0 {
		return "it a draw (-1: first place shared)"
	}
	return fmt.Sprintf("seat %d the winner", w)
}

// encode is the record as one line, newline included.
func (r *Record) encode() ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}
