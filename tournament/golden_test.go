package tournament

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite testdata/stats.golden from the statistics computed")

const goldenFile = "testdata/stats.golden"

// goldenRecords plays a fixed, made-up tournament: every seed of every group in every
// seat rotation, the ranks drawn from a seeded generator that favours the bots listed
// first, a tie now and then.
func goldenRecords(bots []string, groupSize, seeds int) []Record {
	rng := rand.New(rand.NewPCG(uint64(len(bots)), uint64(seeds)))
	var groups [][]int
	var pick func(start int, group []int)
	pick = func(start int, group []int) {
		if len(group) == groupSize {
			groups = append(groups, append([]int(nil), group...))
			return
		}
		for i := start; i < len(bots); i++ {
			pick(i+1, append(group, i))
		}
	}
	pick(0, nil)
	var recs []Record
	for _, g := range groups {
		pairing := make([]string, len(g))
		for i, b := range g {
			pairing[i] = bots[b]
		}
		for round := range seeds {
			for rot := range len(g) {
				rec := Record{Format: RecordFormat, Game: "golden", Pairing: pairing, Round: round, Seed: int64(100 + round), Winner: -1}
				// Strength: an earlier bot draws from a larger range; equal draws tie.
				for s := range len(g) {
					rec.Order = append(rec.Order, (s+rot)%len(g))
				}
				strength := make([]int, len(g))
				for s, i := range rec.Order {
					strength[s] = rng.IntN(3*(len(bots)-g[i]) + 2)
				}
				for s, i := range rec.Order {
					rank := 1
					for o := range strength {
						if strength[o] > strength[s] {
							rank++
						}
					}
					if rank == 1 {
						rec.Winner = s
					}
					rec.Seats = append(rec.Seats, Seat{Bot: pairing[i], Score: float64(strength[s]) + float64(rng.IntN(1000))/7, Rank: rank})
				}
				recs = append(recs, rec)
			}
		}
	}
	return recs
}

// The statistics of a fixed set of results, in all three formats, are as recorded in
// testdata/stats.golden, to the last bit of every number in the JSON. The file was
// written on amd64; TestSameBitsOnOtherMachines in referee/games runs this test again as
// an arm64 machine under qemu and in a GOAMD64=v3 build, where Go fuses multiply-adds. If
// a change to the statistics is meant to change them, rewrite the file:
// go test ./tournament -run TestStatisticsGolden -update
func TestStatisticsGolden(t *testing.T) {
	sprt, err := ParseSPRT("0,10")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, c := range []struct {
		name  string
		bots  []string
		group int
		seeds int
		sprt  *SPRT
	}{
		// The pentanomial interval, Student's t, the LOS from it, and the SPRT.
		{"two bots, 150 seed pairs", []string{"A", "B"}, 2, 150, &sprt},
		// Too few pairs: the Wilson interval, and the LOS on games.
		{"two bots, one seed pair", []string{"A", "B"}, 2, 1, nil},
		// Bradley–Terry ratings.
		{"three bots", []string{"A", "B", "C"}, 2, 40, nil},
		// Plackett–Luce ratings, with ties.
		{"five bots in games of four", []string{"A", "B", "C", "D", "E"}, 4, 12, nil},
	} {
		s := Summarize("golden", c.bots, goldenRecords(c.bots, c.group, c.seeds), c.sprt)
		for _, format := range Formats {
			fmt.Fprintf(&out, "=== %s: %s\n", c.name, format)
			if err := WriteSummary(&out, s, format); err != nil {
				t.Fatal(err)
			}
		}
	}
	if *updateGolden {
		if err := os.WriteFile(goldenFile, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		got, wantLines := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := range min(len(got), len(wantLines)) {
			if !bytes.Equal(got[i], wantLines[i]) {
				t.Fatalf("%s line %d:\n got %s\nwant %s", goldenFile, i+1, got[i], wantLines[i])
			}
		}
		t.Fatalf("%s: %d lines, want %d", goldenFile, len(got), len(wantLines))
	}
}
