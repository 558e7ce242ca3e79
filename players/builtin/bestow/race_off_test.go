//go:build !race

package bestow_test

// raceDetector is set when the tests run under -race, which slows the bots about tenfold.
const raceDetector = false
