package main

import (
	"context"
	"io"
	"sync/atomic"
)

// standing is what a command has established so far, kept where
// runWithGrace can read it when a signalled command cannot be waited for:
// the exit status it has earned (a violation found, a bad file named) and
// whether it is blocked writing its output. Without it, a command that
// found a violation and was then held past the grace (in a step that never
// returns, or writing to a pipe nobody reads) exited 3, and the violation,
// which must always be exit 1, was lost.
type standing struct {
	earned  atomic.Int32 // an exit status, the worst so far (see worse)
	writing atomic.Int32 // writes to stdout under way
}

type standingKey struct{}

// withStanding is ctx carrying a fresh standing, and the standing.
func withStanding(ctx context.Context) (context.Context, *standing) {
	s := new(standing)
	return context.WithValue(ctx, standingKey{}, s), s
}

// standingOf is the standing ctx carries, or nil.
func standingOf(ctx context.Context) *standing {
	s, _ := ctx.Value(standingKey{}).(*standing)
	return s
}

// earn records that the command will exit with code or a worse one (see
// worse): a violation found stays exit 1 whatever stops the command after.
func earn(ctx context.Context, code int) {
	s := standingOf(ctx)
	if s == nil {
		return
	}
	for {
		old := s.earned.Load()
		if s.earned.CompareAndSwap(old, int32(worse(int(old), code))) {
			return
		}
	}
}

// code is the status earned so far (exitOK for none).
func (s *standing) code() int {
	if s == nil {
		return exitOK
	}
	return int(s.earned.Load())
}

// blockedWriting reports whether a write to the watched output is under
// way.
func (s *standing) blockedWriting() bool {
	return s != nil && s.writing.Load() > 0
}

// watch is w, counting the writes under way.
func (s *standing) watch(w io.Writer) io.Writer {
	return watchedWriter{w: w, s: s}
}

type watchedWriter struct {
	w io.Writer
	s *standing
}

func (w watchedWriter) Write(p []byte) (int, error) {
	w.s.writing.Add(1)
	defer w.s.writing.Add(-1)
	return w.w.Write(p)
}
