// SPDX-License-Identifier: GPL-2.0
/*
 * work.c - the run loop, what dtrace(1M)'s main loop does with libdtrace's
 * dtrace_go(), dtrace_sleep(), dtrace_work() and dtrace_stop(): GO, let
 * the created processes run, then until the trace is done wake at the
 * next switchrate tick (checking STATUS at statusrate, signals, exit()
 * and the processes every 10 ms), snapshot the aggregations at aggrate,
 * drain every CPU; then STOP, the final snapshot and drain (END's CPU
 * last), the last word on drops and the aggregations not printed.  Also
 * the whole-device helpers it drains and snapshots with.  Messages go
 * through the consumer's callback; nothing here prints on its own.
 * Consumer thread only; a signal handler may only bump the @intr count.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "consume_impl.h"
#include "dev_impl.h"

#define SONDE_WATCH_NS		10000000ULL	/* the loop's watch, 10 ms */

/* ---- whole device ---------------------------------------------------- */

static int sonde_consumer_buf(struct sonde_consumer *c, size_t size)
{
	void *b;

	if (size <= c->bufsize)
		return 0;
	b = realloc(c->buf, size);
	if (!b)
		return -ENOMEM;
	c->buf = b;
	c->bufsize = size;
	return 0;
}

/* A CPU id the module does not have is skipped (ENOENT / ENXIO). */
static bool sonde_cpu_absent(int err)
{
	return err == -ENOENT || err == -ENXIO || err == -EINVAL;
}

int sonde_consumer_snap_all(struct sonde_consumer *c, struct sonde_dev *dev)
{
	struct sonde_drain d;
	uint32_t cpu;
	int err;

	if (!c->prog->naggs)
		return 0;
	err = sonde_consumer_buf(c, dev->aggsize ? dev->aggsize : 4 << 20);
	if (err)
		return err;
	/* aggpercpu: values CPU by CPU from the first snapshot on */
	if (c->prog->uopts.aggpercpu && !c->cpu_seen && !c->aggs.count) {
		c->cpu_seen = calloc(dev->info.nr_cpus, sizeof(bool));
		if (!c->cpu_seen)
			return -ENOMEM;
		c->ncpus = dev->info.nr_cpus;
	}
	for (cpu = 0; cpu < dev->info.nr_cpus; cpu++) {
		err = sonde_dev_aggsnap(dev, cpu, c->buf, c->bufsize, &d);
		if (sonde_cpu_absent(err))
			continue;
		if (err)
			return err;
		sonde_consumer_drops(c, cpu, d.drops, true);
		if (cpu < c->ncpus)
			c->cpu_seen[cpu] = true;
		err = sonde_consumer_aggsnap_cpu(c, cpu, c->buf,
						 d.size < c->bufsize ? d.size :
						 c->bufsize);
		if (err)
			return err;
	}
	/* -O prometheus: the exposition of this snapshot */
	return sonde_consumer_snapshot(c);
}

static int sonde_drain_one(struct sonde_consumer *c, struct sonde_dev *dev,
			   uint32_t cpu)
{
	struct sonde_drain d;
	int err;

	err = sonde_dev_drain(dev, cpu, c->buf, c->bufsize, &d);
	if (sonde_cpu_absent(err))
		return 0;
	if (err)
		return err;
	err = sonde_consumer_records(c, cpu, c->buf,
				     d.size < c->bufsize ? d.size : c->bufsize);
	/* dt_consume_cpu() reports the drops after the CPU's records */
	sonde_consumer_drops(c, cpu, d.drops, false);
	return err;
}

