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

// TestNoFusedMultiplyAdd builds arena for linux/arm64 and checks that no referee function
// contains a fused multiply-add. Go may compute x*y + z with one rounding on arm64 (and
// ppc64le, s390x) but never on amd64, so such an instruction makes a game differ between
// machines and from the original referee, which rounds every operation. Converting the
// product, float64(x*y) + z, prevents the fusion.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds arena for arm64")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "arena-arm64")
	build := exec.Command(goTool, "build", "-o", bin, "github.com/arena-games/arena")
	build.Env = append(os.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build for arm64: %v\n%s", err, out)
	}
	dump, err := exec.Command(goTool, "tool", "objdump", "-s", `^github\.com/arena-games/arena/referee`, bin).Output()
	if err != nil {
		t.Fatalf("go tool objdump: %v", err)
	}
	var fn string
	functions := 0
	for _, line := range strings.Split(string(dump), "\n") {
		if strings.HasPrefix(line, "TEXT ") {
			fn = strings.Fields(line)[1]
			functions++
			continue
		}
		if fusedOp.MatchString(line + " ") {
			// The first field is the source position (file:line), inlined code included.
			t.Errorf("%s: fused multiply-add at %s: convert the product with float64(…)", fn, strings.Fields(line)[0])
		}
	}
	if functions < 100 {
		t.Fatalf("objdump listed only %d referee functions: the symbol pattern no longer matches", functions)
	}
}
