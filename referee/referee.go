// Package referee defines the contract between a game's rules and the rest of arena.
//
// A referee is a pure, deterministic state machine: it never reads a clock, a pipe, a file
// or an unseeded random source. The match loop (package match) feeds it what the players
// said and carries what it wants said to the players. Because of that, the same seed and
// the same player outputs always give the same game, which is what makes replays verifiable.
//
// Two protocol families share this contract:
//
//   - Turn-based (CodinGame style): each turn the referee hands out Requests (input text and
//     the number of lines expected back); the match loop collects one Answer per Request and
//     calls Play. See TurnBased.
//   - Session (Deadline24 style): during a turn each player sends command lines one at a time
//     and every line is answered at once from the referee's state; WAIT ends the player's
//     turn; when everyone waits the match loop calls EndTurn. See Session.
package referee

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/arena-games/arena/protocol"
)

// Status says how a player's game ended.
type Status string

// Player statuses. The first four are the ones every game produces; the resource-limit
// statuses are reported by the runner when a bot exceeds a limit it enforces.
const (
	StatusOK      Status = "ok"      // played to the end (whoever won)
	StatusTimeout Status = "timeout" // missed a response-time limit
	StatusInvalid Status = "invalid" // said something the rules do not accept
	StatusCrash   Status = "crash"   // exited, closed its output or could not be started
	StatusLimit   Status = "limit"   // exceeded a resource limit (memory, processes, output, compute)
)

// Style names the protocol family of a game.
type Style string

const (
	StyleTurns   Style = "turns"   // CodinGame style: block of input, N lines back
	StyleSession Style = "session" // Deadline24 style: command/response lines, WAIT
)

// Option documents one game option (`--option key=value`).
type Option struct {
	Key     string `json:"key"`
	Default string `json:"default"`
	Help    string `json:"help"`
	// File marks an option whose value names a file (a map). The runner reads the file,
	// passes its content in Config.Files and records it in the replay, so that the referee
	// stays free of I/O and a replay verifies without the file.
	File bool `json:"file,omitempty"`
}

// Info describes a game for `arena games` and for the runner.
type Info struct {
	Name       string   `json:"name"`
	Title      string   `json:"title"`
	Summary    string   `json:"summary"`
	Style      Style    `json:"style"`
	MinPlayers int      `json:"min_players"`
	MaxPlayers int      `json:"max_players"`
	Version    string   `json:"version"` // referee version, recorded in replays
	Options    []Option `json:"options"`
	// Limits is a human-readable summary of the time/compute limits in force by default
	// (e.g. "1000 ms first answer, 50 ms after").
	Limits string `json:"limits"`
	// OlderVersions are earlier versions of the referee that New still plays as when
	// Config.Version names one, so that replays recorded by them verify; any other
	// version's replays do not (arena replay rerun plays them again with this version).
	OlderVersions []string `json:"older_versions,omitempty"`
	// ComputeLimited says the game limits each bot's computation per turn
	// (Request.Compute): the runner then measures bots with its best meter.
	ComputeLimited bool `json:"compute_limited,omitempty"`
}

// Config is what a referee is built from. Options have already been split into key=value
// pairs but not validated: New must reject unknown keys and bad values with a clear error
// naming the key.
type Config struct {
	Seed    int64
	Players int
	Options map[string]string
	// Files holds the content of each File option that was given, by option key.
	Files map[string][]byte
	// Version is the referee version to play as: "" for the current one (Info.Version), or
	// one of Info.OlderVersions to re-simulate a replay recorded by an earlier arena. New
	// refuses any other (CheckVersion).
	Version string
}

// Plays reports whether the game's referee plays as version v: its own, or one of its
// OlderVersions.
func (i Info) Plays(v string) bool {
	return v == i.Version || slices.Contains(i.OlderVersions, v)
}

// CheckVersion is New's check of Config.Version: nil when the game plays as it ("" is the
// current version), an error naming the versions it plays otherwise.
func CheckVersion(info Info, v string) error {
	if v == "" || info.Plays(v) {
		return nil
	}
	plays := append([]string{info.Version}, info.OlderVersions...)
	return fmt.Errorf("%s: referee version %q: this arena plays version %s", info.Name, v, strings.Join(plays, " or "))
}

