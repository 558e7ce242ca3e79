package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/arena-games/arena/bench/floor"
	"github.com/arena-games/arena/players"
	"github.com/arena-games/arena/players/builtin"
	"github.com/arena-games/arena/referee"
	"github.com/arena-games/arena/replays"
)

// Bots the benchmarks run as real subprocesses (this test binary, see TestMain): the floor's
// echo peer, and a queens bot that reads its whole input and waits, answering at once.
func init() {
	builtin.Register("floor", "peer", floor.Serve)
	builtin.Register("queens", "instant", instantQueens)
}

// instantQueens reads every line of Code Royale's input and answers WAIT and an empty TRAIN:
// the cheapest legal bot, so that a game measures the runner and the referee only.
func instantQueens(in io.Reader, out io.Writer) error {
	r := bufio.NewReaderSize(in, 64<<10)
	count := func() (int, error) {
		line, err := r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		end := 0
		for end < len(line) && line[end] >= '0' && line[end] <= '9' {
			end++
		}
		return strconv.Atoi(string(line[:end]))
	}
	skip := func(n int) error {
		for range n {
			if _, err := r.ReadSlice('\n'); err != nil {
				return err
			}
		}
		return nil
	}
	sites, err := count()
	if err != nil {
		return nil // no game
	}
	if err := skip(sites); err != nil {
		return err
	}
	answer := []byte("WAIT\nTRAIN\n")
	for {
		if err := skip(1 + sites); err != nil { // gold and touched site, then the sites
			if err == io.EOF {
				return nil
			}
			return err
		}
		units, err := count()
		if err != nil {
			return err
		}
		if err := skip(units); err != nil {
			return err
		}
		if _, err := out.Write(answer); err != nil {
			return err
		}
	}
}

// echoGame asks one player per turn, in turn, for an exchange of a floor shape, and times
// exactly the exchanges after each player's first floor.Warmup (the floor's peer is as
// warm): the runner's cost per exchange measured through Run itself. A game has exchanges
// timed turns, so that the recording stays within a few real games' size.
type echoGame struct {
	b         *testing.B
	shape     floor.Exchange
	exchanges int
	ref       *echoRef       // the game being played
	cpu       *time.Duration // the runner's CPU time over the timed exchanges
	botCPU    *time.Duration // the bots' CPU time over the timed exchanges
}

func (g *echoGame) Info() referee.Info {
	return referee.Info{Name: "echo", Title: "Echo", Summary: "the floor's exchange", Style: referee.StyleTurns,
		MinPlayers: 1, MaxPlayers: 2, Version: "1", Limits: "1000 ms first answer, 50 ms after"}
}

func (g *echoGame) New(cfg referee.Config) (referee.Referee, error) {
	warm := cfg.Players * floor.Warmup
	g.ref = &echoRef{b: g.b, cpu: g.cpu, botCPU: g.botCPU, shape: g.shape, input: g.shape.Input(), warm: warm, turns: warm + g.exchanges, players: cfg.Players}
	return g.ref, nil
}

type echoRef struct {
	b           *testing.B
	cpu         *time.Duration
	cpuAt       time.Duration // the runner's CPU time when the timer started
	botCPU      *time.Duration
	bots        []int         // the bots' pids
	botCPUAt    time.Duration // their CPU time when the timer started
	shape       floor.Exchange
	input       string
	turn, turns int
	warm        int // turns before the timer starts
	players     int
	failed      string
}

func (r *echoRef) Turn() int  { return r.turn }
func (r *echoRef) Over() bool { return r.turn >= r.turns || r.failed != "" }
func (r *echoRef) Frame() referee.Frame {
	return referee.Frame{Shapes: []referee.Shape{{Kind: referee.ShapeCircle, X: float64(r.turn), R: 1}}}
}

func (r *echoRef) Requests() []referee.Request {
	if r.turn == r.warm {
		// Every bot has started and is warm. Their pids are found by the marker arena
		// gives every bot it starts (a scan of /proc, before the timer).
		r.bots = players.FindMarkedByRunner(os.Getpid())
		if len(r.bots) != r.players {
			r.b.Fatalf("%d bots found running, want %d", len(r.bots), r.players)
		}
		r.botCPUAt = botsCPU(r.bots)
		r.b.StartTimer()
		r.cpuAt = floor.SelfCPU()
	}
	timeout := 50 * time.Millisecond
	if r.turn < r.players {
		timeout = time.Second
	}
	return []referee.Request{{Player: r.turn % r.players, Input: r.input, Lines: r.shape.OutLines, Timeout: timeout}}
}