int sonde_consumer_drain_all(struct sonde_consumer *c, struct sonde_dev *dev,
			     int first, int last)
{
	uint32_t cpu;
	int err;

	err = sonde_consumer_buf(c, dev->bufsize ? dev->bufsize : 4 << 20);
	if (err)
		return err;
	if (first >= 0 && (uint32_t)first < dev->info.nr_cpus) {
		err = sonde_drain_one(c, dev, (uint32_t)first);
		if (err)
			return err;
	}
	for (cpu = 0; cpu < dev->info.nr_cpus; cpu++) {
		if ((int)cpu == first || (int)cpu == last)
			continue;
		err = sonde_drain_one(c, dev, cpu);
		if (err)
			return err;
	}
	if (last >= 0 && last != first &&
	    (uint32_t)last < dev->info.nr_cpus) {
		err = sonde_drain_one(c, dev, (uint32_t)last);
		if (err)
			return err;
	}
	return 0;
}

/* ---- the run loop ------------------------------------------------------ */

struct sonde_work {
	struct sonde_dev *dev;
	struct sonde_consumer *c;
	struct sonde_proc *const *procs;
	unsigned int nprocs;
	struct sonde_later *later;	/* per process, NULL: none wanted */
	uint64_t rdv_seen;		/* rendezvous arrivals handled */
	volatile sig_atomic_t *intr;	/* ^C count, or NULL */
	bool said_intr;		/* the blank line of the first ^C is out */
	bool stopped;
	bool killed;		/* the kernel aborted us (deadman) */
	bool polled_end;	/* the consumer's pollfn asked to end */
	uint32_t begin_cpu, end_cpu;
	uint64_t next_sw, next_agg, next_st;
	uint64_t swrate, aggrate, strate;	/* switchrate, aggrate,
						 * statusrate (ns) */
};

static uint64_t sonde_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void sonde_sleep_ns(uint64_t ns)
{
	struct timespec ts = { (time_t)(ns / 1000000000ULL),
			       (long)(ns % 1000000000ULL) };

	nanosleep(&ts, NULL);	/* a signal cuts it short: fine */
}

static sig_atomic_t sonde_intr(const struct sonde_work *w)
{
	return w->intr ? *w->intr : 0;
}

/* How many of the processes still run; their ends are reported. */
static unsigned int sonde_work_procs(struct sonde_work *w, bool check)
{
	char msg[128];
	unsigned int i, live = 0;

	for (i = 0; i < w->nprocs; i++) {
		if (check && sonde_proc_check(w->procs[i], msg, sizeof(msg)))
			sonde_consumer_msg(w->c, SONDE_MSG_NOTICE, "%s", msg);
		live += sonde_proc_live(w->procs[i]);
	}
	return live;
}

/*
 * STATUS at statusrate, and at once when the kernel gave up on us
 * (dtrace_status()).  True when the trace is no longer active.
 */
static bool sonde_work_status(struct sonde_work *w, uint64_t t)
{
	struct sonde_status st;

	if (sonde_dev_status(w->dev, &st))
		return false;
	if (t >= w->next_st || st.activity == SONDE_ACT_KILLED) {
		w->next_st = t + w->strate;
		if (sonde_consumer_status(w->c, &st) == -ECANCELED) {
			sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
					   "processing aborted: %s",
					   sonde_msg_bricked);
			w->killed = true;
		}
	}
	return st.activity == SONDE_ACT_DRAINING ||
	       st.activity == SONDE_ACT_STOPPED ||
	       st.activity == SONDE_ACT_KILLED;
}

static void sonde_work_later_free(struct sonde_work *w)
{
	unsigned int i;

	for (i = 0; w->later && i < w->nprocs; i++)
		sonde_uobjset_free(&w->later[i].seen);
	free(w->later);
	w->later = NULL;
}

/* Threads waiting at a rendezvous: their new objects' probes, then on. */
static void sonde_work_later(struct sonde_work *w)
{
	unsigned int i;
	int err;

	for (i = 0; w->later && i < w->nprocs; i++)
		if (w->later[i].placed)
			break;
	if (!w->later || i == w->nprocs || w->stopped)
		return;
	err = sonde_later_poll(w->dev, w->c, w->later, w->nprocs,
			       &w->rdv_seen);
	if (err && err != -EINTR) {
		sonde_consumer_msg(w->c, SONDE_MSG_WARNING,
				   "cannot enable the probes of objects loaded later: %s",
				   sonde_strerror(err));
		/* said once; the rendezvous wait no more than
		 * SONDE_RDV_WAIT_MS */
		sonde_work_later_free(w);
	}
}

