package replays

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arena-games/arena/referee"
)

// Stream writes a replay file while its game is played. The runner hands it each turn as
// soon as the turn is final (nothing recorded later changes it); a goroutine of the
// stream's own encodes those turns and writes them to a temporary file, during the bots'
// thinking time. When the game ends only the last turns and the result remain: Finish
// writes them, syncs the file and renames it into place. What Finish leaves on disk is byte
// for byte what Write writes for the same replay: streaming changes when the bytes are
// written, never which.
//
// The stream takes the frames of the turns it is handed (see Final): a long game's drawings
// are most of its replay in memory (a 1500-turn rockets game draws 1.7 million shapes, some
// 400 MB), and the file needs each of them once, when its turn is written. The runner's
// replay keeps the rest of every turn.
//
// When what was streamed cannot stand as it is (the fields ahead of the turns changed after
// the first turn was written), Finish writes the file again from its start, with the
// lines of the turns already written read back from it: they do not depend on those fields.
type Stream struct {
	name    string // the path as given, for messages (path is the file it names)
	path    string
	special bool     // path is a device or a pipe (/dev/null, a FIFO): written at the end, in place
	through *os.File // arena's stdout or stderr, when path is what it writes to: written through
	gzipped bool     // path ends in ".gz"
	tmp     *os.File
	// The writer's buffers (see prepare), made as it starts: Finish and Abort use them
	// once it has exited.
	bw  *bufio.Writer
	gz  *gzip.Writer // nil for a plain file
	out io.Writer    // gz or bw

	mu sync.Mutex
	// queue holds the turns handed over and not written yet, in order: the stream's own
	// copies, the only ones left with their frames. The writer removes a turn once it has
	// written it; what is left when the writer stops is Finish's to write.
	queue   []streamItem
	wake    chan struct{} // a turn was queued, or the stream is closing
	closed  bool          // no more turns: the writer exits once done with the one it writes
	over    bool          // the game is over (Over): the writer writes what waits, batch or not
	writing bool          // the writer is writing a turn
	done    chan struct{} // closed when the writer has exited
	sent    int           // turns handed over (the caller's side)
	ended   bool          // Finish or Abort has run

	// The writer's state, read by Finish once done is closed.
	prefix  []byte     // the file's bytes ahead of the first turn, as written
	written int        // turns written
	size    int64      // the file's bytes so far, before compression
	ends    []int64    // where each turn written ends among them
	turns   *fileTurns // the turns' lines, and the shape table so far
	err     error      // a failed write: the file is lost

	rewritten bool          // Finish wrote the whole file (what it streamed could not stand)
	busy      time.Duration // the writer's time spent writing turns
	// writtenBack is s.size when the writer last asked the kernel to start writing the
	// file to disk.
	writtenBack int64
}

// gzipLevel is the compression of .gz replays: a third of the default level's CPU time for
// files a quarter larger (a greedy queens game, 1.1 MB of JSON: 4.9 ms and 105 kB, against
// 13.5 ms and 84 kB; levels 1 and 2 take as long for larger files). Tournaments compress
// every game's replay.
const gzipLevel = 3

type streamItem struct {
	head *Replay // with the first turn: the replay's other fields, as they are then
	turn Turn
}

// Create starts a replay file at path (gzip-compressed when the path ends in ".gz"). The
// file appears at path only when Finish succeeds; until then the turns go to a temporary
// file in the same directory, which Abort removes. (A path that is a device or a pipe, such
// as /dev/null, is written into at the end instead.) A directory that cannot be written,
// or that cannot hold a new file, is an error at once, before any bot starts (making the
// file here adds about 0.1 ms to a game's start: BenchmarkQueensReplay's create-ms).
func Create(path string) (*Stream, error) {
	// The file replaces whatever is there at the end (a rename), which cannot be a
	// directory; nor a device, a pipe or arena's own output, which a rename would replace
	// too (as root, /dev/null or /dev/stdout itself): those are written into, once, at the
	// end. A symbolic link is followed to the file it names (see DestinationOf).
	dest, err := DestinationOf(path)
	if err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	if err := WritableDir(filepath.Dir(dest.Path)); err != nil {
		return nil, fmt.Errorf("replay %s: %w", path, err)
	}
	s := &Stream{name: path, path: dest.Path, through: dest.Through, gzipped: strings.HasSuffix(path, ".gz"), wake: make(chan struct{}, 1), done: make(chan struct{})}
	if dest.InPlace || dest.Through != nil {
		s.special, s.closed = true, true // no turn is queued or written before Finish
	}
	// The temporary file is made now, not by the writer: a directory that says it can be
	// written but cannot hold a file (/proc, /sys) is refused before any bot starts too.
	if !s.special {
		if err := s.createTemp(); err != nil {
			return nil, fmt.Errorf("replay %s: cannot create a file in %s: %w", path, filepath.Dir(dest.Path), unwrapPath(err))
		}
	}
	go s.writeTurns()
	return s, nil
}

