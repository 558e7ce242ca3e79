package games_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// fusedOp matches arm64's fused multiply-add instructions as go tool objdump prints them.
var fusedOp = regexp.MustCompile(`\sF(N)?M(ADD|SUB)[DS]\s`)

// TestNoFusedMultiplyAdd builds arena for linux/arm64 and checks that no function of a
// referee, of a built-in bot, of package detmath, of the tournament statistics or of the
// match runner (its timing summaries) contains a fused multiply-add. Go may compute
// x*y + z with one rounding on arm64 (and ppc64le, s390x, and amd64 built with
// GOAMD64=v3) but not on amd64 by default, so such an instruction makes a game, a built-in
// bot's moves, the statistics of a results file or a timing summary differ between
// machines, and a game differ from the original referee, which rounds every operation.
// Converting the product, float64(x*y) + z, prevents the fusion; a halving needs it too,
// float64(x/2) + z, since the compiler makes x/2 a product, x*0.5.
func TestNoFusedMultiplyAdd(t *testing.T) {
	goTool := goForABuild(t, "builds arena for arm64")
	bin := filepath.Join(t.TempDir(), "arena-arm64")
	build := exec.Command(goTool, "build", "-o", bin, "github.com/arena-games/arena")
	build.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for arm64: %v\n%s", err, out)
	}
	dump, err := exec.Command(goTool, "tool", "objdump", "-s", `^github\.com/arena-games/arena/(referee|players/builtin|internal/detmath|tournament|match)[/.]`, bin).Output()
	if err != nil {
		t.Fatalf("go tool objdump: %v", err)
	}
	var fn string
	functions := map[string]int{}
	for _, line := range strings.Split(string(dump), "\n") {
		if strings.HasPrefix(line, "TEXT ") {
			fn = strings.Fields(line)[1]
			for _, dir := range []string{"referee/", "players/builtin/", "internal/detmath.", "tournament.", "match."} {
				if strings.HasPrefix(fn, "github.com/arena-games/arena/"+dir) {
					functions[dir]++
				}
			}
			continue
		}
		if fusedOp.MatchString(line + " ") {
			// The first field is the source position (file:line), inlined code included.
			t.Errorf("%s: fused multiply-add at %s: convert the product with float64(…)", fn, strings.Fields(line)[0])
		}
	}
	for dir, least := range map[string]int{"referee/": 100, "players/builtin/": 100, "internal/detmath.": 4, "tournament.": 100, "match.": 50} {
		if functions[dir] < least {
			t.Fatalf("objdump listed only %d functions of %s: the symbol pattern no longer matches", functions[dir], dir)
		}
	}
}

// goForABuild is the go command for a test that builds code for another machine; such a
// test is skipped in -short runs (saying what it does) and where there is no go command.
func goForABuild(t *testing.T, what string) string {
	t.Helper()
	if testing.Short() {
		t.Skip(what)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	return goTool
}