/*
 * Process @i's objects mapped by now get their probes, and a rendezvous
 * at its dynamic linker watches for more, when the program names user
 * probes of it (-c: at its entry point, before it runs; -p: at GO).
 */
static void sonde_work_later_start(struct sonde_work *w, unsigned int i)
{
	struct sonde_later *l;
	char msg[768];

	if (!w->later)
		return;
	l = &w->later[i];
	l->pid = sonde_proc_pid(w->procs[i]);
	if (!sonde_proc_live(w->procs[i]) ||
	    !sonde_later_wanted(w->c->prog, l->pid))
		return;
	msg[0] = '\0';
	/* what resolving made probes of is done: a round reads the rest */
	if (sonde_uobjset_resolved(w->dev, l->pid, &l->seen))
		return;
	if (sonde_later_round(w->dev, w->c->prog, l, msg, sizeof(msg)) ||
	    sonde_later_place(w->dev, l, msg, sizeof(msg)))
		sonde_consumer_msg(w->c, SONDE_MSG_WARNING, "%s", msg);
}

/* The consumer's pollfn, if any: does it want the trace to end now? */
static bool sonde_work_poll(struct sonde_work *w)
{
	if (!w->polled_end && w->c->pollfn && w->c->pollfn(w->c->poll_arg))
		w->polled_end = true;
	return w->polled_end;
}

/* dtrace_sleep(), but watching everything every 10 ms. */
static void sonde_work_sleep(struct sonde_work *w)
{
	uint64_t t;

	while (!sonde_intr(w)) {
		sonde_work_later(w);
		if (sonde_work_poll(w))
			return;
		if (sonde_work_procs(w, true) == 0 && w->nprocs)
			return;
		if (sonde_consumer_exited(w->c, NULL))
			return;
		t = sonde_now_ns();
		if (sonde_work_status(w, t) || t >= w->next_sw)
			return;
		sonde_sleep_ns(w->next_sw - t < SONDE_WATCH_NS ?
			       w->next_sw - t : SONDE_WATCH_NS);
	}
}

/* Is the trace over: ^C, exit(), the processes gone, the kernel done? */
static bool sonde_work_over(struct sonde_work *w)
{
	struct sonde_status st;

	return sonde_intr(w) || w->polled_end ||
	       (w->nprocs && sonde_work_procs(w, false) == 0) ||
	       sonde_consumer_exited(w->c, NULL) ||
	       (!sonde_dev_status(w->dev, &st) &&
		st.activity != SONDE_ACT_ACTIVE);
}

/*
 * One round's output after a sleep: snapshot the aggregations when due
 * (and at the end), drain every CPU (BEGIN's first in the first round,
 * END's last after STOP).  0, or -errno.
 */