// prepare gives the writer its buffer, its compressor and its shape table: those of a file
// written before when there are (a tournament writes a file per game), or new ones, some
// 300 kB for a plain file and near a megabyte more for gzip's compressor. The writer
// prepares them as it starts, while the bots start, rather than Create, which the game's
// start waits for: on a machine where memory touched for the first time costs a trap to
// the hypervisor (11 µs a page on a PVM guest, see docs/PERFORMANCE.md), making them took
// half a millisecond of the game's start (BenchmarkQueensReplay's create-ms).
func (s *Stream) prepare() {
	var w io.Writer // (a nil *os.File would not be a nil io.Writer)
	if s.tmp != nil {
		w = s.tmp
	}
	if bw, ok := bufWriters.get(); ok {
		s.bw = bw
		s.bw.Reset(w)
	} else {
		s.bw = bufio.NewWriterSize(w, bufferSize)
	}
	s.out = s.bw
	if s.gzipped {
		if gz, ok := gzipWriters.get(); ok {
			s.gz = gz
			s.gz.Reset(s.bw)
		} else {
			s.gz, _ = gzip.NewWriterLevel(s.bw, gzipLevel) // the level is valid
		}
		s.out = s.gz
	}
	s.turns = newFileTurns()
}

// release hands the writer's buffer, compressor and table back for the next file, once
// the file is finished or given up.
func (s *Stream) release() {
	s.bw.Reset(nil)
	bufWriters.put(s.bw)
	if s.gz != nil {
		s.gz.Reset(io.Discard)
		gzipWriters.put(s.gz)
	}
	s.turns.release()
	s.bw, s.gz, s.out = nil, nil, nil
}

// bufWriters and gzipWriters hold the buffers and compressors of files written, for the
// next (see prepare).
var (
	bufWriters  spares[*bufio.Writer]
	gzipWriters spares[*gzip.Writer]
)

// WritableDir reports why a file cannot be made in dir, if it cannot: missing, not a
// directory, or not writable by this process.
func WritableDir(dir string) error {
	info, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory %s: %w", dir, unwrapPath(err))
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	return canWrite(dir)
}

// TempFiles, when set, is told of every temporary file a stream makes (live) and of its
// end (renamed into place, or removed): Finish and Abort remove what they leave, but a
// process killed outright (kill -9, the OOM killer) runs neither, and arena's warden
// removes the files it was told of instead (players.WatchFile).
var TempFiles func(path string, live bool)

// createTemp makes the temporary file the replay is written to, .NAME.RANDOM.tmp beside
// it. Its name is told to TempFiles before the file is made: arena killed between the two
// would leave a file the warden was never told of (a tournament's next game could be
// making its replay at the moment of a kill -9).
func (s *Stream) createTemp() error {
	dir, base := filepath.Dir(s.path), filepath.Base(s.path)
	var tmp *os.File
	for try := 0; tmp == nil; try++ {
		name := filepath.Join(dir, "."+base+"."+strconv.FormatUint(uint64(rand.Uint32()), 10)+".tmp")
		tempMade(name)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
		switch {
		case err == nil:
			tmp = f
		case os.IsExist(err) && try < 100:
			// Another file's name (it stays told of: it is a temporary replay too).
		default:
			if !os.IsExist(err) {
				tempGone(name)
			}
			return err
		}
	}
	if err := tmp.Chmod(0o644); err != nil { // made private as the file is made; a replay is for sharing
		tmp.Close()
		os.Remove(tmp.Name())
		tempGone(tmp.Name())
		return err
	}
	s.tmp = tmp
	return nil
}

// ToStdout reports whether the replay goes to arena's standard output (--replay
// /dev/stdout, or the file stdout is redirected to): what arena prints then goes elsewhere.
func (s *Stream) ToStdout() bool { return s != nil && s.through == os.Stdout }