// Game is one registered game.
type Game interface {
	Info() Info
	// New builds a referee for one game. It returns an error (never panics) for a bad
	// player count or bad options.
	New(cfg Config) (Referee, error)
}

// MapWriter is a game whose worlds can be written as map files (arena map).
type MapWriter interface {
	// WriteMap returns the map a game of this configuration plays on, in the format the
	// game's map option reads: playing that file gives the same game.
	WriteMap(cfg Config) ([]byte, error)
}

// Referee is what every game provides, whatever its protocol family. A value returned by
// Game.New also implements exactly one of TurnBased or Session.
type Referee interface {
	// Turn is the number of the current turn, from 0.
	Turn() int
	// Frame describes the game's state for replays and the viewer: the state after the
	// last completed turn (or the initial state before the first one). The frame must share
	// no memory with the referee's state: the runner keeps frames while the game goes on.
	Frame() Frame
	// Over reports whether the game has ended.
	Over() bool
	// Result gives each player's outcome, in seat order. Valid once Over is true; before
	// that it describes the game so far (used when a game is aborted).
	Result() []Outcome
}

// Outcome is one player's result as the referee sees it.
type Outcome struct {
	Score   float64 `json:"score"`
	Rank    int     `json:"rank"` // 1 = best; equal ranks are ties
	Status  Status  `json:"status"`
	Message string  `json:"message,omitempty"`
}

// Request asks one player for an answer.
type Request struct {
	Player int
	// Input is the text written to the player, each line ending in "\n".
	Input string
	// Lines is how many lines the player must answer.
	Lines int
	// Timeout is the response-time limit, measured from the last byte of input written to
	// the last expected line read. The runner may scale or disable it.
	Timeout time.Duration
	// Compute, when set, is a per-turn compute budget on top of Timeout (towers' soft/hard
	// "instruction limit"). The runner measures the bot's usage and reports the verdict in
	// Answer.Compute.
	Compute *ComputeLimit
}

// ComputeLimit is a soft/hard per-turn compute budget. Which numbers apply depends on the
// meter the runner has: CPU time, or retired instructions where the hardware counts them.
type ComputeLimit struct {
	SoftCPU, HardCPU                   time.Duration
	SoftInstructions, HardInstructions int64
}

// Verdict is the runner's judgement of a turn's compute usage.
type Verdict string

const (
	VerdictOK   Verdict = ""     // within the soft limit (or no limit)
	VerdictSoft Verdict = "soft" // over the soft limit: discard this turn's commands
	VerdictHard Verdict = "hard" // over the hard limit: the player forfeits
)

// Answer is what came back for one Request.
type Answer struct {
	Player int
	// Lines holds the lines read (without their line ends), at most Request.Lines. It may
	// be shorter when Status is not ok.
	Lines []string
	// Status is ok, or why no full answer came: timeout, crash or limit.
	Status Status
	// Message explains a non-ok Status in words ("no answer within 50 ms").
	Message string
	// Compute is the verdict for Request.Compute, with the measured usage in words.
	Compute      Verdict
	ComputeUsage string
}

// TurnBased is a CodinGame-style referee.
type TurnBased interface {
	Referee
	// Requests lists who is asked this turn and what they receive, in the order they are
	// asked. It is called once per turn, before Play.
	Requests() []Request
	// Play applies one Answer per Request (same order) and advances the game by one turn.
	// It never panics on player output: bad output is a game event. It may keep the
	// answers' lines but not the answers slice, which the runner reuses.
	Play(answers []Answer)
}

// SessionRules are the numbers the Deadline24 session protocol needs from a game.
type SessionRules struct {
	// CommandLimit is L, the most commands a team may issue in one turn.
	CommandLimit int
	// TurnDuration is the length of a turn on the real clock (serve mode) and each seat's
	// budget per turn in lockstep mode.
	TurnDuration time.Duration
	// Sequential makes the lockstep runner serve seats one after another inside a turn
	// (rockets), in the order (t mod N), …, N−1, 0, …; otherwise seats are served at once.
	Sequential bool
	// ArrivalOrder serves seats at once though answers depend on what the other seats do
	// in the same turn (rockets with parallel=1): lines are handled in the order they
	// arrive, and the replay keeps that order (a move per run of one seat's lines, as
	// arena serve records), so that it re-simulates. Such games are fast, not reproducible.
	ArrivalOrder bool
}

