// Package rockets is the referee of Rocket Science (Deadline24 2017 finals, `--game
// rockets`): teams drive cars around a road graph to earn money from cycles, found and fund
// rocket launch sites, launch rockets for a multiplied payout and, in the rockets1 variant,
// hire lawyers to protect their investments and sue others'.
//
// The rules are /work/shared/specs/rockets.md (seed §7); the session grammar is shared with
// the other Deadline24 games (package protocol). Commands change the state at once, which
// is why the runner serves seats one after another inside a turn (Rules().Sequential).
package rockets

import (
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/arena-games/arena/maps"
	"github.com/arena-games/arena/referee"
)

const gameName = "rockets"

// version is recorded in replays; bump it whenever a rule changes.
// Version 2: cities are drawn in greys that darken with the visiting bonus (version 1 drew
// bonus 2 and 3 in gold and orange, and the rare bonuses in a red close to team 1's). The
// rules and the inputs are the same.
// Version 3: one thing is counted in the singular in the events and tooltips ("1 turn
// left", "1 command failed", "1 road"; version 2: "1 turns left", "1 command(s) failed",
// "1 turn(s) left", "1 road(s)"). The rules and the inputs are the same.
// Version 4: the lines the session grammar refuses itself (over the command limit, too
// long, WAIT with arguments) count among the failed commands of the turn's event; version
// 3 left them out. A replay of version 3 is re-simulated as version 3
// (withoutGrammarRefusals), so that it still verifies.
const version = "4"

// withoutGrammarRefusals is the version whose replays are played without the lines the
// session grammar refuses: before version 4 they never reached the referee.
const withoutGrammarRefusals = "3"

// Game is the registered Rocket Science game.
type Game struct{}

func init() { referee.Register(Game{}) }

// Info describes the game for `arena games` and the runner.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:       gameName,
		Title:      "Rocket Science (Deadline24 2017)",
		Summary:    "Drive cars on a road graph to earn money from cycles, fund and launch rockets, sue other launch sites.",
		Style:      referee.StyleSession,
		MinPlayers: 1,
		MaxPlayers: 8,
		Version:    version,
		Options:    options(),
		Limits:     "turns of T = 1 s, at most L = 40 commands per team per turn; seats served one after another (at once, in arrival order, with --option parallel=1)",
		// Version 3 differs only in leaving the grammar's refusals out: its replays verify.
		OlderVersions: []string{withoutGrammarRefusals},
	}
}

// New builds a game: the map from option `map` (its content in cfg.Files) or generated
// from the seed, every team at its home base with full tanks.
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	p, w, err := setUp(cfg)
	if err != nil {
		return nil, err
	}
	gm := newGame(p, w, cfg.Players)
	gm.leaveOutGrammarRefusals = cfg.Version == withoutGrammarRefusals
	return gm, nil
}

// WriteMap writes the world of a configuration in the cartographic format: the generated
// map of its seed (spec §3.1: "arena should be able to write a generated map"), or the
// map it loads. Playing the file gives the same game but for the map's name.
func (Game) WriteMap(cfg referee.Config) ([]byte, error) {
	_, w, err := setUp(cfg)
	if err != nil {
		return nil, err
	}
	return w.m.Format(), nil
}

// setUp checks a configuration and builds its parameters and its world.
func setUp(cfg referee.Config) (params, world, error) {
	if cfg.Players < 1 || cfg.Players > 8 {
		return params{}, world{}, fmt.Errorf("%s: %d teams, want 1..8", gameName, cfg.Players)
	}
	p, err := parseParams(cfg.Options)
	if err != nil {
		return params{}, world{}, err
	}
	w, err := loadWorld(cfg, p)
	return p, w, err
}

// world is the map a game is played on, with positions for drawing.
type world struct {
	name string // DESCRIBE_WORLD's Name
	m    *maps.Rockets
	pos  []point // by city id; pos[0] unused
}

type point struct{ x, y float64 }

