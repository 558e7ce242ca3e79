package tournament

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/arena-games/arena/referee"
)

// Summary is a tournament's statistics: what `arena tournament` prints at the end and
// `arena tournament report` prints for merged results files.
type Summary struct {
	Game  string     `json:"game"`
	Games int        `json:"games"`
	Bots  []BotStats `json:"bots"`
	// Pair is the head-to-head analysis, when there are exactly two bots.
	Pair *PairStats `json:"pair,omitempty"`
	// RatingModel names the model behind BotStats.Rating.
	RatingModel string   `json:"rating_model,omitempty"`
	Notes       []string `json:"notes,omitempty"`
}

// BotStats is one bot's line.
type BotStats struct {
	Name   string   `json:"name"`
	Hashes []string `json:"hashes"` // every version of the bot seen in the results
	Games  int      `json:"games"`
	// Wins are games the bot finished first alone, draws first place shared, losses the
	// rest. Points count a win 1 and a draw ½.
	Wins      int     `json:"wins"`
	Draws     int     `json:"draws"`
	Losses    int     `json:"losses"`
	Points    float64 `json:"points"`
	MeanScore float64 `json:"mean_score"` // the game's own score, averaged
	MeanRank  float64 `json:"mean_rank"`
	// Rating is Elo relative to the field's mean, with its interval.
	Rating *Rating `json:"rating,omitempty"`
	// Errors lists, per status (timeout, crash, invalid, limit), the games where the bot
	// did not finish normally.
	Errors map[referee.Status][]Incident `json:"errors,omitempty"`
	// Timing sums the games' response-time health, over the games that measured it.
	Timing *BotTiming `json:"timing,omitempty"`
}

// BotTiming is a bot's response-time health over its games: a bot that wins but answers
// close to its limit, or over it where --timing lets it, may lose on a slower machine.
type BotTiming struct {
	Games int     `json:"games"`  // games whose times were measured
	MaxMS float64 `json:"max_ms"` // the slowest answer of them all
	// FirstMaxMS and LaterMaxMS split MaxMS: the slowest first answer (the bot's start in
	// it) and the slowest of the others. Absent where no record has them (those of an
	// arena before them).
	FirstMaxMS float64 `json:"first_max_ms,omitempty"`
	LaterMaxMS float64 `json:"later_max_ms,omitempty"`
	// Unsplit counts the games whose records give only MaxMS: the two above leave them out,
	// so that the table then shows MaxMS too.
	Unsplit     int `json:"-"`
	NearLimit   int `json:"near_limit"`    // answers over 80% of their limit
	OverLimit   int `json:"over_limit"`    // over it without losing (--timing strikes, bank)
	SoftCompute int `json:"soft_compute"`  // over the soft compute limit (towers: discarded)
	Delayed     int `json:"delayed_turns"` // slowed by the machine, not the bot
}

// Rating is a rating with its interval.
type Rating struct {
	Elo Number `json:"elo"`
	Lo  Number `json:"lo"`
	Hi  Number `json:"hi"`
}

// Incident is one game a bot did not finish normally.
type Incident struct {
	Seed int64 `json:"seed"`
	Seat int   `json:"seat"`
	// Seats are the game's bots in seat order: with more than one group, the seed alone
	// does not say which game it was (arena run SEATS... --seed SEED plays it again).
	Seats   []string `json:"seats"`
	Message string   `json:"message,omitempty"`
}

// PairStats is the head-to-head of the first bot (A) against the second (B).
type PairStats struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Games  int    `json:"games"`
	Wins   int    `json:"wins"` // A's wins
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
	// Units is the number of complete seed pairs (both seat orders played); Pentanomial
	// counts them by A's points over the pair: 0, ½, 1, 1½, 2.
	Units       int    `json:"units"`
	Pentanomial [5]int `json:"pentanomial"`
	// Score is A's mean points per game with its interval; Interval names the method:
	// "pentanomial", "wilson-pairs" (Wilson on the seed pairs) or "wilson" (on games).
	Score    Number `json:"score"`
	ScoreLo  Number `json:"score_lo"`
	ScoreHi  Number `json:"score_hi"`
	Interval string `json:"interval"`
	// Elo is the logistic Elo difference of A over B, from the score and its interval.
	Elo   Number     `json:"elo"`
	EloLo Number     `json:"elo_lo"`
	EloHi Number     `json:"elo_hi"`
	LOS   float64    `json:"los"` // likelihood that A is stronger
	SPRT  *SPRTState `json:"sprt,omitempty"`
	// inShard is set for the statistics of one shard, where --sprt is refused: the verdict
	// does not suggest it.
	inShard bool
}