func (r *echoRef) Play(answers []referee.Answer) {
	for _, a := range answers {
		if a.Status != referee.StatusOK || len(a.Lines) != r.shape.OutLines {
			r.failed = fmt.Sprintf("turn %d: player %d: %s %s, %d lines", r.turn, a.Player, a.Status, a.Message, len(a.Lines))
		}
	}
	r.turn++
	if r.turn == r.turns {
		r.b.StopTimer()
		*r.cpu += floor.SelfCPU() - r.cpuAt
		*r.botCPU += botsCPU(r.bots) - r.botCPUAt
	}
}

// botsCPU is the CPU time the bots have used so far, all together.
func botsCPU(pids []int) time.Duration {
	var sum time.Duration
	for _, pid := range pids {
		sum += floor.ProcessCPU(pid)
	}
	return sum
}

func (r *echoRef) Result() []referee.Outcome {
	out := make([]referee.Outcome, r.players)
	for i := range out {
		out[i] = referee.Outcome{Status: referee.StatusOK}
	}
	referee.RankByScore(out)
	return out
}

// benchPlayer is a built-in bot run as this test binary (see TestMain).
func benchPlayer(tb testing.TB, name string) Player {
	self, err := os.Executable()
	if err != nil {
		tb.Fatal(err)
	}
	return Player{Name: "builtin:" + name, Command: "builtin:" + name, Argv: []string{self}, Env: []string{builtinEnv + "=" + name}}
}

// BenchmarkExchange is the runner's cost per exchange: one bot asked per turn (in turn, with
// two seats), through Run with the defaults (metered bots, resource watch, recording),
// against the floor's peer; compare with bench/floor's BenchmarkRoundTrip of the same shape
// and number of peers. Games of 5000 timed exchanges are played until b.N exchanges are
// timed; starting and stopping the bots is not, and the bots are as warm as the floor's
// peer (floor.Warmup exchanges each first: a new bot's first thousand exchanges or so are
// slower, which shows in BenchmarkQueensGame), while the recording stays within a few real
// games' size. The time limits are scaled up so that a busy machine cannot end the
// benchmark with a timeout.
//
//	go test ./match -run '^$' -bench . -benchmem
func BenchmarkExchange(b *testing.B) {
	const perGame = 5000
	type variant struct {
		shape   floor.Exchange
		seats   int
		noMeter bool // --no-meter: what the CPU counters cost an exchange
	}
	var variants []variant
	for _, shape := range floor.Shapes {
		variants = append(variants, variant{shape, 1, false}, variant{shape, 2, false})
	}
	variants = append(variants, variant{floor.Queens, 1, true}, variant{floor.Queens, 2, true})
	for _, v := range variants {
		name := fmt.Sprintf("%s/peers=%d", v.shape.Name, v.seats)
		if v.noMeter {
			name += "/no-meter"
		}
		b.Run(name, func(b *testing.B) {
			bots := make([]Player, v.seats)
			for i := range bots {
				bots[i] = benchPlayer(b, "floor/peer")
			}
			b.ReportAllocs()
			b.StopTimer()
			var cpu, botCPU time.Duration
			for done := 0; done < b.N; done += perGame {
				game := &echoGame{b: b, shape: v.shape, exchanges: min(perGame, b.N-done), cpu: &cpu, botCPU: &botCPU}
				rec, err := Run(context.Background(), Config{Game: game, Seed: 1, TimeScale: 20, Players: bots, NoMeter: v.noMeter})
				if err != nil {
					b.Fatal(err)
				}
				if r := game.ref; r != nil && r.failed != "" {
					b.Fatal(r.failed)
				}
				for _, p := range rec.Result.Players {
					if p.Status != referee.StatusOK {
						b.Fatalf("%s: %s %s", p.Name, p.Status, p.Message)
					}
				}
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(botCPU)/float64(b.N), "peer-cpu-ns/op")
		})
	}
}