static int sonde_work_drain(struct sonde_work *w, bool done, bool first)
{
	uint64_t t = sonde_now_ns();
	unsigned int i;
	int err;

	/* fresh maps for ustack() names while the processes live, and
	 * their unwind tables when their mappings changed (dlopen()) */
	for (i = 0; i < w->nprocs; i++) {
		if (!sonde_proc_live(w->procs[i]))
			continue;
		sonde_consumer_grab(w->c, sonde_proc_pid(w->procs[i]));
		if (sonde_utab_wanted(w->c))
			sonde_utab_give(w->c, w->dev,
					sonde_proc_pid(w->procs[i]));
	}
	if (done || t >= w->next_agg) {
		err = sonde_consumer_snap_all(w->c, w->dev);
		/*
		 * dtrace_aggregate_snap(): the next is an aggrate after this
		 * one was due, as the switches are timed (next_sw), not
		 * after now: with equal rates every round snapshots, and a
		 * tick's printa() never prints a snapshot a round old.
		 */
		w->next_agg += w->aggrate;
		if (w->next_agg <= t)
			w->next_agg = t + w->aggrate;
		if (err)
			return err;
	}
	err = sonde_consumer_drain_all(w->c, w->dev,
				       first ? (int)w->begin_cpu : -1,
				       w->stopped ? (int)w->end_cpu : -1);
	/*
	 * dtrace_consume(): the next switch is a switchrate after the last
	 * one was due, not after this one's records were printed, so a
	 * consumer slower than its probes drains again at once rather than
	 * leaving them a longer interval.
	 */
	w->next_sw += w->swrate;
	fflush(w->c->out);
	return err;
}

/*
 * GO and let the processes run: 0, or -errno when tracing never began.
 * A process that cannot be resumed is said and its error left in
 * *@cont_err: the trace then ends at once.
 */
static int sonde_work_go(struct sonde_work *w, int *cont_err)
{
	int pids[64];
	char msg[512];
	unsigned int i;
	int err;

	/* -p: the objects mapped since resolving get their probes, and
	 * the rendezvous is placed, before GO (the deadman's clock runs from
	 * GO on); -c: at the entry point, below */
	if (w->nprocs)
		w->later = calloc(w->nprocs, sizeof(*w->later));
	for (i = 0; i < w->nprocs; i++)
		if (!sonde_proc_created(w->procs[i]))
			sonde_work_later_start(w, i);
	/* jstack()'s helpers go to the kernel before GO */
	for (i = 0; i < w->nprocs && i < 64; i++)
		pids[i] = sonde_proc_pid(w->procs[i]);
	err = sonde_jstack_setup(w->c, w->dev, pids, i);
	/* and the unwind tables of the processes as they are mapped now
	 * (a created one: its executable and the dynamic linker) */
	for (i = 0; !err && i < w->nprocs; i++)
		sonde_utab_give(w->c, w->dev, sonde_proc_pid(w->procs[i]));
	if (err) {
		sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
				   "could not enable tracing: %s",
				   sonde_strerror(err));
		return err;
	}
	sonde_consumer_preload_syms(w->c);
	err = sonde_dev_go(w->dev, &w->begin_cpu);
	if (err == -EPERM) {
		/* the kernel checks lockdown again at GO: it was raised
		 * since LOAD (the kernel log names the rule) */
		sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
				   "could not enable tracing: the kernel was locked down after the program was loaded, and lockdown forbids what it does (see the kernel log); run it again to see which clause");
		return err;
	}
	if (err) {
		sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
				   "could not enable tracing: %s",
				   sonde_strerror(err));
		return err;
	}
	for (i = 0; i < w->nprocs; i++) {
		/* a created process's libraries are mapped by its entry
		 * point: their tables before one of its instructions runs */
		if (sonde_utab_wanted(w->c) || (w->later &&
		    sonde_later_wanted(w->c->prog,
				       sonde_proc_pid(w->procs[i])))) {
			err = sonde_proc_to_entry(w->procs[i], msg,
						  sizeof(msg));
			if (err)
				sonde_consumer_msg(w->c, SONDE_MSG_WARNING,
						   "%s", msg);
			else
				sonde_utab_give(w->c, w->dev,
						sonde_proc_pid(w->procs[i]));
			/* and its libraries' names, should it end at once */
			sonde_consumer_grab(w->c, sonde_proc_pid(w->procs[i]));
		}
		if (sonde_proc_created(w->procs[i]))
			sonde_work_later_start(w, i);
		err = sonde_proc_continue(w->procs[i], msg, sizeof(msg));
		if (err) {
			sonde_consumer_msg(w->c, SONDE_MSG_ERROR, "%s", msg);
			*cont_err = *cont_err ? *cont_err : err;
		}
		/* exec is done: the new image's maps, for ustack() */
		sonde_consumer_grab(w->c, sonde_proc_pid(w->procs[i]));
	}
	w->next_sw = sonde_now_ns();	/* drain BEGIN's CPU at once */
	w->next_agg = w->next_sw + w->aggrate;
	w->next_st = w->next_sw + w->strate;
	return 0;
}