func loadWorld(cfg referee.Config, p params) (world, error) {
	name := cfg.Options["map"]
	if name == "" {
		m, pos := generate(cfg.Seed, p.cities, cfg.Players)
		return world{name: fmt.Sprintf("gen-%d", cfg.Seed), m: m, pos: pos}, nil
	}
	mapErr := func(reason string) error {
		return &referee.OptionError{Game: gameName, Key: "map", Value: name, Reason: reason}
	}
	data, ok := cfg.Files["map"]
	if !ok {
		// A shipped map needs no file: it is embedded, so the referee stays free of I/O.
		shipped, err := maps.Open(name)
		if err != nil {
			return world{}, mapErr("map content not provided and " + err.Error())
		}
		data = shipped
	}
	m, err := maps.ParseRockets(data)
	if err != nil {
		return world{}, mapErr(err.Error())
	}
	if err := m.FitsTeams(cfg.Players); err != nil {
		return world{}, mapErr(err.Error())
	}
	return world{name: mapName(name), m: m, pos: layout(m)}, nil
}

// mapName is the file's base name with no spaces, as DESCRIBE_WORLD prints it.
func mapName(file string) string {
	base := path.Base(strings.ReplaceAll(file, "\\", "/"))
	return strings.Join(strings.Fields(base), "_")
}

// game is one game in progress; it implements referee.Session.
type game struct {
	p      params
	name   string
	cities int
	bonus  []int // by city id; bonus[0] unused
	roads  []road
	adj    [][]link // by city id
	pos    []point
	homes  []int // home city of each seat
	isHome []bool

	teams     []team
	sites     []*site // founding order
	siteAt    []*site // by city id
	suits     []*lawsuit
	transfers []transfer

	turn        int
	launches    int
	firstLaunch int // turn of the first launch, −1 before it
	over        bool

	events     []string // this turn so far
	lastEvents []string // the last completed turn's, for Frame

	drawing drawing // the room a frame is drawn in, kept for the next one

	// leaveOutGrammarRefusals leaves the lines the session grammar refuses (Refused) out of
	// the failed commands, as version 3 did, to play a replay of version 3.
	leaveOutGrammarRefusals bool
}

func newGame(p params, w world, players int) *game {
	m := w.m
	g := &game{
		p:           p,
		name:        w.name,
		cities:      m.Cities,
		bonus:       append([]int{0}, m.Bonus...),
		adj:         make([][]link, m.Cities+1),
		pos:         w.pos,
		homes:       append([]int(nil), m.Bases[:players]...),
		isHome:      make([]bool, m.Cities+1),
		siteAt:      make([]*site, m.Cities+1),
		firstLaunch: -1,
	}
	for i, r := range m.Roads {
		g.roads = append(g.roads, road{a: r.From, b: r.To, cost: r.Cost, bonus: make([]int, players)})
		g.adj[r.From] = append(g.adj[r.From], link{to: r.To, road: i})
		g.adj[r.To] = append(g.adj[r.To], link{to: r.From, road: i})
	}
	words := (len(g.roads) + 63) / 64
	for _, home := range g.homes {
		g.isHome[home] = true
		tm := team{home: home, cash: p.money, status: referee.StatusOK}
		for id := 1; id <= p.cars; id++ {
			c := car{id: id, city: home, from: home, fuel: tankSize}
			c.cycle.seen = make([]uint64, words)
			c.cycle.reset(g.bonus[home])
			tm.cars = append(tm.cars, c)
		}
		g.teams = append(g.teams, tm)
	}
	return g
}

// Rules gives the session protocol its numbers. Rockets commands change shared state at
// once, so seats are served one after another for reproducible games, or at once in
// arrival order with parallel=1 (spec protocol §5).
func (g *game) Rules() referee.SessionRules {
	return referee.SessionRules{
		CommandLimit: g.p.L,
		TurnDuration: time.Duration(g.p.T) * time.Second,
		Sequential:   !g.p.parallel,
		ArrivalOrder: g.p.parallel,
	}
}

func (g *game) Turn() int  { return g.turn }
func (g *game) Over() bool { return g.over }

// Leave idles a seat that crashed or disconnected; it keeps what it owns and its score.
func (g *game) Leave(player int, status referee.Status, message string) {
	if player < 0 || player >= len(g.teams) || g.teams[player].left {
		return
	}
	t := &g.teams[player]
	t.left, t.status, t.message = true, status, message
	g.event("team %d left the game (%s: %s); its cars stay where they are", player+1, status, message)
}

func (g *game) event(format string, args ...any) {
	g.events = append(g.events, fmt.Sprintf(format, args...))
}
