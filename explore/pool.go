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
	done chan struct{}
	next atomic.Int64
}

func newPool(workers int) *pool {
	p := &pool{jobs: make([]chan func(int), workers), done: make(chan struct{}, workers)}
	for w := range p.jobs {
		p.jobs[w] = make(chan func(int))
		p.g.Go(func() error {
			for job := range p.jobs[w] {
				job(w)
				p.done <- struct{}{}
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
}