// Final says that r's first n turns are final: no later recording changes them. The stream
// takes a copy of each turn not handed over yet, and takes its frame: r's turn is left
// without one (a zero Frame), so that a turn's drawing is in memory only until the stream
// has written it. The turns' moves must not be written to afterwards. Finish then needs
// from r only what was not handed over, and the result; whatever else reads r after the
// game must not need the frames (moves, results and re-simulation do not). A stream that
// writes at the end (a device or a pipe) takes nothing, nor does one handed a compact
// replay (ReadCompact), which Finish writes whole from its table.
//
// A turn handed over without its digest gets it in the file (the runner seals its own
// turns only when the game is over; see Turn.Seal). A nil stream does nothing, so that the
// runner can call it whether or not a replay is being written.
func (s *Stream) Final(r *Replay, n int) {
	if s == nil || n <= s.sent {
		return
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	take := len(r.ShapeTable) == 0
	for k := s.sent; k < n; k++ {
		item := streamItem{turn: r.Turns[k]}
		if k == 0 {
			head := *r
			head.Turns = nil
			item.head = &head
		}
		s.queue = append(s.queue, item)
		if take {
			r.Turns[k].Frame = referee.Frame{}
		}
	}
	waiting := len(s.queue)
	s.mu.Unlock()
	s.sent = n
	if waiting < wakeBatch {
		return // see wakeBatch
	}
	select {
	case s.wake <- struct{}{}:
	default: // the writer has a wake-up pending already
	}
}

// Over says that the game is over, before the runner stops the bots: the writer is woken
// to write the turns that wait, however few, and to hand the file to the kernel, while the
// bots exit. Finish is then left with the turns handed over after (the last moves, which
// wait for the bots' last stderr) and the result. A nil stream does nothing.
func (s *Stream) Over() {
	if s == nil {
		return
	}
	s.mu.Lock()
	s.over = true
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default: // the writer has a wake-up pending already
	}
}

// wakeBatch is how many turns wait before the writer is woken: it then writes them, and
// any handed over meanwhile, in one go. Waking it for every turn costs a thread's wake-up
// and switch per turn, which on a machine where system calls and switches are dear (a VM
// whose kernel entries go through the hypervisor, without PCID) made writing a greedy
// game's replay during it cost 13-17% of the game, against 8-10% woken every 32 turns
// (BenchmarkQueensReplay). The turns waiting are the stream's copies, frames included: 32
// of them is little memory, even for the largest frames drawn here.
const wakeBatch = 32

// writeTurns is the stream's goroutine: it writes the turns handed over, one at a time,
// once wakeBatch of them wait, and all that wait once the game is over (Over), until the
// stream closes; Finish writes what it has not written. It works while the bots think and
// the runner waits for them. A turn (or the fields ahead of the first) that cannot be
// encoded (a NaN) stops it there, the turn still queued: Finish meets the same error
// writing it, and reports it.
//
// It runs at the runner's priority. Lower ones were tried: the idle scheduling class, or
// nice 19, for its thread alone, cost a game as much on an idle machine, and on a busy one
// a thread starved that way would hold up every stop of the world of the runner's garbage
// collector, and with it the reading of the bots' answers.
func (s *Stream) writeTurns() {
	defer close(s.done)
	s.prepare()
	if s.special {
		return // nothing to write until Finish
	}
	var b []byte // one buffer for every turn
	for {
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			return
		}
		if len(s.queue) == 0 {
			over := s.over
			s.mu.Unlock()
			// Once the game is over, what was written goes to disk while the bots stop.
			if over && s.writtenBack < s.size && !s.handOver(true) {
				return
			}
			<-s.wake
			continue
		}
		item := s.queue[0] // (left queued until written: Finish writes it otherwise)
		s.writing = true
		s.mu.Unlock()
		start := time.Now()
		var ok bool
		b, ok = s.write(b[:0], &item)
		s.busy += time.Since(start)
		s.mu.Lock()
		s.writing = false
		if ok {
			s.queue[0] = streamItem{} // let the turn and its frame go
			s.queue = s.queue[1:]
		}
		s.mu.Unlock()
		if !ok {
			return
		}
	}
}

// turnsOpen is what the file holds between its fields ahead of the turns and the first turn.
const turnsOpen = "\"turns\":[\n"

