package tournament

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// ProgressPrinter shows a run's progress on a writer (stderr): a bar redrawn in place with
// an ETA on a terminal, plain periodic lines otherwise (logs, CI, nohup).
type ProgressPrinter struct {
	w        io.Writer
	terminal bool
	every    time.Duration
	// Width is the terminal's width: a redrawn line must not wrap, or \r cannot take it
	// back. 0 means unknown (80 is assumed).
	Width int

	mu      sync.Mutex
	last    Progress
	changed bool
	drawn   bool
	stop    chan struct{}
	stopped chan struct{}
}

// NewProgressPrinter starts a printer. On a terminal it redraws every second (and after each
// game); elsewhere it prints a line every `every` when something changed.
func NewProgressPrinter(w io.Writer, terminal bool, every time.Duration) *ProgressPrinter {
	if terminal {
		every = time.Second
	}
	p := &ProgressPrinter{w: w, terminal: terminal, every: every, stop: make(chan struct{}), stopped: make(chan struct{})}
	go p.tick()
	return p
}

// Update records the latest state (Runner.Progress).
func (p *ProgressPrinter) Update(pr Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.last, p.changed = pr, true
	if p.terminal {
		p.draw()
	}
}

// Close prints the final state and ends the bar's line.
func (p *ProgressPrinter) Close() {
	close(p.stop)
	<-p.stopped
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.terminal {
		if p.drawn {
			fmt.Fprintln(p.w)
		}
		return
	}
	if p.changed {
		fmt.Fprintln(p.w, plainLine(p.last))
	}
}

func (p *ProgressPrinter) tick() {
	defer close(p.stopped)
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			if p.terminal && p.drawn {
				p.draw()
			} else if !p.terminal && p.changed {
				fmt.Fprintln(p.w, plainLine(p.last))
				p.changed = false
			}
			p.mu.Unlock()
		}
	}
}

func (p *ProgressPrinter) draw() {
	width := p.Width
	if width <= 0 {
		width = 80
	}
	line := []rune(barLine(p.last))
	if len(line) > width-1 {
		line = line[:width-1]
	}
	fmt.Fprint(p.w, "\r\033[K"+string(line))
	p.drawn = true
}

const barWidth = 24

func barLine(pr Progress) string {
	filled := 0
	if pr.Total > 0 {
		filled = barWidth * pr.Done / pr.Total
	}
	bar := strings.Repeat("█", filled) + strings.Repeat("░", barWidth-filled)
	return fmt.Sprintf("%s %d/%d %s  ETA %s  %s", bar, pr.Done, pr.Total, rate(pr), eta(pr), pr.Line)
}

func plainLine(pr Progress) string {
	pct := 0.0
	if pr.Total > 0 {
		pct = 100 * float64(pr.Done) / float64(pr.Total)
	}
	return fmt.Sprintf("tournament: %d/%d games (%.0f%%), %s, ETA %s; %s", pr.Done, pr.Total, pct, rate(pr), eta(pr), pr.Line)
}

func rate(pr Progress) string {
	if pr.Elapsed <= 0 {
		return "? games/s"
	}
	return fmt.Sprintf("%.2f games/s", float64(pr.Played)/pr.Elapsed.Seconds())
}

// eta extrapolates this run's pace over the games left.
func eta(pr Progress) string {
	if pr.Played == 0 {
		return "?"
	}
	left := time.Duration(float64(pr.Elapsed) / float64(pr.Played) * float64(pr.Total-pr.Done))
	return FormatDuration(left)
}

// FormatDuration writes a duration as h:mm:ss or m:ss.
func FormatDuration(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
