package bestow

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/arena-games/arena/referee"
)

// modelGames is how many random games TestModelMatchesRefereeOnRandomGames plays (the
// three variants in turn, starting cash varying with the seed). 30 games give several
// hundred successful own placements and a few thousand commands in about half a second.
const modelGames = 30

// modelRotate turns c by rx, ry, rz quarter turns about x, then y, then z (spec §5.2),
// one quarter turn at a time.
func modelRotate(c vec3, rx, ry, rz int) vec3 {
	x, y, z := c.x, c.y, c.z
	for i := 0; i < ((rx%4)+4)%4; i++ {
		y, z = -z, y
	}
	for i := 0; i < ((ry%4)+4)%4; i++ {
		x, z = z, -x
	}
	for i := 0; i < ((rz%4)+4)%4; i++ {
		x, y = -y, x
	}
	return vec3{x, y, z}
}

// modelSolidEdge is D of spec §7 by brute force: the edge of the largest fully filled
// cube of cells in an own space of edge bo.
func modelSolidEdge(bo int, own []bool) int {
	best := 0
	for d := 1; d <= bo; d++ {
		found := false
		for z := 0; z+d <= bo && !found; z++ {
			for y := 0; y+d <= bo && !found; y++ {
				for x := 0; x+d <= bo && !found; x++ {
					ok := true
					for dz := 0; dz < d && ok; dz++ {
						for dy := 0; dy < d && ok; dy++ {
							for dx := 0; dx < d && ok; dx++ {
								if !own[((z+dz)*bo+y+dy)*bo+x+dx] {
									ok = false
								}
							}
						}
					}
					found = ok
				}
			}
		}
		if found {
			best = d
		}
	}
	return best
}

// modelSharedScore is S_ms of spec §7: the shared square's 4-connected areas of one
// colour, each worth size^A_e, weighted by the player's multipliers and floored.
func modelSharedScore(p params, sh []uint8, mult []int) int {
	bs := p.Bs
	seen := make([]bool, len(sh))
	per := make([]float64, p.C+1)
	for s := range sh {
		if sh[s] == 0 || seen[s] {
			continue
		}
		stack := []int{s}
		seen[s] = true
		n := 0
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			x, y := i%bs, i/bs
			for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
				nx, ny := x+d[0], y+d[1]
				if nx < 0 || ny < 0 || nx >= bs || ny >= bs {
					continue
				}
				j := ny*bs + nx
				if !seen[j] && sh[j] == sh[s] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		per[sh[s]] += math.Pow(float64(n), p.Ae)
	}
	sum := 0.0
	for c := 1; c <= p.C; c++ {
		sum += float64(mult[c]) * per[c]
	}
	return int(math.Floor(sum + 1e-9))
}

