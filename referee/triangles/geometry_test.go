package triangles

import "testing"

// §15.2: the orientation predicate.
func TestSpec15_2Ccw(t *testing.T) {
	tests := []struct {
		a, b, c point
		want    bool
	}{
		{point{0, 0}, point{4, 0}, point{0, 4}, true},
		{point{0, 0}, point{0, 4}, point{4, 0}, false},
		{point{0, 0}, point{2, 0}, point{4, 0}, false}, // collinear is never counter-clockwise
	}
	for _, tt := range tests {
		if got := ccw(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("ccw(%v, %v, %v) = %v, want %v", tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}

// §15.2: path crossing, candidate first; houses are ids into pos.
func TestSpec15_2Crossing(t *testing.T) {
	tests := []struct {
		name       string
		pos        []point
		e1, e2     int
		f1, f2     int
		wantCrosss bool
	}{
		{"proper crossing", []point{{350, 100}, {100, 350}, {100, 100}, {350, 350}}, 0, 1, 2, 3, true},
		{"shared endpoint", []point{{100, 100}, {350, 100}, {350, 350}}, 0, 1, 0, 2, false},
		{"collinear overlap", []point{{0, 0}, {4, 0}, {2, 0}, {6, 0}}, 0, 1, 2, 3, false},
		{"T-junction from above", []point{{2, 0}, {2, 4}, {0, 0}, {4, 0}}, 0, 1, 2, 3, true},
		{"T-junction from below", []point{{2, 0}, {2, -4}, {0, 0}, {4, 0}}, 0, 1, 2, 3, false},
		{"self-loop candidate", []point{{0, 0}, {0, 4}, {4, 0}}, 0, 0, 1, 2, false},
	}
	for _, tt := range tests {
		if got := crosses(tt.pos, tt.e1, tt.e2, tt.f1, tt.f2); got != tt.wantCrosss {
			t.Errorf("%s: crosses = %v, want %v", tt.name, got, tt.wantCrosss)
		}
	}
}

// §15.2: the inside test, corners in id order.
func TestSpec15_2Inside(t *testing.T) {
	tests := []struct {
		name       string
		n          point
		c1, c2, c3 point
		want       bool
	}{
		{"interior, counter-clockwise ids", point{1, 1}, point{0, 0}, point{4, 0}, point{0, 4}, true},
		{"interior, clockwise ids", point{1, 1}, point{0, 0}, point{0, 4}, point{4, 0}, true},
		{"outside", point{5, 5}, point{0, 0}, point{4, 0}, point{0, 4}, false},
		{"on a side, counter-clockwise ids", point{2, 0}, point{0, 0}, point{4, 0}, point{0, 4}, false},
		{"on a side, clockwise ids", point{2, 0}, point{0, 0}, point{0, 4}, point{4, 0}, true},
	}
	for _, tt := range tests {
		if got := inside(tt.n, tt.c1, tt.c2, tt.c3); got != tt.want {
			t.Errorf("%s: inside = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// §4.3: exactly 400 long is allowed, one more squared unit is not.
func TestCanConnectLengthLimit(t *testing.T) {
	b := newBoard([]point{{0, 0}, {400, 0}, {0, 0}, {1, 400}})
	if !b.canConnect(0, 1) {
		t.Error("a path exactly 400 long was refused")
	}
	if b.canConnect(2, 3) { // d2 = 160001
		t.Error("a path longer than 400 was accepted")
	}
}
