package agrid

import "testing"

// Rules of the spec stated outside its test vectors: what PUT does to a worker's storage
// and to the post's marker, and the order of its checks.

// §5.1 storage rule (net count) and what PUT does to the post's marker.
func TestSpec5_1_StorageNetCount(t *testing.T) {
	f := newFixture(t, 3, map[string]string{"A": "8", "G": "1"}, []string{"c.a"})
	f.place(0, 1, 0, 0)
	f.r.teams[0].workers[0].storage[1] = 1             // one b
	f.want(0, "PUT 1 a", "FAILED 106 cannot put here") // 1 + 1 download > 1
	f.want(0, "PUT 1 b", "OK")                         // 1 − 1 + 1 = 1
	f.r.EndTurn()
	if got := f.rows(3, 1)[0]; got != "b.a" {
		t.Errorf("row %q, want b.a", got)
	}
	if got := f.do(0, "LIST_MY_WORKERS")[2]; got != "1 0 0 1 c 1" {
		t.Errorf("worker 1: %q", got)
	}
	// Placing a foreign marker on an own marker deletes the own one (no download).
	f.place(0, 1, 2, 0)
	f.r.teams[0].workers[0].storage = make([]int, 3)
	f.r.teams[0].workers[0].storage[2] = 1
	f.want(0, "PUT 1 c", "OK")
	f.r.EndTurn()
	if got := f.rows(3, 1)[0]; got != "b.c" {
		t.Errorf("row %q, want b.c", got)
	}
	if got := f.do(0, "LIST_MY_WORKERS")[2]; got != "1 2 0 0" {
		t.Errorf("worker 1: %q", got)
	}
}

// §5.1 PUT check order: 107 (unknown colour) before 106 (hill) before 108 (crowd) before 109.
func TestSpec5_1_PutCheckOrder(t *testing.T) {
	f := newFixture(t, 2, map[string]string{"A": "8", "B": "1"}, []string{"#...."})
	f.place(0, 1, 0, 0)
	f.want(0, "PUT 1 z", "FAILED 107 invalid color")
	f.want(0, "PUT 1 b", "FAILED 106 cannot put here")
	f.place(0, 1, 1, 0)
	f.place(0, 2, 1, 0)
	f.want(0, "PUT 1 b", "FAILED 108 cannot put in crowd")
	f.place(0, 2, 2, 0)
	f.want(0, "PUT 1 b", "FAILED 109 worker does not carry specified marker")
}
