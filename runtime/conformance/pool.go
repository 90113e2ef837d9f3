package conformance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cockroachdb/datadriven"

	"modelcheck/runtime/sched"
	"modelcheck/runtime/trace"
)

// pool runs a worker-pool script (004 3.5, 3.6):
//
//	pool workers=N seed=S
//	push wK tN [prio=P]   queue a task on worker K's local ready queue
//	pop wK                the local ready lane with the RNG tie-break
//	steal wK              worker K steals in RNG-seeded circular order
func (r *Runner) pool(d *datadriven.TestData) (string, error) {
	var workers, seed uint64 = 0, 0
	for _, a := range d.CmdArgs {
		v := strings.Join(a.Vals, ",")
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return "", fmt.Errorf("%s: pool: %s=%q is not a number", d.Pos, a.Key, v)
		}
		switch a.Key {
		case "workers":
			workers = n
		case "seed":
			seed = n
		default:
			return "", fmt.Errorf("%s: pool: unknown argument %q (want workers=, seed=)", d.Pos, a.Key)
		}
	}
	if workers < 1 || workers > sched.MaxWorkers {
		return "", fmt.Errorf("%s: pool: workers=%d, want 1..%d", d.Pos, workers, sched.MaxWorkers)
	}
	p := sched.NewPool(uint8(workers), seed)
	var out strings.Builder
	var log trace.Log
	for i, line := range strings.Split(d.Input, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		where := fmt.Sprintf("%s: %q", opPos(d, i), strings.TrimSpace(line))
		if len(f) < 2 {
			return "", fmt.Errorf("%s: want push, pop or steal and a worker such as w0", where)
		}
		w, err := strconv.ParseUint(strings.TrimPrefix(f[1], "w"), 10, 8)
		if err != nil || !strings.HasPrefix(f[1], "w") || w >= workers {
			return "", fmt.Errorf("%s: %q is not a worker w0..w%d", where, f[1], workers-1)
		}
		out.WriteString("> " + strings.TrimSpace(line) + "\n")
		switch {
		case f[0] == "push" && (len(f) == 3 || len(f) == 4):
			t, terr := strconv.ParseUint(strings.TrimPrefix(f[2], "t"), 10, 8)
			if terr != nil || t == 0 || t > sched.MaxTasks {
				return "", fmt.Errorf("%s: %q is not a task t1..t%d", where, f[2], sched.MaxTasks)
			}
			prio := uint64(0)
			if len(f) == 4 {
				v, ok := strings.CutPrefix(f[3], "prio=")
				if prio, err = strconv.ParseUint(v, 10, 8); !ok || err != nil {
					return "", fmt.Errorf("%s: %q, want prio=0..255", where, f[3])
				}
			}
			if p.Len(uint8(w)) == sched.MaxTasks {
				return "", fmt.Errorf("%s: worker w%d's queue is full", where, w)
			}
			p.Push(uint8(w), uint8(t), uint8(prio))
		case f[0] == "pop" && len(f) == 2:
			t, tied, idx, ok := p.PopLocal(uint8(w))
			if !ok {
				out.WriteString("  empty\n")
				continue
			}
			fmt.Fprintf(&out, "  t%d (tied=%d rng_index=%d)\n", t, tied, idx)
		case f[0] == "steal" && len(f) == 2:
			log.Reset()
			t, victim, order, scanned, ok := p.Steal(uint8(w), &log)
			scan := make([]string, scanned)
			for j := range scan {
				scan[j] = "w" + strconv.Itoa(int(order[j]))
			}
			if !ok {
				fmt.Fprintf(&out, "  nothing (scan=%s)\n", strings.Join(scan, ","))
				continue
			}
			fmt.Fprintf(&out, "  t%d from w%d (scan=%s)\n", t, victim, strings.Join(scan, ","))
		default:
			return "", fmt.Errorf("%s: want push wK tN [prio=P], pop wK or steal wK", where)
		}
	}
	return out.String(), nil
}