// write writes one turn (and the head before the first); it reports whether it did.
func (s *Stream) write(b []byte, item *streamItem) ([]byte, bool) {
	var before []byte
	if item.head != nil {
		var err error
		if before, _, err = encodeHead(item.head); err != nil {
			return b, false
		}
		b = append(append(b, before...), turnsOpen...)
	}
	if item.turn.Check == "" {
		item.turn.Seal() // the stream's own copy: the runner seals its turns when the game ends
	}
	b, err := s.turns.append(b, s.written, &item.turn)
	if err != nil {
		return b, false
	}
	if _, err := s.out.Write(b); err != nil {
		s.err = err
		return b, false
	}
	if before != nil {
		s.prefix = before
	}
	s.size += int64(len(b))
	s.ends = append(s.ends, s.size)
	s.written++
	// Hand the file to the kernel as the game goes, and have it start writing to disk now
	// and then, so that Finish's sync does not wait for the whole file.
	if s.bw.Buffered() >= flushChunk && !s.handOver(s.size-s.writtenBack >= writebackChunk) {
		return b, false
	}
	return b, true
}

// handOver hands what the writer has buffered to the kernel and, toDisk, has it start
// writing the file to disk; it reports whether the write succeeded. (gzip's own buffer is
// left alone: flushing it would add bytes to the file.)
func (s *Stream) handOver(toDisk bool) bool {
	if err := s.bw.Flush(); err != nil {
		s.err = err
		return false
	}
	if toDisk {
		startWriteback(s.tmp)
		s.writtenBack = s.size
	}
	return true
}

// The writer hands the file to the kernel once flushChunk bytes are buffered (three
// quarters of the buffer: a turn's line rarely needs more to fit whole), and has it
// start writing to disk once writebackChunk bytes of JSON have been written since it last
// did, and once the game is over (Over). Every 64 kB for both cost the writer a third more
// time, 8.4 ms against 5.4 ms over a greedy queens game (five runs of 60 pairs each),
// with the same time after the last turn: each of those system calls traps to the
// hypervisor on the PVM machine, and starting the disk's writes costs more.
const (
	bufferSize     = 256 << 10
	flushChunk     = bufferSize * 3 / 4
	writebackChunk = 1 << 20
)

// stop closes the queue and waits for the writer to finish the turn it is writing; the
// turns it did not write stay queued, for Finish.
func (s *Stream) stop() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
	<-s.done
}

// Finish completes the file with r, the whole replay (whose turns include those handed to
// Final, without their frames), syncs it and renames it into place.
func (s *Stream) Finish(r *Replay) error {
	if s.ended {
		return fmt.Errorf("replay %s: already finished", s.name)
	}
	s.stop()
	s.ended = true
	err := s.finish(r)
	s.release()
	if err != nil {
		s.removeTemp()
		return fmt.Errorf("replay %s: %w", s.name, err)
	}
	return nil
}

// removeTemp closes and removes the temporary file, if it was made.
func (s *Stream) removeTemp() {
	if s.tmp != nil {
		s.tmp.Close()
		os.Remove(s.tmp.Name())
		tempGone(s.tmp.Name())
	}
}

// tempMade and tempGone tell TempFiles of a temporary file made, and no longer there.
func tempMade(path string) {
	if TempFiles != nil {
		TempFiles(path, true)
	}
}

func tempGone(path string) {
	if TempFiles != nil {
		TempFiles(path, false)
	}
}

func (s *Stream) finish(r *Replay) error {
	if s.err != nil {
		return s.err
	}
	if s.special {
		return s.writeInPlace(r)
	}
	if err := s.complete(r); err != nil {
		return err
	}
	if s.gz != nil {
		if err := s.gz.Close(); err != nil {
			return err
		}
	}
	if err := s.bw.Flush(); err != nil {
		return err
	}
	if err := s.tmp.Sync(); err != nil {
		return err
	}
	if err := s.tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(s.tmp.Name(), s.path); err != nil {
		return err // Finish removes it
	}
	tempGone(s.tmp.Name())
	return nil
}