// Session is a Deadline24-style referee. Blank lines, WAIT, the command limit and forced
// waiting are handled by the session protocol (package protocol) before a line reaches the
// referee; the lines it refuses itself are told to a referee that is a RefusalRecorder.
type Session interface {
	Referee
	Rules() SessionRules
	// Command executes one command line of a player, already split into whitespace-separated
	// tokens (at least one), and returns the response lines: "OK" followed by data lines, or
	// a single "FAILED <code> <message>" line.
	Command(player int, tokens []string) []string
	// EndTurn resolves the current turn and starts the next one (or ends the game).
	EndTurn()
	// Leave tells the referee a player has stopped playing (crash, disconnect, …). In the
	// Deadline24 games such a player simply idles.
	Leave(player int, status Status, message string)
}

// RefusalRecorder is a Session referee that keeps account of the lines the session grammar
// refuses itself, which never reach Command: a line over the command limit (FAILED 6), a
// line too long (FAILED 3), a WAIT with arguments (FAILED 4). It counts and reports them
// (frame events, totals) as it does the commands Command answers FAILED.
type RefusalRecorder interface {
	// Refused tells the referee that the grammar answered a line of player with answer.
	// line is the line's text; of a line too long (tooLong) only its start is the same live
	// and on replay verification, so quote it with protocol.QuoteLine.
	Refused(player int, line string, tooLong bool, answer string)
}

// SessionTeam is the session grammar's command counter for one seat of ref, with ref's
// limit L. Every runner of a session game, live or re-simulating a replay, takes its
// counters from here, so that the lines the grammar refuses reach a RefusalRecorder the
// same way everywhere, in the order they are handled.
func SessionTeam(ref Session, player int) protocol.Team {
	t := protocol.Team{Limit: ref.Rules().CommandLimit}
	if rr, ok := ref.(RefusalRecorder); ok {
		t.Refused = func(line string, tooLong bool, answer string) { rr.Refused(player, line, tooLong, answer) }
	}
	return t
}

// RankByScore fills in Rank from Score: higher scores rank better, equal scores share a
// rank (1, 1, 3, …).
func RankByScore(outcomes []Outcome) {
	order := make([]int, len(outcomes))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return outcomes[order[a]].Score > outcomes[order[b]].Score })
	for pos, i := range order {
		if pos > 0 && outcomes[i].Score == outcomes[order[pos-1]].Score {
			outcomes[i].Rank = outcomes[order[pos-1]].Rank
		} else {
			outcomes[i].Rank = pos + 1
		}
	}
}

// Winner returns the index of the only player ranked first, or −1 when first place is
// shared (a draw) or nobody is ranked.
func Winner(outcomes []Outcome) int {
	winner := -1
	for i, o := range outcomes {
		if o.Rank == 1 {
			if winner >= 0 {
				return -1
			}
			winner = i
		}
	}
	return winner
}

// OptionError is returned by Game.New for a bad option.
type OptionError struct {
	Game, Key, Value, Reason string
}

func (e *OptionError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("%s: option %q: %s", e.Game, e.Key, e.Reason)
	}
	return fmt.Sprintf("%s: option %s=%q: %s", e.Game, e.Key, e.Value, e.Reason)
}

// CheckOptions rejects option keys that the game does not know, naming the known ones.
func CheckOptions(game string, known []Option, given map[string]string) error {
	keys := make([]string, 0, len(given))
	for k := range given {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		found := false
		for _, o := range known {
			if o.Key == k {
				found = true
				break
			}
		}
		if !found {
			names := make([]string, len(known))
			for i, o := range known {
				names[i] = o.Key
			}
			reason := "unknown option"
			if len(names) > 0 {
				reason += " (known: " + strings.Join(names, ", ") + ")"
			} else {
				reason += " (this game has no options)"
			}
			return &OptionError{Game: game, Key: k, Reason: reason}
		}
	}
	return nil
}
