package explore

import (
	"sync/atomic"

	"golang.org/x/sync/errgroup"
)

// pool runs one job on every worker goroutine at a time and waits for all of
// them. The goroutines live for the whole run, and jobs are func values made
// once per run, so handing out a batch allocates nothing. A job pulls task
// numbers from next until they run out, so workers balance load among
// themselves; which worker does which task never affects a result.
type pool struct {
	g    errgroup.Group
	jobs []chan func(worker int)
	done chan int // the worker that returned from the job
	next atomic.Int64
	// watch, when set, lets runWatched find a worker stuck in a call into
	// the model (see hangWatch).
	watch *hangWatch
}

func newPool(workers int) *pool {
	p := &pool{jobs: make([]chan func(int), workers), done: make(chan int, workers)}
	for w := range p.jobs {
		p.jobs[w] = make(chan func(int))
		p.g.Go(func() error {
			for job := range p.jobs[w] {
				job(w)
				p.done <- w
			}
			return nil
		})
	}
	return p
}

// run calls job on every worker and returns when all have returned.
func (p *pool) run(job func(worker int)) {
	p.next.Store(0)
	for _, ch := range p.jobs {
		ch <- job
	}
	for range p.jobs {
		<-p.done
	}
}

// runWatched is run for a job whose workers publish where they are in
// p.watch (worker.expand): it returns when all have returned, or, with
// hung set, as soon as every worker that has not returned has been stuck
// at the same place for the watch's timeout. at is then the earliest of
// those places (see hangWatch), and the pool must be abandoned: the stuck
// workers never come back.
func (p *pool) runWatched(job func(worker int)) (at uint64, hung bool) {
	if p.watch == nil {
		p.run(job)
		return 0, false
	}
	p.watch.start()
	p.next.Store(0)
	for _, ch := range p.jobs {
		ch <- job
	}
	for pending := len(p.jobs); pending > 0; {
		select {
		case w := <-p.done:
			p.watch.returned(w)
			pending--
		case now := <-p.watch.tick.C:
			if at, hung := p.watch.hung(now); hung {
				return at, true
			}
		}
	}
	return 0, false
}

// task returns the next task number for the current job, or false when
// there are no more than n tasks.
func (p *pool) task(n int) (int, bool) {
	t := int(p.next.Add(1) - 1)
	return t, t < n
}

// close stops the workers.
func (p *pool) close() {
	for _, ch := range p.jobs {
		close(ch)
	}
	_ = p.g.Wait() // workers never return an error
	if p.watch != nil {
		p.watch.tick.Stop()
	}
}

// abandon stops the workers without waiting for them, after runWatched
// found one stuck: a goroutine cannot be stopped from outside, so a stuck
// one stays stuck. Those that return from their job, or are idle, end.
func (p *pool) abandon() {
	for _, ch := range p.jobs {
		close(ch)
	}
	p.watch.tick.Stop()
}