// BenchmarkQueensGame plays whole Code Royale games between two bots as subprocesses, from
// start to reaped processes, replay kept in memory: the instant bots measure the runner and
// the referee (a game is 250 turns of WAIT), the greedy built-ins a real game, with its
// frames and without (NoFrames, as a tournament plays when it keeps no replays).
func BenchmarkQueensGame(b *testing.B) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		b.Fatal(err)
	}
	for _, v := range []struct {
		bot      string
		noFrames bool // as a tournament without --replays plays them
	}{{"queens/instant", false}, {"queens/greedy", false}, {"queens/greedy", true}} {
		name := v.bot[len("queens/"):]
		if v.noFrames {
			name += "/no-frames"
		}
		bot := v.bot
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			turns := 0
			for i := 0; i < b.N; i++ {
				rec, err := Run(context.Background(), Config{Game: queens, Seed: int64(1 + i%8), TimeScale: 20,
					Players: []Player{benchPlayer(b, bot), benchPlayer(b, bot)}, NoFrames: v.noFrames})
				if err != nil {
					b.Fatal(err)
				}
				for _, p := range rec.Result.Players {
					if p.Status != referee.StatusOK {
						b.Fatalf("%s: %s %s", p.Name, p.Status, p.Message)
					}
				}
				turns += len(rec.Turns)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
			b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
		})
	}
}

// BenchmarkQueensReplay is what writing its replay adds to a game: each iteration plays the
// same greedy game twice, without a replay and with one written as `arena run --replay`
// writes it (the file created, the turns written during the game, then finished, synced
// and renamed), one right after the other and in alternating order, so that a machine that
// slows down weighs on both. It reports the median game without a replay (game-ms), the
// median of the pairs' differences (replay-ms, and replay-% of game-ms: a median, so that
// a game slowed by something else does not count), the part that comes after the last turn
// (finish-ms: the turns left, the result, the sync and the rename), the time the writer
// spent on the turns during the game (writer-ms) and the share of the turns it wrote
// (streamed-%).
//
//	go test ./match -run '^$' -bench QueensReplay -benchtime 60x -count 5
func BenchmarkQueensReplay(b *testing.B) {
	queens, err := referee.Lookup("queens")
	if err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"json", "json.gz"} {
		b.Run(name, func(b *testing.B) {
			dir := b.TempDir()
			var bare, diff []float64 // ms
			var finish, create, writer time.Duration
			streamed, turns := 0, 0
			play := func(seed int64, path string) float64 {
				start := time.Now()
				var stream *replays.Stream
				if path != "" {
					var err error
					if stream, err = replays.Create(path); err != nil {
						b.Fatal(err)
					}
					create += time.Since(start)
				}
				rec, err := Run(context.Background(), Config{Game: queens, Seed: seed, TimeScale: 20,
					Players: []Player{benchPlayer(b, "queens/greedy"), benchPlayer(b, "queens/greedy")}, Replay: stream})
				if err != nil {
					b.Fatal(err)
				}
				if stream != nil {
					end := time.Now()
					if err := stream.Finish(rec); err != nil {
						b.Fatal(err)
					}
					finish += time.Since(end)
					writer += stream.WriterBusy()
					streamed, turns = streamed+stream.Streamed(), turns+len(rec.Turns)
				}
				return time.Since(start).Seconds() * 1000
			}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				seed := int64(1 + i%8)
				// A new file each game, as a tournament writes them (replacing an existing
				// file adds the freeing of the old one: about a millisecond here).
				path := fmt.Sprintf("%s/replay-%d.%s", dir, i, name)
				var without, with float64
				if i%2 == 0 {
					without = play(seed, "")
					with = play(seed, path)
				} else {
					with = play(seed, path)
					without = play(seed, "")
				}
				bare, diff = append(bare, without), append(diff, with-without)
			}
			slices.Sort(bare)
			slices.Sort(diff)
			game, replay := percentile(bare, 0.5), percentile(diff, 0.5)
			b.ReportMetric(game, "game-ms")
			b.ReportMetric(replay, "replay-ms")
			b.ReportMetric(100*replay/game, "replay-%")
			b.ReportMetric(create.Seconds()*1000/float64(b.N), "create-ms")
			b.ReportMetric(finish.Seconds()*1000/float64(b.N), "finish-ms")
			b.ReportMetric(writer.Seconds()*1000/float64(b.N), "writer-ms")
			b.ReportMetric(100*float64(streamed)/float64(turns), "streamed-%")
		})
	}
}
