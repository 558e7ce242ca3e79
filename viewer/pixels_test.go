package viewer_test

import (
	"fmt"
	"image"
	"image/color"
	"strconv"
	"strings"
	"testing"
)

// worldBox is where the world of the current frame lies on the screen, from the page.
type worldBox struct {
	X0, Y0, X1, Y1 float64
	Scale          float64
}

func (b worldBox) rect() image.Rectangle {
	// One pixel in from each edge: the edges blend with the letterbox.
	return image.Rect(int(b.X0)+1, int(b.Y0)+1, int(b.X1)-1, int(b.Y1)-1)
}

func currentWorldBox(t *testing.T, tb *tab) worldBox {
	t.Helper()
	return eval[worldBox](t, tb, `(() => {
		const v = arenaViewer, f = v.replay.turns[v.index].frame, view = f.view || {width: 0, height: 0};
		const a = v.worldToClient(0, 0), b = v.worldToClient(view.width, view.height), c = v.worldToClient(1, 0);
		return {X0: a.x, Y0: a.y, X1: b.x, Y1: b.y, Scale: c.x - a.x};
	})()`)
}

// parseColor reads the #rgb and #rrggbb colours the games use for backgrounds.
func parseColor(css string) (color.RGBA, error) {
	s := strings.TrimPrefix(strings.TrimSpace(css), "#")
	if len(s) == 3 {
		s = string([]byte{s[0], s[0], s[1], s[1], s[2], s[2]})
	}
	if len(s) != 6 {
		return color.RGBA{}, fmt.Errorf("colour %q: want #rgb or #rrggbb", css)
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil {
		return color.RGBA{}, fmt.Errorf("colour %q: %w", css, err)
	}
	return color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}, nil
}

// colorDistance is the sum of the channel differences, 0 to 765.
func colorDistance(a, b color.Color) int {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	d := func(x, y uint32) int {
		if x > y {
			return int(x-y) >> 8
		}
		return int(y-x) >> 8
	}
	return d(ar, br) + d(ag, bg) + d(ab, bb)
}

// pixelTolerance absorbs antialiasing and colour-profile rounding.
const pixelTolerance = 24

// inkedPixels counts the pixels of r that differ from the background: what was drawn.
func inkedPixels(img image.Image, r image.Rectangle, bg color.Color) int {
	r = r.Intersect(img.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDistance(img.At(x, y), bg) > pixelTolerance {
				n++
			}
		}
	}
	return n
}

// changedPixels counts the pixels of r that differ between two screenshots.
func changedPixels(a, b image.Image, r image.Rectangle) int {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colorDistance(a.At(x, y), b.At(x, y)) > pixelTolerance {
				n++
			}
		}
	}
	return n
}
