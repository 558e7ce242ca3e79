package match

import (
	"context"
	"testing"
	"time"

	"github.com/arena-games/arena/internal/proctest"
)

// A move the machine slowed is flagged delayed; one the bot slept through is not, nor is
// one that came back at once. The computing bot shares its CPU with three spinning
// processes, so that its 40 ms of CPU time take about four times as long; a time bank
// lets such answers through, so that the game goes on.
func TestDelayedByTheMachine(t *testing.T) {
	bank := Timing{Kind: "bank", Bank: 30 * time.Second}
	t.Run("behind spinning processes", func(t *testing.T) {
		cpu := proctest.Spin(t, 3)
		rec, err := Run(context.Background(), Config{Game: countGame{turns: 3}, Seed: 1, Timing: bank, CPUs: []int{cpu},
			Players: []Player{pyBot("spin=*:40")}})
		if err != nil {
			t.Fatal(err)
		}
		// Turn 0 has a second (and the interpreter's start): a move is flagged when it took
		// over half its limit more than its CPU time, so the later turns (50 ms) must be.
		for _, turn := range rec.Turns[1:] {
			m := turn.Moves[0]
			if !m.Delayed {
				t.Errorf("turn %d: %.1f ms for %v ms of CPU sharing a CPU four ways: not flagged delayed", turn.Turn, m.TimeMS, *m.CPUMS)
			}
		}
		if got := rec.Result.Players[0].Timing.DelayedTurn; got < 2 {
			t.Errorf("the result counts %d delayed turns, want at least 2", got)
		}
	})
	for _, bot := range []Player{pyBot("sleep=*:120"), pyBot()} {
		t.Run(bot.Command, func(t *testing.T) {
			rec, err := Run(context.Background(), Config{Game: countGame{turns: 3}, Seed: 1, Timing: bank, Players: []Player{bot}})
			if err != nil {
				t.Fatal(err)
			}
			for _, turn := range rec.Turns {
				if m := turn.Moves[0]; m.Delayed {
					t.Errorf("turn %d: %.1f ms: flagged delayed", turn.Turn, m.TimeMS)
				}
			}
		})
	}
}
