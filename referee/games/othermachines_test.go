package games_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestSameBitsOnOtherMachines plays TestGameDigests' games, checks detmath's bits and
// computes the tournament statistics of TestStatisticsGolden again the way two other kinds
// of machine compute: as an arm64 machine, such as an Apple laptop, under qemu's user-mode
// emulation; and as an amd64 build with GOAMD64=v3, whose code fuses multiply-adds, when
// this CPU can run it. A game must come out the same on them, to the last bit of every
// frame, and a results file must give the same statistics, to the last bit of every number
// in the JSON. Without qemu-aarch64 the arm64 run is skipped, and fails instead with
// ARENA_REQUIRE_ARM64=1 (as in CI, which installs qemu-user-static).
func TestSameBitsOnOtherMachines(t *testing.T) {
	goTool := goForABuild(t, "builds and runs the tests for other machines")
	t.Run("arm64", func(t *testing.T) {
		if runtime.GOARCH == "arm64" {
			t.Skip("this is an arm64 machine: TestGameDigests plays the games on it")
		}
		qemu := lookQemu()
		if qemu == "" {
			if os.Getenv("ARENA_REQUIRE_ARM64") != "" {
				t.Fatal("ARENA_REQUIRE_ARM64 is set but there is no qemu-aarch64-static or qemu-aarch64 (Debian: apt-get install qemu-user-static)")
			}
			t.Skip("no qemu-aarch64-static or qemu-aarch64 to run arm64 code (Debian: apt-get install qemu-user-static)")
		}
		runElsewhere(t, goTool, []string{"GOARCH=arm64"}, qemu)
	})
	t.Run("amd64-v3", func(t *testing.T) {
		if runtime.GOARCH != "amd64" {
			t.Skip("not an amd64 machine")
		}
		if !cpuRunsAmd64v3() {
			t.Skip("this CPU cannot run GOAMD64=v3 code")
		}
		runElsewhere(t, goTool, []string{"GOAMD64=v3"}, "")
	})
}

// runElsewhere builds the tests of this package, of detmath and of the tournament
// statistics with env added, and runs the ones that pin bits, through runner when it is
// not empty.
func runElsewhere(t *testing.T, goTool string, env []string, runner string) {
	for _, pkg := range []struct{ path, dir, run string }{
		{"github.com/arena-games/arena/referee/games", ".", "^TestGameDigests$"},
		{"github.com/arena-games/arena/internal/detmath", "../../internal/detmath", "^Test"},
		{"github.com/arena-games/arena/tournament", "../../tournament", "^(TestStatisticsGolden|Test.*IsAccurate)$"},
	} {
		bin := filepath.Join(t.TempDir(), filepath.Base(pkg.path)+".test")
		build := exec.Command(goTool, "test", "-c", "-o", bin, pkg.path)
		build.Env = append(append(os.Environ(), "GOOS=linux", "CGO_ENABLED=0"), env...)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("%s go test -c %s: %v\n%s", strings.Join(env, " "), pkg.path, err, out)
		}
		args := []string{bin, "-test.run", pkg.run, "-test.count", "1"}
		if runner != "" {
			args = append([]string{runner}, args...)
		}
		run := exec.Command(args[0], args[1:]...)
		run.Dir = pkg.dir // where the test finds its testdata
		if out, err := run.CombinedOutput(); err != nil {
			t.Errorf("%s, %s: %v\n%s", strings.Join(env, " "), pkg.path, err, out)
		}
	}
}

func lookQemu() string {
	for _, name := range []string{"qemu-aarch64-static", "qemu-aarch64"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// cpuRunsAmd64v3 reports whether /proc/cpuinfo lists every feature GOAMD64=v3 code needs
// (a v3 binary on a CPU without them exits at once).
func cpuRunsAmd64v3() bool {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(line, "flags") {
			continue
		}
		has := map[string]bool{}
		for _, f := range strings.Fields(line) {
			has[f] = true
		}
		for _, f := range []string{"avx", "avx2", "bmi1", "bmi2", "f16c", "fma", "movbe", "xsave"} {
			if !has[f] {
				return false
			}
		}
		return has["abm"] || has["lzcnt"]
	}
	return false
}
