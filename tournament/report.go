package tournament

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/arena-games/arena/referee"
)

// Formats are the output formats of a summary.
var Formats = []string{"table", "json", "csv"}

// WriteSummary prints a summary as a table (for people), JSON (everything, for programs)
// or CSV (one row per bot, for spreadsheets).
func WriteSummary(w io.Writer, s Summary, format string) error {
	switch format {
	case "table", "":
		return writeTable(w, s)
	case "json":
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	case "csv":
		return writeCSV(w, s)
	}
	return fmt.Errorf("format %q: want one of %s", format, strings.Join(Formats, ", "))
}

var errorStatuses = []referee.Status{referee.StatusTimeout, referee.StatusCrash, referee.StatusInvalid, referee.StatusLimit}

func writeCSV(w io.Writer, s Summary) error {
	cw := csv.NewWriter(w)
	header := []string{"bot", "games", "wins", "draws", "losses", "points", "mean_score", "mean_rank", "rating", "rating_lo", "rating_hi"}
	for _, st := range errorStatuses {
		header = append(header, string(st))
	}
	header = append(header, "hashes", "timed_games", "slowest_ms", "near_limit", "over_limit", "soft_compute", "delayed_turns", "slowest_first_ms", "slowest_later_ms")
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, i := range displayOrder(s) {
		b := s.Bots[i]
		row := []string{b.Name, strconv.Itoa(b.Games), strconv.Itoa(b.Wins), strconv.Itoa(b.Draws), strconv.Itoa(b.Losses),
			formatFloat(b.Points), formatFloat(b.MeanScore), formatFloat(b.MeanRank)}
		if b.Rating != nil {
			row = append(row, formatFloat(float64(b.Rating.Elo)), formatFloat(float64(b.Rating.Lo)), formatFloat(float64(b.Rating.Hi)))
		} else {
			row = append(row, "", "", "")
		}
		for _, st := range errorStatuses {
			row = append(row, strconv.Itoa(len(b.Errors[st])))
		}
		row = append(row, strings.Join(b.Hashes, " "))
		if t := b.Timing; t != nil {
			row = append(row, strconv.Itoa(t.Games), formatFloat(t.MaxMS), strconv.Itoa(t.NearLimit), strconv.Itoa(t.OverLimit), strconv.Itoa(t.SoftCompute), strconv.Itoa(t.Delayed),
				optionalMS(t.FirstMaxMS, "", formatFloat), optionalMS(t.LaterMaxMS, "", formatFloat))
		} else {
			row = append(row, "0", "", "", "", "", "", "", "")
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// displayOrder is the order the table and the CSV list the bots in: best first when there
// are ratings; the summary's own order (the command line's) otherwise.
func displayOrder(s Summary) []int {
	order := make([]int, len(s.Bots))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := s.Bots[order[a]].Rating, s.Bots[order[b]].Rating
		return ra != nil && rb != nil && ra.Elo > rb.Elo
	})
	return order
}

func writeTable(w io.Writer, s Summary) error {
	if s.Games == 0 {
		// Nothing to count (a tournament stopped before its first game ended): a table of
		// zeros and endless intervals would say nothing more.
		msg := "no games recorded"
		if s.Game != "" {
			msg = s.Game + ": " + msg
		}
		_, err := fmt.Fprintln(w, msg)
		return err
	}
	fmt.Fprintf(w, "%s: %s\n\n", s.Game, Games(s.Games))
	order := displayOrder(s)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "  #\tbot\tgames\twins\tdraws\tlosses\tpoints\tavg score\tavg rank")
	if s.RatingModel != "" {
		fmt.Fprint(tw, "\telo\t95% interval")
	}
	fmt.Fprintln(tw, "\terrors")
	for pos, i := range order {
		b := s.Bots[i]
		fmt.Fprintf(tw, "  %d\t%s\t%d\t%d\t%d\t%d\t%s\t%s\t%.2f", pos+1, b.Name, b.Games, b.Wins, b.Draws, b.Losses,
			formatFloat(b.Points), formatFloat(b.MeanScore), b.MeanRank)
		if s.RatingModel != "" {
			if b.Rating != nil {
				fmt.Fprintf(tw, "\t%s\t[%s, %s]", formatElo(float64(b.Rating.Elo)), formatElo(float64(b.Rating.Lo)), formatElo(float64(b.Rating.Hi)))
			} else {
				fmt.Fprint(tw, "\t\t")
			}
		}
		fmt.Fprintf(tw, "\t%s\n", errorCounts(b))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	switch {
	case s.Pair != nil:
		// The head-to-head below gives the difference between the two bots; the table, as
		// with more bots, each one's rating relative to the field's mean: half of it.
		fmt.Fprintln(w, "\nelo: relative to the field's mean, as with more bots: ± half the head-to-head elo and interval below,")
		fmt.Fprintln(w, "     which are the difference between the two bots")
	case s.RatingModel != "":
		fmt.Fprintf(w, "\nelo: %s maximum likelihood, relative to the field's mean (one virtual draw per bot keeps perfect records finite)\n", s.RatingModel)
		// What a bot author asks of the table: is the order real?
		fmt.Fprintln(w, "     bots whose 95% intervals overlap may be in this order by luck; 4× the games halve the intervals")
	}
	if p := s.Pair; p != nil {
		writePair(w, p)
	}
	writeIncidents(w, s)
	if err := writeTiming(w, s, order); err != nil {
		return err
	}
	for _, n := range s.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	return nil
}

func writePair(w io.Writer, p *PairStats) {
	pairs := strconv.Itoa(p.Units) + " complete seed pairs"
	if p.Units == 1 {
		pairs = "1 complete seed pair"
	}
	fmt.Fprintf(w, "\n%s vs %s: %s, %s\n", p.A, p.B, Games(p.Games), pairs)
	if p.Games == 0 {
		return
	}
	method := "pentanomial: the variance of seed pairs"
	switch p.Interval {
	case "wilson-pairs":
		method = "Wilson on seed pairs: too few pairs, or no variance between them"
	case "wilson":
		method = "Wilson on games: no complete seed pair"
	}
	fmt.Fprintf(w, "  score   %s  [%s, %s]  (95%%, %s)\n", formatPercent(float64(p.Score)), formatPercent(float64(p.ScoreLo)), formatPercent(float64(p.ScoreHi)), method)
	fmt.Fprintf(w, "  elo     %s  [%s, %s]\n", formatElo(float64(p.Elo)), formatElo(float64(p.EloLo)), formatElo(float64(p.EloHi)))
	fmt.Fprintf(w, "  LOS     %s  (likelihood that %s is stronger)\n", formatPercent(p.LOS), p.A)
	fmt.Fprintf(w, "  pairs   0: %d  ½: %d  1: %d  1½: %d  2: %d  (%s's points per seed pair)\n",
		p.Pentanomial[0], p.Pentanomial[1], p.Pentanomial[2], p.Pentanomial[3], p.Pentanomial[4], p.A)
	if p.SPRT != nil {
		fmt.Fprintf(w, "  SPRT    %s\n", p.SPRT.Describe())
	}
	fmt.Fprintf(w, "  verdict %s\n", verdict(p))
}

// verdict says in words what the score's interval means: whether the difference between
// the bots is more than luck would give.
func verdict(p *PairStats) string {
	switch {
	case p.ScoreLo > 0.5:
		return fmt.Sprintf("%s is stronger: the whole 95%% interval of its score is above 50%%", p.A)
	case p.ScoreHi < 0.5:
		return fmt.Sprintf("%s is weaker: the whole 95%% interval of its score is below 50%%", p.A)
	}
	v := "no clear difference: 50% is inside the 95% interval, the gap may be luck (4× the games halve the interval"
	if p.SPRT == nil && !p.inShard {
		// Playing on until the interval leaves 50% would now and then find a difference
		// that is not there; the SPRT is the test made for stopping when it is clear.
		v += "; a run with --sprt stops when it is clear"
	}
	return v + ")"
}

// writeTiming lists the bots' response-time health, when their games measured it.
func writeTiming(w io.Writer, s Summary, order []int) error {
	measured, soft, partly, unsplit := false, false, false, false
	for _, b := range s.Bots {
		if b.Timing != nil {
			measured = true
			soft = soft || b.Timing.SoftCompute > 0
			partly = partly || b.Timing.Games < b.Games
			unsplit = unsplit || b.Timing.Unsplit > 0
		}
	}
	if !measured {
		return nil
	}
	fmt.Fprintln(w, "\nresponse times (answers near their limit: over 80% of it, or in towers of the soft compute limit; over it: without losing, as --timing strikes or bank allow):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "  bot")
	if partly {
		// Results of an arena before these counts have none: say over how many games each sums.
		fmt.Fprint(tw, "\tgames measured")
	}
	if unsplit {
		// Records of an arena before the first answer was kept apart give only the slowest
		// answer: the two below leave them out, this one does not.
		fmt.Fprint(tw, "\tslowest")
	}
	// The first answer has a limit of its own and holds the bot's start: its slowest is
	// shown apart, so that the slowest later answer says how close a bot runs to the limit
	// of every other turn.
	fmt.Fprint(tw, "\tslowest first\tslowest later\tnear limit\tover limit")
	if soft {
		fmt.Fprint(tw, "\tover soft compute")
	}
	fmt.Fprintln(tw, "\tslowed by the machine")
	for _, i := range order {
		b := s.Bots[i]
		t := b.Timing
		if t == nil {
			fmt.Fprintf(tw, "  %s\tnot measured\n", b.Name)
			continue
		}
		fmt.Fprintf(tw, "  %s", b.Name)
		if partly {
			fmt.Fprintf(tw, "\t%d of %d", t.Games, b.Games)
		}
		inMS := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + " ms" }
		if unsplit {
			fmt.Fprintf(tw, "\t%s", inMS(t.MaxMS))
		}
		fmt.Fprintf(tw, "\t%s\t%s\t%d\t%d", optionalMS(t.FirstMaxMS, "-", inMS), optionalMS(t.LaterMaxMS, "-", inMS), t.NearLimit, t.OverLimit)
		if soft {
			fmt.Fprintf(tw, "\t%d", t.SoftCompute)
		}
		fmt.Fprintf(tw, "\t%d\n", t.Delayed)
	}
	return tw.Flush()
}

// optionalMS formats a time that records may not have (0: none of them had it), none
// standing for it.
func optionalMS(v float64, none string, format func(float64) string) string {
	if v == 0 {
		return none
	}
	return format(v)
}

// maxListedSeeds keeps the table readable; JSON lists every incident.
const maxListedSeeds = 8

func writeIncidents(w io.Writer, s Summary) {
	first := true
	for _, b := range s.Bots {
		for _, st := range b.SortedIncidents() {
			if first {
				fmt.Fprintln(w, "\n"+incidentsHeading(s))
				first = false
			}
			list := b.Errors[st]
			var parts []string
			for i, inc := range list {
				if i == maxListedSeeds {
					parts = append(parts, fmt.Sprintf("… %d more", len(list)-maxListedSeeds))
					break
				}
				part := fmt.Sprintf("%d/%d", inc.Seed, inc.Seat)
				if manyGroups(s) {
					part += " (" + strings.Join(inc.Seats, " | ") + ")"
				}
				parts = append(parts, part)
			}
			fmt.Fprintf(w, "  %s %s ×%d: %s", b.Name, st, len(list), strings.Join(parts, ", "))
			if msg := list[0].Message; msg != "" {
				fmt.Fprintf(w, "  (first: %s)", msg)
			}
			fmt.Fprintln(w)
		}
	}
}

// incidentsHeading says how the errors below are listed.
func incidentsHeading(s Summary) string {
	if manyGroups(s) {
		return "errors (seed/seat, and the bots in seat order; every one is in --format json):"
	}
	return "errors (seed/seat; every one is in --format json):"
}

// manyGroups says whether the bots met in more than one group, where a seed alone does not
// say which game it was. (A game's bots are distinct, so two bots make one group.)
func manyGroups(s Summary) bool { return len(s.Bots) > 2 }

func errorCounts(b BotStats) string {
	var parts []string
	for _, st := range errorStatuses {
		if n := len(b.Errors[st]); n > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", st, n))
		}
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}

func formatFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ""
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	case f == 0:
		return "0" // not "-0" for an even score's Elo
	case f == math.Trunc(f) && math.Abs(f) < 1e15:
		return strconv.FormatFloat(f, 'f', 0, 64)
	}
	return strconv.FormatFloat(f, 'f', 3, 64)
}

func formatElo(e float64) string {
	switch {
	case math.IsNaN(e):
		return "?"
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	if math.Round(e) == 0 {
		return "+0" // not "-0" for a rating just below zero
	}
	return fmt.Sprintf("%+.0f", e)
}

func formatPercent(p float64) string {
	if math.IsNaN(p) {
		return "?"
	}
	return fmt.Sprintf("%.1f%%", 100*p)
}
