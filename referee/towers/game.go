package towers

import (
	"fmt"

	"github.com/arena-games/arena/referee"
)

const gameName = "towers"

// version is bumped whenever a rule changes, so that replays name the rules they used, or
// the words of the messages and tooltips do. Version 3: "UPGRADE takes 1 argument" and
// "back in 1 turn" (version 2: "1 argument(s)", "1 turn(s)", and "(s)" for every count).
const version = "3"

// Game registers "towers" with the referee registry.
type Game struct{}

func init() { referee.Register(Game{}) }

// Info describes the game for `arena games` and the runner.
func (Game) Info() referee.Info {
	return referee.Info{
		Name:           gameName,
		Title:          "Towers and soldiers (Code Character 2018)",
		Summary:        "Two players, 20 soldiers each, fight on a 30×30 map: kills earn money, money builds and upgrades towers, and the player whose towers control more tiles after 1000 turns wins.",
		Style:          referee.StyleTurns,
		MinPlayers:     2,
		MaxPlayers:     2,
		Version:        version,
		Options:        options,
		ComputeLimited: true,
		Limits: "compute per turn: soft 20 ms CPU or 5·10⁷ instructions (over: the turn's commands are discarded), " +
			"hard 60 ms or 1.5·10⁸ (over: forfeit); first answer 2 s or 2·10⁹ (over: forfeit); " +
			"wall-clock safety net 1000 ms per answer, 5000 ms for the first",
	}
}

// New builds a game. The seed is accepted but changes nothing: the map is fixed and the
// rules have no randomness.
func (g Game) New(cfg referee.Config) (referee.Referee, error) {
	if err := referee.CheckVersion(g.Info(), cfg.Version); err != nil {
		return nil, err
	}
	if cfg.Players != 2 {
		return nil, fmt.Errorf("%s: %d players: the game is for exactly 2", gameName, cfg.Players)
	}
	set, err := parseSettings(cfg.Options)
	if err != nil {
		return nil, err
	}
	return newGame(set), nil
}

// game is the whole state of one match, in world coordinates.
type game struct {
	set      settings
	turn     int // turns completed
	soldiers [numSoldiers]soldier
	towers   [2][]tower // each player's towers in list order: base first, then creation order
	nextID   int        // next tower id
	money    [2]int
	land     territory

	over    bool
	status  [2]referee.Status
	message [2]string
	events  []string // what happened in the last turn played

	drawing drawing // the room a frame is drawn in, kept for the next one
}

func newGame(set settings) *game {
	g := &game{set: set, nextID: firstTowerID}
	for p := range 2 {
		g.money[p] = startMoney
		g.status[p] = referee.StatusOK
		for i := range soldiersEach {
			id := p*soldiersEach + i
			g.soldiers[id] = soldier{id: id, owner: p, pos: basePosition(p), hp: soldierMaxHP, state: stateIdle, target: noTarget}
		}
	}
	for p := range 2 {
		tx, ty := tileToWorld(p, baseTile, baseTile)
		g.addTower(p, tx, ty, true)
	}
	return g
}

// addTower creates a level-1 tower with the next id and adds its territory.
func (g *game) addTower(owner, tx, ty int, base bool) {
	g.towers[owner] = append(g.towers[owner], tower{id: g.nextID, owner: owner, tx: tx, ty: ty, level: 1, hp: towerHP[1], base: base})
	g.nextID++
	g.land.add(owner, tx, ty, 1, 1)
}

// removeTower deletes a tower, keeping the list order, and releases its territory.
func (g *game) removeTower(owner, id int) {
	list := g.towers[owner]
	for i := range list {
		if list[i].id == id {
			g.land.add(owner, list[i].tx, list[i].ty, list[i].level, -1)
			g.towers[owner] = append(list[:i], list[i+1:]...)
			return
		}
	}
}

// findTower returns the tower with the given id among a player's towers, or nil.
func (g *game) findTower(owner, id int) *tower {
	for i := range g.towers[owner] {
		if g.towers[owner][i].id == id {
			return &g.towers[owner][i]
		}
	}
	return nil
}

func (g *game) Turn() int  { return g.turn }
func (g *game) Over() bool { return g.over }

// Requests asks both players, player 0 first (as the original did); both see the state at
// the start of the turn.
func (g *game) Requests() []referee.Request {
	if g.over {
		return nil
	}
	first := g.turn == 0
	reqs := make([]referee.Request, 2)
	for p := range 2 {
		input := g.turnInput(p)
		timeout := g.set.timeout
		if first {
			input = g.initialInput(p) + input
			timeout = g.set.firstTimeout
		}
		reqs[p] = referee.Request{Player: p, Input: input, Lines: 1, Timeout: timeout, Compute: g.set.computeLimit(first)}
	}
	return reqs
}

// Result scores each player with the tiles it controls. A player that forfeited ranks last
// whatever its score; two forfeits in the same turn are a draw (§14).
func (g *game) Result() []referee.Outcome {
	out := make([]referee.Outcome, 2)
	for p := range 2 {
		out[p] = referee.Outcome{Score: float64(g.land.score(p)), Status: g.status[p], Message: g.message[p]}
	}
	ok0, ok1 := g.status[0] == referee.StatusOK, g.status[1] == referee.StatusOK
	switch {
	case ok0 == ok1:
		if ok0 {
			referee.RankByScore(out)
		} else {
			out[0].Rank, out[1].Rank = 1, 1
		}
	case ok0:
		out[0].Rank, out[1].Rank = 1, 2
	default:
		out[0].Rank, out[1].Rank = 2, 1
	}
	return out
}