// writeInPlace writes the whole replay into a path that is not a regular file, or through
// arena's own output (see Destination): a device or a pipe has no temporary file to sync
// and rename; it is opened and written, as a shell's redirection would.
func (s *Stream) writeInPlace(r *Replay) error {
	s.rewritten = true
	f := s.through
	if f == nil {
		var err error
		if f, err = os.OpenFile(s.path, os.O_WRONLY, 0); err != nil {
			return unwrapPath(err)
		}
	}
	s.bw.Reset(f)
	if s.gz != nil {
		s.gz.Reset(s.bw)
	}
	err := Encode(s.out, r)
	if err == nil && s.gz != nil {
		err = s.gz.Close()
	}
	if err == nil {
		err = s.bw.Flush()
	}
	if s.through != nil {
		return err // arena's own output, which it goes on printing to
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// complete writes what the file still lacks: the turns not written yet (the stream's own
// copies of those handed over, then the rest of r's) and the result. When what was written
// cannot stand as it is (the fields ahead of the turns changed, or r has fewer turns than
// were written), the file is written again from its start, with the lines of the turns
// that stand read back from it.
func (s *Stream) complete(r *Replay) error {
	before, after, err := encodeHead(r)
	if err != nil {
		return err
	}
	if len(r.ShapeTable) > 0 {
		// A compact replay (ReadCompact) brings its table, which Encode writes as it is.
		// (Final took no frames from it.)
		s.rewritten = true
		if err := s.restart(); err != nil {
			return err
		}
		return Encode(s.out, r)
	}
	kept := min(s.written, len(r.Turns))
	if s.written == 0 || kept < s.written || !bytes.Equal(before, s.prefix) {
		s.rewritten = true
		lines, err := s.readBack(kept)
		if err != nil {
			return err
		}
		if err := s.restart(); err != nil {
			return err
		}
		for _, part := range [][]byte{before, []byte(turnsOpen), lines} {
			if _, err := s.out.Write(part); err != nil {
				return err
			}
		}
	}
	var b []byte
	for k := kept; k < len(r.Turns); k++ {
		t := &r.Turns[k]
		if q := k - s.written; q < len(s.queue) {
			t = &s.queue[q].turn // handed over: r's has no frame
			if t.Check == "" {
				t.Seal()
			}
		}
		if b, err = s.turns.append(b[:0], k, t); err != nil {
			return err
		}
		if _, err := s.out.Write(b); err != nil {
			return err
		}
	}
	_, err = s.out.Write(appendTail(b[:0], after))
	return err
}

// readBack returns the lines of the first n turns written (from the first turn's to the
// end of turn n−1's), as the file holds them before compression. It costs at most the
// file's size, uncompressed, for as long as Finish writes the file again.
func (s *Stream) readBack(n int) ([]byte, error) {
	if n == 0 {
		return nil, nil
	}
	start, end := int64(len(s.prefix)+len(turnsOpen)), s.ends[n-1]
	if s.gz != nil {
		if err := s.gz.Flush(); err != nil { // the compressed bytes so far can then be read
			return nil, err
		}
	}
	if err := s.bw.Flush(); err != nil {
		return nil, err
	}
	lines := make([]byte, end-start)
	if s.gz == nil {
		_, err := s.tmp.ReadAt(lines, start)
		return lines, err
	}
	zr, err := gzip.NewReader(io.NewSectionReader(s.tmp, 0, math.MaxInt64))
	if err != nil {
		return nil, err
	}
	if _, err := io.CopyN(io.Discard, zr, start); err != nil {
		return nil, err
	}
	_, err = io.ReadFull(zr, lines)
	return lines, err
}

// restart empties the file, to write it again from its start.
func (s *Stream) restart() error {
	if s.size == 0 {
		return nil // nothing was written
	}
	if _, err := s.tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if err := s.tmp.Truncate(0); err != nil {
		return err
	}
	s.bw.Reset(s.tmp)
	if s.gz != nil {
		s.gz.Reset(s.bw)
	}
	s.size = 0
	return nil
}

// WriterBusy is the time the writer spent writing turns during the game, once Finish or
// Abort has run.
func (s *Stream) WriterBusy() time.Duration { return s.busy }

// Handed is how many turns were handed over as final (see Final).
func (s *Stream) Handed() int { return s.sent }

// Streamed is how many turns were written during the game, once Finish has run: Finish
// wrote the others (all of them when it wrote the whole file).
func (s *Stream) Streamed() int {
	if s.rewritten {
		return 0
	}
	return s.written
}

// Abort stops the stream and removes its temporary file; after Finish it does nothing, so
// it can be deferred.
func (s *Stream) Abort() {
	if s == nil || s.ended {
		return
	}
	s.stop()
	s.ended = true
	s.queue = nil
	s.release()
	s.removeTemp()
}