// Number is a float that survives JSON when infinite (a bot that won every game has an Elo
// of +inf): ±Inf are written as the strings "inf" and "-inf". Zero is written 0 whatever
// its sign: an even score gives −0 through the logistic formula and the negated half.
type Number float64

func (n Number) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case f == 0:
		return []byte("0"), nil
	case math.IsInf(f, 1):
		return []byte(`"inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-inf"`), nil
	case math.IsNaN(f):
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

func (n *Number) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"inf"`:
		*n = Number(math.Inf(1))
	case `"-inf"`:
		*n = Number(math.Inf(-1))
	case "null":
		*n = Number(math.NaN())
	default:
		f, err := strconv.ParseFloat(string(b), 64)
		if err != nil {
			return fmt.Errorf("number %s: %w", b, err)
		}
		*n = Number(f)
	}
	return nil
}

// Summarize computes the statistics of some records. bots gives the bots in display order;
// bots that appear only in the records are added after them. sprt, when set, evaluates the
// sequential test for two bots.
func Summarize(game string, bots []string, recs []Record, sprt *SPRT) Summary {
	s := Summary{Game: game, Games: len(recs), Bots: []BotStats{}}
	index := map[string]int{}
	addBot := func(name string) int {
		if i, ok := index[name]; ok {
			return i
		}
		index[name] = len(s.Bots)
		s.Bots = append(s.Bots, BotStats{Name: name})
		return index[name]
	}
	for _, b := range bots {
		addBot(b)
	}
	var ranked []RankedGame
	maxSeats := 0
	for _, r := range recs {
		g := RankedGame{}
		maxSeats = max(maxSeats, len(r.Seats))
		for seat, st := range r.Seats {
			i := addBot(st.Bot)
			b := &s.Bots[i]
			if st.Hash != "" && !contains(b.Hashes, st.Hash) {
				b.Hashes = append(b.Hashes, st.Hash)
			}
			b.Games++
			b.MeanScore += st.Score
			b.MeanRank += float64(st.Rank)
			switch placeOf(r.Seats, seat) {
			case 1:
				b.Wins++
				b.Points++
			case 0:
				b.Draws++
				b.Points += 0.5
			default:
				b.Losses++
			}
			if st.Status != referee.StatusOK && st.Status != "" {
				if b.Errors == nil {
					b.Errors = map[referee.Status][]Incident{}
				}
				seats := make([]string, len(r.Seats))
				for k, other := range r.Seats {
					seats[k] = other.Bot
				}
				b.Errors[st.Status] = append(b.Errors[st.Status], Incident{Seed: r.Seed, Seat: seat, Seats: seats, Message: st.Message})
			}
			if t := st.Timing; t != nil {
				if b.Timing == nil {
					b.Timing = &BotTiming{}
				}
				bt := b.Timing
				bt.Games++
				bt.MaxMS = max(bt.MaxMS, t.MaxMS)
				bt.FirstMaxMS = max(bt.FirstMaxMS, t.FirstMS)
				if t.FirstMS == 0 {
					bt.Unsplit++
				}
				bt.LaterMaxMS = max(bt.LaterMaxMS, t.LaterMaxMS)
				bt.NearLimit += t.NearLimit
				bt.OverLimit += t.OverLimit
				bt.SoftCompute += t.SoftCompute
				bt.Delayed += t.Delayed
			}
			g.Items = append(g.Items, i)
			g.Ranks = append(g.Ranks, st.Rank)
		}
		ranked = append(ranked, g)
	}
	for i := range s.Bots {
		b := &s.Bots[i]
		if b.Games > 0 {
			b.MeanScore /= float64(b.Games)
			b.MeanRank /= float64(b.Games)
		}
		if t := b.Timing; t != nil && t.Delayed > 0 {
			s.Notes = append(s.Notes, fmt.Sprintf("%s: %s slowed by the machine (the bot waited for a CPU): fewer games at once (--parallel below the CPUs, with --pin) give each game a CPU of its own", b.Name, referee.Count(t.Delayed, "answer", "answers")))
		}
		if len(b.Hashes) > 1 {
			s.Notes = append(s.Notes, fmt.Sprintf("%s appears in %d versions (hashes %v): its statistics mix them", b.Name, len(b.Hashes), b.Hashes))
		}
	}
	if note := mixedSetups(recs); note != "" {
		s.Notes = append(s.Notes, note)
	}
	if len(s.Bots) == 2 && maxSeats <= 2 {
		s.Pair = pairStats(s.Bots[0].Name, s.Bots[1].Name, recs, sprt)
		// With two bots the head-to-head is the rating: ±half the difference around the mean.
		s.RatingModel = "head-to-head score"
		half := func(x Number) Number { return x / 2 }
		s.Bots[0].Rating = &Rating{Elo: half(s.Pair.Elo), Lo: half(s.Pair.EloLo), Hi: half(s.Pair.EloHi)}
		s.Bots[1].Rating = &Rating{Elo: -half(s.Pair.Elo), Lo: -half(s.Pair.EloHi), Hi: -half(s.Pair.EloLo)}
		return s
	}
	if len(s.Bots) >= 2 && len(ranked) > 0 {
		// The fit runs on the bots in name order, so that its numbers, to the last bit, do not
		// depend on the order the bots are listed in: a run lists them as given, a report as
		// its files have them.
		byName := make([]int, len(s.Bots))
		for i := range byName {
			byName[i] = i
		}
		slices.SortFunc(byName, func(a, b int) int { return strings.Compare(s.Bots[a].Name, s.Bots[b].Name) })
		canon := make([]int, len(s.Bots)) // bot i is item canon[i] of the fit
		for k, i := range byName {
			canon[i] = k
		}
		for _, g := range ranked {
			for j, i := range g.Items {
				g.Items[j] = canon[i]
			}
		}
		fit, err := FitPlackettLuce(len(s.Bots), ranked, DefaultPriorDraws)
		if err != nil {
			s.Notes = append(s.Notes, "no ratings: "+err.Error())
			return s
		}
		s.RatingModel = "Plackett–Luce"
		if maxSeats <= 2 {
			s.RatingModel = "Bradley–Terry"
		}
		z := zFor(Confidence)
		for i := range s.Bots {
			lo, hi := fit.EloInterval(canon[i], z)
			s.Bots[i].Rating = &Rating{Elo: Number(fit.Elo(canon[i])), Lo: Number(lo), Hi: Number(hi)}
		}
	}
	return s
}

// mixedSetups says how the records' setups differ when the games were played with more than
// one ("" when with one): a run with --allow-changed, or a report over files of runs with
// other options, time scale or limits, counts them as one experiment, and the statistics say
// so, as they do of a bot in several versions. Only the settings that differ are named.
func mixedSetups(recs []Record) string {
	type setup struct {
		values map[string]string
		games  int
	}
	var setups []*setup
	index := map[string]*setup{}
	var names []string // every setting's name, in the order first met
	named := map[string]bool{}
	for _, r := range recs {
		key := r.Setup.Describe()
		st := index[key]
		if st == nil {
			st = &setup{values: map[string]string{}}
			for _, f := range r.Setup.fields() {
				st.values[f[0]] = f[1]
				if !named[f[0]] {
					named[f[0]] = true
					names = append(names, f[0])
				}
			}
			index[key] = st
			setups = append(setups, st)
		}
		st.games++
	}
	if len(setups) < 2 {
		return ""
	}
	var differ []string
	for _, n := range names {
		for _, st := range setups[1:] {
			if st.values[n] != setups[0].values[n] {
				differ = append(differ, n)
				break
			}
		}
	}
	parts := make([]string, len(setups))
	for i, st := range setups {
		values := make([]string, len(differ))
		for k, n := range differ {
			values[k] = n + " " + orNone(st.values[n])
		}
		parts[i] = strings.Join(values, ", ") + ": " + Games(st.games)
	}
	return fmt.Sprintf("the games were played with %d different settings (%s): the statistics mix them", len(setups), strings.Join(parts, "; "))
}

// placeOf is 1 when the seat finished first alone, 0 when it shared first place, −1 else.
func placeOf(seats []Seat, seat int) int {
	best := seats[0].Rank
	for _, st := range seats {
		best = min(best, st.Rank)
	}
	if seats[seat].Rank != best {
		return -1
	}
	for i, st := range seats {
		if i != seat && st.Rank == best {
			return 0
		}
	}
	return 1
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// SortedIncidents returns a bot's error statuses in a fixed order.
func (b BotStats) SortedIncidents() []referee.Status {
	var out []referee.Status
	for st := range b.Errors {
		out = append(out, st)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}
