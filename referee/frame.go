package referee

// Frame is what a viewer needs to draw one turn, in the same format for every game: shapes
// in world coordinates, a small summary of the state, and what happened this turn in words.
type Frame struct {
	// View is the world's extent; shapes are drawn in a Width × Height box, y downward.
	View *View `json:"view,omitempty"`
	// Shapes are drawn in order (later ones on top).
	Shapes []Shape `json:"shapes,omitempty"`
	// State is a small summary (scores, gold, …) shown beside the drawing. Any value that
	// encodes to a JSON object.
	State any `json:"state,omitempty"`
	// Events says what happened this turn (warnings, eliminations, captures, …).
	Events []string `json:"events,omitempty"`
}

// View is the drawing area of a game.
type View struct {
	Width      float64 `json:"width"`
	Height     float64 `json:"height"`
	Background string  `json:"background,omitempty"` // CSS colour
}

// Shape kinds.
const (
	ShapeCircle = "circle" // centre X,Y, radius R
	ShapeLine   = "line"   // from X,Y to X2,Y2
	ShapeRect   = "rect"   // top-left X,Y, size W×H
	ShapeText   = "text"   // Text at X,Y (baseline-left), font size Size
	ShapePoly   = "poly"   // closed polygon through Points (x0, y0, x1, y1, …)
)

// Shape is one drawable entity. Colours are CSS colour strings; an empty Fill or Stroke
// means none.
type Shape struct {
	Kind   string    `json:"kind"`
	X      float64   `json:"x"`
	Y      float64   `json:"y"`
	X2     float64   `json:"x2,omitempty"`
	Y2     float64   `json:"y2,omitempty"`
	W      float64   `json:"w,omitempty"`
	H      float64   `json:"h,omitempty"`
	R      float64   `json:"r,omitempty"`
	Points []float64 `json:"points,omitempty"`
	Text   string    `json:"text,omitempty"`
	Size   float64   `json:"size,omitempty"`
	Fill   string    `json:"fill,omitempty"`
	Stroke string    `json:"stroke,omitempty"`
	Width  float64   `json:"width,omitempty"` // stroke width
	Alpha  float64   `json:"alpha,omitempty"` // 0 means opaque
	// Player is the index of the player the shape belongs to (owner colour, or the author
	// of a debug drawing); absent for neutral shapes.
	Player *int `json:"player,omitempty"`
	// Layer groups shapes the viewer can toggle: "" (the game), "debug" (a player's own
	// debug drawing), "range" (areas of effect).
	Layer string `json:"layer,omitempty"`
	// Tip is shown when the pointer hovers the shape.
	Tip string `json:"tip,omitempty"`
}

// Owner returns a Player value for a shape: nil (neutral) for a negative index.
func Owner(player int) *int {
	if player < 0 {
		return nil
	}
	p := player
	return &p
}

// PlayerColors are the colours of players 0..15 by every game, so that a player has the
// same colour in every viewer. There is one per seat of the game with the most (agrid: 16
// teams), each told apart from the others on the light boards and the dark panels alike.
var PlayerColors = []string{
	"#e8413b", "#3b8ee8", "#3cb44b", "#f0a30a", "#911eb4", "#42d4f4", "#f032e6", "#8c6d31",
	"#469990", "#bfef45", "#800000", "#808000", "#ffe119", "#2e3a87", "#fabed4", "#dcbeff",
}

// PlayerColor returns the colour of a player, grey for a negative index.
func PlayerColor(player int) string {
	if player < 0 {
		return "#9a9a9a"
	}
	return PlayerColors[player%len(PlayerColors)]
}