/* After STOP: the last word on drops, exit()'s status, the blank line and
 * the aggregations not printed yet. */
static int sonde_work_end(struct sonde_work *w, int ret, int *status)
{
	struct sonde_status st;
	int err;

	if (!w->killed && !sonde_dev_status(w->dev, &st) &&
	    sonde_consumer_status(w->c, &st) == -ECANCELED) {
		sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
				   "processing aborted: %s", sonde_msg_bricked);
		w->killed = true;
	}
	if (w->killed)
		return -ECANCELED;
	if (sonde_consumer_exited(w->c, status))
		ret = 0;
	sonde_consumer_blank_line(w->c);
	if (sonde_intr(w) < 2) {
		err = sonde_consumer_print_aggs(w->c);
		if (err) {
			sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
					   "failed to print aggregations: %s",
					   sonde_strerror(err));
			ret = err;
		}
		err = sonde_consumer_finish(w->c);
		if (err) {
			sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
					   "failed to write output: %s",
					   sonde_strerror(err));
			ret = err;
		}
	}
	fflush(w->c->out);
	if (ferror(w->c->out)) {
		err = errno ? errno : EIO;
		sonde_consumer_msg(w->c, SONDE_MSG_ERROR,
				   "failed to write output: %s", strerror(err));
		ret = -err;
	}
	return ret;
}

int sonde_work(struct sonde_dev *dev, struct sonde_consumer *c,
	       struct sonde_proc *const *procs, unsigned int nprocs,
	       volatile sig_atomic_t *intr, int *status)
{
	const struct sonde_uopts *o = &c->prog->uopts;
	struct sonde_work w = {
		.dev = dev, .c = c, .procs = procs, .nprocs = nprocs,
		.intr = intr,
		.swrate = o->switchrate_ns ? o->switchrate_ns : 1000000000ULL,
		.aggrate = o->aggrate_ns ? o->aggrate_ns : 1000000000ULL,
		.strate = o->statusrate_ns ? o->statusrate_ns : 1000000000ULL,
	};
	bool done, first = true;
	int err, ret = 0;

	*status = 0;
	err = sonde_work_go(&w, &ret);
	if (err)
		return err;
	done = ret != 0;
	do {
		if (!done)
			sonde_work_sleep(&w);
		if (w.killed)
			return -ECANCELED;	/* dfatal(): nothing more */
		if (sonde_intr(&w) && !w.said_intr) {
			/* dtrace prints this even in quiet mode */
			sonde_consumer_blank_line(c);
			w.said_intr = true;
		}
		done = done || sonde_work_over(&w);
		if (done && !w.stopped) {
			err = sonde_dev_stop(dev, &w.end_cpu);
			if (err) {
				sonde_consumer_msg(c, SONDE_MSG_ERROR,
						   "couldn't stop tracing: %s",
						   sonde_strerror(err));
				return err;
			}
			w.stopped = true;
		}
		if (sonde_intr(&w) > 1)
			break;	/* impatient: no more output */
		err = sonde_work_drain(&w, done, first);
		first = false;
		if (err)
			goto out_abort;
	} while (!done);
	sonde_work_later_free(&w);
	return sonde_work_end(&w, ret, status);

out_abort:
	sonde_work_later_free(&w);
	if (!sonde_intr(&w) || err != -EINTR)
		sonde_consumer_msg(c, SONDE_MSG_ERROR, "processing aborted: %s",
				   sonde_strerror(err));
	if (!w.stopped)
		sonde_dev_stop(dev, NULL);
	return err;
}