// TestModelMatchesRefereeOnRandomGames plays random games and, after every command and
// every end of turn, compares the referee with a model of the rules: rotation (§5.2),
// placement checks 104/105/108/109 and P_vf (§6.3), the shared projection (§5.3), buy
// accounting (§6.2), skip, benefits and next active player (§6.4), "E_P ≤ E_O at the start
// of the active player's turn" (§6.4), D, S_mo, S_ms and S_mc (§7), the end of the game
// (§6.4, §11) and the final victory points (§11).
func TestModelMatchesRefereeOnRandomGames(t *testing.T) {
	placed := 0
	for seed := int64(1); seed <= modelGames; seed++ {
		opts := map[string]string{"Ee": "100", "Ep": "10", "variant": []string{"vanilla", "wicked", "flower"}[seed%3], "Sp": fmt.Sprint(seed * 300)}
		r, err := Game{}.New(referee.Config{Seed: seed, Players: 2, Options: opts})
		if err != nil {
			t.Fatalf("seed %d: New: %v", seed, err)
		}
		ref := r.(*Referee)
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		for !ref.Over() {
			seat := ref.live.active
			start := ref.snap.players
			if start[seat].effort > start[1-seat].effort {
				t.Fatalf("seed %d turn %d: the active player starts with effort %d > the opponent's %d", seed, ref.turn, start[seat].effort, start[1-seat].effort)
			}
			bought := false
			for k := rng.IntN(40); k > 0; k-- {
				pl := &ref.live.players[seat]
				switch rng.IntN(6) {
				case 0:
					if rng.IntN(3) != 0 {
						continue
					}
					before := *pl
					pos := 1 + rng.IntN(ref.p.R)
					ids := ref.snap.inRange(ref.p, seat)
					got := send(ref, seat, fmt.Sprintf("BUY_PIECE %d", pos))
					if got[0] != "OK" {
						continue
					}
					pc := ref.pieces[ids[pos-1]-1]
					if before.cash+before.profit < pc.price {
						t.Fatalf("seed %d turn %d: bought piece %d at %d with cash %d + profit %d", seed, ref.turn, pc.id, pc.price, before.cash, before.profit)
					}
					if pl.effort != before.effort+pc.effort || pl.cash+pl.profit != before.cash+before.profit-pc.price {
						t.Fatalf("seed %d turn %d: after buying piece %d (price %d, effort %d): effort %d → %d, cash + profit %d → %d",
							seed, ref.turn, pc.id, pc.price, pc.effort, before.effort, pl.effort, before.cash+before.profit, pl.cash+pl.profit)
					}
					bought = true
				case 1, 2:
					if pl.held == 0 {
						continue
					}
					pc := ref.pieces[pl.held-1]
					px, py, pz := rng.IntN(14)-2, rng.IntN(14)-2, rng.IntN(14)-2
					rx, ry, rz := rng.IntN(9)-4, rng.IntN(9)-4, rng.IntN(9)-4
					own := append([]bool(nil), pl.own...)
					before := pl.profit
					wasPlaced := pl.placedOwn
					line := fmt.Sprintf("PLACE_OWN_PIECE %d %d %d %d %d %d", px, py, pz, rx, ry, rz)
					got := send(ref, seat, line)

					bo := ref.p.Bo
					want := "OK"
					var cells []vec3
					for _, c := range pc.cubes {
						v := modelRotate(c, rx, ry, rz)
						cells = append(cells, vec3{v.x + px, v.y + py, v.z + pz})
					}
					if wasPlaced {
						want = "FAILED 108"
					} else {
						for _, v := range cells {
							if v.x < 0 || v.y < 0 || v.z < 0 || v.x >= bo || v.y >= bo || v.z >= bo {
								want = "FAILED 104"
							}
						}
						if want == "OK" {
							for _, v := range cells {
								if own[(v.z*bo+v.y)*bo+v.x] {
									want = "FAILED 105"
								}
							}
						}
					}
					if !strings.HasPrefix(got[0], want) {
						t.Fatalf("seed %d turn %d: %s with piece %d: %q, want %q", seed, ref.turn, line, pc.id, got[0], want)
					}
					if want != "OK" {
						continue
					}
					placed++
					lo, hi := cells[0], cells[0]
					for _, v := range cells {
						own[(v.z*bo+v.y)*bo+v.x] = true
						lo = vec3{min(lo.x, v.x), min(lo.y, v.y), min(lo.z, v.z)}
						hi = vec3{max(hi.x, v.x), max(hi.y, v.y), max(hi.z, v.z)}
					}
					cbb := 0
					for z := lo.z; z <= hi.z; z++ {
						for y := lo.y; y <= hi.y; y++ {
							for x := lo.x; x <= hi.x; x++ {
								if own[(z*bo+y)*bo+x] {
									cbb++
								}
							}
						}
					}
					q := cbb - len(cells) - ref.p.Qmin
					f := 1.0
					if q > 0 {
						f += float64(q) * ref.p.Qgi
					} else {
						f += float64(q) * ref.p.Qpi
					}
					pvf := max(0, int(math.Floor(float64(pc.value)*f+1e-9)))
					if pl.profit-before != pvf {
						t.Fatalf("seed %d turn %d: %s with piece %d (value %d, Q %d): profit +%d, want P_vf %d", seed, ref.turn, line, pc.id, pc.value, q, pl.profit-before, pvf)
					}
				case 3:
					if pl.held == 0 {
						continue
					}
					px, py := rng.IntN(34)-2, rng.IntN(34)-2
					rx, ry, rz := rng.IntN(9)-4, rng.IntN(9)-4, rng.IntN(9)-4
					pc := ref.pieces[pl.held-1]
					bs := ref.p.Bs
					// Rotate, drop z: the lowest cube of each column gives its colour.
					type column struct{ z, colour int }
					cols := map[[2]int]column{}
					for i, c := range pc.cubes {
						v := modelRotate(c, rx, ry, rz)
						k := [2]int{v.x + px, v.y + py}
						if old, ok := cols[k]; !ok || v.z < old.z {
							cols[k] = column{v.z, pc.colours[i]}
						}
					}
					want := "OK"
					if pl.placedShared {
						want = "FAILED 109"
					} else {
						for k := range cols {
							if k[0] < 0 || k[1] < 0 || k[0] >= bs || k[1] >= bs {
								want = "FAILED 104"
							}
						}
						if want == "OK" {
							for k := range cols {
								if ref.live.shared[k[1]*bs+k[0]] != 0 {
									want = "FAILED 105"
								}
							}
						}
					}
					shared := append([]uint8(nil), ref.live.shared...)
					line := fmt.Sprintf("PLACE_SHARED_PIECE %d %d %d %d %d", px, py, rx, ry, rz)
					got := send(ref, seat, line)
					if !strings.HasPrefix(got[0], want) {
						t.Fatalf("seed %d turn %d: %s with piece %d: %q, want %q", seed, ref.turn, line, pc.id, got[0], want)
					}
					if want == "OK" {
						for k, c := range cols {
							shared[k[1]*bs+k[0]] = uint8(c.colour)
						}
						if string(shared) != string(ref.live.shared) {
							t.Fatalf("seed %d turn %d: %s with piece %d: the painted squares differ from the projection", seed, ref.turn, line, pc.id)
						}
					}
				case 4:
					send(ref, seat, fmt.Sprintf("SET_MULTIPLIER %d %d", 1+rng.IntN(ref.p.C), []int{1, 3, 5}[rng.IntN(3)]))
				case 5:
					send(ref, seat, fmt.Sprintf("PLACE_SINGLE_CUBE_PIECE %d %d %d", rng.IntN(11), rng.IntN(11), rng.IntN(11)))
					send(ref, seat, fmt.Sprintf("PLACE_SINGLE_SQUARE_PIECE %d %d %d", rng.IntN(30), rng.IntN(30), 1+rng.IntN(ref.p.C)))
				}
			}

			// End of turn (spec §6.4): skip, benefits, end, next active player.
			eP := ref.live.players[seat].effort
			eO := ref.live.players[1-seat].effort
			cash := ref.live.players[seat].cash
			if !bought {
				eP = eO + 1
				cash += ref.p.Sr
			}
			benefits := 0
			for th := ref.p.Ep; th <= ref.p.Ee; th += ref.p.Ep {
				if start[seat].effort < th && th <= eP && eO < th {
					benefits++
				}
			}
			wantBenefits := min(20, ref.live.players[seat].benefitCubes+benefits)
			ref.EndTurn()
			P := ref.snap.players[seat]
			if P.effort != eP || P.cash != cash || P.benefitCubes != wantBenefits {
				t.Fatalf("seed %d turn %d: effort %d, cash %d, single cubes %d; want %d, %d, %d", seed, ref.turn, P.effort, P.cash, P.benefitCubes, eP, cash, wantBenefits)
			}
			wantActive := seat
			if eP > eO {
				wantActive = 1 - seat
			}
			if ref.snap.active != wantActive {
				t.Fatalf("seed %d turn %d: active player %d, want %d (efforts %d, %d)", seed, ref.turn, ref.snap.active, wantActive, eP, eO)
			}
			for i := 0; i < 2; i++ {
				pl := ref.snap.players[i]
				d := modelSolidEdge(ref.p.Bo, pl.own)
				smo := int(math.Floor(float64(pl.profit)*math.Pow(ref.p.I, float64(d)) + 1e-9))
				sms := modelSharedScore(ref.p, ref.snap.shared, pl.mult)
				if pl.solid != d || pl.scoreOwn != smo || pl.shared != sms {
					t.Fatalf("seed %d turn %d, seat %d: D %d, S_mo %d, S_ms %d; want %d, %d, %d", seed, ref.turn, i, pl.solid, pl.scoreOwn, pl.shared, d, smo, sms)
				}
				if smc := float64(smo) + float64(sms)*ref.p.H; pl.combined != smc {
					t.Fatalf("seed %d turn %d, seat %d: S_mc %v, want %v", seed, ref.turn, i, pl.combined, smc)
				}
				if pl.profit < 0 || pl.cash < 0 {
					t.Fatalf("seed %d turn %d, seat %d: profit %d, cash %d: negative", seed, ref.turn, i, pl.profit, pl.cash)
				}
			}
			over := ref.snap.players[0].effort >= ref.p.Ee && ref.snap.players[1].effort >= ref.p.Ee ||
				ref.turn >= 4*ref.p.Ee+10 // the safety cap
			if over != ref.Over() {
				t.Fatalf("seed %d turn %d: over %v, want %v (efforts %d, %d)", seed, ref.turn, ref.Over(), over, ref.snap.players[0].effort, ref.snap.players[1].effort)
			}
		}

		// Final victory points (spec §11).
		res := ref.Result()
		a, b := ref.snap.players[0].combined, ref.snap.players[1].combined
		wa, wb := 0.0, 0.0
		switch {
		case !ref.snap.acted:
		case a == b:
			wa, wb = 150, 150
		case a > b:
			wa, wb = 300, 100*b/a
		default:
			wa, wb = 100*a/b, 300
		}
		if res[0].Score != wa || res[1].Score != wb {
			t.Fatalf("seed %d: final %v %v, want %v %v", seed, res[0].Score, res[1].Score, wa, wb)
		}
	}
	if placed < 50 {
		t.Errorf("only %d successful own placements: too few to compare P_vf", placed)
	}
}
